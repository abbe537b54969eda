/**
 * A child process holding a reader of a live data dir (so a private mirror exists), standing for
 * any command mid-read: prints one `ready` line, then waits, exits with 2 or throws (`argv[3]`);
 * `loop N` reads the data dir N times over (runs, every run's events, the change probe) while a
 * writer races it, then exits 0.
 */
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { ChangeProbe } from '../../src-main/sources/little-workflow/change-probe';

const [loopDir, loopMode, loops] = process.argv.slice(2);
if (loopMode === 'loop') {
  const probe = new ChangeProbe(loopDir);
  let rows = 0;
  for (let i = 0; i < Number(loops); i += 1) {
    probe.version();
    const reader = openDataDir(loopDir);
    if (!reader.ok) continue; // a writer mid-close: the next round reads
    const runs = reader.value.listRuns();
    for (const run of runs.ok ? runs.value.runs : []) for (const read of reader.value.readEvents(run.runId)) rows += read.ok ? 1 : 0;
    reader.value.close();
    const pause = Date.now() + 5;
    while (Date.now() < pause) {
      // a few ms between rounds, so the writer's opens and closes fall between and inside them
    }
  }
  probe.close();
  process.stdout.write(`${JSON.stringify({ done: true, rows })}\n`);
  process.exit(0);
}

const [dataDir, mode] = process.argv.slice(2);
const reader = openDataDir(dataDir);
if (!reader.ok) {
  process.stdout.write(`${JSON.stringify({ error: reader.error })}\n`);
  process.exit(1);
}
const runs = reader.value.listRuns();
process.stdout.write(`${JSON.stringify({ ready: true, recipe: reader.value.recipe, runs: runs.ok ? runs.value.runs.length : -1 })}\n`);
if (mode === 'exit') setTimeout(() => process.exit(2), 50);
else if (mode === 'throw') setTimeout(() => { throw new Error('an uncaught error mid-read'); }, 50);
else setInterval(() => undefined, 1000);
