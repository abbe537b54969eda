/**
 * Bad session folders get a typed diagnostic, never a crash or a made-up session: a missing or
 * torn status.json, a trace of invalid lines only, a trace or a whole session folder linked out
 * of the harness data dir. The app still opens a folder whose status file does not read (its
 * trace says what happened); the CLI answers as little-harness does ("Session not found").
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { listSessions, sessionFile, sessionView } from '../src-main/library/session-service';
import { discover } from '../src-main/sources/fs/discovery';
import { createSourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { hashTree } from './support/store-test-fixtures';

const FIXTURE = join(EXAMPLES, 'fixtures', 'sessions', '.little-harness', 'sessions');
const tmp = mkdtempSync(join(tmpdir(), 'li-session-bad-'));
const root = join(tmp, 'root');
const harness = join(root, '.little-harness');
const sessions = join(harness, 'sessions');
const status = (id: string) => JSON.stringify({ id, state: 'idle', pathKey: id, createdAt: '2026-11-21T10:00:00.000Z', updatedAt: '2026-11-21T10:00:09.000Z', stagedMessageIds: [] }, null, 2);
let before: ReturnType<typeof hashTree>;

beforeAll(() => {
  mkdirSync(sessions, { recursive: true });
  // A readable session, so the tree is a harness data dir whatever the others hold.
  cpSync(join(FIXTURE, 'sess_refactor'), join(sessions, 'sess_ok'), { recursive: true });
  writeFileSync(join(sessions, 'sess_ok', 'status.json'), status('sess_ok'));
  mkdirSync(join(sessions, 'sess_nostatus'));
  cpSync(join(FIXTURE, 'sess_failing', 'trace.ndjson'), join(sessions, 'sess_nostatus', 'trace.ndjson'));
  mkdirSync(join(sessions, 'sess_torn_status'));
  writeFileSync(join(sessions, 'sess_torn_status', 'status.json'), status('sess_torn_status').slice(0, 25));
  cpSync(join(FIXTURE, 'sess_crashed', 'trace.ndjson'), join(sessions, 'sess_torn_status', 'trace.ndjson'));
  mkdirSync(join(sessions, 'sess_allbad'));
  writeFileSync(join(sessions, 'sess_allbad', 'status.json'), status('sess_allbad'));
  const v1 = JSON.stringify({ schemaVersion: 'lh.trace.v1', eventId: 'evt_1', sequence: 1, type: 'harness.session.started', sessionId: 'sess_allbad', timestamp: '2026-11-21T10:00:00.000Z' });
  writeFileSync(join(sessions, 'sess_allbad', 'trace.ndjson'), `not json\n${v1}\n{"sequence":2}\n`);
  // Outside the opened folder: a trace and a whole session folder linked in.
  cpSync(join(FIXTURE, 'sess_refactor'), join(tmp, 'elsewhere', 'sess_refactor'), { recursive: true });
  mkdirSync(join(sessions, 'sess_leak'));
  writeFileSync(join(sessions, 'sess_leak', 'status.json'), status('sess_leak'));
  symlinkSync(join(tmp, 'elsewhere', 'sess_refactor', 'trace.ndjson'), join(sessions, 'sess_leak', 'trace.ndjson'));
  symlinkSync(join(tmp, 'elsewhere', 'sess_refactor'), join(sessions, 'sess_linked'));
  before = hashTree(root);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const viewOf = (id: string) => sessionView(root, '.little-harness', id);

describe('bad session folders', () => {
  it('the sessions list names each problem; a linked session folder is not listed', () => {
    const listed = listSessions(root);
    if (!listed.ok) throw new Error(listed.error.message);
    const byId = new Map(listed.value.map((s) => [s.sessionId, s]));
    expect([...byId.keys()].sort()).toEqual(['sess_allbad', 'sess_leak', 'sess_nostatus', 'sess_ok', 'sess_torn_status']);
    expect(byId.get('sess_nostatus')?.problem).toMatch(/sess_nostatus has no status\.json$/);
    expect(byId.get('sess_torn_status')?.problem).toMatch(/status\.json is not a JSON object \(/);
    expect(byId.get('sess_leak')).toMatchObject({ counts: null, problem: expect.stringMatching(/trace\.ndjson resolves to .*outside the data dir; not read$/) });
    expect(byId.get('sess_allbad')).toMatchObject({ problem: null, counts: { events: 0, invalidLines: 3 } });
  });

  it('the run list keeps readable sessions as rows and gives the others typed diagnostics', () => {
    const found = discover(root);
    const dir = found.dataDirs.find((d) => d.label === '.little-harness');
    if (!dir) throw new Error('the harness tree was not discovered');
    const sources = createSourceRegistry();
    const { runs, diagnostics } = sources.sourceOf(dir).listRuns(dir, BUNDLED_PRICE_TABLE);
    sources.dispose();
    expect(runs.map((r) => [r.runId, r.eventCount]).sort()).toEqual([['sess_allbad', 0], ['sess_nostatus', 15], ['sess_ok', 25], ['sess_torn_status', 5]]);
    expect(diagnostics.map((d) => `${d.code}:${d.severity}`).sort()).toEqual([
      'path-outside-data-dir:error',
      'payload-unparsable:warning',
      'payload-unparsable:warning',
      'payload-unparsable:warning',
      'run-not-found:warning',
    ]);
  });

  it('the app opens a folder whose status file is missing or torn, saying so; a trace of invalid lines only shows each reason', () => {
    const missing = viewOf('sess_nostatus');
    if (!missing.ok) throw new Error(missing.error.message);
    expect(missing.value.listing).toMatchObject({ sessionId: 'sess_nostatus', state: null, problem: expect.stringMatching(/has no status\.json$/) });
    expect(missing.value.doctor).toMatchObject({ eventCount: 15, invalidEventCount: 3, failureCount: 6 });
    const torn = viewOf('sess_torn_status');
    expect(torn.ok && [torn.value.listing.problem?.includes('not a JSON object'), torn.value.doctor.eventCount, torn.value.tornTail?.line]).toEqual([true, 5, 6]);
    const allBad = viewOf('sess_allbad');
    if (!allBad.ok) throw new Error(allBad.error.message);
    expect(allBad.value.items).toEqual([]);
    expect(allBad.value.invalidLines.map((l) => [l.line, l.reason.split(':')[0]])).toEqual([[1, 'not JSON'], [2, 'schemaVersion'], [3, 'schemaVersion']]);
  });

  it('refuses a trace or a session folder linked out of the harness data dir, and files through them', () => {
    const leak = viewOf('sess_leak');
    expect(leak.ok ? 'read' : leak.error.code).toBe('path-outside-data-dir');
    const linked = viewOf('sess_linked');
    expect(linked.ok ? 'read' : linked.error.code).toBe('path-outside-data-dir');
    const file = sessionFile(root, '.little-harness', 'sess_linked', '/artifacts/tool-results/bash/call_tests.txt');
    expect(file.ok ? 'read' : file.error.code).toBe('path-outside-data-dir');
    const nothing = viewOf('sess_nope');
    expect(nothing.ok ? 'read' : [nothing.error.code, nothing.error.message]).toEqual(['run-not-found', 'Session not found: sess_nope (no folder sessions/sess_nope)']);
  });

  it('the CLI answers as little-harness: a session without a readable status file is not found (exit 1); a linked folder is refused', async () => {
    const noStatus = await cli('doctor', 'sess_nostatus', '--data-dir', harness, '--json');
    expect([noStatus.code, noStatus.stderr]).toEqual([1, expect.stringMatching(/^SessionNotFoundError: Session not found: sess_nostatus \(.*has no status\.json\)/)]);
    const linked = await cli('trace', 'sess_linked', '--data-dir', harness);
    expect([linked.code, linked.stderr]).toEqual([1, expect.stringMatching(/^SessionReadError: .*outside the data dir; not read/)]);
    const allBad = await cli('doctor', 'sess_allbad', '--data-dir', harness, '--json');
    expect([allBad.code, JSON.parse(allBad.stdout)]).toEqual([1, expect.objectContaining({ eventCount: 0, invalidEventCount: 3 })]);
    // outcomes reads every session's trace: one it may not read fails the report (its numbers would not be little-harness's).
    const outcomes = await cli('outcomes', '--data-dir', harness, '--json');
    expect([outcomes.code, outcomes.stdout, outcomes.stderr]).toEqual([2, '', expect.stringMatching(/path-outside-data-dir.*sess_leak.*trace\.ndjson resolves to/s)]);
  });

  it('changes no byte of the folder', () => {
    expect(hashTree(root)).toEqual(before);
    expect(readFileSync(join(sessions, 'sess_torn_status', 'status.json'), 'utf8')).toHaveLength(25);
  });
});
