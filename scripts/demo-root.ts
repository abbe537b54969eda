/**
 * `tsx scripts/demo-root.ts [--cache-dir DIR]` (`npm run demo`): make sure the demo root with its
 * long run is in the cache folder (scripts/demo/demo-root.ts) and print its path, e.g. for
 * `npx little-inspector serve "$(npm run -s demo)"`. `npm start` without a folder runs it.
 * Exit 2 with a typed message when the cache folder may not hold it.
 */
import { join } from 'node:path';
import { chosenAppFolder, currentHost } from '../src-main/app-folders/app-folders';
import { formatDiagnostic } from '../src-main/cli/format-diagnostic';
import { ensureDemoRoot } from './demo/demo-root';

const args = process.argv.slice(2);
const at = args.indexOf('--cache-dir');
const flag = at >= 0 ? args[at + 1] : undefined;
if ((at >= 0 && flag === undefined) || args.length !== (at >= 0 ? 2 : 0)) {
  process.stderr.write('Usage: npm run demo [-- --cache-dir DIR]\n');
  process.exit(1);
}
const result = ensureDemoRoot({
  cacheDir: chosenAppFolder('cache', flag, currentHost()),
  examplesDemo: join(__dirname, '..', 'examples', 'demo'),
  log: (line) => process.stderr.write(`${line}\n`),
});
if (!result.ok) {
  process.stderr.write(`demo: ${formatDiagnostic(result.error)}\n`);
  process.exit(2);
}
process.stdout.write(`${result.root}\n`);
