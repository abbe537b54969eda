/**
 * Time travel's moves in the worker. A move answers with its head at once; its lists (about a
 * second at 200,000 events) and its integrity check (seconds: every row is read) come after, in
 * the same thread, so a user who moves again (a key held, the scrubber dragged, the next click)
 * would wait for the last position's before seeing the new one. So a move's lists wait
 * `TRAVEL_SETTLE_MS` and are skipped, and its check (run in slices) stops, once a later move of
 * the same run was asked for: both answer `cancelled`. The renderer no longer shows that
 * position; main builds it again if it is shown after all (run-service.ts).
 */
import type { RunDetailContext } from './run-stages';

/** A request for a run's detail (a move when it is as of an event). */
export type DetailAsk = { id: number; dataDir: string; runId: string; context: Pick<RunDetailContext, 'upto'> };

/** How long a position must stay the latest before its lists are built. */
export const TRAVEL_SETTLE_MS = 250;

/** The latest move asked for, by run. */
export class TravelMoves {
  private readonly latest = new Map<string, number>();

  /**
   * Note a detail request as it arrives; for a move (a run's detail as of an event), a check that
   * says whether a later move of the same run has come since; null for the whole run.
   */
  note(request: DetailAsk): (() => boolean) | null {
    if (request.context.upto === undefined) return null;
    const run = `${request.dataDir}\u0000${request.runId}`;
    this.latest.set(run, request.id);
    return () => this.latest.get(run) !== request.id;
  }
}

/** Resolve after `ms`. */
export function settle(ms = TRAVEL_SETTLE_MS): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
