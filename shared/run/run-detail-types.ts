/**
 * What the run view receives from main: everything derived from one run's log, with heavy
 * bodies (requests, responses, tool args/results, step outputs) left out or cut to previews.
 * The full payload of any event is fetched on demand by sequence (`run.event`).
 */
import type { Diagnostic } from '../diagnostics';
import type { CrashBoundary } from '../fold/crash/crash-types';
import type { HarnessView } from '../fold/harness/harness-types';
import type { MaterializedStepAttempt, RunStateStatus, StepStatus, UsageTotals } from '../fold/run-state-types';
import type { RunSummary } from '../library';
import type { PricingProvenance } from '../pricing/staleness';
import type { PricedModelCall } from '../pricing/price-model-call';
import type { RunReport } from '../report/run-report';
import type { TimelineModel } from '../timeline/timeline-types';
import type { JsonPreview } from './json-preview';

/**
 * Address of a run: the data dir (one of the opened library's) and the run id; `at` puts it
 * "as of event #at" (time travel: the run as if its writer had died right after that event).
 */
export type RunRef = { dataDir: string; runId: string; at?: number };

/** One step of the folded state, without its output body. */
export type StepDetail = {
  stepPath: string;
  status: StepStatus;
  usage: UsageTotals;
  attempts: MaterializedStepAttempt[];
  outputRef?: string;
  artifactRefs: string[];
  metadata?: Record<string, unknown>;
  error?: JsonPreview;
  /** The step's inline output: a preview, and the StepCompleted sequence to fetch it whole. */
  output?: JsonPreview;
  completedSequence?: number;
  /** First and last events naming this step path (`payload.stepPath`). */
  firstSequence?: number;
  lastSequence?: number;
  /** From the workflow version's LWIR when stored. */
  uses?: string | null;
};

/** Run-level folded facts (little-workflow's MaterializedRunState without the steps map). */
export type RunStateHead = {
  runId: string;
  workflowVersionId?: string;
  status: RunStateStatus;
  startedAt?: string;
  finishedAt?: string;
  outputRef?: string;
  output?: JsonPreview;
  error?: JsonPreview;
  usage: UsageTotals;
  artifacts: string[];
  eventCount: number;
};

/** The lock dir of the run, as read from `locks/`. */
export type LockInfo = { state: 'none' | 'running' | 'crashed' | 'unknown'; pid: number | null; createdAt: string | null };

/**
 * The harness view without its bodies (fetch the events by sequence for those), and without its
 * execute_step spans, which no view shows (the crash boundary reads them in the worker): ~12 MB
 * of main's memory on a 200,000-event run.
 */
export type LiteHarnessView = Omit<HarnessView, 'modelTurns' | 'toolCalls' | 'sessions' | 'executeSteps'> & {
  sessions: Array<Omit<HarnessView['sessions'][number], 'result' | 'error'> & { error?: JsonPreview }>;
  modelTurns: Array<
    Omit<HarnessView['modelTurns'][number], 'request' | 'response'> & {
      responseText?: JsonPreview;
      /** Input text carried inline (loopctl's `query`). */
      requestText?: JsonPreview;
      /** The turn priced with the library's active table (null: no usage yet). The renderer never prices. */
      price: PricedModelCall | null;
    }
  >;
  toolCalls: Array<Omit<HarnessView['toolCalls'][number], 'args' | 'result' | 'error'> & { args?: JsonPreview; result?: JsonPreview; error?: JsonPreview }>;
};

/** Everything the run view shows first. */
export type RunDetail = {
  ref: RunRef;
  summary: RunSummary;
  state: RunStateHead;
  steps: StepDetail[];
  report: RunReport | null;
  /** Why the report could not be built (e.g. the log has a sequence gap), else null. */
  reportError: string | null;
  boundary: CrashBoundary | null;
  harness: LiteHarnessView;
  findings: Diagnostic[];
  pricing: PricingProvenance;
  lock: LockInfo;
  eventTypeCounts: Record<string, number>;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
  /** The last sequence folded into this detail (the live view asks for more after it). */
  lastSequence: number;
  /** The step timeline (Gantt) model, built in main (shared/timeline). */
  timeline: TimelineModel;
};

/** One row of the events list: enough to render and filter without the payload body. */
export type EventRow = {
  sequence: number;
  type: string;
  recordedAt: string;
  eventId: string;
  occurrenceId?: string;
  stepPath?: string;
  caller?: string;
  callId?: string;
  /** Characters of payload JSON (the body itself via `run.event`). */
  payloadChars: number;
  /** Set when the payload could not be parsed. */
  undecodable?: boolean;
};

/** Filters of the events view. */
export type EventFilterSpec = { typePrefix?: string; caller?: string; stepPath?: string };
