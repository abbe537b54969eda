/**
 * One open event database per `events.db` (per thread): the change probe, every reader of the
 * data dir and the live observer lease the same connection, and, while a `-wal` exists, the same
 * incremental mirror (wal-mirror.ts), so a commit costs one delta read however many ask.
 * A future consumer (the fleet index) leases it the same way: `leaseEventDb(driver, state)`.
 *
 * The connection is reopened, and the mirror brought up to date, only when no lease has a read
 * in flight (`pin`): a read that spans calls (a paged or sliced fold) keeps one frozen snapshot,
 * and the others see that snapshot until it ends. Each reopen bumps `generation`; a lease of an
 * older generation is stale and its holder leases again.
 *
 * A lease taken with `wait` (the live observer of the app and `serve`) never makes a full copy
 * in this thread: the copy is made by `wait.copier` (a thread of its own), and meanwhile the
 * lease is `pending` (no copy yet) or reads the last whole copy (older, but a committed state);
 * `wait.onReady` is told when the copy has landed. A lease without `wait` (the CLI, other
 * readers) copies here as before, joining nothing in flight.
 */
import { fail, ok, type Result } from '../../../shared/diagnostics';
import type { SqliteConnection, SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { WalMirror } from './wal-mirror';
import type { ReadRecipe, SidecarState } from './read-recipe';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CopiedMirror, MirrorCopier, MirrorCopyJob } from './mirror-copy';

/** How a lease waits for a full copy: made by `copier` off this thread; `onReady` told when it landed. */
export type CopyOffThread = { copier: MirrorCopier; onReady: () => void };

/** A consumer's hold on the shared database. */
export type EventDbLease = {
  /** No copy to read yet: a full copy is being made off this thread (`wait` leases only); lease again when told. */
  readonly pending: boolean;
  /** The shared connection; throws once a newer generation replaced it (lease again), or while `pending`. */
  readonly connection: SqliteConnection;
  readonly recipe: ReadRecipe;
  readonly state: SidecarState;
  /** Which opening of the shared connection this lease holds. */
  readonly generation: number;
  /** True when a lease taken now would see newer commits (or the files changed). */
  isStale(next: SidecarState): boolean;
  /** Hold the snapshot still until the returned release is called (a read in flight). */
  pin(): () => void;
  /** Give the lease back; the last one out closes the connection and removes any mirror. */
  close(): void;
};

type Current = { connection: SqliteConnection; recipe: ReadRecipe; state: SidecarState };

/** A full copy being made elsewhere into `target`; `outcome` once it answered (null: cancelled). */
type CopyInFlight = { job: MirrorCopyJob; target: string; outcome?: Result<CopiedMirror | 'wal-gone'> | null };

