/**
 * The scan over every generated fixture and demo run, read the way `scan` reads them (streamed
 * from each data dir, fleet findings across the whole examples root): precision first, so no run
 * that did not fail (completed, resumed, crashed, retried, looped, fanned out, orchestrated) has a
 * finding above info; the failed ones name their cause.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLibrary } from '../src-main/library/load-library';
import { scanLibrary, type LibraryScan } from '../src-main/library/scan-runs';
import { createSourceRegistry } from '../src-main/sources/registry';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { EXAMPLES, fixtureRun, manifestRows, manifestSessions } from './support/fixture-manifest';

let scan: LibraryScan;
const NOW = new Date('2026-12-03T00:00:00Z');

beforeAll(async () => {
  const library = loadLibrary(EXAMPLES, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  const sources = createSourceRegistry();
  try {
    scan = await scanLibrary(library.value, (dir) => sources.sourceOf(dir), { table: BUNDLED_PRICE_TABLE, now: NOW });
  } finally {
    sources.dispose();
  }
}, 60_000);

const findingsOf = (runId: string) => scan.runs.filter((r) => r.runId === runId).flatMap((r) => r.findings);
const aboveInfo = (runId: string) => findingsOf(runId).filter((f) => f.severity !== 'info').map((f) => `${f.kind}: ${f.message}`);

describe('scan of every fixture and demo run', () => {
  it('scans every run the library lists', () => {
    const rows = manifestRows().filter((r) => r.group !== 'loopctl');
    for (const row of rows) expect(scan.runs.some((r) => r.runId === row.runId), row.shows).toBe(true);
    expect(scan.diagnostics).toEqual([]);
  });

  it.each(manifestRows().filter((r) => r.status !== 'failed' && r.group !== 'broken'))('has nothing above info: $shows', (row) => {
    expect(aboveInfo(row.runId)).toEqual([]);
  });

  it.each(manifestSessions().filter((s) => s.state === 'idle' && s.sessionId !== 'sess_docs-chat'))('session has nothing above info: $shows', (session) => {
    expect(aboveInfo(session.sessionId)).toEqual([]);
  });

  it('names why the failed runs failed when little-workflow gives a loop, drift or planner cause', () => {
    const kindsOf = (text: string) => findingsOf(fixtureRun(text).runId).map((f) => f.kind);
    expect(kindsOf('failed max_visits_exceeded')).toContain('max-visits-exceeded');
    expect(kindsOf('failed capability_drift')).toContain('capability-drift');
    expect(kindsOf('failed planner_validation_exhausted')).toContain('planner-revisions');
  });

  it('finds the fetch step failing the same way across runs of one workflow version, and not the retry that passed', () => {
    const terminal = fixtureRun('failed step_failed: tool.call fails terminally').runId;
    expect(findingsOf(terminal).map((f) => f.kind)).toContain('failure-across-runs');
    expect(findingsOf(fixtureRun('retry: fetch attempt_1').runId).map((f) => f.kind)).not.toContain('failure-across-runs');
  });

  it('finds the demo session that completed right after its workflow tool call failed', () => {
    // The demo and the harness fixtures each hold the session.
    expect(new Set(findingsOf('sess_docs-chat').map((f) => f.kind))).toEqual(new Set(['ignored-tool-error']));
  });
});
