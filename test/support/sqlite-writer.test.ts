import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { EventStoreWriter, eventIdFor, storedPayloadText } from '../../scripts/fixtures/writer';
import { startSqliteWriter } from './sqlite-writer';

const tmp = mkdtempSync(join(tmpdir(), 'li-sqlite-writer-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const rowsOf = (dataDir: string): Array<Record<string, unknown>> => {
  const db = new Database(join(dataDir, 'events', 'events.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT * FROM events ORDER BY run_id, sequence').all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
};

const EVENTS = [
  { runId: 'run_w', type: 'RunStarted', payload: { z: 1, 10: 'x', a: { c: 1, b: 2 } }, recordedAt: '2026-01-01T00:00:00.000Z' },
  { runId: 'run_w', type: 'harness.model.called', occurrenceId: 'evt_o_1', payload: { callId: 'c' }, recordedAt: '2026-01-01T00:00:01.000Z' },
  { runId: 'run_v', type: 'RunStarted', payload: {}, recordedAt: '2026-01-01T00:00:02.000Z' },
];

describe('the writer child process', () => {
  it('writes the same rows as the fixture generator: one writer of the format', async () => {
    const inProcess = join(tmp, 'in-process');
    const store = new EventStoreWriter(inProcess);
    for (const { runId, ...input } of EVENTS) store.append(runId, input);
    store.close();
    const child = join(tmp, 'child');
    const writer = await startSqliteWriter(child);
    await writer.append(EVENTS);
    await writer.closeCleanly();
    expect(rowsOf(child)).toEqual(rowsOf(inProcess));
    const [first] = rowsOf(child).filter((r) => r.run_id === 'run_w');
    expect(first.payload).toBe(storedPayloadText(EVENTS[0].payload));
    expect(first.event_id).toBe(eventIdFor('run_w', 1, EVENTS[0]));
  });

  it('stamps events by sequence on the fixed clock, stores payloadText verbatim, repeats, truncates', async () => {
    const dir = join(tmp, 'fixed');
    const writer = await startSqliteWriter(dir, { clock: 'fixed' });
    await writer.append([{ runId: 'run_f', type: 'StepScheduled', payload: { stepPath: 's' }, repeat: 3 }], { oneTransaction: true });
    await writer.append([{ runId: 'run_f', type: 'Broken', payloadText: '{"cut":' }]);
    await writer.truncate('run_f', 2);
    await writer.append([{ runId: 'run_f', type: 'Broken', payloadText: '{"cut":' }]);
    await writer.closeCleanly();
    const rows = rowsOf(dir);
    expect(rows.map((r) => [r.sequence, r.type, r.recorded_at, r.payload])).toEqual([
      [1, 'StepScheduled', '2026-01-01T00:00:00.001Z', '{"stepPath":"s"}'],
      [2, 'StepScheduled', '2026-01-01T00:00:00.002Z', '{"stepPath":"s"}'],
      [3, 'Broken', '2026-01-01T00:00:00.003Z', '{"cut":'],
    ]);
  });

  it('a SIGKILLed writer leaves its committed rows in the -wal', async () => {
    const dir = join(tmp, 'killed');
    const writer = await startSqliteWriter(dir);
    await writer.append([{ runId: 'run_k', type: 'RunStarted', payload: {} }]);
    await writer.kill();
    expect(existsSync(join(dir, 'events', 'events.db-wal'))).toBe(true);
    expect(rowsOf(dir).map((r) => r.type)).toEqual(['RunStarted']);
  });
});
