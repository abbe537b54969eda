import { createRunDetailPool } from '../../workers/run-detail-pool';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIG_RESULT_HASH, LOOPCTL_SESSIONS } from '../../../scripts/fixtures/loopctl/loopctl-scenario';
import { loopctlRunId } from '../../../shared/loopctl/segment-events';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { hashTree } from '../../../test/support/store-test-fixtures';
import { loadLibrary } from '../../library/load-library';
import { createRunService } from '../../library/run-service';
import { ok } from '../../../shared/diagnostics';
import type { EventFilterSpec, EventRow, RunRef } from '../../../shared/run/run-detail-types';
import { sliceItems } from '../../../shared/run/run-head-types';

const FIXTURES = join(__dirname, '../../../examples/fixtures/loopctl');
const SQLITE = join(__dirname, '../../../examples/fixtures/completed');

function service(root: string) {
  const library = loadLibrary(root, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  return { library: library.value, service: createRunService({ snapshot: () => library.value, table: () => BUNDLED_PRICE_TABLE, pool: createRunDetailPool({ useWorker: false }) }) };
}

/** Rows `from…` (at most `count`) of the events list as the events tab pages it (`run.slice` 'events'), gaps left out. */
async function eventsList(s: ReturnType<typeof createRunService>, ref: RunRef, from: number, count: number, filter?: EventFilterSpec) {
  const slice = await s.slice(ref, { section: 'events', from: from - 1, count, ...(filter ? { filter } : {}) });
  return slice.ok ? ok(sliceItems(slice.value, 'events').filter((r): r is EventRow => r !== null)) : slice;
}

describe('the events list (run.slice events) and run.event of loopctl runs', () => {
  const dataDir = join(FIXTURES, 'ledgers');
  const a2 = { dataDir, runId: loopctlRunId(LOOPCTL_SESSIONS.a, 2) };

  it('lists the run\'s ledger records in order: its events.jsonl lines, then its trajectory record', async () => {
    const before = hashTree(FIXTURES);
    const { service: s } = service(FIXTURES);
    const rows = await eventsList(s, a2, 1, 100);
    if (!rows.ok) throw new Error(rows.error.message);
    expect(rows.value.map((r) => r.sequence)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(rows.value[0]).toMatchObject({ sequence: 1, type: 'run.started', recordedAt: '2026-09-01T10:00:20Z', eventId: 'events.jsonl:18' });
    expect(rows.value.at(-1)).toMatchObject({ sequence: 12, type: 'trajectory.record', eventId: 'trajectory.jsonl:3', recordedAt: '2026-09-01T10:00:30Z' });
    expect(rows.value.find((r) => r.type === 'tool.call')).toMatchObject({ callId: 'call_grep_1' });
    expect(rows.value.every((r) => r.stepPath === undefined && r.payloadChars > 0)).toBe(true);
    const window = await eventsList(s, a2, 11, 5);
    expect(window.ok && window.value.map((r) => r.eventId)).toEqual([rows.value[10]!.eventId, 'trajectory.jsonl:3']);
    const detail = await s.detail(a2);
    expect(detail.ok && detail.value.lastSequence).toBe(12);
    expect(hashTree(FIXTURES)).toEqual(before);
  });

  it('filters by type prefix and serves one record as its raw JSON, the u64 result hash as exact text', async () => {
    const { service: s } = service(FIXTURES);
    const tools = await eventsList(s, a2, 1, 100, { typePrefix: 'tool.' });
    expect(tools.ok && tools.value.map((r) => r.sequence)).toEqual([4, 5]);
    const event = await s.event(a2, 5);
    if (!event.ok || event.value.event === null) throw new Error('no event');
    expect(event.value.rawPayload).toBeNull();
    expect(event.value.event).toMatchObject({ runId: a2.runId, sequence: 5, type: 'tool.result', eventId: 'events.jsonl:27' });
    expect(event.value.event.payload).toMatchObject({ seq: 5, run_id: 2, kind: 'tool.result', data: { tool_call_id: 'call_grep_1', result_hash: BIG_RESULT_HASH.toString(), is_error: false } });
    const record = await s.event(a2, 12);
    expect(record.ok && record.value.event?.payload).toMatchObject({ run_id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f01', outcome: 'partial' });
    const beyond = await s.event(a2, 13);
    expect(beyond.ok).toBe(false);
    const unknown = await eventsList(s, { dataDir, runId: 'run_lc_nope_1' }, 1, 10);
    expect(!unknown.ok && unknown.error.code).toBe('run-not-found');
    const outside = await eventsList(s, { dataDir: '/tmp', runId: a2.runId }, 1, 10);
    expect(!outside.ok && outside.error.code).toBe('invalid-argument');
  });

  it('a ledger rewritten after a read is read again (the record cache follows the files)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'li-lc-cache-'));
    try {
      cpSync(FIXTURES, root, { recursive: true });
      const dir = join(root, 'ledgers');
      const ref = { dataDir: dir, runId: a2.runId };
      const { service: s } = service(root);
      const first = await eventsList(s, ref, 1, 100);
      expect(first.ok && first.value).toHaveLength(12);
      // The file cut back to its first 20 lines: only a2's records up to line 20 and its trajectory record remain.
      const events = join(dir, 'events.jsonl');
      writeFileSync(events, `${readFileSync(events, 'utf8').split('\n').slice(0, 20).join('\n')}\n`);
      const cut = await eventsList(s, ref, 1, 100);
      if (!cut.ok) throw new Error(cut.error.message);
      expect(cut.value.length).toBeLessThan(12);
      expect(cut.value[0].eventId).toBe('events.jsonl:18');
      expect(cut.value.at(-1)!.eventId).toBe('trajectory.jsonl:3');
      expect(cut.value.every((r) => r.eventId.startsWith('trajectory') || Number(r.eventId.split(':')[1]) <= 20)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('run.compare and run.artifact of a loopctl run say unsupported (its source has no event log to fold or artifacts); its log streams as records', async () => {
    const { service: s } = service(FIXTURES);
    const compared = await s.compare(a2, () => undefined);
    expect(!compared.ok && compared.error).toMatchObject({ code: 'unsupported', message: expect.stringContaining('loopctl') });
    const artifact = await s.artifact(a2, 'artifact://art_0000000000000000');
    expect(!artifact.ok && artifact.error.code).toBe('unsupported');
    const log = s.streamLog(a2);
    if (!log.ok) throw new Error(log.error.message);
    const types: string[] = [];
    for await (const read of log.value) if (read.ok) types.push(read.event.type);
    expect(types).toHaveLength(12);
    expect([types[0], types.at(-1)]).toEqual(['run.started', 'trajectory.record']);
    s.close();
  });

  it('leaves SQLite data dirs on their own path', async () => {
    const { library, service: s } = service(SQLITE);
    const run = library.runs[0]!;
    const rows = await eventsList(s, { dataDir: run.dataDir, runId: run.runId }, 1, 3);
    expect(rows.ok && rows.value.map((r) => r.sequence)).toEqual([1, 2, 3]);
    s.close();
  });
});
