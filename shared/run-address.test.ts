import { describe, expect, it } from 'vitest';
import type { LibrarySnapshot, RunSummary } from './library';
import { runAtAddress } from './run-address';

// A run id may exist in several data dirs of one library (copies, forks): an address then names
// the data dir by its label, and without one means the first listed.
describe('runAtAddress', () => {
  const row = (runId: string, dataDir: string) => ({ runId, dataDir }) as RunSummary;
  const snapshot = {
    dataDirs: [
      { path: '/lib/a/.little-workflow', label: 'a/.little-workflow' },
      { path: '/lib/b/.little-workflow', label: 'b/.little-workflow' },
    ],
    runs: [row('run_1', '/lib/a/.little-workflow'), row('run_1', '/lib/b/.little-workflow'), row('run_2', '/lib/b/.little-workflow')],
  } as unknown as LibrarySnapshot;

  it('finds a run by id, in the labelled data dir when the address names one', () => {
    expect(runAtAddress(snapshot, 'run_1', null)?.dataDir).toBe('/lib/a/.little-workflow');
    expect(runAtAddress(snapshot, 'run_1', 'b/.little-workflow')?.dataDir).toBe('/lib/b/.little-workflow');
    expect(runAtAddress(snapshot, 'run_2', null)?.dataDir).toBe('/lib/b/.little-workflow');
  });

  it('finds nothing for an unknown id, an unknown label, or a label whose data dir lacks the run', () => {
    expect(runAtAddress(snapshot, 'run_3', null)).toBeNull();
    expect(runAtAddress(snapshot, 'run_1', 'c/.little-workflow')).toBeNull();
    expect(runAtAddress(snapshot, 'run_2', 'a/.little-workflow')).toBeNull();
  });
});
