import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { fixtureRun } from '../../test/support/fixture-manifest';
import { loadLibrary } from '../library/load-library';
import { scanRunLog } from '../library/scan-runs';
import { createSourceRegistry } from '../sources/registry';
import { scanOffMain } from './scan-thread';

// The run view's behaviour scan runs on a thread of its own (on main's thread it held the event
// loop for seconds per time-travel move): it must answer what the scan in this thread answers,
// and a scan superseded by a later one ends with `cancelled`.
function request(at: number | null) {
  const run = fixtureRun('failed max_visits_exceeded');
  const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  const dir = library.value.dataDirs.find((d) => d.path === run.dir)!;
  return { dir, runId: run.runId, table: BUNDLED_PRICE_TABLE, now: '2026-12-04T12:00:00.000Z', at };
}

async function inThisThread(job: ReturnType<typeof request>) {
  const sources = createSourceRegistry();
  try {
    return await scanRunLog(sources.sourceOf(job.dir), job.dir.path, job.runId, { table: job.table, now: new Date(job.now) }, job.at ?? undefined);
  } finally {
    sources.dispose();
  }
}

describe('scanOffMain', () => {
  it('answers on its thread what the scan answers in this one, for the whole run and as of an event', async () => {
    for (const at of [null, 20]) {
      const job = request(at);
      const expected = await inThisThread(job);
      expect(expected.ok).toBe(true);
      expect(await scanOffMain(job, 'thread').result).toEqual(expected);
    }
  }, 60_000);

  it('ends a scan cancelled on the way with `cancelled`', async () => {
    const job = scanOffMain(request(null), 'thread');
    job.cancel();
    const result = await job.result;
    expect(!result.ok && result.error.code).toBe('cancelled');
  }, 60_000);
});
