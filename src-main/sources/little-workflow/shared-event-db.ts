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
 */
import { fail, ok, type Result } from '../../../shared/diagnostics';
import type { SqliteConnection, SqliteDriver } from './sqlite-driver';
import { sqliteDiagnostic } from './sqlite-errors';
import { WalMirror } from './wal-mirror';
import type { ReadRecipe, SidecarState } from './read-recipe';

/** A consumer's hold on the shared database. */
export type EventDbLease = {
  /** The shared connection; throws once a newer generation replaced it (lease again). */
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

class SharedEventDb {
  generation = 0;
  private refs = 0;
  private pins = 0;
  private current: Current | null = null;
  private mirror: WalMirror | null = null;

  constructor(
    private readonly driver: SqliteDriver,
    private readonly dbPath: string,
    private readonly onEmpty: () => void,
  ) {}

  /** The mirror behind the `private-copy` recipe (tests and the bench read its counters). */
  get walMirror(): WalMirror | null {
    return this.mirror;
  }

  lease(state: SidecarState): Result<EventDbLease> {
    const ready = this.catchUp(state);
    if (!ready.ok) {
      if (this.refs === 0) this.dispose();
      return ready;
    }
    this.refs += 1;
    return ok(this.leaseOf(ready.value, this.generation));
  }

  private leaseOf(current: Current, generation: number): EventDbLease {
    let closed = false;
    const current_ = () => (generation === this.generation ? this.current : null);
    return {
      get connection() {
        const now = current_();
        if (now === null) throw new Error(`${current.state.dbPath} was reopened for newer commits; read again`);
        return now.connection;
      },
      recipe: current.recipe,
      state: current.state,
      generation,
      isStale: (next) => generation !== this.generation || next.fingerprint !== this.current?.state.fingerprint || chooseRecipe(next) !== current.recipe,
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
  private catchUp(state: SidecarState): Result<Current> {
    const current = this.current;
    if (current !== null && (this.pins > 0 || (current.state.fingerprint === state.fingerprint && current.recipe === chooseRecipe(state)))) return ok(current);
    if (chooseRecipe(state) === 'snapshot') return this.reopen('snapshot', state);
    if (this.mirror === null) {
      const made = WalMirror.create(this.dbPath);
      if (!made.ok) return made;
      if (made.value === 'wal-gone') return this.reopen('snapshot', closedState(state));
      this.mirror = made.value;
      return this.reopen('private-copy', state);
    }
    this.closeConnection();
    const refreshed = this.mirror.refresh();
    if (!refreshed.ok) return refreshed;
    if (refreshed.value === 'wal-gone') return this.reopen('snapshot', closedState(state));
    return this.reopen('private-copy', state);
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
    this.mirror?.close();
    this.mirror = null;
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

/** The `-wal` vanished: the writer closed cleanly (checkpointed), so the main file alone is whole. */
function closedState(state: SidecarState): SidecarState {
  return { ...state, walExists: false, shmExists: false, fingerprint: `${state.fingerprint}|closed` };
}

const open = new Map<SqliteDriver, Map<string, SharedEventDb>>();

/** Lease the shared database of `state.dbPath`, opened with `driver`. */
export function leaseEventDb(driver: SqliteDriver, state: SidecarState): Result<EventDbLease> {
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
  return shared.lease(state);
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

