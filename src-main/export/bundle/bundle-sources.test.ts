import { describe, expect, it } from 'vitest';
import { ok } from '../../../shared/diagnostics';
import type { EventRow, RunDetail } from '../../../shared/run/run-detail-types';
import type { EventRead } from '../../sources/little-workflow/store-types';
import { readRunForBundle, type BundleRunReads } from './bundle-sources';

// The fuzz's hostile-sequence-values case (a row stored far past the others) once made the
// bundle page through the unfiltered events list position by position: one page per 1,000
// sequences of the gap, forever. Pages are now asked for only where the log has rows.
const SEQUENCES = [1, 2, 3, 2 ** 40];
// Rows the reader streams with no list position (sequence 0; a blob sequence reads as NaN).
const STREAMED = [0, 1, 2, 3, Number.NaN, 2 ** 40];
const REF = { dataDir: '/nowhere', runId: 'run_gap_AbC123' };

const row = (sequence: number): EventRow => ({ sequence, type: 'StepScheduled', recordedAt: '2026-11-01T00:00:00.000Z', eventId: `evt_${sequence}`, payloadChars: 2 });

/** The run service's reads of a sparse log: the events list answers by position, as main's does (item i is sequence i + 1). */
function sparseRun(): { runs: BundleRunReads; pages: () => number } {
  let pages = 0;
  const detail = { state: { artifacts: [], outputRef: null }, steps: [] } as unknown as RunDetail;
  const runs: BundleRunReads = {
    detail: () => Promise.resolve(ok(detail)),
    costs: () => Promise.resolve(ok({} as never)),
    reportText: () => Promise.resolve(ok('')),
    slice: (_ref, spec) => {
      pages += 1;
      if (pages > 100) throw new Error('the bundle is walking the gap page by page');
      const items = Array.from({ length: spec.count }, (_, i) => (SEQUENCES.includes(spec.from + 1 + i) ? row(spec.from + 1 + i) : null));
      return Promise.resolve(ok({ section: 'events', from: spec.from, total: SEQUENCES.at(-1)!, items } as never));
    },
    streamLog: () =>
      ok(
        (async function* (): AsyncGenerator<EventRead> {
          for (const sequence of STREAMED) {
            yield { ok: true, event: { eventId: `evt_${sequence}`, runId: REF.runId, sequence, type: 'StepScheduled', recordedAt: '2026-11-01T00:00:00.000Z', payload: {} } } as EventRead;
          }
        })(),
      ),
    artifact: () => Promise.reject(new Error('no artifacts here')),
  };
  return { runs, pages: () => pages };
}

describe('readRunForBundle', () => {
  it('reads every listed row of a log with a sequence far past the others (and rows with no list position) in a page per stretch of rows', async () => {
    const { runs, pages } = sparseRun();
    const read = await readRunForBundle(runs, REF);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.value.rows.map((r) => r.sequence)).toEqual(SEQUENCES);
    expect(read.value.payloads.map((p) => p.sequence)).toEqual(STREAMED);
    // 1..3 in one page, the far row in another.
    expect(pages()).toBe(2);
  });
});
