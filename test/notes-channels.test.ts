/**
 * Notes through the contract (`notes.list/put/delete`) and into every report format: kept in a
 * temp state folder, never in the data dir (byte-identical), only for data dirs and runs of the
 * opened library, the text escaped in HTML and Markdown, the JSON valid against the schema, and
 * the CLI's `export --state-dir` carrying the same notes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAppState } from '../src-main/app-state/app-state';
import { createInspectorCore, type InspectorCore } from '../src-main/core/inspector-core';
import { appStateIn, openedCore, unwrap } from './support/opened-core';
import { exportFixture } from './support/export-fixtures';
import { EXAMPLES } from './support/fixture-manifest';
import { validateJson } from './support/json-schema-subset';
import { cli } from './support/run-cli-captured';
import { hashTree, tempRoot } from './support/store-test-fixtures';

const schema = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'report-schema.json'), 'utf8'));
const run = exportFixture('failed');
const ref = { dataDir: run.dir, runId: run.runId };
const HOSTILE = '<script>alert(1)</script> | **bold** `tick`\nsecond line';
let stateDir: string;
let core: InspectorCore;
let before: Record<string, string>;

beforeAll(async () => {
  stateDir = join(tempRoot('li-notes-'), 'state');
  core = await openedCore(EXAMPLES, { live: false, state: appStateIn(stateDir) });
  before = hashTree(run.dir);
});
afterAll(() => core.close());

describe('notes channels', () => {
  it('pins, lists, edits and deletes notes on a run, a step and an event', async () => {
    const stepPath = (unwrap(await core.handlers['run.slice']({ ...ref, spec: { section: 'steps', from: 0, count: 1 } })).items[0] as { stepPath: string }).stepPath;
    const event = unwrap(await core.handlers['run.event']({ ...ref, sequence: 2 })).event!;
    const onStep = unwrap(await core.handlers['notes.put']({ ...ref, target: { kind: 'step', stepPath }, text: HOSTILE }));
    const onEvent = unwrap(await core.handlers['notes.put']({ ...ref, target: { kind: 'event', eventId: event.eventId, sequence: 2 }, text: 'this event' }));
    const onRun = unwrap(await core.handlers['notes.put']({ ...ref, target: { kind: 'run' }, text: 'ask Sam' }));
    expect(unwrap(await core.handlers['notes.list'](ref)).notes.map((n) => n.id)).toEqual([onRun.id, onStep.id, onEvent.id]);
    unwrap(await core.handlers['notes.put']({ ...ref, id: onRun.id, target: { kind: 'run' }, text: 'asked Sam: flaky tool' }));
    const scratch = unwrap(await core.handlers['notes.put']({ ...ref, target: { kind: 'run' }, text: 'scratch' }));
    expect(unwrap(await core.handlers['notes.delete']({ ...ref, id: scratch.id }))).toBe(true);
    expect(unwrap(await core.handlers['notes.list'](ref)).notes.map((n) => n.text)).toEqual(['asked Sam: flaky tool', HOSTILE, 'this event']);
    expect(readdirSync(stateDir)).toEqual(['notes.json']);
    expect(hashTree(run.dir)).toEqual(before);
  });

  it('refuses data dirs outside the opened library, runs it does not list, and deleting another run\'s note', async () => {
    expect(await core.handlers['notes.list']({ dataDir: '/etc', runId: run.runId })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(await core.handlers['notes.put']({ ...ref, runId: 'run_not_there', target: { kind: 'run' }, text: 'x' })).toMatchObject({ ok: false, error: { code: 'run-not-found' } });
    const mine = unwrap(await core.handlers['notes.list'](ref)).notes[0];
    const other = exportFixture('completed');
    expect(await core.handlers['notes.delete']({ dataDir: other.dir, runId: other.runId, id: mine.id })).toEqual({ ok: true, value: false });
    expect(unwrap(await core.handlers['notes.list'](ref)).notes.some((n) => n.id === mine.id)).toBe(true);
  });

  it('refuses to save notes when the state folder lies in a data dir of the opened library (a loopctl ledger folder here)', async () => {
    const ledgers = join(EXAMPLES, 'fixtures', 'loopctl', 'ledgers');
    const inside = openAppState(join(ledgers, 'state'));
    if (!inside.ok) throw new Error(inside.error.message);
    const guarded = createInspectorCore({ mode: 'browser', initialPath: null, live: false, state: inside.value });
    try {
      await guarded.openPath(EXAMPLES);
      expect(await guarded.handlers['notes.put']({ ...ref, target: { kind: 'run' }, text: 'x' })).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
      expect(existsSync(join(ledgers, 'state'))).toBe(false);
    } finally {
      guarded.close();
    }
  });

  it('answers unsupported without a state folder', async () => {
    const bare = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    try {
      await bare.openPath(EXAMPLES);
      expect(await bare.handlers['notes.put']({ ...ref, target: { kind: 'run' }, text: 'x' })).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    } finally {
      bare.close();
    }
  });
});

describe('notes in reports', () => {
  it('JSON carries them (valid against docs/report-schema.json); HTML and Markdown show them as text', async () => {
    const json = JSON.parse(unwrap(await core.handlers['run.export']({ ...ref, format: 'json' })).content);
    expect(validateJson(json, schema)).toEqual([]);
    expect(json.notes.map((n: { text: string }) => n.text)).toEqual(['asked Sam: flaky tool', HOSTILE, 'this event']);
    expect(json.notes[2].target).toMatchObject({ kind: 'event', sequence: 2 });
    const html = unwrap(await core.handlers['run.export']({ ...ref, format: 'html' })).content;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Notes (3)');
    const md = unwrap(await core.handlers['run.export']({ ...ref, format: 'md' })).content;
    expect(md).toContain('## Notes (3)');
    expect(md).toContain('> &lt;script\\>alert\\(1\\)&lt;/script\\> | \\*\\*bold\\*\\* \\`tick\\`');
    expect(md).toContain('> second line');
    expect(md).not.toContain('<script>');
  });

  it('the CLI export reads them from --state-dir, and has none with an empty state folder', async () => {
    const withNotes = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--state-dir', stateDir);
    expect(withNotes.code, withNotes.stderr).toBe(0);
    expect(JSON.parse(withNotes.stdout).notes).toHaveLength(3);
    const empty = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--state-dir', join(tempRoot('li-notes-empty-'), 'state'));
    expect(JSON.parse(empty.stdout).notes).toEqual([]);
    const refused = await cli('export', run.runId, '--format', 'json', '--data-dir', run.dir, '--state-dir', join(run.dir, 'state'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('never writes to a data dir');
    expect(hashTree(run.dir)).toEqual(before);
  });
});
