/**
 * A little-harness session's state (its status.json `state`, written by little-harness) in one
 * table: the run status it counts as (the run list's filters and colours) and the word every
 * view shows for it (the run list's badge, the sessions panel, the session view), so a session
 * never reads "completed" in one place and "idle" in another. The word is little-harness's own.
 */
import type { RunStateStatus } from '../fold/run-state-types';

const STATES: Record<string, { status: RunStateStatus; word: string } | undefined> = {
  running: { status: 'running', word: 'running' },
  queued: { status: 'pending', word: 'queued' },
  failed: { status: 'failed', word: 'failed' },
  // At rest after its last turn: done for now, it may take another.
  idle: { status: 'completed', word: 'idle' },
};

const known = (state: string | null) => (state !== null && Object.hasOwn(STATES, state) ? STATES[state] : undefined);

/** The run status of a session state (an unknown or missing state counts as pending). */
export function sessionRunStatus(state: string | null): RunStateStatus {
  return known(state)?.status ?? 'pending';
}

/** The word shown for a session state: little-harness's own, "unknown state" when status.json has none. */
export function sessionStateWord(state: string | null): string {
  if (state === null || state === '') return 'unknown state';
  return known(state)?.word ?? state;
}