class SharedEventDb {
  generation = 0;
  private refs = 0;
  private pins = 0;
  private current: Current | null = null;
  private mirror: WalMirror | null = null;
  private copy: CopyInFlight | null = null;
  private copies = 0;
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly driver: SqliteDriver,
    private readonly dbPath: string,
    private readonly onEmpty: () => void,
  ) {}

  /** The mirror behind the `private-copy` recipe (tests and the bench read its counters). */
  get walMirror(): WalMirror | null {
    return this.mirror;
  }

  lease(state: SidecarState, wait?: CopyOffThread): Result<EventDbLease> {
    const ready = this.catchUp(state, wait);
    if (!ready.ok) {
      if (this.refs === 0) this.dispose();
      return ready;
    }
    this.refs += 1;
    if (ready.value === 'pending') return ok(this.leaseOf({ connection: null as unknown as SqliteConnection, recipe: 'private-copy', state: copying(state) }, -1));
    return ok(this.leaseOf(ready.value, this.generation));
  }

  private leaseOf(current: Current, generation: number): EventDbLease {
    let closed = false;
    const pending = generation === -1;
    const current_ = () => (generation === this.generation ? this.current : null);
    return {
      pending,
      get connection() {
        const now = current_();
        if (now === null) throw new Error(`${current.state.dbPath} ${pending ? 'is still being copied' : 'was reopened for newer commits'}; read again`);
        return now.connection;
      },
      recipe: current.recipe,
      state: current.state,
      generation,
      isStale: (next) => pending || generation !== this.generation || next.fingerprint !== this.current?.state.fingerprint || chooseRecipe(next) !== current.recipe,
      pin: () => {
        this.pins += 1;
        let released = false;
        return () => {
          if (released) return;
          released = true;
          this.pins -= 1;
        };
      },
      close: () => {
        if (closed) return;
        closed = true;
        this.refs -= 1;
        if (this.refs === 0) this.dispose();
      },
    };
  }

  /** The connection for `state`: the current one, or a reopened one when the files moved on and nothing pins it. */
  private catchUp(state: SidecarState, wait?: CopyOffThread): Result<Current | 'pending'> {
    if (this.copy !== null) {
      if (wait !== undefined) this.waiters.add(wait.onReady);
      const landed = this.land(state, wait !== undefined);
      if (landed !== 'go-on') return landed;
    }
    const current = this.current;
    if (current !== null && (this.pins > 0 || (current.state.fingerprint === state.fingerprint && current.recipe === chooseRecipe(state)))) return ok(current);
    if (chooseRecipe(state) === 'snapshot') return this.reopen('snapshot', state);
    if (this.mirror === null && wait !== undefined) {
      const made = WalMirror.empty(this.dbPath);
      if (!made.ok) return made;
      this.mirror = made.value;
      return this.startCopy(wait, state);
    }
    if (this.mirror === null) {
      const made = WalMirror.create(this.dbPath);
      if (!made.ok) return made;
      if (made.value === 'wal-gone') return this.reopen('snapshot', closedState(state));
      this.mirror = made.value;
      return this.reopen('private-copy', state);
    }
    this.closeConnection();
    const refreshed = this.mirror.refresh(wait !== undefined);
    if (!refreshed.ok) return refreshed;
    if (refreshed.value === 'wal-gone') return this.reopen('snapshot', closedState(state));
    if (refreshed.value === 'needs-copy') return this.startCopy(wait as CopyOffThread, state);
    return this.reopen('private-copy', state);
  }

  /** Have `wait.copier` make a full copy; meanwhile read the last whole copy, if there is one. */
  private startCopy(wait: CopyOffThread, state: SidecarState): Result<Current | 'pending'> {
    const mirror = this.mirror as WalMirror;
    if (!mirror.copied) mirror.stats.recopyReasons.push('first read');
    this.copies += 1;
    // A file of its own per copy: a cancelled thread may still be writing the last one's.
    const target = join(mirror.folder, `events.copy-${this.copies}.db`);
    const copy: CopyInFlight = { job: wait.copier(this.dbPath, target), target };
    this.copy = copy;
    this.waiters.add(wait.onReady);
    void copy.job.result.then((outcome) => {
      if (this.copy !== copy) return;
      copy.outcome = outcome;
      const waiters = [...this.waiters];
      this.waiters.clear();
      for (const ready of waiters) ready();
    });
    if (!mirror.copied) return ok('pending');
    return this.reopen('private-copy', copying(state));
  }

  /**
   * A copy is in flight: take it as the mirror once it answered and no read pins the file, else
   * go on reading what is there. A caller that cannot wait, with nothing to read, copies here.
   */
  private land(state: SidecarState, canWait: boolean): Result<Current | 'pending'> | 'go-on' {
    const copy = this.copy as CopyInFlight;
    if (copy.outcome === undefined || this.pins > 0) {
      if (this.current !== null) return ok(this.current);
      if (canWait) return ok('pending');
      this.cancelCopy();
      return 'go-on';
    }
    this.copy = null;
    const outcome = copy.outcome;
    if (outcome === null) return 'go-on';
    if (!outcome.ok || outcome.value === 'wal-gone') {
      removeQuietly(copy.target);
      if (!outcome.ok) return outcome;
      return this.reopen('snapshot', closedState(state));
    }
    this.closeConnection();
    try {
      (this.mirror as WalMirror).adopt(outcome.value, copy.target);
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'open', state.dbPath));
    }
    return 'go-on';
  }

  /** Stop the copy in flight; its file goes once its thread has stopped writing. */
  private cancelCopy(): Promise<void> {
    const copy = this.copy;
    this.copy = null;
    if (copy === null) return Promise.resolve();
    return copy.job.cancel().then(() => removeQuietly(copy.target));
  }

  private reopen(recipe: ReadRecipe, state: SidecarState): Result<Current> {
    this.closeConnection();
    if (recipe === 'snapshot') this.dropMirror();
    const path = recipe === 'snapshot' ? state.dbPath : (this.mirror as WalMirror).path;
    try {
      const connection = this.driver.open(path, recipe === 'snapshot' ? 'snapshot' : 'private');
      this.current = { connection, recipe, state };
      this.generation += 1;
      return ok(this.current);
    } catch (error) {
      return fail(sqliteDiagnostic(error, 'open', state.dbPath));
    }
  }

  private closeConnection(): void {
    const current = this.current;
    this.current = null;
    if (current === null) return;
    try {
      current.connection.close();
    } catch {
      // A statement left unfinished by a caller: the connection goes with the process.
    }
  }

  private dropMirror(): void {
    const mirror = this.mirror;
    this.mirror = null;
    if (mirror === null) return;
    if (this.copy === null) mirror.close();
    // The folder goes once the copy's thread no longer writes in it.
    else void this.cancelCopy().then(() => mirror.close());
  }

  private dispose(): void {
    this.closeConnection();
    this.dropMirror();
    this.onEmpty();
  }
}

