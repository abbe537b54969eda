/**
 * "If it had died here": the facts the run model takes for the log cut after event N. The
 * question is what a resume would do had the writer died right after N, so the lock owner is
 * taken as dead whatever the lock says now (the lock on disk describes today, not event N).
 */
import type { RunModelFacts } from './build-run-detail';

/** `facts` for a run evaluated as if its process died after the cut. */
export function factsIfDiedAfterCut(facts: RunModelFacts): RunModelFacts {
  return { ...facts, lockOwner: 'dead' };
}
