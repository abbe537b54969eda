/**
 * The fold's errors, with little-workflow's names and message wording (run-state.ts
 * @2884677, world.ts @a99f487), because the CLI prints them as `<name>: <message>`.
 */

/** The event array does not belong to the run or is not dense from sequence 1. */
export class RunStateEventMismatchError extends TypeError {
  constructor(message: string) {
    super(message);
    // Upstream extends TypeError too, so `instanceof TypeError` holds in both.
    this.name = 'RunStateEventMismatchError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** The run has no events at all. */
export class RunNotFoundError extends Error {
  constructor(runId: string) {
    super(`Run not found: ${runId}`);
    this.name = 'RunNotFoundError';
    Object.setPrototypeOf(this, new.target.prototype);
  }
}

/** The error for an event whose runId is not the folded run's. */
export function runIdMismatch(index: number, runId: string, received: unknown): RunStateEventMismatchError {
  return new RunStateEventMismatchError(
    `Event runId mismatch at index ${index}: expected ${runId}, received ${String(received)}.`,
  );
}

/** The error for an event whose sequence is not `index + 1`. */
export function sequenceMismatch(runId: string, expected: number, received: unknown): RunStateEventMismatchError {
  return new RunStateEventMismatchError(
    `Event sequence mismatch for ${runId}: expected ${expected}, received ${String(received)}.`,
  );
}
