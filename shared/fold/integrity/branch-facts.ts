/**
 * Parallel branch bookkeeping, as runtime.ts checks it on resume
 * (`assertParallelBranchFactsScheduledForWorkflow` / `scheduledBranchesFor`, @2884677):
 * every branch fact needs a matching `ParallelBranchScheduled` of the same parent step and
 * attempt, and Scheduled events must not repeat a path or map one branchIndex / itemKey
 * to two paths. A branch fact is a `ParallelBranchCompleted` / `Failed`, or any event whose
 * `payload.stepPath` lies inside `<step>[key].` / `<step>@attempt_<n>[key].`.
 *
 * Without the LWIR we do not know which steps are parallel; branch-shaped paths only ever
 * come from parallel steps, so the parent is read off the path itself.
 */
import { diagnostic, type Diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { field, stringField } from '../payload-fields';

const SEP = '\u0000';
// Top-level step ids contain no '.', '[' or ']'; the attempt marker is reserved.
const BRANCH_STEP_PATH = /^([^.[\]]+?)(?:@attempt_(\d+))?\[/u;
const MAX_LISTED = 50;

type Scheduled = { itemKey?: string; branchIndex?: number; sequence: number };
type Fact = { parent: string; attempt: number; branchPath: string; sequences: number[] };

function attemptOf(payload: unknown): number {
  const raw = field(payload, 'attempt');
  if (raw === undefined) return 1;
  return typeof raw === 'number' ? raw : Number.NaN;
}

// runtime.ts `stringProperty` also accepts numbers and booleans, stringified.
function looseString(payload: unknown, key: string): string | undefined {
  const raw = field(payload, key);
  if (typeof raw === 'string') return raw;
  return typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : undefined;
}

function branchIndexOf(payload: unknown): number | undefined {
  const raw = field(payload, 'branchIndex');
  return typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? raw : undefined;
}

/** The branch a descendant step path lies in, with its parent step and attempt. */
export function branchOfStepPath(stepPath: string): { parent: string; attempt: number; branchPath: string } | undefined {
  const match = BRANCH_STEP_PATH.exec(stepPath);
  if (match === null) return undefined;
  const prefixLength = match[0].length;
  const closing = stepPath.indexOf(']', prefixLength);
  if (closing === -1) return undefined;
  const branchPath = stepPath.slice(0, closing + 1);
  if (!stepPath.startsWith(`${branchPath}.`)) return undefined;
  return { parent: match[1], attempt: match[2] === undefined ? 1 : Number(match[2]), branchPath };
}

/**
 * Unscheduled branch facts and duplicate or conflicting Scheduled events, one event at a time:
 * Scheduled events are checked as they come, facts are kept per branch (a count and the first
 * sequences) and compared with every Scheduled event of the log at the end.
 */
export class BranchFactCheck {
  private readonly findingsOfScheduled: Diagnostic[] = [];
  private readonly scheduled = new Map<string, Scheduled>();
  private readonly pathByIndex = new Map<string, string>();
  private readonly pathByItemKey = new Map<string, string>();
  private readonly facts = new Map<string, Fact & { count: number }>();

  constructor(private readonly runId: string | undefined) {}

  /** Note the next event of the log. */
  add(event: EventEnvelope): void {
    if (event.type === 'ParallelBranchScheduled') this.schedule(event);
    const fact = branchFactOf(event);
    if (fact === undefined) return;
    const key = `${fact.parent}${SEP}${fact.attempt}${SEP}${fact.branchPath}`;
    const existing = this.facts.get(key);
    if (existing === undefined) this.facts.set(key, { ...fact, sequences: [event.sequence], count: 1 });
    else {
      existing.count += 1;
      if (existing.sequences.length < MAX_LISTED) existing.sequences.push(event.sequence);
    }
  }

  /** The findings of the log so far: Scheduled events first, then one per branch with facts but no Scheduled event. */
  findings(): Diagnostic[] {
    const findings = [...this.findingsOfScheduled];
    // One finding per branch, not per event: a busy branch would otherwise flood the list.
    for (const [key, fact] of this.facts) {
      if (this.scheduled.has(key)) continue;
      findings.push(diagnostic('branch-not-scheduled', `branch ${fact.branchPath} has facts but no matching ParallelBranchScheduled`, {
        runId: this.runId,
        sequence: fact.sequences[0],
        detail: { parentStepPath: fact.parent, attempt: fact.attempt, branchPath: fact.branchPath, count: fact.count, sequences: fact.sequences },
      }));
    }
    return findings;
  }

  private schedule(event: EventEnvelope): void {
    const { runId, findingsOfScheduled: findings } = this;
    const parent = stringField(event.payload, 'stepPath');
    const branchPath = looseString(event.payload, 'branchPath');
    if (parent === undefined || branchPath === undefined) return;
    const group = `${parent}${SEP}${attemptOf(event.payload)}`;
    const entry: Scheduled = { itemKey: looseString(event.payload, 'itemKey'), branchIndex: branchIndexOf(event.payload), sequence: event.sequence };
    const key = `${group}${SEP}${branchPath}`;
    const existing = this.scheduled.get(key);
    const where = { runId, sequence: event.sequence, detail: { parentStepPath: parent, branchPath, firstSequence: existing?.sequence } };
    if (existing !== undefined) {
      const same = existing.itemKey === entry.itemKey && existing.branchIndex === entry.branchIndex;
      findings.push(same
        ? diagnostic('branch-scheduled-duplicate', `ParallelBranchScheduled repeated for ${branchPath}`, where)
        : diagnostic('branch-scheduled-conflict', `ParallelBranchScheduled for ${branchPath} disagrees with the first one (itemKey/branchIndex)`, where));
      return;
    }
    this.scheduled.set(key, entry);
    if (entry.branchIndex !== undefined) {
      const other = this.pathByIndex.get(`${group}${SEP}${entry.branchIndex}`);
      if (other !== undefined && other !== branchPath) {
        findings.push(diagnostic('branch-scheduled-conflict', `branchIndex ${entry.branchIndex} scheduled for both ${other} and ${branchPath}`, where));
      } else this.pathByIndex.set(`${group}${SEP}${entry.branchIndex}`, branchPath);
    }
    if (entry.itemKey !== undefined) {
      const other = this.pathByItemKey.get(`${group}${SEP}${entry.itemKey}`);
      if (other !== undefined && other !== branchPath) {
        findings.push(diagnostic('branch-scheduled-conflict', `itemKey '${entry.itemKey}' scheduled for both ${other} and ${branchPath}`, where));
      } else this.pathByItemKey.set(`${group}${SEP}${entry.itemKey}`, branchPath);
    }
  }
}

function branchFactOf(event: EventEnvelope): Omit<Fact, 'sequences'> | undefined {
  if (event.type === 'ParallelBranchCompleted' || event.type === 'ParallelBranchFailed') {
    const parent = stringField(event.payload, 'stepPath');
    const branchPath = looseString(event.payload, 'branchPath');
    if (parent === undefined || branchPath === undefined) return undefined;
    return { parent, attempt: attemptOf(event.payload), branchPath };
  }
  const stepPath = looseString(event.payload, 'stepPath');
  return stepPath === undefined ? undefined : branchOfStepPath(stepPath);
}
