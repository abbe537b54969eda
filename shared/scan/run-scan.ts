/**
 * THE behavioural scan of one run, fed one event at a time as the log is read (never collected:
 * docs/READ-PATH.md): `add(event)` for each, then `result(audit)`. The scanners are small and
 * each owns one rule (docs/SCAN.md); this file only routes events to them with their place and
 * priced usage. When `needsResumeAudit` says so, the caller reads the log once more into an
 * array for the resume audit (shared/compare/resume-audit.ts needs random access).
 *
 * Only rows of SCAN_PAYLOAD_NEEDS's types reach a scanner; every other row counts only for when
 * it was written (the gap rules). A reader that leaves those rows out in SQL hands their times
 * apart (`timesApart`: every row's time through `time`, the rows of the scan's types through `add`).
 */
import type { ResumeAudit } from '../compare/resume-audit';
import { HARNESS_EVENT_TYPES, LEGACY_HARNESS_EVENT_TYPES, normalizeHarnessEventType } from '../events/event-names';
import type { PayloadNeeds } from '../events/payload-needs';
import { objectField, stringField } from '../fold/payload-fields';
import type { PriceTable } from '../pricing/price-table-types';
import { PricingFindings } from './pricing-findings';
import { RepeatedModelRequests } from './repeated-model-requests';
import { RepeatedToolCalls } from './repeated-tool-calls';
import { ResumeFindings } from './resume-findings';
import { ScanContext, type ScanEvent, type Scanner } from './scan-context';
import { DEFAULT_SCAN_SETTINGS, SEVERITY_RANK, type RunScanResult, type ScanFinding, type ScanSettings } from './scan-types';
import { SessionEndings } from './session-endings';
import { StepFailures } from './step-failures';

/** The event types a scanner reads (every other row only for its time; its payload may come unread). */
const READ_TYPES = [
  'RunStarted',
  'WorkflowVersionRegistered',
  'WorkflowValidationFailed',
  'StepAttemptStarted',
  'StepFailed',
  'StepCompleted',
  'RunFailed',
  'ModelCallCompleted',
  // The harness events but execute_step's, which no scanner reads: one list with the fold's.
  ...HARNESS_EVENT_TYPES.filter((type) => !type.startsWith('harness.execute_step.')),
];

/** What the scan reads of payloads: its types, under their legacy names too. */
export const SCAN_PAYLOAD_NEEDS: PayloadNeeds = Object.freeze({
  types: Object.freeze([...READ_TYPES, ...[...LEGACY_HARNESS_EVENT_TYPES].filter(([, dotted]) => READ_TYPES.includes(dotted)).map(([legacy]) => legacy)]),
});

export type RunScanOptions = { table: PriceTable; settings?: ScanSettings; now: Date };

/**
 * One row as the scan reads it (an EventEnvelope is one); `recordedAt` is unread when the times
 * come apart. `loneRequest`: a model call the reader proved no other two sends at its place can
 * equal (little-workflow/scan-rows.ts), so its request is not keyed.
 */
export type ScanInput = { type: string; sequence: number; payload: unknown; recordedAt?: string; loneRequest?: true };

export class RunScan {
  private readonly ctx: ScanContext;
  private readonly failures: StepFailures;
  private readonly resumes: ResumeFindings;
  private readonly pricing: PricingFindings;
  private readonly scanners: Scanner[];
  private timesApart = false;

  constructor(
    readonly runId: string,
    private readonly options: RunScanOptions,
  ) {
    this.ctx = new ScanContext(runId, options.settings ?? DEFAULT_SCAN_SETTINGS, options.table);
    this.failures = new StepFailures(this.ctx);
    this.resumes = new ResumeFindings(this.ctx);
    this.pricing = new PricingFindings(this.ctx);
    this.scanners = [new RepeatedToolCalls(this.ctx), new RepeatedModelRequests(this.ctx), this.failures, new SessionEndings(this.ctx)];
  }

  /** From now on the times of rows come through `time` (every row of the log), not with `add`. */
  takeTimesApart(): void {
    this.timesApart = true;
  }

  /** When the row `sequence` was written: every row of the log in sequence order, once `takeTimesApart` was called. */
  time(sequence: number, recordedAt: string): void {
    this.resumes.time(sequence, recordedAt);
  }

  /** Whether the log has a resume boundary the audit should look at (then pass its audit to `result`). */
  get needsResumeAudit(): boolean {
    return this.resumes.needsAudit;
  }

  add(input: ScanInput): void {
    if (!this.timesApart) this.resumes.time(input.sequence, input.recordedAt ?? '');
    const type = normalizeHarnessEventType(input.type);
    const payload = input.payload;
    let where: ScanEvent['where'] = null;
    if (type.startsWith('harness.')) {
      if (type === 'harness.session.started') {
        const started = this.ctx.places.sessionStarted(payload);
        if (started.resumed) this.resumes.resumedSession();
        where = started;
      } else {
        where = this.ctx.places.whereOf(payload);
        if (type === 'harness.session.completed' || type === 'harness.session.failed') this.ctx.places.sessionEnded(where);
      }
    }
    if (type === 'harness.model.responded' || type === 'ModelCallCompleted') {
      const priced = this.ctx.priceResponse(type, payload);
      if (priced !== null) {
        const model = objectField(payload, 'model');
        this.pricing.call(input.sequence, priced.costUsd, `${stringField(model, 'provider') ?? '?'}/${stringField(model, 'modelId') ?? '?'}`);
      }
    }
    const event: ScanEvent = { type, sequence: input.sequence, payload, where, loneRequest: input.loneRequest === true };
    for (const scanner of this.scanners) scanner.add(event);
  }

  /** The run's findings (most severe first, then in log order) and its failures for fleet mode. */
  result(audit: ResumeAudit | null = null): RunScanResult {
    const findings: ScanFinding[] = [];
    for (const scanner of this.scanners) scanner.finish(findings);
    this.resumes.finish(findings);
    if (audit !== null) this.resumes.auditFindings(audit, findings);
    this.pricing.finish(findings, this.options.now);
    return { runId: this.runId, workflowVersionId: this.failures.workflowVersionId, findings: sortFindings(findings), failures: this.failures.failures };
  }
}

/** Most severe first, then by the first event that shows it. */
export function sortFindings(findings: ScanFinding[]): ScanFinding[] {
  return findings.sort((a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || (a.sequences[0] ?? Infinity) - (b.sequences[0] ?? Infinity) || a.kind.localeCompare(b.kind));
}
