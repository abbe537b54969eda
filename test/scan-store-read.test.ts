/**
 * The scan through little-workflow's own read (scan-rows.ts: only the scan's types cross into
 * JS, every row's time apart, lone model requests named by SQLite) gives exactly what the scan
 * of the log streamed row by row gives (the reference: the same source without `scanRead`), on
 * generated runs with a hit of every scanner, as of several events too, and where the read
 * falls back. Payloads are stored as JSON.stringify wrote them, keys in any order (not
 * canonicalised), so equal requests spelled differently must still pair up.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataDir } from '../scripts/fixtures/writer/data-dir';
import { EventStoreWriter } from '../scripts/fixtures/writer/event-store';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { scanRunLog } from '../src-main/library/scan-runs';
import { createSourceRegistry } from '../src-main/sources/registry';
import type { RunSource } from '../src-main/sources/run-source';
import { busyRun } from './support/scan-busy-run';
import type { ScanLog } from './support/scan-log';

const NOW = new Date('2026-11-20T00:00:00Z');
const options = { table: BUNDLED_PRICE_TABLE, now: NOW, settings: { pollingTools: ['job_*'] } };
let root: string;
const sources = createSourceRegistry();
const source = sources.sourceOf({ format: 'sqlite' });
/** The reference: the same source, streamed row by row. */
const streamed: RunSource = { ...source, scanRead: undefined };

/** Write `log` to a data dir of its own, payloads as JSON.stringify wrote them (or `text` for a row). */
function write(log: ScanLog, text: (sequence: number) => string | undefined = () => undefined): string {
  const dir = join(root, log.runId, '.little-workflow');
  createDataDir(dir);
  const store = new EventStoreWriter(dir);
  try {
    store.transaction(() => {
      for (const e of log.events) store.insertRaw({ runId: e.runId, sequence: e.sequence, eventId: e.eventId, type: e.type, occurrenceId: null, recordedAt: text(e.sequence) ?? e.recordedAt, payloadText: JSON.stringify(e.payload) });
    });
  } finally {
    store.close();
  }
  return dir;
}

/** The first thing the store's read answered for a scan of `dir` (`times` when it read the log its own way). */
async function firstItem(dir: string, runId: string): Promise<string> {
  for await (const item of source.scanRead!(dir, runId, Number.POSITIVE_INFINITY, ['RunStarted'])) return Object.keys(item)[0]!;
  return 'nothing';
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'li-scan-store-'));
});
afterAll(() => {
  sources.dispose();
  rmSync(root, { recursive: true, force: true });
});

describe('the scan through the store\'s own read', () => {
  it('finds exactly what the streamed scan finds, a hit of every scanner included', async () => {
    const log = busyRun('run_scan_store_busy');
    const dir = write(log);
    expect(await firstItem(dir, log.runId)).toBe('times');
    const fast = await scanRunLog(source, dir, log.runId, options);
    const reference = await scanRunLog(streamed, dir, log.runId, options);
    expect(fast).toEqual(reference);
    const kinds = new Set(reference.ok ? reference.value.findings.map((f) => f.kind) : []);
    for (const kind of ['repeated-tool-call', 'repeated-model-request', 'retry-storm', 'model-retry-storm', 'turn-limit', 'budget-limit', 'ignored-tool-error', 'long-resume-gap', 'max-visits-exceeded', 'planner-revisions', 'unpriced-model'] as const) {
      expect(kinds, kind).toContain(kind);
    }
    // The planner's request (spelled three ways), the summarize step's and the legacy step's.
    expect(reference.ok && reference.value.findings.filter((f) => f.kind === 'repeated-model-request').map((f) => f.stepPath)).toEqual(expect.arrayContaining([null, 'summarize', 'legacy']));
  });

  it('finds the same as of every tenth event (time travel), gaps and resumes cut where the log is cut', async () => {
    const log = busyRun('run_scan_store_upto');
    const dir = write(log);
    for (let upTo = 1; upTo <= log.events.length + 10; upTo += 10) {
      expect(await scanRunLog(source, dir, log.runId, options, upTo), `as of #${upTo}`).toEqual(await scanRunLog(streamed, dir, log.runId, options, upTo));
    }
  });

  it('falls back to the streamed read where a time is not what toISOString writes, with the same findings', async () => {
    const log = busyRun('run_scan_store_odd');
    const dir = write(log, (sequence) => (sequence === 5 ? '2026-11-01T00:00:04Z' : undefined));
    expect(await firstItem(dir, log.runId)).toBe('fallback');
    const fast = await scanRunLog(source, dir, log.runId, options);
    expect(fast).toEqual(await scanRunLog(streamed, dir, log.runId, options));
    expect(fast.ok && fast.value.findings.length).toBeGreaterThan(5);
  });

  it('says a run that is not there is not found, as the streamed scan does', async () => {
    const dir = write(busyRun('run_scan_store_other'));
    const missing = await scanRunLog(source, dir, 'run_scan_store_none', options);
    expect(missing).toEqual(await scanRunLog(streamed, dir, 'run_scan_store_none', options));
    expect(missing).toMatchObject({ ok: false, error: { code: 'run-not-found' } });
  });
});
