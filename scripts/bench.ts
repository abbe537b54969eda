/**
 * `npm run bench`: fold throughput against a bare SQLite loop, run-list time of a 1,000-run
 * data dir and fold memory, all measured in this one run (ratios, not absolute thresholds:
 * the machine is shared and noisy). Data goes to an OS temp dir that is removed at the end;
 * the report is printed and written to `reports/bench.json`.
 *
 * Options: `--events=N --runs=N --rounds=N --fold-rounds=N --no-memory`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BENCH_OPTIONS, runBench, type BenchOptions } from './bench/bench-run';
import { formatReport } from './bench/report-table';

/** Parse the command-line overrides of {@link DEFAULT_BENCH_OPTIONS}. */
function parseBenchArgs(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = { ...DEFAULT_BENCH_OPTIONS };
  const numeric: Record<string, keyof BenchOptions> = { events: 'events', runs: 'runs', rounds: 'rounds', 'fold-rounds': 'foldRounds', 'integrity-rounds': 'integrityRounds', 'sample-every': 'sampleEvery' };
  for (const arg of argv) {
    if (arg === '--no-memory') {
      options.skipMemory = true;
      continue;
    }
    const match = /^--([a-z-]+)=(\d[\d_]*)$/.exec(arg);
    const key = match === null ? undefined : numeric[match[1]];
    if (match === null || key === undefined) throw new Error(`unknown argument ${arg}`);
    (options as Record<string, number | boolean | undefined>)[key] = Number(match[2].replaceAll('_', ''));
  }
  return options;
}

function main(): void {
  const options = parseBenchArgs(process.argv.slice(2));
  const { report } = runBench(options, (line) => console.error(`[bench] ${line}`));
  console.log(formatReport(report));
  const out = fileURLToPath(new URL('../reports/bench.json', import.meta.url));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwrote ${out}`);
}

main();
