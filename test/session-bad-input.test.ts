/**
 * Bad session folders get a typed diagnostic, never a crash or a made-up session: a missing or
 * torn status.json, a trace of invalid lines only, a trace or a whole session folder linked out
 * of the harness data dir, a trace or status file that is a FIFO, a device or a link to a FIFO
 * (never opened, so nothing waits for a writer; issue 30: one such session cost `outcomes` the
 * whole tree, exit 2). The app still opens a folder whose status file does not read (its
 * trace says what happened); the CLI answers as little-harness does ("Session not found").
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { listSessions, sessionFile, sessionOutcomes, sessionView } from '../src-main/library/session-service';
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
  // Special files where the trace or the status file should be (no writer ever comes).
  for (const id of SPECIAL) {
    mkdirSync(join(sessions, id, 'session'), { recursive: true });
    writeFileSync(join(sessions, id, 'status.json'), status(id));
  }
  mkfifo(join(sessions, 'sess_fifo', 'trace.ndjson'));
  mkfifo(join(sessions, 'sess_fifo_link', 'session', 'pipe'));
  symlinkSync(join(sessions, 'sess_fifo_link', 'session', 'pipe'), join(sessions, 'sess_fifo_link', 'trace.ndjson'));
  // /dev/null's numbers (harmless if it were opened); only root may make a device node.
  if (spawnSync('mknod', [join(sessions, 'sess_device', 'trace.ndjson'), 'c', '1', '3']).status !== 0) symlinkSync('/dev/null', join(sessions, 'sess_device', 'trace.ndjson'));
  rmSync(join(sessions, 'sess_status_fifo', 'status.json'));
  mkfifo(join(sessions, 'sess_status_fifo', 'status.json'));
  cpSync(join(FIXTURE, 'sess_crashed', 'trace.ndjson'), join(sessions, 'sess_status_fifo', 'trace.ndjson'));
  before = hashTree(root);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const viewOf = (id: string) => sessionView(root, '.little-harness', id);

/** Sessions whose trace (or status file) is a special file; sess_device falls back to a link to /dev/null without root. */
const SPECIAL = ['sess_fifo', 'sess_fifo_link', 'sess_device', 'sess_status_fifo'];
const TRACE_SPECIAL = SPECIAL.filter((id) => id !== 'sess_status_fifo');

function mkfifo(path: string): void {
  const made = spawnSync('mkfifo', [path]);
  if (made.status !== 0) throw new Error(`mkfifo ${path}: ${made.stderr.toString()}`);
}

