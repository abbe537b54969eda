/**
 * Run execution locks (`locks/sha256_<hex>/owner.json`): whether a run's process is
 * still alive on this host, which is how a crash is told from a run in progress.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { fsDiagnostic } from '../fs/fs-diagnostics';
import { checkId, isRecord, parseJson, readContainedFile, readdirContained, statContained } from '../fs/safe-paths';

/** little-workflow's grace period before an owner-less lock counts as stale. */
export const LOCK_OWNER_GRACE_MS = 30_000;

/** `none`: no lock dir; `running`: owner pid alive; `crashed`: owner pid dead; `unknown`: owner unreadable. */
export type LockState = 'none' | 'running' | 'crashed' | 'unknown';

/** The parsed `owner.json`. */
export type LockOwner = { pid: number; createdAt: string; token: string };

/** What the lock of one run says. */
export type RunLockRead = {
  runId: string;
  lockName: string;
  state: LockState;
  owner: LockOwner | null;
  /** A `<lock>.recovering` dir exists: another process is taking over the run. */
  recovering: boolean;
  diagnostics: Diagnostic[];
};

/** Liveness probe; injectable so tests need not find a dead pid. */
export type PidAliveCheck = (pid: number) => boolean;

/** Lock dir name of a run: `sha256_` + hex sha256 of the JSON-quoted run id (its canonical JSON). */
export function lockNameForRunId(runId: string): string {
  return `sha256_${createHash('sha256').update(JSON.stringify(runId), 'utf8').digest('hex')}`;
}

/** True when `pid` exists on this host; EPERM means it exists but belongs to someone else. */
export const isPidAlive: PidAliveCheck = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Read the lock of `runId` in `dataDir`. */
export function readRunLock(dataDir: string, runId: string, alive: PidAliveCheck = isPidAlive, now = Date.now()): Result<RunLockRead> {
  const checked = checkId(runId, RUN_ID_PATTERN, 'run');
  if (!checked.ok) return checked;
  const lockName = lockNameForRunId(runId);
  const lockDir = join(dataDir, 'locks', lockName);
  const recovering = isDir(dataDir, join(dataDir, 'locks', `${lockName}.recovering`));
  const base = { runId, lockName, recovering, owner: null, diagnostics: [] as Diagnostic[] };
  if (!isDir(dataDir, lockDir)) return ok({ ...base, state: 'none' });
  const file = readContainedFile(dataDir, 'locks', lockName, 'owner.json');
  if (!file.ok) return file;
  const ownerPath = join(lockDir, 'owner.json');
  if (file.value.kind === 'missing') {
    // The owner is written just after the dir is made: a young lock may simply be mid-write.
    const young = now - (statContained(dataDir, lockDir)?.mtimeMs ?? 0) < LOCK_OWNER_GRACE_MS;
    return ok({
      ...base,
      state: 'unknown',
      diagnostics: [
        diagnostic('lock-owner-unreadable', `The lock of ${runId} has no owner.json${young ? ' yet (created in the last 30 s)' : ''}`, {
          path: ownerPath,
          runId,
          severity: young ? 'info' : 'warning',
        }),
      ],
    });
  }
  const owner = parseOwner(file.value.bytes.toString('utf8'));
  if (typeof owner === 'string') {
    return ok({
      ...base,
      state: 'unknown',
      diagnostics: [diagnostic('lock-owner-unreadable', `The lock owner of ${runId} is malformed: ${owner}`, { path: ownerPath, runId, severity: 'warning' })],
    });
  }
  // A pid only means something on the host that wrote it; a shared folder from another
  // machine would be misjudged, which the owner file gives no way to detect.
  return ok({ ...base, owner, state: alive(owner.pid) ? 'running' : 'crashed' });
}

/** Every run lock present, matched to `runIds`; lock dirs that match no run are returned by name. */
export function listRunLocks(dataDir: string, runIds: readonly string[], alive: PidAliveCheck = isPidAlive): Result<{ locks: RunLockRead[]; unmatched: string[] }> {
  let names: string[];
  try {
    names = readdirContained(dataDir, 'locks');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok({ locks: [], unmatched: [] });
    return fail(fsDiagnostic(error, join(dataDir, 'locks')));
  }
  const byName = new Map(runIds.filter((id) => RUN_ID_PATTERN.test(id)).map((id) => [lockNameForRunId(id), id]));
  const locks: RunLockRead[] = [];
  const unmatched: string[] = [];
  for (const name of names.filter((n) => /^sha256_[0-9a-f]{64}$/.test(n)).sort()) {
    const runId = byName.get(name);
    if (runId === undefined) {
      unmatched.push(name);
      continue;
    }
    const lock = readRunLock(dataDir, runId, alive);
    if (lock.ok) locks.push(lock.value);
  }
  return ok({ locks, unmatched });
}

function parseOwner(text: string): LockOwner | string {
  const parsed = parseJson(text);
  if (!parsed.ok) return `not JSON (${parsed.message})`;
  const o = parsed.value;
  if (!isRecord(o)) return 'not a JSON object';
  // pid 0 and negatives address process groups in kill(2): never probe them.
  if (typeof o.pid !== 'number' || !Number.isSafeInteger(o.pid) || o.pid <= 0) return 'pid must be a positive integer';
  if (typeof o.createdAt !== 'string' || typeof o.token !== 'string') return 'createdAt and token must be strings';
  return { pid: o.pid, createdAt: o.createdAt, token: o.token };
}

/** A folder inside the data dir (a lock dir symlinked elsewhere does not count). */
function isDir(dataDir: string, path: string): boolean {
  return statContained(dataDir, path)?.isDirectory() === true;
}
