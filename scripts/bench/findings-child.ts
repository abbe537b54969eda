/** Child entry of the check bench: the app's Findings stage of `<dataDir> <runId>`, one JSON line (scripts/bench/check-memory.ts). */
import { checkRunFromDiskAsync } from '../../src-main/engine/run-stages';
import { runChild } from './child-entry';

runChild('findings-child.ts', async (dataDir, runId) => {
  const findings = await checkRunFromDiskAsync(dataDir, runId, undefined);
  if (findings === null) throw new Error('the check stopped');
  return { findings: findings.length };
});
