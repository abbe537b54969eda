/**
 * Failures that repeat: retry storms (many failed attempts of one step, with their error kinds),
 * model retry storms (many failed sends in one session), and how the run ended when
 * little-workflow names a loop or drift as the cause (`RunFailed.error.causeCode`:
 * `max_visits_exceeded`, `capability_drift`, `planner_validation_exhausted`), plus planner
 * revisions (`WorkflowValidationFailed` again and again). A step that failed once or twice and
 * then passed is the retry its workflow declared working, not a finding. It also keeps every
 * step failure's signature for fleet mode (shared/scan/fleet-findings.ts). Thresholds: docs/SCAN.md.
 */
import { objectField, stringField } from '../fold/payload-fields';
import { findingCost, usd, type CallCost, type ScanContext, type ScanEvent, type Scanner } from './scan-context';
import type { FailureSignature, ScanFinding } from './scan-types';
import { sessionLabel } from './session-endings';
import { stepShape } from './step-shape';

/** Failed attempts of one step that make a retry storm, and that make it an error. */
export const STEP_FAILURES_MIN = 3;
export const STEP_FAILURES_ERROR = 6;
/** Failed model sends in one session that make a model retry storm. */
export const MODEL_FAILURES_MIN = 3;
/** Planner revisions rejected by validation that make a finding. */
export const PLANNER_REJECTIONS_MIN = 2;

type StepRecord = { failures: number[]; kinds: string[]; attemptCalls: CallCost[]; failedCalls: CallCost[] };

/** An error envelope's kind: little-workflow's causeCode, else the error's name. */
export function errorKind(error: unknown): string {
  return stringField(error, 'causeCode') ?? stringField(error, 'name') ?? 'error';
}

export class StepFailures implements Scanner {
  private readonly steps = new Map<string, StepRecord>();
  private readonly modelFailures = new Map<string, { stepPath: string | null; sequences: number[]; kinds: string[] }>();
  private readonly rejections: number[] = [];
  private readonly plannerCalls: CallCost[] = [];
  private readonly found: ScanFinding[] = [];
  private readonly signatures: FailureSignature[] = [];
  private readonly completed = new Set<string>();
  workflowVersionId: string | null = null;

  constructor(private readonly ctx: ScanContext) {}

  private step(stepPath: string): StepRecord {
    let record = this.steps.get(stepPath);
    if (record === undefined) {
      record = { failures: [], kinds: [], attemptCalls: [], failedCalls: [] };
      this.steps.set(stepPath, record);
    }
    return record;
  }

  add(e: ScanEvent): void {
    switch (e.type) {
      case 'RunStarted':
      case 'WorkflowVersionRegistered': {
        const id = stringField(e.payload, 'workflowVersionId');
        if (id !== undefined) this.workflowVersionId = id;
        return;
      }
      case 'StepAttemptStarted': {
        const stepPath = stringField(e.payload, 'stepPath');
        if (stepPath !== undefined) this.step(stepPath).attemptCalls = [];
        return;
      }
      case 'harness.model.responded': {
        const callId = stringField(e.payload, 'callId');
        const cost = callId === undefined ? undefined : this.ctx.callCost(callId);
        if (cost === undefined) return;
        if (e.where?.stepPath) this.step(e.where.stepPath).attemptCalls.push(cost);
        else if (e.where?.place === 'role:planner') this.plannerCalls.push(cost);
        return;
      }
      case 'harness.model.failed': {
        if (e.where === null) return;
        let record = this.modelFailures.get(e.where.session);
        if (record === undefined) {
          record = { stepPath: e.where.stepPath, sequences: [], kinds: [] };
          this.modelFailures.set(e.where.session, record);
        }
        record.sequences.push(e.sequence);
        record.kinds.push(errorKind(objectField(e.payload, 'error')));
        return;
      }
      case 'StepFailed': {
        const stepPath = stringField(e.payload, 'stepPath');
        if (stepPath === undefined) return;
        const record = this.step(stepPath);
        const kind = errorKind(objectField(e.payload, 'error'));
        record.failures.push(e.sequence);
        record.kinds.push(kind);
        record.failedCalls.push(...record.attemptCalls);
        record.attemptCalls = [];
        if (this.workflowVersionId !== null) this.signatures.push({ workflowVersionId: this.workflowVersionId, stepShape: stepShape(stepPath), errorKind: kind, stepPath, sequence: e.sequence });
        return;
      }
      case 'StepCompleted': {
        const stepPath = stringField(e.payload, 'stepPath');
        if (stepPath === undefined) return;
        this.completed.add(stepPath);
        // A completed attempt's calls are no failed attempt's: a step that never failed keeps no record.
        const record = this.steps.get(stepPath);
        if (record !== undefined && record.failures.length === 0) this.steps.delete(stepPath);
        else if (record !== undefined) record.attemptCalls = [];
        return;
      }
      case 'WorkflowValidationFailed':
        this.rejections.push(e.sequence);
        return;
      case 'RunFailed':
        this.runFailed(e);
        return;
    }
  }

