/**
 * Issue 30 item 3: private copies of user data never outlive their process. Every way out
 * (signals, an error exit, an uncaught error) removes them; a folder whose owner died anyway
 * (SIGKILL) is swept at the next start, and a live owner's is not; a full temp disk says so.
 */
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tsxNodeArgs } from '../scripts/fixtures/scenarios/wal';
import { PRIVATE_PREFIX, startTimeOf, sweepStalePrivateFolders } from '../src-main/sources/fs/private-temp';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { DataDirTail } from '../src-main/sources/little-workflow/data-dir-tail';
import type { LiveNotification } from '../shared/live/live-notifications';
import { onStdoutLines } from './support/child-lines';
import { sampleRun, writeCrashedDataDir } from './support/store-test-fixtures';
import { newDataDir, scratchRoot } from './support/scratch';

const HOLDER = fileURLToPath(new URL('./support/private-copy-holder.ts', import.meta.url));
const THREAD_HOLDER = fileURLToPath(new URL('./support/thread-copy-holder.ts', import.meta.url));
const CLI = fileURLToPath(new URL('../src-main/cli/main.ts', import.meta.url));

let dataDir: string;
beforeAll(async () => {
  dataDir = newDataDir();
  // A crashed writer's -wal: every read goes through a private mirror.
  await writeCrashedDataDir(dataDir, [...sampleRun('run_a'), ...sampleRun('run_b')]);
}, 60_000);

const ours = (dir: string) => readdirSync(dir).filter((name) => name.startsWith(PRIVATE_PREFIX));

/** Start `args` under its own TMPDIR, wait for `ready(line)`, then `act`; resolve with what is left there after it ends. */
function runUntil(args: string[], ready: (text: string) => boolean, act: (child: ReturnType<typeof spawn>) => void): Promise<{ during: string[]; left: string[]; signal: string | null; code: number | null }> {
  const tmp = mkdtempSync(join(scratchRoot('hyg-'), 'tmp-'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
    let during: string[] = [];
    let seen = '';
    const look = (chunk: Buffer) => {
      const before = seen;
      seen += chunk.toString();
      if (!ready(before) && ready(seen)) {
        during = ours(tmp);
        act(child);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ during, left: ours(tmp), signal, code }));
  });
}

describe('private copies are removed on every way out', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`a reader mid-read killed with ${signal} leaves no folder, and dies of the signal`, async () => {
      const result = await runUntil(tsxNodeArgs(HOLDER, [dataDir, 'wait']), (text) => text.includes('"ready"'), (child) => child.kill(signal));
      expect(result.during).toHaveLength(1);
      expect(result.left).toEqual([]);
      expect(result.signal).toBe(signal);
    }, 60_000);

    it(`\`tail\` stopped with ${signal} leaves no folder`, async () => {
      const result = await runUntil(tsxNodeArgs(CLI, ['tail', '--data-dir', dataDir]), (text) => text.includes('# following'), (child) => child.kill(signal));
      expect(result.during).toHaveLength(1);
      expect(result.left).toEqual([]);
    }, 60_000);
  }

  for (const mode of ['exit', 'throw'] as const) {
    it(`a reader that ends with ${mode === 'exit' ? 'process.exit(2)' : 'an uncaught error'} leaves no folder`, async () => {
      const result = await runUntil(tsxNodeArgs(HOLDER, [dataDir, mode]), (text) => text.includes('"ready"'), () => undefined);
      expect(result.during).toHaveLength(1);
      expect(result.left).toEqual([]);
      expect(result.code).not.toBe(0);
    }, 60_000);
  }
});

describe('a worker thread’s private copies', () => {
  for (const mode of ['exit', 'terminate'] as const) {
    it(`are removed when the process ends ${mode === 'exit' ? 'with the thread still reading' : 'after terminating the thread'}`, async () => {
      const result = await runUntil(tsxNodeArgs(THREAD_HOLDER, [dataDir, mode]), (text) => text.includes('"ready"'), () => undefined);
      expect(result.during).toHaveLength(1);
      expect(result.left).toEqual([]);
      expect(result.code).toBe(0);
    }, 60_000);
  }
});

