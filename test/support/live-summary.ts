/** A live run summary for tests of the push path. */
import type { LiveRunSummary } from '../../shared/live/live-types';

/** A plain active run summary; spread and override fields per test. */
export const liveSummary: LiveRunSummary = {
  runId: 'run_a',
  dataDir: '/d',
  status: 'running',
  phase: 'active',
  eventCount: 0,
  lastSequence: 0,
  lastEventType: null,
  lastEventAt: null,
  startedAt: null,
  finishedAt: null,
  inputTokens: 0,
  outputTokens: 0,
  costUsd: 0,
  runningSteps: [],
  foldError: null,
};