  private runFailed(e: ScanEvent): void {
    const error = objectField(e.payload, 'error');
    const cause = stringField(error, 'causeCode');
    const stepPath = stringField(error, 'failedStepPath') ?? null;
    const message = stringField(error, 'message') ?? '';
    if (cause === 'max_visits_exceeded') {
      this.found.push(
        this.ctx.finding('max-visits-exceeded', 'error', {
          message: `A decision loop ran out of visits${stepPath ? ` at ${stepPath}` : ''}: ${message}`,
          stepPath,
          sequences: [e.sequence],
          hint: 'The loop kept choosing to go round again until its maxVisits cap: look at the decision step\'s last outputs to see why it never chose to leave.',
        }),
      );
    } else if (cause === 'capability_drift') {
      this.found.push(
        this.ctx.finding('capability-drift', 'error', {
          message: `The run was refused on resume because its tools or harness changed: ${message}`,
          stepPath,
          sequences: [e.sequence],
          hint: 'A resume must see the same tools (MCP manifest, bash capabilities, harness) as the run it continues: resume with the original set, or start a new run.',
        }),
      );
    } else if (cause === 'planner_validation_exhausted') {
      this.found.push(this.plannerFinding('error', [...this.rejections, e.sequence], `The planner ran out of revisions: ${this.rejections.length} drafts failed validation`));
      this.rejections.length = 0;
    }
  }

  private plannerFinding(severity: 'warning' | 'error', sequences: number[], message: string): ScanFinding {
    const cost = findingCost(this.plannerCalls);
    return this.ctx.finding('planner-revisions', severity, {
      message: `${message} (planner calls: ${usd(cost)})`,
      sequences,
      costUsd: cost,
      hint: 'Read the validation findings of each rejected draft: the same finding again means the planner is not being told, or cannot fix, what is wrong.',
    });
  }

  /**
   * The failures fleet mode compares: those of steps that never completed in this run (a step
   * that failed and then passed is the retry its workflow declared working).
   */
  get failures(): FailureSignature[] {
    return this.signatures.filter((f) => !this.completed.has(f.stepPath));
  }

  finish(out: ScanFinding[]): void {
    out.push(...this.found);
    if (this.rejections.length >= PLANNER_REJECTIONS_MIN) out.push(this.plannerFinding('warning', this.rejections, `${this.rejections.length} planner drafts failed validation before one passed`));
    for (const [stepPath, record] of this.steps) {
      const n = record.failures.length;
      if (n < STEP_FAILURES_MIN) continue;
      const cost = findingCost(record.failedCalls);
      out.push(
        this.ctx.finding('retry-storm', n >= STEP_FAILURES_ERROR ? 'error' : 'warning', {
          message: `Step ${stepPath} failed ${n} attempts (${countKinds(record.kinds)})${record.failedCalls.length > 0 ? `; the failed attempts' model calls: ${usd(cost)}` : ''}`,
          stepPath,
          sequences: record.failures,
          costUsd: cost,
          hint: 'Retrying the same way rarely helps: read the first failure\'s error; a schema error wants a clearer output contract or prompt, a tool error a fix to the tool or its input.',
        }),
      );
    }
    for (const [session, record] of this.modelFailures) {
      if (record.sequences.length < MODEL_FAILURES_MIN) continue;
      out.push(
        this.ctx.finding('model-retry-storm', 'warning', {
          message: `${record.sequences.length} model calls failed in ${sessionLabel(session, record.stepPath)} (${countKinds(record.kinds)})`,
          stepPath: record.stepPath,
          sequences: record.sequences,
          hint: 'Repeated provider errors (rate limits, timeouts, overloaded) want backoff or a different model; an error the request causes wants the request fixed.',
        }),
      );
    }
  }
}

/** `3× step_schema_error, 1× step_failed`. */
export function countKinds(kinds: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const kind of kinds) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return [...counts].map(([kind, n]) => `${n}× ${kind}`).join(', ');
}
