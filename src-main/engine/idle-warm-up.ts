/**
 * When a worker thread warms its fold (fold-warm-up.ts): the first time it has nothing to do
 * (after the library load that starts it, in the app and in `serve`), unless it has folded a run
 * already (its code is compiled then) or its first request was a live rescan. A request that comes meanwhile stops the warm-up at its
 * next slice, so it waits ~4 ms (~30 ms at most); the warm-up tries again when the thread is next idle,
 * a few times at most (the live observer's rescans may keep interrupting it).
 */
import type { WarmUpOutcome } from './fold-warm-up';

/** Requests that fold a run: once one has run, the thread's fold is compiled and needs no warm-up. */
const FOLDING_KINDS: ReadonlySet<string> = new Set(['detail', 'compare', 'diff']);

/**
 * A thread whose first request is a live rescan was started after its predecessor was recycled
 * (the app's first thread starts with the library load; the live observer's rescan 2 s later
 * starts the next): it is not warmed. Warmed, that thread held a 52 MB heap (against 15 MB)
 * beside the 200,000-event run just opened, for a next first fold ~0.15 s faster that may never come.
 */
const UNWARMED_FIRST_KINDS: ReadonlySet<string> = new Set(['discover']);

/** Warm-ups started at most per thread (one that is stopped is started again when the thread is idle). */
export const WARM_UP_TRIES = 3;

/** What a warm-up may be doing. */
export type WarmUpState = 'waiting' | 'running' | 'done';

/** Tracks a worker's requests and starts `warmUp` the first time none is in flight. */
export class IdleWarmUp {
  private inFlight = 0;
  private tries = 0;
  private folded = false;
  // Whether any request came yet (the first one's kind decides whether to warm up at all).
  private seen = false;
  private current: WarmUpState = 'waiting';

  constructor(private readonly warmUp: (stop: () => boolean) => Promise<WarmUpOutcome>) {}

  /** Where the warm-up stands. */
  get state(): WarmUpState {
    return this.current;
  }

  /** A request of `kind` came: a running warm-up stops at its next slice; a fold makes the rest pointless. */
  begin(kind: string): void {
    if (this.tries === 0 && this.current === 'waiting' && !this.seen && UNWARMED_FIRST_KINDS.has(kind)) this.current = 'done';
    this.seen = true;
    this.inFlight += 1;
    if (FOLDING_KINDS.has(kind)) this.folded = true;
  }

  /** A request is answered, its later stages too: when none is left, a warm-up still wanted starts. */
  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.startIfIdle();
  }

  private startIfIdle(): void {
    if (this.inFlight > 0 || this.current !== 'waiting') return;
    if (this.folded || this.tries >= WARM_UP_TRIES) {
      this.current = 'done';
      return;
    }
    this.tries += 1;
    this.current = 'running';
    // A failed warm-up costs nothing but itself: the next fold is merely not warmed.
    void this.warmUp(() => this.inFlight > 0).then(
      (outcome) => this.finish(outcome),
      () => this.finish('done'),
    );
  }

  // Stopped by a request: started again once the thread is idle (now, if that request is answered already).
  private finish(outcome: WarmUpOutcome): void {
    this.current = outcome === 'done' ? 'done' : 'waiting';
    this.startIfIdle();
  }
}
