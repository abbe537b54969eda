/** Child entry of the memory benchmark: `fold-memory-child.ts <dataDir> <runId> <sampleEvery>` prints one JSON line. */
import { sampleFoldMemory } from './fold-memory';

const [dataDir, runId, every] = process.argv.slice(2);
if (dataDir === undefined || runId === undefined) {
  console.error('usage: fold-memory-child.ts <dataDir> <runId> [sampleEvery]');
  process.exit(2);
}
console.log(JSON.stringify(sampleFoldMemory(dataDir, runId, Number(every ?? 1000))));
