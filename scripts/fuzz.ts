/**
 * `npm run fuzz`: the long fuzz run (default 2,000 cases) over the generated data dirs.
 *
 *   tsx scripts/fuzz.ts [--cases N] [--seed S] [--case I] [--timeout MS (hang bound, default 30000)] [--out FILE]
 *
 * Same cases as the bounded suite in test/fuzz/ (case i of seed S is identical in both),
 * so a failure found here replays with `--seed S --case I`. Writes reports/fuzz.json and
 * exits 1 when any case crashed, hung, read outside its data dir or changed it.
 */
import { DEFAULT_SEED, formatSummary, runFuzz, writeFuzzReport } from '../test/fuzz/fuzz-runner';
import { HANG_MS } from '../test/support/run-operations';
import { useTempCacheDir } from '../test/support/temp-cache-dir';

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

async function main(): Promise<number> {
  // The app's fold checkpoints go to a temp folder, as under vitest: not the user's OS cache
  // folder (outside the fuzz guard's allowed roots, so every read of it was an escape).
  const removeCache = useTempCacheDir();
  try {
    return await fuzz();
  } finally {
    removeCache();
  }
}

async function fuzz(): Promise<number> {
  const cases = Number(flag('cases') ?? process.env.FUZZ_CASES ?? 2000);
  const only = flag('case') ?? process.env.FUZZ_CASE;
  const summary = await runFuzz({
    seed: flag('seed') ?? process.env.FUZZ_SEED ?? DEFAULT_SEED,
    cases,
    only: only === undefined ? undefined : Number(only),
    timeoutMs: Number(flag('timeout') ?? HANG_MS),
    log: (line) => console.log(line),
  });
  console.log(formatSummary(summary));
  const out = flag('out');
  console.log(`report: ${out === undefined ? writeFuzzReport(summary) : writeFuzzReport(summary, out)}`);
  return summary.failures.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
