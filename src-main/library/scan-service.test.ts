import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../shared/diagnostics';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { DEFAULT_SCAN_SETTINGS } from '../../shared/scan/scan-types';
import { fixtureRun } from '../../test/support/fixture-manifest';
import type { RunScanRequest } from './run-builds';
import { loadLibrary } from './load-library';
import type { ScannedRun } from './scan-runs';
import { createScanService } from './scan-service';

// The run view's scans go where the composition says (a thread of its own in the app). A run is
// shown at one position at a time: the scan of the position the view left is ended when the
// next one is asked, so stale scans do not pile up behind time travel's moves.
describe('run.scan through the scan thread', () => {
  it('hands each run scan to scanRun, and ends the scan of a position once another position of the run is scanned', async () => {
    const run = fixtureRun('failed max_visits_exceeded');
    const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const asked: Array<number | null> = [];
    const cancelled: Array<number | null> = [];
    const answers = new Map<number | null, (result: Result<ScannedRun>) => void>();
    const scans = createScanService({
      snapshot: () => library.value,
      table: () => BUNDLED_PRICE_TABLE,
      settings: () => ok(DEFAULT_SCAN_SETTINGS),
      scanRun: (request: RunScanRequest) => {
        asked.push(request.at);
        return { result: new Promise((resolve) => answers.set(request.at, resolve)), cancel: () => cancelled.push(request.at) };
      },
    });
    const ref = { dataDir: run.dir, runId: run.runId };
    void scans.run({ ...ref, at: 5 });
    void scans.run({ ...ref, at: 5 });
    expect(asked).toEqual([5]);
    void scans.run({ ...ref, at: 6 });
    expect(asked).toEqual([5, 6]);
    expect(cancelled).toEqual([5]);
    // The whole run's scan is kept apart: it ends none of the positions'.
    void scans.run(ref);
    expect(asked).toEqual([5, 6, null]);
    expect(cancelled).toEqual([5]);
    // A move (run.detail) to another position ends the scan of the one left at once; one to the
    // position being scanned, or a scan already ended, ends nothing.
    scans.moved({ ...ref, at: 6 });
    expect(cancelled).toEqual([5]);
    scans.moved({ ...ref, at: 9 });
    expect(cancelled).toEqual([5, 6]);
    scans.moved(ref);
    expect(cancelled).toEqual([5, 6]);
    // The position left is scanned afresh when it is asked again.
    void scans.run({ ...ref, at: 6 });
    expect(asked).toEqual([5, 6, null, 6]);
    scans.moved(ref);
    expect(cancelled).toEqual([5, 6, 6]);
    scans.close();
  });
});
