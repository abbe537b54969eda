/**
 * Hand-made run logs for the sparse and proven reads (fold-checkpointed.ts, unread-rows.ts):
 * a sound run whose rows are mostly of types the fold does not read, variations of one row, and
 * a data dir holding them with or without little-workflow's PRIMARY KEY (run_id, sequence).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { scratchRoot } from './scratch';

export const SPARSE_RUN = 'run_sparse_AbC123';

/** One stored row: its sequence as SQLite should hold it, its type and its payload text. */
export type Row = { sequence: unknown; type: string; payload: string };

const obj = (value: unknown) => JSON.stringify(value);

/** A type the fold does not read. */
export const LEFT_OUT = 'harness.session.started';

/** A sound run whose rows mostly are of types the fold does not read, in every position. */
export function soundRun(): Row[] {
  const rows: Row[] = [
    { sequence: 1, type: 'RunStarted', payload: obj({ workflowVersionId: 'wfver_abc' }) },
    { sequence: 2, type: LEFT_OUT, payload: obj({ sessionId: 's0' }) },
  ];
  for (let step = 0; step < 4; step += 1) {
    const stepPath = `s${step}`;
    rows.push({ sequence: 0, type: 'StepScheduled', payload: obj({ stepId: stepPath, stepPath, uses: 'tool.call' }) });
    rows.push({ sequence: 0, type: 'harness.model.called', payload: obj({ stepPath, request: { body: 'x'.repeat(50) } }) });
    rows.push({ sequence: 0, type: LEFT_OUT, payload: obj({ stepPath }) });
    rows.push({ sequence: 0, type: 'StepCompleted', payload: obj({ stepPath, output: { step } }) });
    rows.push({ sequence: 0, type: 'harness.session.completed', payload: obj({ usage: { inputTokens: 1 } }) });
  }
  rows.push({ sequence: 0, type: 'RunCompleted', payload: obj({ output: { ok: true } }) });
  rows.push({ sequence: 0, type: LEFT_OUT, payload: obj({ after: 'the end' }) });
  rows.push({ sequence: 0, type: LEFT_OUT, payload: obj({ after: 'the end, again' }) });
  return rows.map((row, index) => ({ ...row, sequence: index + 1 }));
}

/** `rows` with row i (0-based) changed. */
export function withRow(rows: Row[], index: number, change: Partial<Row>): Row[] {
  return rows.map((row, i) => (i === index ? { ...row, ...change } : row));
}

/** A data dir holding `rows` of SPARSE_RUN; `unique`: little-workflow's PRIMARY KEY (run_id, sequence), else a table without it (or any type). */
export function dataDirWith(rows: Row[], unique = true): string {
  const root = scratchRoot('li-sparse-');
  mkdirSync(join(root, 'events'));
  const db = new Database(join(root, 'events', 'events.db'));
  try {
    db.exec(
      unique
        ? 'CREATE TABLE events (run_id TEXT NOT NULL, sequence INTEGER NOT NULL, event_id TEXT NOT NULL, type TEXT NOT NULL, occurrence_id TEXT, recorded_at TEXT NOT NULL, payload TEXT NOT NULL, PRIMARY KEY (run_id, sequence))'
        : 'CREATE TABLE events (run_id, sequence, event_id, type, occurrence_id, recorded_at, payload)',
    );
    const insert = db.prepare('INSERT INTO events VALUES (?, ?, ?, ?, NULL, ?, ?)');
    // Whole numbers as BigInt: better-sqlite3 binds a number as REAL, which a column without a type keeps.
    const stored = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? BigInt(value) : value);
    rows.forEach((row, i) => insert.run(SPARSE_RUN, stored(row.sequence), `evt_${String(i).padStart(16, '0')}`, row.type, `2026-11-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`, row.payload));
  } finally {
    db.close();
  }
  return root;
}
