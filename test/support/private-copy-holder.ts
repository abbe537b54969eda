/**
 * A child process holding a reader of a live data dir (so a private mirror exists), standing for
 * any command mid-read: prints one `ready` line, then waits, exits with 2 or throws (`argv[3]`).
 */
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';

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
