import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelNames } from '../shared/contract';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { defaultWritableCheck } from '../src-main/sources/little-workflow/read-recipe';
import { hashTree } from './support/store-test-fixtures';
import type { EventRead } from '../src-main/sources/little-workflow/store-types';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { OPERATIONS } from './support/operations';
import { runOperations, type OpRecord } from './support/run-operations';

// The read-only proof across every way a data dir can look on disk: every row of OPERATIONS
// (test/support/operations.ts, also run by the fuzz suite) over copies, byte-identical after.
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'li-readonly-modes-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Copy the generated data dir `examples/<dataDir>` (one of the manifest's) as `name`. */
function copyOf(dataDir: string, name: string): { dir: string; runId: string } {
  const run = manifestRows().find((r) => r.dataDir === dataDir);
  if (run === undefined) throw new Error(`no generated run in ${dataDir}`);
  const dir = join(root, name);
  cpSync(join(EXAMPLES, dataDir), dir, { recursive: true });
  return { dir, runId: run.runId };
}

const KILLED = 'fixtures/wal-killed/.little-workflow';
const COMPLETED = 'fixtures/completed/.little-workflow';

const events = (dir: string, suffix = '') => join(dir, 'events', `events.db${suffix}`);
const broken = (records: OpRecord[]) => records.filter((r) => r.outcome.kind === 'crash' || r.outcome.kind === 'hang');

/** Run every operation on `dir`; nothing may crash or hang, and no byte may change. */
async function proveReadOnly(dir: string): Promise<OpRecord[]> {
  const before = hashTree(dir);
  const records = await runOperations(dir);
  expect(broken(records)).toEqual([]);
  expect(hashTree(dir)).toEqual(before);
  return records;
}

function readAll(dir: string, runId: string, isWritable?: (d: string) => boolean): { recipe: string | null; reads: EventRead[] } {
  const reader = openDataDir(dir, isWritable ? { isWritable } : {});
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const reads = [...reader.value.readEvents(runId)];
    return { recipe: reader.value.recipe, reads };
  } finally {
    reader.value.close();
  }
}

describe('OPERATIONS', () => {
  it('covers every contract channel that reads data (a new channel needs its row)', () => {
    // dialog.exportReport, dialog.saveBundle: desktop only (a save dialog; it writes only where the user chose).
    // library.cancelOpen: stops an open under way; it reads nothing.
    const notReads = new Set(['app.info', 'dialog.openDirectory', 'dialog.exportReport', 'dialog.saveBundle', 'pricing.load', 'library.current', 'library.cancelOpen']);
    const covered = new Set(OPERATIONS.map((op) => op.name.split(' ')[0]));
    expect(channelNames.filter((c) => !notReads.has(c) && !covered.has(c))).toEqual([]);
  });

  it('every operation on a copy of all generated data dirs changes nothing', async () => {
    const top = join(root, 'examples');
    cpSync(EXAMPLES, top, { recursive: true });
    const records = await proveReadOnly(top);
    expect(new Set(records.map((r) => r.op))).toEqual(new Set(OPERATIONS.map((op) => op.name)));
    // Every operation on every generated run (74 runs, the redaction group's 260,000-character artifact among them).
  }, 300_000);
});

describe('little-harness session folders', () => {
  it('every operation on a folder holding only sessions (rows, trace streams, links into the nested world, the live tail) changes nothing', async () => {
    const top = join(root, 'only-sessions');
    cpSync(join(EXAMPLES, 'fixtures', 'sessions'), top, { recursive: true });
    const records = await proveReadOnly(top);
    const targets = new Set(records.map((r) => r.target));
    // The sessions are rows (run operations ran on each) and the world inside sess_workflow was found.
    for (const id of ['sess_crashed', 'sess_failing', 'sess_refactor', 'sess_workflow']) expect(targets).toContain(`${join(top, '.little-harness')}#${id}`);
    expect(targets).toContain(`${join(top, '.little-harness', 'sessions', 'sess_workflow', 'workflows')}#run_summarize_call_wf1`);
    expect(records.filter((r) => r.op === 'session.view').map((r) => r.outcome.kind)).toEqual(['diagnosed']);
    expect(records.filter((r) => r.op === 'cli tail --from-start' && r.target === join(top, '.little-harness')).map((r) => r.outcome.kind)).toEqual(['ok']);
  }, 300_000);

  it('the session commands on every generated session (torn, invalid, spooled) change nothing', async () => {
    const top = join(root, 'sessions-only');
    cpSync(join(EXAMPLES, 'fixtures', 'sessions'), join(top, 'sessions'), { recursive: true });
    cpSync(join(EXAMPLES, 'fixtures', 'harness'), join(top, 'harness'), { recursive: true });
    const before = hashTree(top);
    const op = OPERATIONS.find((o) => o.name.startsWith('cli sessions'));
    const outcome = await op?.run(async () => ({ kind: 'ok' }), { root: top, dataDir: top, runId: '' });
    // doctor exits 1 on the failing sessions' findings: diagnosed, never a crash.
    expect(outcome).toEqual({ kind: 'diagnosed', code: 'exit-1' });
    expect(hashTree(top)).toEqual(before);
  });
});

