/**
 * Test-only helpers: build small data dirs the way little-workflow's world.ts does (same
 * DDL and PRAGMAs) with better-sqlite3 (Node 20) or node:sqlite (Node 22, where the
 * better-sqlite3 build does not load), run writers in child processes, and hash trees to
 * prove a read changed nothing.
 */
import { onStdoutLines } from './child-lines';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The events table exactly as world.ts creates it. */
export const EVENTS_DDL = `CREATE TABLE IF NOT EXISTS events (
  run_id TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  event_id TEXT NOT NULL,
  type TEXT NOT NULL,
  occurrence_id TEXT,
  recorded_at TEXT NOT NULL,
  payload TEXT NOT NULL,
  PRIMARY KEY (run_id, sequence)
);`;

/** One event to write; `payloadText` overrides `payload` to store undecodable text. */
export type FixtureEvent = { runId: string; type: string; payload?: unknown; payloadText?: string; occurrenceId?: string };

/** Which binding the writer child uses; it runs on the same Node binary as the tests. */
export type WriterEngine = 'better-sqlite3' | 'node:sqlite';

/** A fresh folder in os.tmpdir(). */
export function tempRoot(prefix = 'li-store-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Opens `db` and defines `transaction(fn)` for one engine (resolved lazily: Node 22 has no better-sqlite3 build). */
function writerPrelude(engine: WriterEngine): string {
  if (engine === 'node:sqlite') {
    return `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[2]);
const transaction = (fn) => (arg) => {
  db.exec('BEGIN');
  try { fn(arg); db.exec('COMMIT'); } catch (error) { db.exec('ROLLBACK'); throw error; }
};`;
  }
  const betterSqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  return `
const Database = require(${JSON.stringify(betterSqlitePath)});
const db = new Database(process.argv[2]);
const transaction = (fn) => db.transaction(fn);`;
}

/** Writer program run in a child process: schema + PRAGMAs of world.ts, appends from stdin. */
const WRITER_BODY = `
db.exec('PRAGMA journal_mode = WAL');
db.exec('PRAGMA synchronous = NORMAL');
db.exec(${JSON.stringify(EVENTS_DDL)});
const max = db.prepare('SELECT MAX(sequence) AS m FROM events WHERE run_id = ?');
const insert = db.prepare('INSERT INTO events (run_id, sequence, event_id, type, occurrence_id, recorded_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?)');
const append = transaction((events) => {
  for (const e of events) {
    const sequence = (max.get(e.runId).m ?? 0) + 1;
    const text = e.payloadText ?? JSON.stringify(e.payload ?? {});
    insert.run(e.runId, sequence, 'evt_' + require('crypto').createHash('sha256').update(e.runId + ':' + sequence).digest('hex').slice(0, 16), e.type, e.occurrenceId ?? null, new Date(Date.UTC(2026, 0, 1, 0, 0, 0, sequence)).toISOString(), text);
  }
});
let buffered = '';
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\\n')) !== -1) {
    const line = buffered.slice(0, nl); buffered = buffered.slice(nl + 1);
    const command = JSON.parse(line);
    if (command.close) { db.close(); process.stdout.write('closed\\n'); process.exit(0); }
    for (const e of command.events) append(Array.from({ length: e.repeat ?? 1 }, () => e));
    process.stdout.write('ok\\n');
  }
});
process.stdout.write('ready\\n');
`;

/** A writer process holding events.db open in WAL mode. */
export type LiveWriter = {
  child: ChildProcess;
  append(events: (FixtureEvent & { repeat?: number })[]): Promise<void>;
  /** Close the connection cleanly (checkpoint, remove -wal/-shm) and exit. */
  closeCleanly(): Promise<void>;
  /** SIGKILL: leaves -wal and -shm behind. */
  kill(): Promise<void>;
};

/** Start a writer on `<dataDir>/events/events.db`. */
export async function startWriter(dataDir: string, engine: WriterEngine = 'better-sqlite3'): Promise<LiveWriter> {
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  const scriptDir = tempRoot('li-writer-');
  const script = join(scriptDir, 'writer.cjs');
  writeFileSync(script, writerPrelude(engine) + WRITER_BODY);
  // node:sqlite prints an ExperimentalWarning on Node 22; it is noise in test output.
  const flags = engine === 'node:sqlite' ? ['--disable-warning=ExperimentalWarning'] : [];
  const child = spawn(process.execPath, [...flags, script, join(dataDir, 'events', 'events.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines: string[] = [];
  const waiters: ((line: string) => void)[] = [];
  onStdoutLines(child, (line) => {
    const waiter = waiters.shift();
    if (waiter) waiter(line);
    else lines.push(line);
  });
  const nextLine = () => new Promise<string>((res) => (lines.length > 0 ? res(lines.shift()!) : waiters.push(res)));
  await nextLine();
  const exited = new Promise<void>((res) =>
    child.once('exit', () => {
      rmSync(scriptDir, { recursive: true, force: true });
      res();
    }),
  );
  return {
    child,
    async append(events) {
      child.stdin!.write(`${JSON.stringify({ events })}\n`);
      await nextLine();
    },
    async closeCleanly() {
      child.stdin!.write(`${JSON.stringify({ close: true })}\n`);
      await exited;
    },
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Write `events` and close cleanly: the cleanly-closed state (no -wal, no -shm). */
export async function writeClosedDataDir(dataDir: string, events: FixtureEvent[], engine?: WriterEngine): Promise<void> {
  const writer = await startWriter(dataDir, engine);
  await writer.append(events);
  await writer.closeCleanly();
}

/** Write `events` and SIGKILL the writer: the crashed state (-wal and -shm left behind). */
export async function writeCrashedDataDir(dataDir: string, events: FixtureEvent[], engine?: WriterEngine): Promise<void> {
  const writer = await startWriter(dataDir, engine);
  await writer.append(events);
  await writer.kill();
}

/** Every entry under `dir`: regular files by sha256 of their bytes; folders, links and FIFOs/sockets by kind (never opened). */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string, rel: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const key = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out[key] = 'symlink';
      else if (stat.isDirectory()) {
        out[key] = 'dir';
        visit(full, key);
      } else if (stat.isFile()) out[key] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else out[key] = 'special';
    }
  };
  visit(dir, '');
  return out;
}

/** A little-workflow-shaped run: RunStarted, a step, a model call, RunCompleted. */
export function sampleRun(runId: string, extra: Record<string, unknown> = {}): FixtureEvent[] {
  return [
    { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_abc', label: 'nightly', tags: ['a', 7, 'b'], ...extra } },
    { runId, type: 'StepScheduled', payload: { stepPath: 'draft', stepId: 'draft', uses: 'ai.generate' } },
    { runId, type: 'harness.model.responded', occurrenceId: 'evt_lx_0123456789ab', payload: { callId: 'c1', usage: { inputTokens: 10, outputTokens: 5 } } },
    { runId, type: 'RunCompleted', payload: { workflowVersionId: 'wfver_abc', output: { ok: true } } },
  ];
}