/** The recipe for a sidecar state (never `immutable` while a `-wal` exists). */
export function chooseRecipe(state: SidecarState): ReadRecipe {
  return state.walExists ? 'private-copy' : 'snapshot';
}

/** Read while a copy is made elsewhere: stale to every lease, so each asks again until the copy has landed. */
function copying(state: SidecarState): SidecarState {
  return { ...state, fingerprint: `${state.fingerprint}|copying` };
}

function removeQuietly(path: string): void {
  rmSync(path, { force: true });
}

/** The `-wal` vanished: the writer closed cleanly (checkpointed), so the main file alone is whole. */
function closedState(state: SidecarState): SidecarState {
  return { ...state, walExists: false, shmExists: false, fingerprint: `${state.fingerprint}|closed` };
}

const open = new Map<SqliteDriver, Map<string, SharedEventDb>>();

/** Lease the shared database of `state.dbPath`, opened with `driver`. */
export function leaseEventDb(driver: SqliteDriver, state: SidecarState, wait?: CopyOffThread): Result<EventDbLease> {
  let byPath = open.get(driver);
  if (byPath === undefined) open.set(driver, (byPath = new Map()));
  let shared = byPath.get(state.dbPath);
  if (shared === undefined) {
    const paths = byPath;
    const made: SharedEventDb = new SharedEventDb(driver, state.dbPath, () => {
      if (paths.get(state.dbPath) === made) paths.delete(state.dbPath);
    });
    byPath.set(state.dbPath, (shared = made));
  }
  return shared.lease(state, wait);
}

/** The mirror now serving `dbPath`, if any (tests and the bench). */
export function walMirrorOf(dbPath: string): WalMirror | null {
  for (const byPath of open.values()) {
    const mirror = byPath.get(dbPath)?.walMirror;
    if (mirror) return mirror;
  }
  return null;
}

/** Open shared databases (tests: every lease given back means none). */
export function openEventDbCount(): number {
  let count = 0;
  for (const byPath of open.values()) count += byPath.size;
  return count;
}

