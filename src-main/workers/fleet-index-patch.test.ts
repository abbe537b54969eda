/**
 * A live patch of the run list (patchSnapshot: untouched rows kept as the same objects) updates
 * only the runs it changed; a new read of the library (no row kept) indexes the whole root.
 */
import { describe, expect, it } from 'vitest';
import type { LibrarySnapshot } from '../../shared/library';
import { dir, run } from '../../test/support/library-runs';
import { patchedRuns } from './fleet-index-service';

const previous: LibrarySnapshot = {
  root: '/r',
  dataDirs: [dir('/r/a'), dir('/r/b')],
  runs: [run('run_1', { dataDir: '/r/a' }), run('run_2', { dataDir: '/r/a' }), run('run_3', { dataDir: '/r/b' })],
  diagnostics: [],
} as unknown as LibrarySnapshot;

const names = (found: Map<string, Set<string>> | null) => (found === null ? null : Object.fromEntries([...found].map(([d, runs]) => [d, [...runs].sort()])));

describe('patchedRuns', () => {
  it('names the rows a patch replaced, added or removed, by data dir', () => {
    const [one, two, three] = previous.runs;
    expect(names(patchedRuns(previous, { ...previous, runs: [one, { ...two, eventCount: 99 }, three] }))).toEqual({ '/r/a': ['run_2'] });
    expect(names(patchedRuns(previous, { ...previous, runs: [one, three, run('run_4', { dataDir: '/r/b' })] }))).toEqual({ '/r/a': ['run_2'], '/r/b': ['run_4'] });
    expect(names(patchedRuns(previous, { ...previous, runs: [...previous.runs] }))).toEqual({});
  });

  it('a new read of the library, or another set of data dirs, is no patch', () => {
    expect(patchedRuns(previous, { ...previous, runs: previous.runs.map((r) => ({ ...r })) })).toBeNull();
    expect(patchedRuns(previous, { ...previous, dataDirs: [...previous.dataDirs, dir('/r/c')] })).toBeNull();
    expect(patchedRuns(previous, { ...previous, dataDirs: [dir('/r/a'), dir('/r/c')] })).toBeNull();
    expect(patchedRuns(previous, { ...previous, root: '/other' })).toBeNull();
  });
});
