import { describe, expect, it } from 'vitest';
import { writeLargeRun } from '../../../scripts/fixtures/scenarios/large-run';
import { newDataDir } from '../../../test/support/scratch';
import { openDataDir } from './data-dir-reader';
import { checkRun, checkRunAsync } from './run-check';

// The worker checks a run in slices so the next time-travel move is served between them, and
// stops a check a later move made moot. Sliced, it finds what the one-piece check finds.
describe('checkRunAsync', () => {
  it('finds what checkRun finds, lets a timer fire between slices, and stops when asked', async () => {
    const dataDir = newDataDir('li-check-async-');
    const runId = writeLargeRun(dataDir, { events: 9_000, crashed: true });
    const reader = openDataDir(dataDir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      for (const upto of [undefined, 4_321]) {
        const order: string[] = [];
        const timer = new Promise<void>((resolve) => setTimeout(() => (order.push('timer'), resolve()), 0));
        const sliced = await checkRunAsync(reader.value, runId, upto);
        order.push('checked');
        await timer;
        expect(sliced).toEqual(checkRun(reader.value, runId, upto));
        expect(order).toEqual(['timer', 'checked']);
      }
      let asked = 0;
      expect(await checkRunAsync(reader.value, runId, undefined, () => ++asked >= 2)).toBeNull();
      expect(asked).toBe(2);
    } finally {
      reader.value.close();
    }
  });
});
