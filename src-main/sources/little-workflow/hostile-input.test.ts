import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFsGuard } from '../../../test/fuzz/fs-guard';
import { openDataDir } from './data-dir-reader';
import { discover } from '../fs/discovery';
import { decodeStoredEvent } from './event-rows';
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../../shared/json-depth';
import { listRunLocks, readRunLock } from './lock-owners';
import { listOuterLoopIds } from './outer-loops';
import { parseJson, readContainedFile } from '../fs/safe-paths';
import { hashTree, sampleRun, tempRoot, writeClosedDataDir, writeCrashedDataDir } from '../../../test/support/store-test-fixtures';
import { listWorkflowVersionIds } from './workflow-versions';

// Regression tests for what the fuzz suite (test/fuzz/) found: each input here once hung,
// crashed, or made a reader touch a path outside the data dir.
const RUN = 'run_hostile';
const rawFs = createRequire(import.meta.url)('node:fs') as typeof import('node:fs');
let base: string;
beforeAll(() => {
  base = tempRoot('li-hostile-');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

let count = 0;
async function dataDir(crashed = false): Promise<{ dir: string; outside: string }> {
  const top = join(base, `case-${(count += 1)}`);
  const dir = join(top, '.little-workflow');
  const outside = join(top, 'outside');
  mkdirSync(outside, { recursive: true });
  await (crashed ? writeCrashedDataDir : writeClosedDataDir)(dir, sampleRun(RUN));
  return { dir, outside };
}

/** Run `fn` under the fuzz suite's fs guard; returns what it read outside `dir`. */
function escapesOf(dir: string, fn: () => void): string[] {
  const guard = startFsGuard([dir]);
  let escapes: { fn: string; real: string }[] = [];
  try {
    fn();
  } finally {
    escapes = guard.stop().escapes;
  }
  return escapes.map((e) => `${e.fn} ${e.real}`);
}

describe('special files where a file is expected', () => {
  it('a FIFO manifest is refused at once instead of blocking the read forever', async () => {
    const { dir } = await dataDir();
    mkdirSync(join(dir, 'artifacts'), { recursive: true });
    execFileSync('mkfifo', [join(dir, 'artifacts', 'art_fifo.json')]);
    const read = readContainedFile(dir, 'artifacts', 'art_fifo.json');
    expect(read).toMatchObject({ ok: false, error: { code: 'path-not-found', message: expect.stringContaining('not a regular file') } });
  });

  it('a folder where owner.json should be is a diagnostic, not an EISDIR crash', async () => {
    const { dir } = await dataDir();
    mkdirSync(join(dir, 'artifacts', 'art_dir.json'), { recursive: true });
    expect(readContainedFile(dir, 'artifacts', 'art_dir.json')).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a regular file') } });
  });

  it('a FIFO -wal is refused before SQLite or a copy opens it', async () => {
    const { dir } = await dataDir(true);
    rmSync(join(dir, 'events', 'events.db-wal'));
    execFileSync('mkfifo', [join(dir, 'events', 'events.db-wal')]);
    expect(openDataDir(dir)).toMatchObject({ ok: false, error: { message: expect.stringContaining('not a regular file') } });
  });
});

describe('symlinks leaving the data dir', () => {
  it.each(['events.db', 'events.db-wal', 'events.db-shm'])('%s symlinked elsewhere: refused, and nothing outside is even stat()ed', async (name) => {
    const { dir, outside } = await dataDir(true);
    renameSync(join(dir, 'events', name), join(outside, name));
    symlinkSync(join(outside, name), join(dir, 'events', name));
    const before = hashTree(join(dir, '..'));
    let opened: ReturnType<typeof openDataDir> | undefined;
    expect(escapesOf(dir, () => void (opened = openDataDir(dir)))).toEqual([]);
    expect(opened).toMatchObject({ ok: false, error: { code: 'path-outside-data-dir' } });
    expect(hashTree(join(dir, '..'))).toEqual(before);
  });

  it('an events/ folder symlinked elsewhere is neither discovered through nor opened', async () => {
    const { dir, outside } = await dataDir();
    renameSync(join(dir, 'events'), join(outside, 'events'));
    symlinkSync(join(outside, 'events'), join(dir, 'events'));
    let opened: ReturnType<typeof openDataDir> | undefined;
    expect(escapesOf(dir, () => discover(dir))).toEqual([]);
    expect(escapesOf(dir, () => void (opened = openDataDir(dir)))).toEqual([]);
    expect(opened?.ok).toBe(false);
  });

  it.each(['locks', 'outer-loops', 'workflow-versions'])('%s/ symlinked to /etc is not listed', async (folder) => {
    const { dir } = await dataDir();
    symlinkSync('/etc', join(dir, folder));
    const lists = { locks: () => listRunLocks(dir, [RUN]), 'outer-loops': () => listOuterLoopIds(dir), 'workflow-versions': () => listWorkflowVersionIds(dir) };
    let result: { ok: boolean; error?: { code: string } } | undefined;
    expect(escapesOf(dir, () => void (result = lists[folder as keyof typeof lists]()))).toEqual([]);
    expect(result).toMatchObject({ ok: false, error: { code: 'path-outside-data-dir' } });
    expect(escapesOf(dir, () => readRunLock(dir, RUN))).toEqual([]);
  });

  it('discovery skips a folder symlink leaving the root without stat()ing its target', async () => {
    const { dir } = await dataDir();
    const top = join(dir, '..');
    symlinkSync('/etc', join(top, 'etc-link'));
    const found = escapesOf(top, () => {
      const d = discover(top);
      expect(d.diagnostics.some((x) => x.code === 'path-outside-data-dir')).toBe(true);
    });
    expect(found).toEqual([]);
  });
});

describe('JSON nested too deep to print', () => {
  const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

  it('jsonTooDeep counts brackets outside strings only, and allows exactly the limit', () => {
    expect(jsonTooDeep(deep(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(deep(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '['.repeat(5000) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: '\\"'.repeat(3000) + '['.repeat(2000) }))).toBe(false);
  });

  it('a 10,000-level payload becomes payload-unparsable instead of a RangeError downstream', () => {
    const read = decodeStoredEvent(RUN, { sequence: 1, eventId: 'evt_0', type: 'RunStarted', occurrenceId: null, recordedAt: 't', payloadText: deep(10_000) });
    expect(read).toMatchObject({ ok: false, diagnostic: { code: 'payload-unparsable', message: expect.stringContaining('deeper than 1000') } });
    expect(parseJson(`{"a":${deep(10_000)}}`)).toMatchObject({ ok: false, message: expect.stringContaining('deeper') });
  });

  it('a payload at the limit still decodes and stringifies', () => {
    const read = decodeStoredEvent(RUN, { sequence: 1, eventId: 'evt_0', type: 'RunStarted', occurrenceId: null, recordedAt: 't', payloadText: deep(MAX_JSON_DEPTH) });
    expect(read.ok).toBe(true);
    if (read.ok) expect(() => JSON.stringify(read.event)).not.toThrow();
  });
});

describe('escape accounting', () => {
  it('the fs guard itself sees a read through a symlink to /etc (so an empty list means something)', async () => {
    const { dir } = await dataDir();
    symlinkSync('/etc/hostname', join(dir, 'leak'));
    writeFileSync(join(dir, 'ok.txt'), 'x');
    const found = escapesOf(dir, () => {
      readContainedFile(dir, 'ok.txt');
      // Deliberately bypass the product's checks: the guard must record this one.
      rawFs.readFileSync(join(dir, 'leak'));
    });
    expect(found).toContain('readFileSync /etc/hostname');
  });
});
