/**
 * The theme choice in the state folder's appearance.json: 'system' until one is chosen, kept
 * across processes, a broken file reported (never thrown) and kept aside by the next choice,
 * in memory only without a state folder, and the data dir never touched.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { createInspectorCore } from '../core/inspector-core';
import { openAppState } from './app-state';
import { APPEARANCE_FILE, createThemeStore } from './theme-store';

describe('the theme store', () => {
  it('reads system until a theme is chosen, then keeps it in appearance.json for the next process', () => {
    const dir = join(tempRoot('li-theme-'), 'state');
    expect(createThemeStore(dir).get()).toEqual({ theme: 'system', problem: null });
    expect(createThemeStore(dir).set('dark')).toEqual({ ok: true, value: undefined });
    expect(JSON.parse(readFileSync(join(dir, APPEARANCE_FILE), 'utf8'))).toEqual({ version: 1, theme: 'dark' });
    expect(statSync(join(dir, APPEARANCE_FILE)).mode & 0o777).toBe(0o600);
    expect(createThemeStore(dir).get()).toEqual({ theme: 'dark', problem: null });
    createThemeStore(dir).set('light');
    expect(createThemeStore(dir).get().theme).toBe('light');
  });

  it('reports a broken file as system with its diagnostic, and keeps its bytes aside when a theme is chosen', () => {
    const dir = join(tempRoot('li-theme-bad-'), 'state');
    createThemeStore(dir).set('light');
    writeFileSync(join(dir, APPEARANCE_FILE), '{"version":1,"theme":"purple"}');
    const read = createThemeStore(dir).get();
    expect(read.theme).toBe('system');
    expect(read.problem?.code).toBe('state-file-corrupt');
    expect(createThemeStore(dir).set('dark').ok).toBe(true);
    expect(createThemeStore(dir).get()).toEqual({ theme: 'dark', problem: null });
    const aside = readdirSync(dir).filter((name) => name.startsWith(`${APPEARANCE_FILE}.corrupt-`));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toContain('purple');
  });

  it('keeps the choice in memory without a state folder', () => {
    const store = createThemeStore(null);
    store.set('dark');
    expect(store.get()).toEqual({ theme: 'dark', problem: null });
  });

  it('answers settings.theme and settings.setTheme through the core', async () => {
    const dir = join(tempRoot('li-theme-core-'), 'state');
    const state = openAppState(dir);
    if (!state.ok) throw new Error(state.error.message);
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, state: state.value });
    onTestFinished(() => core.close());
    expect(await core.handlers['settings.setTheme']({ theme: 'light' })).toEqual({ ok: true, value: 'light' });
    expect(await core.handlers['settings.theme']({})).toEqual({ ok: true, value: { theme: 'light', problem: null } });
    expect(createThemeStore(dir).get().theme).toBe('light');
  });
});
