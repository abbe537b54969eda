import { describe, expect, it } from 'vitest';
import type { LibrarySnapshot } from '../../../shared/library';
import type { FleetSearchHit } from '../../../shared/search/fleet-search-types';
import { formatRoute } from '../../routing/route';
import { dir, run } from '../../../test/support/library-runs';
import { groupHits, hitRoute, markedParts } from './hit-route';

const hit = (runId: string, sequence: number, dataDir = '/d/a', over: Partial<FleetSearchHit> = {}): FleetSearchHit => ({
  dataDir,
  runId,
  sequence,
  type: 'StepCompleted',
  field: 'output',
  snippet: 'a Café in Zürich',
  marks: [[2, 6], [10, 16]],
  ...over,
});

const snapshot = {
  root: '/d',
  dataDirs: [dir('/d/a'), dir('/d/b')],
  runs: [run('run_1'), run('run_2'), run('run_2', { dataDir: '/d/b' }), run('sess_1', { dataDir: '/d/b', session: {} as never })],
  diagnostics: [],
  pricing: {} as never,
} satisfies LibrarySnapshot;

describe('search hits in the dialog', () => {
  it('group consecutive hits of one run, keeping each hit\u2019s index in the answer', () => {
    const groups = groupHits([hit('run_1', 2), hit('run_1', 5), hit('run_2', 1), hit('run_2', 1, '/d/b')], snapshot);
    expect(groups.map((g) => [g.runId, g.dirLabel, g.first, g.hits.map((h) => h.sequence)])).toEqual([
      ['run_1', 'd/a', 0, [2, 5]],
      ['run_2', 'd/a', 2, [1]],
      ['run_2', 'd/b', 3, [1]],
    ]);
  });

  it('open the run as of the event, in the events view, with ?dir= only for an ambiguous id; a session opens its session', () => {
    expect(formatRoute(hitRoute(hit('run_1', 7), snapshot)!)).toBe('#/run/run_1/at/7/event/7');
    expect(formatRoute(hitRoute(hit('run_2', 3, '/d/b'), snapshot)!)).toBe('#/run/run_2/at/3/event/3?dir=d%2Fb');
    expect(hitRoute(hit('sess_1', 3, '/d/b'), snapshot)).toMatchObject({ view: 'session', sessionId: 'sess_1' });
    // A run the library no longer lists goes nowhere.
    expect(hitRoute(hit('run_gone', 1), snapshot)).toBeNull();
    expect(hitRoute(hit('run_1', 1), null)).toBeNull();
  });

  it('cut the snippet at its marks (marks out of range are ignored)', () => {
    expect(markedParts(hit('r', 1))).toEqual([
      { text: 'a ', marked: false },
      { text: 'Café', marked: true },
      { text: ' in ', marked: false },
      { text: 'Zürich', marked: true },
    ]);
    expect(markedParts({ snippet: 'abc', marks: [[1, 9]] })).toEqual([{ text: 'abc', marked: false }]);
  });
});
