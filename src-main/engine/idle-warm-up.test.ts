import { describe, expect, it } from 'vitest';
import type { WarmUpOutcome } from './fold-warm-up';
import { IdleWarmUp, WARM_UP_TRIES } from './idle-warm-up';

/** A warm-up whose runs the test ends by hand, each with the `stop` it was given. */
function scripted() {
  const runs: Array<{ stop: () => boolean; end: (outcome: WarmUpOutcome) => void; fail: () => void }> = [];
  const warmUp = new IdleWarmUp(
    (stop) =>
      new Promise<WarmUpOutcome>((resolve, reject) => {
        runs.push({ stop, end: resolve, fail: () => reject(new Error('warm-up broke')) });
      }),
  );
  return { warmUp, runs };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('when a worker warms its fold', () => {
  it('once, the first time no request is in flight (after the library load), never again once done', async () => {
    const { warmUp, runs } = scripted();
    warmUp.begin('library');
    warmUp.begin('discover');
    warmUp.end();
    expect(runs).toHaveLength(0);
    warmUp.end();
    expect(runs).toHaveLength(1);
    expect(warmUp.state).toBe('running');
    expect(runs[0]!.stop()).toBe(false);
    runs[0]!.end('done');
    await settled();
    expect(warmUp.state).toBe('done');
    warmUp.begin('library');
    warmUp.end();
    expect(runs).toHaveLength(1);
  });

  it('a request that comes meanwhile stops it; it starts again once the thread is idle', async () => {
    const { warmUp, runs } = scripted();
    warmUp.begin('library');
    warmUp.end();
    warmUp.begin('discover');
    expect(runs[0]!.stop()).toBe(true);
    runs[0]!.end('stopped');
    await settled();
    // The request is still in flight: nothing starts yet.
    expect(runs).toHaveLength(1);
    expect(warmUp.state).toBe('waiting');
    warmUp.end();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.stop()).toBe(false);
  });

  it('a stopped warm-up whose request is already answered starts again at once', async () => {
    const { warmUp, runs } = scripted();
    warmUp.begin('library');
    warmUp.end();
    warmUp.begin('discover');
    warmUp.end();
    runs[0]!.end('stopped');
    await settled();
    expect(runs).toHaveLength(2);
  });

  it('not at all in a thread that folded a run first (its code is compiled), nor after one comes mid-way', async () => {
    const first = scripted();
    first.warmUp.begin('detail');
    first.warmUp.end();
    expect(first.runs).toHaveLength(0);
    expect(first.warmUp.state).toBe('done');

    const second = scripted();
    second.warmUp.begin('library');
    second.warmUp.end();
    second.warmUp.begin('compare');
    second.runs[0]!.end('stopped');
    await settled();
    second.warmUp.end();
    expect(second.runs).toHaveLength(1);
    expect(second.warmUp.state).toBe('done');
  });

  it(`is tried ${WARM_UP_TRIES} times at most, and a warm-up that throws is not tried again`, async () => {
    const { warmUp, runs } = scripted();
    for (let i = 0; i < WARM_UP_TRIES + 2; i += 1) {
      warmUp.begin(i === 0 ? 'library' : 'discover');
      warmUp.end();
      if (runs[i] === undefined) break;
      warmUp.begin('discover');
      runs[i]!.end('stopped');
      await settled();
      warmUp.end();
    }
    await settled();
    expect(runs).toHaveLength(WARM_UP_TRIES);
    expect(warmUp.state).toBe('done');

    const broken = scripted();
    broken.warmUp.begin('library');
    broken.warmUp.end();
    broken.runs[0]!.fail();
    await settled();
    expect(broken.warmUp.state).toBe('done');
    broken.warmUp.begin('library');
    broken.warmUp.end();
    expect(broken.runs).toHaveLength(1);
  });

  it('a thread whose first request is a live rescan (started after its predecessor was recycled) never warms up', async () => {
    const { warmUp, runs } = scripted();
    warmUp.begin('discover');
    warmUp.end();
    await settled();
    expect(runs).toHaveLength(0);
    expect(warmUp.state).toBe('done');
    // Later library loads do not warm it either: it stays small until a run is opened.
    warmUp.begin('library');
    warmUp.end();
    expect(runs).toHaveLength(0);
  });
});