describe('folders left by a dead owner are swept at start-up', () => {
  it('a dead pid’s folder is removed; a live owner’s, a reused pid’s start time and an unmarked folder are judged right', () => {
    const root = mkdtempSync(join(scratchRoot('sweep-'), 'tmp-'));
    const make = (name: string, marker: object | null) => {
      mkdirSync(join(root, name));
      writeFileSync(join(root, name, 'events.db'), 'copy of user data');
      if (marker !== null) writeFileSync(join(root, name, 'owner.json'), JSON.stringify(marker));
    };
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
    make(`${PRIVATE_PREFIX}dead`, { pid: Number(dead), start: '1' });
    make(`${PRIVATE_PREFIX}live`, { pid: process.pid, start: startTimeOf(process.pid) });
    // Our pid, but a process started at another time: the pid was reused, the owner is gone.
    make(`${PRIVATE_PREFIX}reused`, { pid: process.pid, start: startTimeOf(process.pid) === null ? null : '1' });
    make(`${PRIVATE_PREFIX}unmarked`, null);
    make('someone-else', { pid: Number(dead) });
    const removed = sweepStalePrivateFolders(root).map((dir) => dir.slice(root.length + 1)).sort();
    const expected = startTimeOf(process.pid) === null ? [`${PRIVATE_PREFIX}dead`] : [`${PRIVATE_PREFIX}dead`, `${PRIVATE_PREFIX}reused`];
    expect(removed).toEqual(expected.sort());
    expect(readdirSync(root).sort()).toEqual(['someone-else', `${PRIVATE_PREFIX}live`, `${PRIVATE_PREFIX}unmarked`, ...(expected.length === 1 ? [`${PRIVATE_PREFIX}reused`] : [])].sort());
  });

  it('the first private folder a process makes sweeps a SIGKILLed owner’s folder', async () => {
    const tmp = mkdtempSync(join(scratchRoot('hyg-'), 'tmp-'));
    const killed = await new Promise<string[]>((resolve, reject) => {
      const child = spawn(process.execPath, tsxNodeArgs(HOLDER, [dataDir, 'wait']), { env: { ...process.env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'pipe'] });
      onStdoutLines(child, () => child.kill('SIGKILL'));
      child.on('error', reject);
      child.on('exit', () => resolve(ours(tmp)));
    });
    expect(killed).toHaveLength(1);
    const result = await runUntil(tsxNodeArgs(HOLDER, [dataDir, 'exit']), (text) => text.includes('"ready"'), () => undefined);
    expect(result.during).toHaveLength(1);
    expect(result.during).not.toEqual(killed);
    expect(result.left).toEqual([]);
  }, 60_000);
});

/** A 1 MiB tmpfs: a real full temp disk. Needs CAP_SYS_ADMIN (root in this container). */
function smallTmpfs(): string | null {
  const mount = mkdtempSync(join(tmpdir(), 'li-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mount], { stdio: 'ignore' });
    return mount;
  } catch {
    rmSync(mount, { recursive: true, force: true });
    return null;
  }
}

describe('a full temp disk', () => {
  let mount: string | null = null;
  let big: string;
  beforeAll(async () => {
    mount = smallTmpfs();
    big = newDataDir();
    // ~2 MB of rows in a crashed dir: its mirror cannot fit in 1 MiB.
    await writeCrashedDataDir(big, [{ runId: 'run_big', type: 'StepCompleted', payload: { pad: 'z'.repeat(2000) }, repeat: 1000 }]);
  }, 60_000);
  afterAll(() => {
    if (mount === null) return;
    execFileSync('umount', [mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it('says so, naming the temp folder and TMPDIR, and the tail retries with a notice until there is room (skipped where tmpfs cannot be mounted)', (context) => {
    if (mount === null) return context.skip();
    const saved = process.env.TMPDIR;
    const roomy = tmpdir();
    process.env.TMPDIR = mount;
    try {
      const opened = openDataDir(big);
      expect(opened.ok).toBe(false);
      if (opened.ok) return;
      // Before: sqlite-open-failed, naming the data dir.
      expect(opened.error.code).toBe('temp-space-full');
      expect(opened.error.message).toContain(mount);
      expect(opened.error.message).toContain('TMPDIR');
      expect(ours(mount)).toEqual([]);

      const tail = new DataDirTail(big, { priceTable: BUNDLED_PRICE_TABLE, fullCheckMs: 1000, lockCheckMs: 1000, watch: false, wake: () => undefined, replayExisting: true });
      const notices: LiveNotification[] = [];
      tail.tick(0, 5000, notices);
      tail.tick(1, 5000, notices);
      const told = notices.filter((n) => n.kind === 'diagnostic').map((n) => (n as { diagnostic: { code: string; message: string } }).diagnostic);
      expect(told.map((d) => d.code)).toEqual(['temp-space-full']);
      // Room again (TMPDIR moved): the next tick reads.
      process.env.TMPDIR = roomy;
      tail.tick(2, 5000, notices);
      expect(notices.some((n) => n.kind === 'run.delta')).toBe(true);
      tail.stop();
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
