import { describe, expect, it } from 'vitest';
import type { LibrarySnapshot, RunSummary } from './library';
import { hashParts, isAddressInt, runAddressOf, runAtAddress, safeDecode } from './run-address';

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

// The run a location hash names: read the same way by the renderer's routes and by the server's
// run.prepare when a page's inline script sends the hash itself.
describe('runAddressOf', () => {
  it('reads the run id (decoded), the data dir label and time travel', () => {
    expect(runAddressOf('#/run/run_1')).toEqual({ runId: 'run_1', dir: null });
    expect(runAddressOf('/run/run_1/steps')).toEqual({ runId: 'run_1', dir: null });
    expect(runAddressOf('#/run/run%201/step/a%2Fb?dir=team%2F.little-workflow')).toEqual({ runId: 'run 1', dir: 'team/.little-workflow' });
    expect(runAddressOf('#/run/run_1/at/42/turns?dir=d&against=run_2')).toEqual({ runId: 'run_1', dir: 'd', at: 42 });
    // Malformed percent-encoding is kept as it is; `at` needs a whole number from 1.
    expect(runAddressOf('#/run/run_%E0')).toEqual({ runId: 'run_%E0', dir: null });
    expect(runAddressOf('#/run/run_1/at/0')).toEqual({ runId: 'run_1', dir: null });
    expect(runAddressOf('#/run/run_1/at/1.5')).toEqual({ runId: 'run_1', dir: null });
    expect(runAddressOf('#/run/run_1/at/1234567890123456')).toEqual({ runId: 'run_1', dir: null });
  });

  it('names no run for the library, a session, or a run address without an id', () => {
    for (const hash of ['', '#', '#/', '#/?status=crashed', '#/session/s1?dir=.', '#/run', '#/run/', '#/runs/run_1']) expect(runAddressOf(hash), hash).toBeNull();
  });

  it('cuts a hash into its path segments and query, and reads its numbers and encodings', () => {
    expect(hashParts('#/run/a/at/3?dir=x&y=1')).toEqual({ parts: ['run', 'a', 'at', '3'], query: 'dir=x&y=1' });
    expect(hashParts('run//a/')).toEqual({ parts: ['run', 'a'], query: '' });
    expect(isAddressInt('007')).toBe(true);
    expect(isAddressInt('-1')).toBe(false);
    expect(safeDecode('%41')).toBe('A');
  });
});
