/**
 * A little-workflow writer in a child process, for tests and benchmarks: it holds
 * `<dataDir>/events/events.db` open in WAL mode (so a test can read beside a live writer,
 * SIGKILL it to leave `-wal`/`-shm` behind, or close it cleanly) and appends through the one
 * event-log writer (scripts/fixtures/writer/event-log.ts) on better-sqlite3 or node:sqlite.
 * The child (sqlite-writer-child.ts) is bundled once per process with esbuild, so each start
 * costs a plain `node` launch rather than a TypeScript loader.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { onStdoutLines } from './child-lines';

/** One event to append: `payloadText` stores undecodable text; `recordedAt` defaults to the writer's clock; `repeat` appends it n times. */
export type WriterEvent = { runId: string; type: string; payload?: unknown; payloadText?: string; occurrenceId?: string; recordedAt?: string; repeat?: number };

/** A paced load: `perSecond` events spread round-robin over `runs` runs for `durationMs`. */
export type LoadSpec = { runs: number; perSecond: number; durationMs: number; runPrefix?: string };

/** What a load run did. */
export type LoadResult = { appended: number; elapsedMs: number; perRun: Record<string, number> };

/** A command line on the child's stdin. */
export type SqliteWriterCommand =
  | { append: WriterEvent[]; oneTransaction?: boolean }
  | { truncate: { runId: string; keepThrough: number } }
  | { checkpoint: true }
  | { load: LoadSpec }
  | { close: true };

/** Which binding the child uses; it runs on the same Node binary as the tests. */
export type WriterEngine = 'better-sqlite3' | 'node:sqlite';

/** How the child stamps events without a `recordedAt`: 2026-01-01 plus the sequence in ms, or the wall clock. */
export type WriterClock = 'fixed' | 'wall';

/** A running writer child. */
export type SqliteWriter = {
  child: ChildProcess;
  /** Append events; one commit per event unless `oneTransaction`. */
  append(events: WriterEvent[], options?: { oneTransaction?: boolean }): Promise<void>;
  /** Delete the run's rows after `keepThrough` (0 = all). */
  truncate(runId: string, keepThrough: number): Promise<void>;
  /** `PRAGMA wal_checkpoint(TRUNCATE)`: returns [busy, log, checkpointed]. */
  checkpoint(): Promise<number[]>;
  load(spec: LoadSpec): Promise<LoadResult>;
  /** Close the connection cleanly (checkpoint, remove -wal/-shm) and exit. */
  closeCleanly(): Promise<void>;
  /** SIGKILL: leaves -wal and -shm behind. */
  kill(): Promise<void>;
};

let bundled: string | undefined;

/** The child bundled into one CommonJS file (once per process; removed at exit). */
function childScript(): string {
  if (bundled !== undefined) return bundled;
  const dir = mkdtempSync(join(tmpdir(), 'li-sqlite-writer-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const outfile = join(dir, 'writer.cjs');
  buildSync({ entryPoints: [fileURLToPath(new URL('./sqlite-writer-child.ts', import.meta.url))], bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'error' });
  bundled = outfile;
  return outfile;
}

/** Start a writer on `<dataDir>/events/events.db` (created if needed). */
export async function startSqliteWriter(dataDir: string, options: { engine?: WriterEngine; clock?: WriterClock } = {}): Promise<SqliteWriter> {
  const engine = options.engine ?? 'better-sqlite3';
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  // better-sqlite3's path is resolved lazily: Node 22 has no build of it, and node:sqlite children never load it.
  const betterSqlite = engine === 'better-sqlite3' ? createRequire(import.meta.url).resolve('better-sqlite3') : '';
  // node:sqlite prints an ExperimentalWarning on Node 22; it is noise in test output.
  const flags = engine === 'node:sqlite' ? ['--disable-warning=ExperimentalWarning'] : [];
  const args = [...flags, childScript(), join(dataDir, 'events', 'events.db'), engine, betterSqlite, options.clock ?? 'wall'];
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters: ((value: Record<string, unknown>) => void)[] = [];
  onStdoutLines(child, (line) => waiters.shift()?.(JSON.parse(line) as Record<string, unknown>));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      // A child that dies answers every pending command, so no test hangs on it.
      for (const waiter of waiters.splice(0)) waiter({ exited: true });
      resolve();
    }),
  );
  const next = () => new Promise<Record<string, unknown>>((resolve) => waiters.push(resolve));
  if ((await next()).ready !== true) throw new Error(`writer child for ${dataDir} exited before it was ready`);
  const send = async (command: SqliteWriterCommand) => {
    const answer = next();
    child.stdin!.write(`${JSON.stringify(command)}\n`);
    return answer;
  };
  return {
    child,
    append: async (events, opts) => void (await send({ append: events, oneTransaction: opts?.oneTransaction === true })),
    truncate: async (runId, keepThrough) => void (await send({ truncate: { runId, keepThrough } })),
    checkpoint: async () => (await send({ checkpoint: true })).result as number[],
    load: async (spec) => (await send({ load: spec })).result as LoadResult,
    async closeCleanly() {
      child.stdin!.write(`${JSON.stringify({ close: true })}\n`);
      await exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
