import { describe, expect, it } from 'vitest';
import { openDataDir } from './data-dir-reader';
import { loadBetterSqlite3Driver } from './driver-better-sqlite3';
import { chooseRecipe, type SidecarState } from './read-recipe';
import { WalModeUnsupportedError, type SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { hashTree, sampleRun, writeCrashedDataDir } from '../../../test/support/store-test-fixtures';
import { newDataDir } from '../../../test/support/scratch';


describe('chooseRecipe', () => {
  const state = (walExists: boolean, shmExists: boolean, dirWritable: boolean): SidecarState => ({ dbPath: 'x', walExists, shmExists, dirWritable, fingerprint: '' });
  it('never reads immutable while a -wal exists', () => {
    expect(chooseRecipe(state(false, false, true))).toBe('snapshot');
    expect(chooseRecipe(state(false, true, false))).toBe('snapshot');
    expect(chooseRecipe(state(true, true, true))).toBe('private-copy');
    expect(chooseRecipe(state(true, false, true))).toBe('private-copy');
    expect(chooseRecipe(state(true, true, false))).toBe('private-copy');
  });
});

describe('sqliteDiagnostic', () => {
  it('maps better-sqlite3 string codes and node:sqlite numeric errcodes alike', () => {
    const better = (code: string) => Object.assign(new Error(code), { code });
    const node = (errcode: number) => Object.assign(new Error('e'), { code: 'ERR_SQLITE_ERROR', errcode });
    expect(sqliteDiagnostic(better('SQLITE_CORRUPT'), 'read', 'p').code).toBe('sqlite-corrupt');
    expect(sqliteDiagnostic(better('SQLITE_NOTADB'), 'open', 'p').code).toBe('sqlite-not-a-database');
    expect(sqliteDiagnostic(better('SQLITE_BUSY'), 'read', 'p').code).toBe('sqlite-busy');
    expect(sqliteDiagnostic(better('SQLITE_READONLY_DIRECTORY'), 'open', 'p').code).toBe('permission-denied');
    expect(sqliteDiagnostic(node(11), 'read', 'p').code).toBe('sqlite-corrupt');
    expect(sqliteDiagnostic(node(26), 'open', 'p').code).toBe('sqlite-not-a-database');
    expect(sqliteDiagnostic(node(261), 'read', 'p')).toMatchObject({ code: 'sqlite-busy', detail: { sqliteCode: 'SQLITE_BUSY' } });
    expect(sqliteDiagnostic(node(1544), 'open', 'p')).toMatchObject({ code: 'permission-denied', detail: { sqliteCode: 'SQLITE_READONLY_DIRECTORY' } });
    expect(sqliteDiagnostic(new Error('plain'), 'open', 'p').code).toBe('sqlite-open-failed');
  });
});

describe('driver without URI support', () => {
  it('falls back to a private copy instead of opening the -shm read-write', async () => {
    const dir = newDataDir();
    await writeCrashedDataDir(dir, sampleRun('run_a'));
    const real = loadBetterSqlite3Driver()!;
    const noUri: SqliteDriver = {
      name: 'better-sqlite3',
      open: (path, mode) => {
        if (mode === 'wal') throw new WalModeUnsupportedError('test');
        return real.open(path, mode);
      },
    };
    const before = hashTree(dir);
    const reader = openDataDir(dir, { driver: noUri });
    if (!reader.ok) throw new Error(reader.error.message);
    expect(reader.value.recipe).toBe('private-copy');
    expect([...reader.value.readEvents('run_a')]).toHaveLength(4);
    reader.value.close();
    expect(hashTree(dir)).toEqual(before);
  });
});

// The node:sqlite adapter's tests live in driver-node-sqlite.node22.test.ts (Node 22 only).
