/**
 * The writer child process of test/support/sqlite-writer.ts (bundled to one CommonJS file on
 * first use): holds `<dataDir>/events/events.db` open like a little-workflow writer and appends
 * through the one event-log writer (scripts/fixtures/writer/event-log.ts), one commit per event
 * like `appendEvent` unless told to batch. Commands arrive as JSON lines on stdin; every answer
 * is one JSON line on stdout.
 *
 *   node writer.cjs <events.db> <better-sqlite3|node:sqlite> <better-sqlite3 path> <fixed|wall>
 */
import { createRequire } from 'node:module';
import { EventLog, type SqlConnection } from '../../scripts/fixtures/writer/event-log';
import type { LoadSpec, SqliteWriterCommand, WriterEvent } from './sqlite-writer';

type Connection = SqlConnection & { close(): void };

const [dbPath, engine, betterSqlitePath, clock] = process.argv.slice(2);
// Resolved at run time: node:sqlite does not exist on Node 20, better-sqlite3's build does not load on Node 22.
const load = createRequire(process.argv[1]);
const db: Connection =
  engine === 'node:sqlite'
    ? new (load('node:sqlite') as { DatabaseSync: new (path: string) => Connection }).DatabaseSync(dbPath)
    : new (load(betterSqlitePath) as new (path: string) => Connection)(dbPath);
const log = new EventLog(db, { checkRunIds: false });
const now = () => performance.timeOrigin + performance.now();
// `fixed`: recordedAt 2026-01-01T00:00:00 plus the sequence in ms (deterministic logs); `wall`: now.
const recordedAt = (sequence: number) => (clock === 'fixed' ? new Date(Date.UTC(2026, 0, 1, 0, 0, 0, sequence)) : new Date()).toISOString();

function appendOne(e: WriterEvent): void {
  log.append(e.runId, {
    type: e.type,
    payload: e.payload ?? {},
    recordedAt: e.recordedAt ?? recordedAt,
    ...(e.occurrenceId === undefined ? {} : { occurrenceId: e.occurrenceId }),
    ...(e.payloadText === undefined ? {} : { payloadText: e.payloadText }),
  });
}

function inTransaction(fn: () => void): void {
  db.exec('BEGIN');
  try {
    fn();
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** The n-th event of a load run: RunStarted, then steps of four events, each stamped with the wall clock `t` (latency probes). */
function loadEvent(runId: string, n: number): WriterEvent {
  if (n === 0) return { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_load', label: 'load' } };
  const step = `s${Math.floor((n - 1) / 4)}`;
  const t = now();
  switch ((n - 1) % 4) {
    case 0:
      return { runId, type: 'StepScheduled', payload: { stepPath: step, t } };
    case 1:
      return { runId, type: 'StepAttemptStarted', payload: { stepPath: step, attemptId: 'attempt_1', t } };
    case 2:
      return { runId, type: 'harness.model.responded', payload: { callId: step, stepPath: step, model: { provider: 'openai', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 10, outputTokens: 5 }, t } };
    default:
      return { runId, type: 'StepCompleted', payload: { stepPath: step, output: { n }, t } };
  }
}

/** Append `perSecond` events round-robin over `runs` runs for `durationMs`, paced by the clock. */
function runLoad(spec: LoadSpec, done: (result: unknown) => void): void {
  const runs = Array.from({ length: spec.runs }, (_, i) => `${spec.runPrefix ?? 'run_load_'}${i}`);
  const counts: Record<string, number> = Object.fromEntries(runs.map((r) => [r, 0]));
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

const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

function handle(c: SqliteWriterCommand): void {
  if ('close' in c) {
    db.close();
    reply({ closed: true });
    process.exit(0);
  } else if ('append' in c) {
    const events = c.append.flatMap((e) => Array.from({ length: e.repeat ?? 1 }, () => e));
    if (c.oneTransaction) inTransaction(() => events.forEach(appendOne));
    else events.forEach(appendOne);
    reply({ ok: true });
  } else if ('truncate' in c) {
    log.truncate(c.truncate.runId, c.truncate.keepThrough);
    reply({ ok: true });
  } else if ('checkpoint' in c) {
    const r = db.prepare('PRAGMA wal_checkpoint(TRUNCATE)').get() as { busy: number; log: number; checkpointed: number };
    reply({ ok: true, result: [r.busy, r.log, r.checkpointed] });
  } else runLoad(c.load, (result) => reply({ ok: true, result }));
}

let buffered = '';
process.stdin.on('data', (chunk: Buffer) => {
  buffered += chunk.toString();
  let nl;
  while ((nl = buffered.indexOf('\n')) !== -1) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    handle(JSON.parse(line) as SqliteWriterCommand);
  }
});
reply({ ready: true });
