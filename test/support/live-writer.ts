/**
 * Test and benchmark helper: a writer child process in little-workflow's store format (same
 * DDL, PRAGMAs, sequence = MAX+1 per run, one commit per append like `appendEvent`, eventId a
 * content hash), driven over stdin. Besides appends it can truncate a run (like
 * `truncateEventLogForTest`), checkpoint with TRUNCATE, and run a paced load.
 */
import { onStdoutLines } from './child-lines';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENTS_DDL } from './store-test-fixtures';

/** One event to append; `recordedAt` defaults to now. */
export type WriterEvent = { runId: string; type: string; payload?: unknown; occurrenceId?: string; recordedAt?: string };

/** A paced load: `perSecond` events spread round-robin over `runs` runs for `durationMs`. */
export type LoadSpec = { runs: number; perSecond: number; durationMs: number; runPrefix?: string };

/** What a load run did. */
export type LoadResult = { appended: number; elapsedMs: number; perRun: Record<string, number> };

/** A running writer child. */
export type ScriptWriter = {
  child: ChildProcess;
  append(events: WriterEvent[], options?: { oneTransaction?: boolean }): Promise<void>;
  /** Delete the run's rows after `keepThrough` (0 = all). */
  truncate(runId: string, keepThrough: number): Promise<void>;
  /** `PRAGMA wal_checkpoint(TRUNCATE)`: returns [busy, log, checkpointed]. */
  checkpoint(): Promise<number[]>;
  load(spec: LoadSpec): Promise<LoadResult>;
  closeCleanly(): Promise<void>;
  kill(): Promise<void>;
};

const PROGRAM = (betterSqlite: string) => `
const Database = require(${JSON.stringify(betterSqlite)});
const { createHash } = require('node:crypto');
const db = new Database(process.argv[2]);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(${JSON.stringify(EVENTS_DDL)});
const max = db.prepare('SELECT MAX(sequence) AS m FROM events WHERE run_id = ?');
const insert = db.prepare('INSERT INTO events (run_id, sequence, event_id, type, occurrence_id, recorded_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?)');
const sorted = (v) => Array.isArray(v) ? v.map(sorted) : v && typeof v === 'object' ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
function appendOne(e) {
  const sequence = (max.get(e.runId).m ?? 0) + 1;
  const payload = e.payload ?? {};
  const hashed = { payload, runId: e.runId, sequence, type: e.type };
  if (e.occurrenceId) hashed.occurrenceId = e.occurrenceId;
  const eventId = 'evt_' + createHash('sha256').update(JSON.stringify(sorted(hashed))).digest('hex').slice(0, 16);
  insert.run(e.runId, sequence, eventId, e.type, e.occurrenceId ?? null, e.recordedAt ?? new Date().toISOString(), JSON.stringify(sorted(payload)));
  return sequence;
}
const many = db.transaction((events) => events.forEach(appendOne));
const now = () => performance.timeOrigin + performance.now();
function loadEvent(runId, n) {
  if (n === 0) return { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_load', label: 'load' } };
  const step = 's' + Math.floor((n - 1) / 4);
  const t = now();
  switch ((n - 1) % 4) {
    case 0: return { runId, type: 'StepScheduled', payload: { stepPath: step, t } };
    case 1: return { runId, type: 'StepAttemptStarted', payload: { stepPath: step, attemptId: 'attempt_1', t } };
    case 2: return { runId, type: 'harness.model.responded', payload: { callId: step, stepPath: step, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 10, outputTokens: 5 }, t } };
    default: return { runId, type: 'StepCompleted', payload: { stepPath: step, output: { n }, t } };
  }
}
function load(spec, done) {
  const runs = Array.from({ length: spec.runs }, (_, i) => (spec.runPrefix ?? 'run_load_') + i);
  const counts = Object.fromEntries(runs.map((r) => [r, 0]));
  const start = now();
  let appended = 0;
  const step = () => {
    const elapsed = now() - start;
    const target = Math.min(Math.floor((elapsed * spec.perSecond) / 1000), Math.floor((spec.durationMs * spec.perSecond) / 1000));
    while (appended < target) {
      const runId = runs[appended % runs.length];
      appendOne(loadEvent(runId, counts[runId]));
      counts[runId] += 1;
      appended += 1;
    }
    if (elapsed >= spec.durationMs) done({ appended, elapsedMs: now() - start, perRun: counts });
    else setTimeout(step, 1);
  };
  step();
}
let buffered = '';
const reply = (value) => process.stdout.write(JSON.stringify(value) + '\\n');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\\n')) !== -1) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    const c = JSON.parse(line);
    if (c.close) { db.close(); reply({ closed: true }); process.exit(0); }
    else if (c.append) { if (c.oneTransaction) many(c.append); else c.append.forEach(appendOne); reply({ ok: true }); }
    else if (c.truncate) { db.prepare('DELETE FROM events WHERE run_id = ? AND sequence > ?').run(c.truncate.runId, c.truncate.keepThrough); reply({ ok: true }); }
    else if (c.checkpoint) { const r = db.pragma('wal_checkpoint(TRUNCATE)')[0]; reply({ ok: true, result: [r.busy, r.log, r.checkpointed] }); }
    else if (c.load) load(c.load, (result) => reply({ ok: true, result }));
  }
});
reply({ ready: true });
`;

/** Start a writer on `<dataDir>/events/events.db` (created if needed). */
export async function startScriptWriter(dataDir: string): Promise<ScriptWriter> {
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  const scriptDir = mkdtempSync(join(tmpdir(), 'li-live-writer-'));
  const script = join(scriptDir, 'writer.cjs');
  writeFileSync(script, PROGRAM(createRequire(import.meta.url).resolve('better-sqlite3')));
  const child = spawn(process.execPath, [script, join(dataDir, 'events', 'events.db')], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiters: ((value: Record<string, unknown>) => void)[] = [];
  onStdoutLines(child, (line) => waiters.shift()?.(JSON.parse(line) as Record<string, unknown>));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      rmSync(scriptDir, { recursive: true, force: true });
      resolve();
    }),
  );
  const next = () => new Promise<Record<string, unknown>>((resolve) => waiters.push(resolve));
  const ready = next();
  await ready;
  const send = async (command: Record<string, unknown>) => {
    const answer = next();
    child.stdin!.write(`${JSON.stringify(command)}\n`);
    return answer;
  };
  return {
    child,
    append: async (events, options) => void (await send({ append: events, oneTransaction: options?.oneTransaction === true })),
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

/** A small foldable run: RunStarted, `steps` steps (scheduled, started, completed), RunCompleted when `complete`. */
export function simpleRun(runId: string, steps: number, complete: boolean, tag = ''): WriterEvent[] {
  const events: WriterEvent[] = [{ runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_t', label: `test${tag}` } }];
  for (let i = 0; i < steps; i += 1) {
    const stepPath = `step_${i}${tag}`;
    events.push({ runId, type: 'StepScheduled', payload: { stepPath } });
    events.push({ runId, type: 'StepAttemptStarted', payload: { stepPath, attemptId: 'attempt_1' } });
    events.push({ runId, type: 'StepCompleted', payload: { stepPath, output: { i } } });
  }
  if (complete) events.push({ runId, type: 'RunCompleted', payload: { output: { ok: true } } });
  return events;
}
