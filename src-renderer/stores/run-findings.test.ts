import { describe, expect, it } from 'vitest';
import type { LibrarySnapshot, RunSummary } from '../../shared/library';
import type { RunFindingCounts } from '../../shared/scan/scan-types';
import { DEFAULT_QUERY } from './library-query';
import { findingsCellText, matchesFindings, withFindings } from './run-findings';
import { buildRunTree } from '../views/library/run-tree';

const DIR = '/data/.little-workflow';
function run(runId: string, startedAt: string): RunSummary {
  return {
    dataDir: DIR, runId, startedAt, finishedAt: null, eventCount: 3, lastSequence: 3, costUsd: null, label: null, tags: [], parentRunId: null, outerLoopId: null,
    workflowVersionId: null, lastEventType: 'RunStarted', verdict: null, status: 'running',
  } as unknown as RunSummary;
}
const counts = (c: Partial<RunFindingCounts>): RunFindingCounts => ({ info: 0, warning: 0, error: 0, kinds: [], ...c });
const runs = [run('run_a', '2026-01-01T00:00:00Z'), run('run_b', '2026-01-02T00:00:00Z'), run('run_c', '2026-01-03T00:00:00Z'), run('run_d', '2026-01-04T00:00:00Z')];
const index = new Map<string, RunFindingCounts>([
  ['run_a', counts({ warning: 2, kinds: ['repeated-tool-call'] })],
  ['run_b', counts({ info: 3, kinds: ['unpriced-model'] })],
  ['run_c', counts({ error: 1, kinds: ['retry-storm'] })],
  // run_d: the scan could not read it
]);
const snapshot = (list: RunSummary[]) => ({ dataDirs: [{ path: DIR, label: 'data', kind: 'workflow' }], runs: list }) as unknown as LibrarySnapshot;
const listed = (list: RunSummary[], query = DEFAULT_QUERY) => buildRunTree(snapshot(list), query, {}, Date.parse('2026-02-01T00:00:00Z')).rows.flatMap((r) => (r.kind === 'run' ? [r.run.runId] : []));

describe('the run list\'s findings column, filter and sort', () => {
  const scanned = withFindings(runs, index, (r) => r.runId);

  it('"has findings" keeps the runs with a finding above info; a kind keeps the runs with that kind', () => {
    expect(listed(scanned, { ...DEFAULT_QUERY, findings: 'any' })).toEqual(['run_c', 'run_a']);
    expect(listed(scanned, { ...DEFAULT_QUERY, findings: 'unpriced-model' })).toEqual(['run_b']);
  });

  it('keeps every run while the scan is on the way, and drops runs it could not read once it answered', () => {
    expect(listed(runs, { ...DEFAULT_QUERY, findings: 'any' })).toHaveLength(4);
    expect(matchesFindings(scanned[3], 'any')).toBe(false);
    expect(matchesFindings(scanned[3], null)).toBe(true);
  });

  it('sorts errors before warnings before notes, unknown last in both directions', () => {
    expect(listed(scanned, { ...DEFAULT_QUERY, sort: 'findings', dir: 'desc' })).toEqual(['run_c', 'run_a', 'run_b', 'run_d']);
    expect(listed(scanned, { ...DEFAULT_QUERY, sort: 'findings', dir: 'asc' })).toEqual(['run_b', 'run_a', 'run_c', 'run_d']);
  });

  it('says the counts plainly, "none" for a clean run and a dash for one it could not scan', () => {
    expect(findingsCellText(index.get('run_c'))).toEqual({ text: '1 error', title: 'retry-storm' });
    expect(findingsCellText(counts({ error: 2, warning: 1, info: 1, kinds: ['retry-storm', 'unpriced-model'] })).text).toBe('2 errors · 1 warning · 1 note');
    expect(findingsCellText(counts({})).text).toBe('none');
    expect(findingsCellText(null).text).toBe('—');
    expect(findingsCellText(undefined).text).toBe('…');
  });
});
