import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { JsonRecentStore, MAX_RECENT, readRecentFile, recentStoreIn } from './recent-store';
import { isInsideDataDir } from './user-data-file';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'recent-store-'));
  file = join(dir, 'recent.json');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('JsonRecentStore', () => {
  it('starts empty when the file is missing', () => {
    const store = new JsonRecentStore(file);
    expect(store.list()).toEqual([]);
    expect(store.lastOpened()).toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['an array', '[]'],
    ['wrong version', JSON.stringify({ version: 2, recent: ['/a'], lastOpened: '/a' })],
    ['recent not an array', JSON.stringify({ version: 1, recent: '/a', lastOpened: '/a' })],
    ['empty file', ''],
    ['null', 'null'],
  ])('ignores a malformed file (%s)', (_name, content) => {
    writeFileSync(file, content);
    const store = new JsonRecentStore(file);
    expect(store.list()).toEqual([]);
    expect(store.lastOpened()).toBeNull();
  });

  it('keeps only valid absolute, unique entries of a sound file, capped at 10', () => {
    const many = Array.from({ length: 15 }, (_, i) => `/data/${i}`);
    writeFileSync(
      file,
      JSON.stringify({ version: 1, recent: ['relative/path', 42, null, '', '/data/0', ...many], lastOpened: 'relative' }),
    );
    const state = readRecentFile(file);
    expect(state.recent).toEqual(many.slice(0, MAX_RECENT));
    expect(state.lastOpened).toBeNull();
  });

  it('puts the newest first, deduplicates, caps at 10 and persists', () => {
    const store = recentStoreIn(dir);
    for (let i = 0; i < 12; i++) store.add(`/data/${i}`);
    store.add('/data/5');
    expect(store.list()).toHaveLength(MAX_RECENT);
    expect(store.list()[0]).toBe('/data/5');
    expect(store.list().filter((p) => p === '/data/5')).toHaveLength(1);
    expect(store.lastOpened()).toBe('/data/5');

    const reread = new JsonRecentStore(file);
    expect(reread.list()).toEqual(store.list());
    expect(reread.lastOpened()).toBe('/data/5');
    expect(JSON.parse(readFileSync(file, 'utf8')).version).toBe(1);
    // The temp file was renamed away.
    expect(readdirSync(dir)).toEqual(['recent.json']);
  });

  it('ignores invalid paths passed to add', () => {
    const store = new JsonRecentStore(file);
    store.add('relative');
    store.add('');
    expect(store.list()).toEqual([]);
  });

  it('never writes inside a data dir', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const inside = join(dir, '.little-workflow', 'recent.json');
    new JsonRecentStore(inside).add('/data/a');
    expect(readdirSync(dir)).toEqual([]);
    expect(isInsideDataDir('/home/me/.little-harness/x/recent.json')).toBe(true);
    expect(isInsideDataDir('/home/me/.config/Little Inspector/recent.json')).toBe(false);
    error.mockRestore();
  });
});
