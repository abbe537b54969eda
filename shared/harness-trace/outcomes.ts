/**
 * `little-harness outcomes`: success rates of `outcome.reported` events by prompt hash and
 * step path, across sessions. Facts (docs/HARNESS-SESSIONS.md): the report shape and the CLI
 * test in little-harness `src/cli-core.test.ts`, the folding rules pinned by
 * `src/outcomes/aggregate.test.ts`, the event fields in `src/outcomes/types.ts` and
 * `record.ts` (aggregate.ts itself is not readable here; where its tests leave a choice, the
 * choice is named below).
 *
 * Folding: reports are taken in `sequence` order. A report without `reportKey` counts on its
 * own. For a `reportKey` the latest report is the verdict (the one before it is superseded); a
 * retraction withdraws the verdict only when the verdict has the retracted status (then the key
 * is cleared), else it is ignored. Every event ends in exactly one bucket:
 * eventCount = counted + superseded + retracted + cleared.
 */
import type { DiagnosticCode } from '../diagnostics';
import type { TraceEvent, TraceRead } from './trace-reader';

export type OutcomeStatus = 'success' | 'failure' | 'partial';

/** One `outcome.reported` event, its known fields split from the rest of its metadata. */
export type OutcomeReport = {
  eventId: string;
  sequence: number;
  sessionId: string;
  timestamp: string;
  turnId?: string;
  status: OutcomeStatus;
  retracted?: boolean;
  score?: number;
  detail?: string;
  source: string;
  reporter?: string;
  reportKey?: string;
  stepPath?: string;
  promptHash?: string;
  metadata: Record<string, unknown>;
};

export type OutcomeRate = { n: number; success: number; failure: number; partial: number; successRate: number | null };
export type KeyedOutcomeRate = { key: string } & OutcomeRate;

export type OutcomeAggregate = {
  eventCount: number;
  countedCount: number;
  supersededCount: number;
  retractedCount: number;
  clearedCount: number;
  overall: OutcomeRate;
  byPromptHash: KeyedOutcomeRate[];
  byStepPath: KeyedOutcomeRate[];
  unattributed: { withoutPromptHash: number; withoutStepPath: number };
};

/** What `little-harness outcomes` prints: the aggregate, the sessions read and the invalid lines skipped. */
export type OutcomesReport = OutcomeAggregate & {
  sessionIds: string[];
  invalidEventCount: number;
  /** Over a tree: the session folders whose trace could not be read (a FIFO, a device, a link out), left out of the counts. */
  unreadSessions?: UnreadSession[];
};

/** A session folder left out of a tree's outcomes, and why (its diagnostic's code and message). */
export type UnreadSession = { pathKey: string; code: DiagnosticCode; message: string };

const STATUSES: readonly string[] = ['success', 'failure', 'partial'];
const KNOWN = ['status', 'source', 'retracted', 'score', 'detail', 'reporter', 'reportKey', 'stepPath', 'promptHash'];

/** The outcome an event reports, or undefined for any other event (or an unknown status). */
export function outcomeFromEvent(event: TraceEvent): OutcomeReport | undefined {
  const m = event.metadata ?? {};
  if (event.type !== 'outcome.reported' || typeof m.status !== 'string' || !STATUSES.includes(m.status)) return undefined;
  const rest = Object.fromEntries(Object.entries(m).filter(([key]) => !KNOWN.includes(key)));
  const report: OutcomeReport = {
    eventId: event.eventId,
    sequence: event.sequence,
    sessionId: event.sessionId,
    timestamp: event.timestamp,
    status: m.status as OutcomeStatus,
    source: typeof m.source === 'string' ? m.source : '',
    metadata: rest,
  };
  if (event.turnId !== undefined) report.turnId = event.turnId;
  if (typeof m.retracted === 'boolean') report.retracted = m.retracted;
  if (typeof m.score === 'number') report.score = m.score;
  for (const key of ['detail', 'reporter', 'reportKey', 'stepPath', 'promptHash'] as const) {
    if (typeof m[key] === 'string') report[key] = m[key];
  }
  return report;
}

/** What became of one report in the fold: it counts, a later one of its key replaced it, it is a retraction, or a retraction withdrew it. */
export type OutcomeFate = 'counted' | 'superseded' | 'retracted' | 'cleared';

export type OutcomeFold = {
  counted: OutcomeReport[];
  eventCount: number;
  supersededCount: number;
  retractedCount: number;
  clearedCount: number;
  /** The bucket of every report (the counts above are these, counted). */
  fates: Map<OutcomeReport, OutcomeFate>;
};

