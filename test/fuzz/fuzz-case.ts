/**
 * One fuzz case: copy a generated data dir into os.tmpdir(), apply seeded mutations, run
 * every operation under the fs guard, and judge the case (crash, hang, escape, modified,
 * diagnosed or clean). Everything a case does follows from its seed.
 */
import { hashTree } from '../support/store-test-fixtures';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HANG_MS, runOperations, type OpRecord } from '../support/run-operations';
import { startFsGuard, type Escape } from './fs-guard';
import { knownEscape, knownFailure } from './known-issues';
import { FILE_MUTATIONS, type FileContext } from './mutate-files';
import { SQL_MUTATIONS, type WritableDb } from './mutate-sql';
import { createRng, type Rng } from './prng';

/** A base data dir the cases copy: its path and the runs the generator wrote into it. */
export type BaseDataDir = { path: string; runIds: string[] };

/** How a case ended, worst first. */
/** `known`: every failure matches test/fuzz/known-issues.ts (open in another issue's code). */
export type CaseVerdict = 'crash' | 'hang' | 'escape' | 'modified' | 'known' | 'diagnosed' | 'clean';

/** The record of one case, as written to reports/fuzz.json. */
export type CaseResult = {
  index: number;
  seed: string;
  base: string;
  mutations: string[];
  verdict: CaseVerdict;
  operations: number;
  ms: number;
  failures: { op: string; target: string; detail: string }[];
  escapes: Escape[];
  /** Ids of the known issues this case hit. */
  known: string[];
  /** Reads of earlier cases' (deleted) data dirs by pollers an operation left running. */
  lingering: number;
};

type BetterDb = WritableDb & { pragma(sql: string): unknown; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (path: string) => BetterDb;

/** Pick 1-3 distinct mutations, SQL ones first (they need a sound database), then file ones. */
function chooseMutations(rng: Rng): { sql: typeof SQL_MUTATIONS[number][]; files: typeof FILE_MUTATIONS[number][] } {
  const count = rng.int(1, 3);
  const sql = new Set<(typeof SQL_MUTATIONS)[number]>();
  const files = new Set<(typeof FILE_MUTATIONS)[number]>();
  for (let i = 0; i < count; i += 1) {
    if (rng.chance(0.5)) sql.add(rng.pick(SQL_MUTATIONS));
    else files.add(rng.pick(FILE_MUTATIONS));
  }
  return { sql: [...sql], files: [...files] };
}

/** Apply row mutations on a staging copy, then put the result back, sometimes as a crashed WAL. */
function applySql(dataDir: string, rng: Rng, mutations: typeof SQL_MUTATIONS[number][], ctx: FileContext): string[] {
  const applied: string[] = [];
  if (!existsSync(join(dataDir, 'events', 'events.db'))) return applied;
  const staging = mkdtempSync(join(tmpdir(), 'li-fuzz-stage-'));
  const eventsDir = join(dataDir, 'events');
  const db = join(staging, 'events.db');
  try {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(join(eventsDir, `events.db${suffix}`))) copyFileSync(join(eventsDir, `events.db${suffix}`), `${db}${suffix}`);
    const conn = new Database(db);
    conn.pragma('journal_mode = WAL');
    conn.pragma('wal_autocheckpoint = 0');
    for (const mutation of mutations) {
      try {
        if (mutation.apply(conn, rng, ctx)) applied.push(mutation.name);
      } catch (error) {
        applied.push(`${mutation.name}(failed: ${(error as Error).message.slice(0, 60)})`);
      }
    }
    const leaveWal = rng.chance(0.5);
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(eventsDir, `events.db${suffix}`), { force: true });
    // Copying the three files while the writer still holds them open is exactly what a
    // SIGKILLed writer leaves behind: committed rows in the -wal, a live -shm.
    if (leaveWal) for (const suffix of ['', '-wal', '-shm']) if (existsSync(`${db}${suffix}`)) copyFileSync(`${db}${suffix}`, join(eventsDir, `events.db${suffix}`));
    conn.close();
    if (!leaveWal) copyFileSync(db, join(eventsDir, 'events.db'));
    applied.push(leaveWal ? '(left as crashed WAL)' : '(checkpointed)');
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return applied;
}

