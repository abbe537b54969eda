import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { loadLibrary } from '../src-main/library/load-library';
import { createRunService } from '../src-main/library/run-service';
import { createRunDetailPool, type RunDetailPool } from '../src-main/workers/run-detail-pool';
import { fixtureRun } from './support/fixture-manifest';

// Issue 33: a click on the scrubber during a fold showed "a later position … was not finished"
// instead of the timeline. The worker skips a move's lists once a later move came; main builds the
// position again when it is still the one shown, but it did so once only: a user who went away and
// came back to the shown position a second time (a drag over it, two quick clicks) got the
// internal cancellation. A position on screen must always end with its lists and findings.
const pools: RunDetailPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('time travel: the position shown is never answered cancelled', () => {
  it('moving away from the shown position and back, again and again while it folds, still answers its timeline and findings', async () => {
    const run = fixtureRun('crashed model-call-in-flight');
    const library = loadLibrary(run.dir, BUNDLED_PRICE_TABLE);
    if (!library.ok) throw new Error(library.error.message);
    const last = library.value.runs.find((r) => r.runId === run.runId)!.lastSequence ?? 0;
    expect(last).toBeGreaterThan(3);
    const shown = { dataDir: run.dir, runId: run.runId, at: last - 2 };
    // A new position each time (a position already asked for would share its build in flight and send nothing).
    const others = [last - 1, last, 1].map((at) => ({ ...shown, at }));
    const worker = createRunDetailPool({ useWorker: true });
    pools.push(worker);
    // Every build of the shown position but the last is overtaken: right after it is asked, the
    // user moves to another position and back (the build in flight stays shared, and is skipped).
    let buildsOfShown = 0;
    const overtaken = others.length;
    const pool: RunDetailPool = {
      ...worker,
      detail: (dataDir, runId, context) => {
        const asked = worker.detail(dataDir, runId, context);
        if (context.upto !== shown.at) return asked;
        // Once main has kept this build (so going back shares it), well before its lists' turn (travel-moves.ts).
        const away = others[buildsOfShown++];
        if (away)
          setImmediate(() => {
            void service.head(away);
            void service.head(shown);
          });
        return asked;
      },
    };
    const service = createRunService({ snapshot: () => library.value, table: () => BUNDLED_PRICE_TABLE, pool });
    const head = await service.head(shown);
    expect(head.ok && head.value.ref.at).toBe(shown.at);
    const [timeline, findings] = await Promise.all([service.timeline(shown), service.findings(shown)]);
    expect(timeline.ok ? 'ok' : timeline.error.message).toBe('ok');
    expect(findings.ok ? 'ok' : findings.error.message).toBe('ok');
    // Each overtaken build was asked again, as the position was still shown.
    expect(buildsOfShown).toBeGreaterThan(overtaken);
  });
});
