/**
 * A run's model calls asked minus answered, counted from the model-call events alone: what
 * the run list can tell of a finished run without folding it. A positive balance means some
 * call may be in flight (a run that failed on a call's timeout never records its answer); only
 * the run's fold (the crash boundary, shared/fold/crash/in-flight.ts) says which, so the list
 * folds just the failed runs whose balance is positive (src-main/sources/little-workflow/run-rows.ts). A failure that retries is no answer, as the
 * harness view counts it; a zero or negative balance may still hide a call paired oddly, a
 * price paid for never folding balanced runs.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { isRecord } from './payload-values';

/** Stored types that ask for a model call (dotted and legacy names). */
export const ASKED_CALL_TYPES = ['harness.model.called', 'HarnessModelCalled'] as const;

/** Stored types that end a model call in failure (dotted and legacy names). */
export const FAILED_CALL_TYPES = ['harness.model.failed', 'HarnessModelFailed'] as const;

/** +1 for a call asked, -1 for one answered (responded, or failed without a retry), else 0. */
export function modelCallBalance(event: EventEnvelope): number {
  switch (normalizeHarnessEventType(event.type)) {
    case 'harness.model.called':
      return 1;
    case 'harness.model.responded':
      return -1;
    case 'harness.model.failed':
      return isRecord(event.payload) && event.payload.willRetry === true ? 0 : -1;
    default:
      return 0;
  }
}