/** Decide which reports count (latest per reportKey; retractions withdraw a live verdict of their status). */
export function foldOutcomes(reports: readonly OutcomeReport[]): OutcomeFold {
  // Stable sort: equal sequences (two writers in one millisecond) keep file order.
  const ordered = [...reports].sort((a, b) => a.sequence - b.sequence);
  const loose: OutcomeReport[] = [];
  const verdicts = new Map<string, OutcomeReport | null>();
  const fates = new Map<OutcomeReport, OutcomeFate>();
  for (const report of ordered) {
    if (report.retracted === true) {
      // Choice (not pinned by little-harness's tests): a retraction without a reportKey withdraws nothing.
      fates.set(report, 'retracted');
      const live = report.reportKey === undefined ? undefined : verdicts.get(report.reportKey);
      if (live && live.status === report.status) {
        verdicts.set(report.reportKey as string, null);
        fates.set(live, 'cleared');
      }
      continue;
    }
    fates.set(report, 'counted');
    if (report.reportKey === undefined) {
      loose.push(report);
      continue;
    }
    const previous = verdicts.get(report.reportKey);
    if (previous) fates.set(previous, 'superseded');
    verdicts.set(report.reportKey, report);
  }
  const keyed = [...verdicts.values()].filter((r): r is OutcomeReport => r !== null);
  const counted = [...loose, ...keyed].sort((a, b) => a.sequence - b.sequence);
  const count = (fate: OutcomeFate) => [...fates.values()].filter((f) => f === fate).length;
  return { counted, eventCount: reports.length, supersededCount: count('superseded'), retractedCount: count('retracted'), clearedCount: count('cleared'), fates };
}

/** Rates over the folded population, overall and by prompt hash and step path (keys in ascending order). */
export function aggregateOutcomes(reports: readonly OutcomeReport[]): OutcomeAggregate {
  const fold = foldOutcomes(reports);
  return {
    eventCount: fold.eventCount,
    countedCount: fold.counted.length,
    supersededCount: fold.supersededCount,
    retractedCount: fold.retractedCount,
    clearedCount: fold.clearedCount,
    overall: rateOf(fold.counted),
    byPromptHash: ratesBy(fold.counted, (r) => r.promptHash),
    byStepPath: ratesBy(fold.counted, (r) => r.stepPath),
    unattributed: {
      withoutPromptHash: fold.counted.filter((r) => r.promptHash === undefined).length,
      withoutStepPath: fold.counted.filter((r) => r.stepPath === undefined).length,
    },
  };
}

/** The outcomes report over sessions (each with its id, events and invalid-line count), sessions in id order. */
/** One session as `outcomes` reads it: its valid events, and its invalid lines counted (a torn tail is one). */
export type OutcomeSession = { sessionId: string; events: readonly TraceEvent[]; invalidEventCount: number };

/** The outcomes input of a read trace. */
export function outcomeSession(sessionId: string, trace: TraceRead): OutcomeSession {
  return { sessionId, events: trace.events.map((r) => r.event), invalidEventCount: trace.invalid.length + (trace.tornTail ? 1 : 0) };
}

export function outcomesReport(sessions: ReadonlyArray<OutcomeSession>): OutcomesReport {
  const ordered = [...sessions].sort((a, b) => a.sessionId.localeCompare(b.sessionId));
  const reports = ordered.flatMap((s) => s.events.map(outcomeFromEvent).filter((r): r is OutcomeReport => r !== undefined));
  return {
    ...aggregateOutcomes(reports),
    sessionIds: ordered.map((s) => s.sessionId),
    invalidEventCount: ordered.reduce((sum, s) => sum + s.invalidEventCount, 0),
  };
}

function rateOf(reports: readonly OutcomeReport[]): OutcomeRate {
  const success = reports.filter((r) => r.status === 'success').length;
  const failure = reports.filter((r) => r.status === 'failure').length;
  const partial = reports.length - success - failure;
  return { n: reports.length, success, failure, partial, successRate: reports.length === 0 ? null : success / reports.length };
}

function ratesBy(reports: readonly OutcomeReport[], keyOf: (r: OutcomeReport) => string | undefined): KeyedOutcomeRate[] {
  const groups = new Map<string, OutcomeReport[]>();
  for (const report of reports) {
    const key = keyOf(report);
    if (key !== undefined) groups.set(key, [...(groups.get(key) ?? []), report]);
  }
  return [...groups.keys()].sort().map((key) => ({ key, ...rateOf(groups.get(key) ?? []) }));
}