describe('sidecar states', () => {
  it('cleanly closed (no -wal, no -shm): read as a snapshot, and no sidecar appears', async () => {
    const { dir, runId } = copyOf(COMPLETED, 'closed');
    expect([existsSync(events(dir, '-wal')), existsSync(events(dir, '-shm'))]).toEqual([false, false]);
    expect(readAll(dir, runId).recipe).toBe('snapshot');
    await proveReadOnly(dir);
    expect([existsSync(events(dir, '-wal')), existsSync(events(dir, '-shm'))]).toEqual([false, false]);
  });

  it('-wal and -shm present: the -shm (the one file a reader may open for writing) stays byte-identical', async () => {
    const { dir } = copyOf(KILLED, 'wal-shm');
    const shmBefore = statSync(events(dir, '-shm'));
    await proveReadOnly(dir);
    expect(statSync(events(dir, '-shm')).mtimeMs).toBe(shmBefore.mtimeMs);
  });

  it('-wal without -shm: read from a private copy, and no -shm is created', async () => {
    const { dir, runId } = copyOf(KILLED, 'wal-only');
    unlinkSync(events(dir, '-shm'));
    expect(readAll(dir, runId).recipe).toBe('private-copy');
    await proveReadOnly(dir);
    expect(existsSync(events(dir, '-shm'))).toBe(false);
  });
});

describe('read-only folders', () => {
  it('an injected isWritable=false reads a live WAL dir through a private copy, with the same events', async () => {
    const { dir, runId } = copyOf(KILLED, 'not-writable');
    const before = hashTree(dir);
    const normal = readAll(dir, runId);
    const readOnly = readAll(dir, runId, () => false);
    expect(normal.recipe).toBe('private-copy');
    expect(readOnly.recipe).toBe('private-copy');
    expect(readOnly.reads).toEqual(normal.reads);
    expect(readOnly.reads.length).toBeGreaterThan(0);
    expect(hashTree(dir)).toEqual(before);
  });

  const immutable = chattrSupport();
  it.skipIf(!immutable.ok)(`an immutable data dir and events/ (chattr +i)${immutable.ok ? '' : `: skipped, ${immutable.reason}`}`, async () => {
    const wal = copyOf(KILLED, 'immutable-wal');
    const closed = copyOf(COMPLETED, 'immutable-closed');
    const locked = [wal.dir, events(wal.dir, '').replace(/events\.db$/, ''), closed.dir, events(closed.dir, '').replace(/events\.db$/, '')];
    execFileSync('chattr', ['+i', ...locked]);
    try {
      expect(defaultWritableCheck(join(wal.dir, 'events'))).toBe(false);
      expect(readAll(wal.dir, wal.runId).recipe).toBe('private-copy');
      expect(readAll(closed.dir, closed.runId).recipe).toBe('snapshot');
      await proveReadOnly(wal.dir);
      await proveReadOnly(closed.dir);
    } finally {
      execFileSync('chattr', ['-i', ...locked]);
    }
  });
});

/** Whether `chattr +i` works here (root on ext4/xfs/btrfs does; tmpfs, overlayfs and non-root do not). */
function chattrSupport(): { ok: boolean; reason: string } {
  const probe = mkdtempSync(join(tmpdir(), 'li-chattr-'));
  try {
    writeFileSync(join(probe, 'f'), '');
    execFileSync('chattr', ['+i', probe], { stdio: 'pipe' });
    let blocked = false;
    try {
      writeFileSync(join(probe, 'g'), '');
    } catch {
      blocked = true;
    }
    execFileSync('chattr', ['-i', probe], { stdio: 'pipe' });
    return blocked ? { ok: true, reason: '' } : { ok: false, reason: 'chattr +i did not stop writes on this file system' };
  } catch (error) {
    return { ok: false, reason: `chattr +i is not supported here (${(error as Error).message.split('\n')[0]})` };
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
