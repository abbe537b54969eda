/**
 * The state folder's files: notes and OTLP settings written atomically in a temp state folder,
 * keyed by the data dir's real path, corrupt files reported (never thrown) and kept aside, secrets
 * never handed out, and the data dir byte-identical after every operation.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashTree, tempRoot } from '../../test/support/store-test-fixtures';
import { notesForRun, openAppState, type AppState } from './app-state';
import { NOTES_FILE } from './notes-store';
import { SETTINGS_FILE } from './otlp-settings-store';

let root: string;
let stateDir: string;
let dataDir: string;
let state: AppState;
beforeEach(() => {
  root = tempRoot('li-app-state-');
  stateDir = join(root, 'state');
  dataDir = join(root, 'project', '.little-workflow');
  mkdirSync(join(dataDir, 'events'), { recursive: true });
  writeFileSync(join(dataDir, 'events', 'events.db'), 'not touched');
  const opened = openAppState(stateDir);
  if (!opened.ok) throw new Error(opened.error.message);
  state = opened.value;
});

const mustPut = (input: Parameters<NonNullable<AppState['notes']>['put']>[0]) => {
  const put = state.notes!.put(input);
  if (!put.ok) throw new Error(put.error.message);
  return put.value;
};

describe('notes', () => {
  it('adds, lists in order, edits and deletes notes of a run, and leaves the data dir byte-identical', () => {
    const before = hashTree(dataDir);
    expect(existsSync(stateDir)).toBe(false);
    const step = mustPut({ dataDir, runId: 'run_a', target: { kind: 'step', stepPath: 'fetch' }, text: '  why did this retry?  ' });
    const event = mustPut({ dataDir, runId: 'run_a', target: { kind: 'event', eventId: 'evt_1', sequence: 7 }, text: 'here it broke' });
    const run = mustPut({ dataDir, runId: 'run_a', target: { kind: 'run' }, text: '<b>not html</b>' });
    mustPut({ dataDir, runId: 'run_b', target: { kind: 'run' }, text: 'another run' });
    expect(step.text).toBe('why did this retry?');
    const listed = notesForRun(state, { dataDir, runId: 'run_a' });
    expect(listed.problem).toBeNull();
    expect(listed.notes.map((n) => n.id)).toEqual([run.id, step.id, event.id]);
    expect(listed.notes[0].text).toBe('<b>not html</b>');

    const edited = state.notes!.put({ id: step.id, dataDir, runId: 'run_a', target: step.target, text: 'retried: rate limit' });
    expect(edited).toMatchObject({ ok: true, value: { id: step.id, text: 'retried: rate limit', createdAt: step.createdAt } });
    expect(state.notes!.remove(event.id)).toEqual({ ok: true, value: true });
    expect(state.notes!.remove(event.id)).toEqual({ ok: true, value: false });
    expect(notesForRun(state, { dataDir, runId: 'run_a' }).notes.map((n) => n.text)).toEqual(['<b>not html</b>', 'retried: rate limit']);

    // A fresh store (another process) reads the same file; no temp file is left behind.
    const again = openAppState(stateDir);
    expect(again.ok && notesForRun(again.value, { dataDir, runId: 'run_a' }).notes.length).toBe(2);
    expect(readdirSync(stateDir)).toEqual([NOTES_FILE]);
    expect(hashTree(dataDir)).toEqual(before);
  });

  it('keys notes by the data dir real path: a symlinked path finds the same notes', () => {
    symlinkSync(join(root, 'project'), join(root, 'link'));
    mustPut({ dataDir, runId: 'run_a', target: { kind: 'run' }, text: 'pinned' });
    expect(notesForRun(state, { dataDir: join(root, 'link', '.little-workflow'), runId: 'run_a' }).notes.map((n) => n.text)).toEqual(['pinned']);
  });

  it('refuses empty text and edits of notes that are gone', () => {
    expect(state.notes!.put({ dataDir, runId: 'run_a', target: { kind: 'run' }, text: '   ' })).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(state.notes!.put({ id: 'nope', dataDir, runId: 'run_a', target: { kind: 'run' }, text: 'x' })).toMatchObject({ ok: false, error: { code: 'item-not-found' } });
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['a wrong shape', '{"version":1,"notes":[{"id":3}]}'],
    ['another version', '{"version":9,"notes":[]}'],
  ])('reports a notes file that is %s as a typed problem, then keeps its bytes aside on the next save', (_name, bytes) => {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, NOTES_FILE), bytes);
    const listed = notesForRun(state, { dataDir, runId: 'run_a' });
    expect(listed.notes).toEqual([]);
    expect(listed.problem).toMatchObject({ code: 'state-file-corrupt', path: join(stateDir, NOTES_FILE) });
    expect(state.notes!.remove('any')).toMatchObject({ ok: false, error: { code: 'state-file-corrupt' } });
    mustPut({ dataDir, runId: 'run_a', target: { kind: 'run' }, text: 'fresh start' });
    const kept = readdirSync(stateDir).filter((name) => name.startsWith(`${NOTES_FILE}.corrupt-`));
    expect(kept).toHaveLength(1);
    expect(readFileSync(join(stateDir, kept[0]), 'utf8')).toBe(bytes);
    expect(notesForRun(state, { dataDir, runId: 'run_a' })).toMatchObject({ problem: null, notes: [{ text: 'fresh start' }] });
  });

  it('has no notes without a state folder, and refuses a state folder inside a data dir', () => {
    const none = openAppState(null);
    expect(none.ok && none.value.notes).toBeNull();
    expect(notesForRun(none.ok ? none.value : null, { dataDir, runId: 'run_a' })).toEqual({ notes: [], problem: null });
    expect(openAppState(join(dataDir, 'state'))).toMatchObject({ ok: false, error: { code: 'state-dir-refused' } });
    expect(existsSync(join(dataDir, 'state'))).toBe(false);
  });
});

describe('OTLP settings', () => {
  const settings = {
    endpoint: 'http://collector:4318',
    protocol: 'http/json' as const,
    content: false,
    semconv: '1.45' as const,
    headers: [
      { name: 'Authorization', secret: true, value: 'Basic c2VjcmV0' },
      { name: 'X-Scope-OrgID', secret: false, value: 'team-a' },
    ],
  };

  it('keeps settings in memory unless remembered; views never carry a secret value', () => {
    expect(state.otlpSettings.update(settings, false)).toEqual({ ok: true, value: undefined });
    expect(existsSync(join(stateDir, SETTINGS_FILE))).toBe(false);
    const { settings: view } = state.otlpSettings.view();
    expect(view).toMatchObject({ endpoint: 'http://collector:4318', remembered: false, stateDir });
    expect(view.headers).toEqual([
      { name: 'Authorization', secret: true, value: null },
      { name: 'X-Scope-OrgID', secret: false, value: 'team-a' },
    ]);
    expect(JSON.stringify(view)).not.toContain('c2VjcmV0');
    // A page sends the secret back as null: main fills in the kept value.
    expect(state.otlpSettings.complete({ ...settings, headers: view.headers })).toEqual({ ok: true, value: settings });
    expect(state.otlpSettings.complete({ ...settings, headers: [{ name: 'X-Other', secret: true, value: null }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-argument' },
    });
  });

  it('saves remembered settings (mode 0600) for the next process, and unticking removes them', () => {
    expect(state.otlpSettings.update(settings, true).ok).toBe(true);
    const file = join(stateDir, SETTINGS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const next = openAppState(stateDir);
    if (!next.ok) throw new Error('reopen');
    expect(next.value.otlpSettings.view().settings).toMatchObject({ endpoint: 'http://collector:4318', remembered: true });
    expect(next.value.otlpSettings.update(settings, false).ok).toBe(true);
    expect(readFileSync(file, 'utf8')).not.toContain('c2VjcmV0');
    const third = openAppState(stateDir);
    expect(third.ok && third.value.otlpSettings.view().settings.remembered).toBe(false);
  });

  it('remembers the GenAI conventions choice; a file saved before the choice existed reads as 1.45', () => {
    expect(state.otlpSettings.update({ ...settings, semconv: 'latest' }, true).ok).toBe(true);
    const next = openAppState(stateDir);
    if (!next.ok) throw new Error('reopen');
    expect(next.value.otlpSettings.view().settings.semconv).toBe('latest');
    writeFileSync(join(stateDir, SETTINGS_FILE), JSON.stringify({ version: 1, otlp: { endpoint: 'http://old:4318', protocol: 'http/json', headers: [], content: true } }));
    const old = openAppState(stateDir);
    if (!old.ok) throw new Error('reopen');
    expect(old.value.otlpSettings.view()).toMatchObject({ settings: { endpoint: 'http://old:4318', semconv: '1.45', remembered: true }, problem: null });
  });

  it('keeps an endpoint\'s userinfo as a secret: the view shows ***, and the shown URL sent back means the kept one', () => {
    const withUser = { ...settings, endpoint: 'https://alice:pa55word@collector:4318' };
    expect(state.otlpSettings.update(withUser, false).ok).toBe(true);
    const { settings: view } = state.otlpSettings.view();
    expect(view.endpoint).toBe('https://***@collector:4318/');
    expect(JSON.stringify(view)).not.toContain('pa55word');
    expect(state.otlpSettings.complete({ ...withUser, endpoint: view.endpoint, headers: view.headers })).toMatchObject({ ok: true, value: { endpoint: 'https://alice:pa55word@collector:4318' } });
    // A URL typed anew is taken as typed.
    expect(state.otlpSettings.complete({ ...withUser, endpoint: 'https://other:4318', headers: view.headers })).toMatchObject({ ok: true, value: { endpoint: 'https://other:4318' } });
  });

  it('reads a corrupt settings file as the defaults with a typed problem', () => {
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(join(stateDir, SETTINGS_FILE), '{"version":1,"otlp":{"endpoint":5}}');
    const { settings: view, problem } = state.otlpSettings.view();
    expect(view).toMatchObject({ endpoint: '', protocol: 'http/protobuf', headers: [], content: false, remembered: false });
    expect(problem).toMatchObject({ code: 'state-file-corrupt' });
  });
});