/** sha256 of every regular file; links, FIFOs and folders by kind (never opened). */
export const hashTreeSafe = hashTree;

/** Worst first: an open crash or hang, an escape, a change, then known issues, then diagnosed/clean. */
function verdictOf(records: OpRecord[], openFailures: number, openEscapes: number, modified: boolean, known: boolean): CaseVerdict {
  const kinds = new Set(records.map((r) => r.outcome.kind));
  if (openFailures > 0) return kinds.has('crash') ? 'crash' : 'hang';
  if (openEscapes > 0) return 'escape';
  if (modified) return 'modified';
  if (known) return 'known';
  return kinds.has('diagnosed') ? 'diagnosed' : 'clean';
}

/** Build, run and judge case `index` of the run seeded with `runSeed`. */
export async function runFuzzCase(runSeed: string, index: number, bases: BaseDataDir[], timeoutMs = HANG_MS): Promise<CaseResult> {
  const seed = `${runSeed}:${index}`;
  const rng = createRng(seed);
  const base = rng.pick(bases);
  const root = mkdtempSync(join(tmpdir(), 'li-fuzz-'));
  const dataDir = join(root, 'data');
  const elsewhere = join(root, 'elsewhere');
  const started = performance.now();
  try {
    cpSync(base.path, dataDir, { recursive: true });
    mkdirSync(elsewhere);
    const others = bases.filter((b) => b !== base).flatMap((b) => b.runIds);
    const ctx: FileContext = { dataDir, elsewhere, runIds: base.runIds, otherRunIds: others.length > 0 ? [rng.pick(others)] : [] };
    const chosen = chooseMutations(rng);
    const mutations = chosen.sql.length > 0 ? applySql(dataDir, rng, chosen.sql, ctx) : [];
    for (const mutation of chosen.files) if (mutation.apply(ctx, rng)) mutations.push(mutation.name);
    const before = hashTreeSafe(root);
    const guard = startFsGuard([dataDir], root);
    let records: OpRecord[];
    let escapes: Escape[];
    let lingering: number;
    try {
      records = await runOperations(dataDir, { extraRuns: base.runIds.map((runId) => ({ dataDir, runId })), maxRunsPerDataDir: 2, timeoutMs, skip: (op) => op.skipInFuzz !== undefined });
    } finally {
      ({ escapes, lingering } = guard.stop());
    }
    const modified = JSON.stringify(hashTreeSafe(root)) !== JSON.stringify(before);
    const known = new Set<string>();
    const open = records.filter((r) => {
      if (r.outcome.kind !== 'crash') return r.outcome.kind === 'hang';
      const issue = knownFailure(r.outcome.message);
      if (issue) known.add(issue.id);
      return issue === undefined;
    });
    const openEscapes = escapes.filter((e) => {
      const issue = knownEscape(e);
      if (issue) known.add(issue.id);
      return issue === undefined;
    });
    const failures = open.map((r) => ({ op: r.op, target: r.target.replace(root, '<case>'), detail: r.outcome.kind === 'crash' ? r.outcome.message.replaceAll(root, '<case>') : `hang after ${r.ms} ms` }));
    if (modified) failures.push({ op: '(tree hash)', target: '<case>', detail: 'the data dir changed' });
    const verdict = verdictOf(records, open.length, openEscapes.length, modified, known.size > 0);
    return { index, seed, base: base.path, mutations, verdict, operations: records.length, ms: Math.round(performance.now() - started), failures, escapes: dedupe(escapes, root), known: [...known], lingering };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function dedupe(escapes: Escape[], root: string): Escape[] {
  const seen = new Map<string, Escape>();
  for (const e of escapes) seen.set(`${e.fn}\n${e.real}`, { ...e, path: e.path.replaceAll(root, '<case>') });
  return [...seen.values()].slice(0, 10);
}
