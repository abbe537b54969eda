import { describe, expect, it } from 'vitest';
import { RUN_KEY_SEPARATOR, runItemKey, runKey, runKeyOf } from './run-key';

describe('run key', () => {
  it('is the same for a run however it is addressed', () => {
    expect(runKeyOf({ dataDir: '/w/.little-workflow', runId: 'run_a' })).toBe(runKey('/w/.little-workflow', 'run_a'));
    expect(runKey('/w', 'run_a').split(RUN_KEY_SEPARATOR)).toEqual(['/w', 'run_a']);
  });

  it('never lets two runs share a key, even when paths hold newlines or look like joined parts', () => {
    const keys = new Set([runKey('/a\nb', 'run_1'), runKey('/a', 'b\nrun_1'), runKey('/a/b', 'run_1'), runKey('/a', 'b/run_1')]);
    expect(keys.size).toBe(4);
  });

  it('keys items inside a run under the run key, apart from other runs and items', () => {
    const ref = { dataDir: '/w', runId: 'run_a' };
    expect(runItemKey(ref, 'step', 4).startsWith(`${runKeyOf(ref)}${RUN_KEY_SEPARATOR}`)).toBe(true);
    expect(runItemKey(ref, 4)).not.toBe(runItemKey(ref, '4', 'x'));
    expect(runItemKey(ref, 'turn', 1)).not.toBe(runItemKey({ dataDir: '/w', runId: 'run_b' }, 'turn', 1));
  });
});
