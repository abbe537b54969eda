/** The facts beside a run's log (RunModelFacts) that unit tests of the run model fold with: no lock, nothing pending, a fixed now. */
import type { RunModelFacts } from '../../shared/run/run-model-facts';

export function modelFacts(runId: string): RunModelFacts {
  return {
    ref: { dataDir: '/d', runId },
    summary: {} as RunModelFacts['summary'],
    subRunStatuses: {},
    lock: { state: 'none', pid: null, createdAt: null },
    lockOwner: 'dead',
    pendingCycle: {},
    undecodableSequences: [],
    now: new Date('2026-12-01T00:00:00Z'),
  };
}
