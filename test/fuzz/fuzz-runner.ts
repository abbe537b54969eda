/**
 * Runs a seeded batch of fuzz cases over the generated data dirs, tallies verdicts per
 * mutation, prints a summary table and writes `reports/fuzz.json`. Shared by the bounded
 * `npm test` suite (test/fuzz/fuzz.test.ts) and the long `npm run fuzz` (scripts/fuzz.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXAMPLES, manifestRows } from '../support/fixture-manifest';
import { runFuzzCase, type BaseDataDir, type CaseResult, type CaseVerdict } from './fuzz-case';

/** Default seed: fixed so `npm test` is reproducible; override with FUZZ_SEED. */
export const DEFAULT_SEED = 'little-inspector-fuzz-1';

/** Options of one fuzz run. */
export type FuzzOptions = { seed: string; cases: number; only?: number; timeoutMs?: number; log?: (line: string) => void };

/** The whole run, as written to reports/fuzz.json. */
export type FuzzSummary = {
  seed: string;
  cases: number;
  operations: number;
  ms: number;
  verdicts: Record<CaseVerdict, number>;
  byMutation: Record<string, Partial<Record<CaseVerdict, number>>>;
  slowestCaseMs: number;
  failures: CaseResult[];
  /** Cases that hit only known issues (test/fuzz/known-issues.ts), by issue id. */
  known: Record<string, number>;
  /** Reads of earlier cases' folders by pollers an operation left running (a leak, not an escape). */
  lingeringReads: number;
};

/** Every generated data dir with its runs (from examples/fixtures/manifest.json). */
export function baseDataDirs(): BaseDataDir[] {
  const byDir = new Map<string, string[]>();
  for (const row of manifestRows()) byDir.set(row.dataDir, [...(byDir.get(row.dataDir) ?? []), row.runId]);
  return [...byDir].map(([dir, runIds]) => ({ path: join(EXAMPLES, dir), runIds })).sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Run the batch (or only case `only`), case after case. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const bases = baseDataDirs();
  const verdicts: Record<CaseVerdict, number> = { crash: 0, hang: 0, escape: 0, modified: 0, known: 0, diagnosed: 0, clean: 0 };
  const byMutation: FuzzSummary['byMutation'] = {};
  const failures: CaseResult[] = [];
  let operations = 0;
  let slowest = 0;
  let lingeringReads = 0;
  const known: Record<string, number> = {};
  const started = performance.now();
  const indexes = options.only !== undefined ? [options.only] : Array.from({ length: options.cases }, (_, i) => i);
  for (const index of indexes) {
    const result = await runFuzzCase(options.seed, index, bases, options.timeoutMs);
    verdicts[result.verdict] += 1;
    operations += result.operations;
    slowest = Math.max(slowest, result.ms);
    lingeringReads += result.lingering;
    for (const id of result.known) known[id] = (known[id] ?? 0) + 1;
    for (const m of result.mutations.filter((name) => !name.startsWith('('))) {
      const key = m.replace(/\(.*$/, '');
      byMutation[key] = { ...byMutation[key], [result.verdict]: (byMutation[key]?.[result.verdict] ?? 0) + 1 };
    }
    if (result.verdict !== 'clean' && result.verdict !== 'diagnosed' && result.verdict !== 'known') {
      failures.push(result);
      options.log?.(`case ${result.seed} ${result.verdict}: ${result.mutations.join(', ')} :: ${JSON.stringify(result.failures[0] ?? result.escapes[0])}`);
    }
  }
  return { seed: options.seed, cases: indexes.length, operations, ms: Math.round(performance.now() - started), verdicts, byMutation, slowestCaseMs: slowest, failures, known, lingeringReads };
}

/** The summary as a fixed-width table (one row per mutation, one column per verdict). */
export function formatSummary(summary: FuzzSummary): string {
  const columns: CaseVerdict[] = ['clean', 'diagnosed', 'known', 'crash', 'hang', 'escape', 'modified'];
  const lines = [
    `fuzz seed ${summary.seed}: ${summary.cases} cases, ${summary.operations} operations, ${(summary.ms / 1000).toFixed(1)} s (slowest case ${summary.slowestCaseMs} ms)`,
    `${'mutation'.padEnd(32)}${columns.map((c) => c.padStart(10)).join('')}`,
  ];
  for (const [name, counts] of Object.entries(summary.byMutation).sort()) {
    lines.push(`${name.padEnd(32)}${columns.map((c) => String(counts[c] ?? 0).padStart(10)).join('')}`);
  }
  lines.push(`${'all cases'.padEnd(32)}${columns.map((c) => String(summary.verdicts[c]).padStart(10)).join('')}`);
  for (const [id, count] of Object.entries(summary.known)) lines.push(`known issue ${id}: ${count} case(s) (test/fuzz/known-issues.ts)`);
  if (summary.lingeringReads > 0) lines.push(`lingering reads by pollers left running: ${summary.lingeringReads}`);
  return lines.join('\n');
}

/** Write the summary as JSON (reports/fuzz.json by default). */
export function writeFuzzReport(summary: FuzzSummary, path = join(__dirname, '..', '..', 'reports', 'fuzz.json')): string {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(summary, null, 2)}\n`);
  return path;
}
