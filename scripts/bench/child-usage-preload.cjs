// Preloaded (node --require) into a benchmark child: on exit, print its peak RSS and CPU time
// to stderr as one marked JSON line, so a whole child process is measured (spawnSync gives
// neither).
'use strict';
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\n@@usage ${JSON.stringify({ maxRssKb: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 })}\n`);
});