describe('bad session folders', () => {
  it('the sessions list names each problem; a linked session folder is not listed', () => {
    const listed = listSessions(root);
    if (!listed.ok) throw new Error(listed.error.message);
    const byId = new Map(listed.value.map((s) => [s.sessionId, s]));
    expect([...byId.keys()].sort()).toEqual(['sess_allbad', 'sess_device', 'sess_fifo', 'sess_fifo_link', 'sess_leak', 'sess_nostatus', 'sess_ok', 'sess_status_fifo', 'sess_torn_status']);
    for (const id of TRACE_SPECIAL) expect(byId.get(id), id).toMatchObject({ counts: null, problem: expect.stringMatching(/trace\.ndjson is not a regular file \(a folder, FIFO, socket or device\); not read$/) });
    expect(byId.get('sess_status_fifo')?.problem).toMatch(/status\.json is not a regular file/);
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
    expect(runs.map((r) => [r.runId, r.eventCount]).sort()).toEqual([['sess_allbad', 0], ['sess_nostatus', 15], ['sess_ok', 25], ['sess_status_fifo', 5], ['sess_torn_status', 5]]);
    expect(diagnostics.map((d) => `${d.code}:${d.severity}`).sort()).toEqual([
      'path-not-found:error',
      'path-not-found:error',
      'path-not-found:error',
      'path-not-found:warning',
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
  });

  it('one special or linked-out trace costs only its session: outcomes names it on stderr and in unreadSessions, counts the rest, exit 0', async () => {
    const outcomes = await cli('outcomes', '--data-dir', harness, '--json');
    expect(outcomes.code, outcomes.stderr).toBe(0);
    const report = JSON.parse(outcomes.stdout) as { sessionIds: string[]; invalidEventCount: number; unreadSessions: Array<{ pathKey: string; code: string; message: string }> };
    expect(report.unreadSessions.map((u) => [u.pathKey, u.code])).toEqual([...TRACE_SPECIAL, 'sess_leak'].sort().map((id) => [id, id === 'sess_leak' ? 'path-outside-data-dir' : 'path-not-found']));
    expect(report.sessionIds).toEqual(['sess_allbad', 'sess_nostatus', 'sess_ok', 'sess_status_fifo', 'sess_torn_status']);
    // The counted sessions' numbers are theirs alone: 3 + 3 invalid, two torn tails.
    expect(report.invalidEventCount).toBe(3 + 3 + 1 + 1);
    for (const id of [...TRACE_SPECIAL, 'sess_leak']) expect(outcomes.stderr).toMatch(new RegExp(`^session ${id} not counted: `, 'm'));
    // The app's sessions.outcomes answers the same report, unread sessions and all.
    const app = sessionOutcomes(root, '.little-harness');
    expect(app.ok ? app.value : app.error.message).toEqual(report);
    const text = await cli('outcomes', '--data-dir', harness);
    expect([text.code, text.stdout.split('\n')[0]]).toEqual([0, expect.stringMatching(/^sessions 5, /)]);
  });

  it('sessions lists every folder with its problem (exit 0); trace and doctor of a special trace say why, exit 1, without waiting', async () => {
    const listed = await cli('sessions', '--data-dir', harness, '--json');
    expect(listed.code, listed.stderr).toBe(0);
    const rows = JSON.parse(listed.stdout) as Array<{ pathKey: string; problem: string | null; counts?: unknown }>;
    for (const id of TRACE_SPECIAL) expect(rows.find((r) => r.pathKey === id), id).toMatchObject({ problem: expect.stringMatching(/not a regular file/) });
    expect(rows.find((r) => r.pathKey === 'sess_ok')).toMatchObject({ problem: null, counts: expect.anything() });
    for (const id of TRACE_SPECIAL) {
      for (const command of ['trace', 'doctor']) {
        const r = await cli(command, id, '--data-dir', harness);
        expect([r.code, r.stderr], `${command} ${id}`).toEqual([1, expect.stringMatching(/^SessionReadError: .*trace\.ndjson is not a regular file/)]);
      }
      const view = viewOf(id);
      expect(view.ok ? 'read' : [view.error.code, view.error.message], id).toEqual(['path-not-found', expect.stringMatching(/trace\.ndjson is not a regular file/)]);
    }
    const statusFifo = await cli('doctor', 'sess_status_fifo', '--data-dir', harness);
    expect([statusFifo.code, statusFifo.stderr]).toEqual([1, expect.stringMatching(/^SessionNotFoundError: Session not found: sess_status_fifo \(.*status\.json is not a regular file/)]);
  });

  it('outcomes exits 2 when no session of the tree can be read', async () => {
    const only = join(tmp, 'only-bad', '.little-harness');
    mkdirSync(join(only, 'sessions', 'sess_fifo'), { recursive: true });
    writeFileSync(join(only, 'sessions', 'sess_fifo', 'status.json'), status('sess_fifo'));
    mkfifo(join(only, 'sessions', 'sess_fifo', 'trace.ndjson'));
    const r = await cli('outcomes', '--data-dir', only);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', expect.stringMatching(/no session of .* could be read: .*trace\.ndjson is not a regular file/)]);
  });

  it('changes no byte of the folder', () => {
    expect(hashTree(root)).toEqual(before);
    expect(readFileSync(join(sessions, 'sess_torn_status', 'status.json'), 'utf8')).toHaveLength(25);
  });
});
