/** What the Behaviour card and the timeline's finding marks show of a finding. Pure. */
import type { ScanFinding, ScanFindingKind } from '../../../shared/scan/scan-types';
import { formatCost } from '../../format';

/** Event links a finding shows before "and N more" (a retry storm can name hundreds). */
export const EVIDENCE_SHOWN = 8;

/** The kinds about a harness session's turns: they also link to the turns view. */
const TURN_KINDS: ReadonlySet<ScanFindingKind> = new Set<ScanFindingKind>([
  'repeated-tool-call',
  'repeated-model-request',
  'model-retry-storm',
  'turn-limit',
  'budget-limit',
  'ignored-tool-error',
]);

/** The first sequences of a finding's evidence, and how many are left out. */
export function findingEvidence(finding: Pick<ScanFinding, 'sequences'>, shown = EVIDENCE_SHOWN): { shown: number[]; more: number } {
  return { shown: finding.sequences.slice(0, shown), more: Math.max(finding.sequences.length - shown, 0) };
}

/** Whether a finding is about turns of a harness session. */
export function findingOpensTurns(finding: Pick<ScanFinding, 'kind'>): boolean {
  return TURN_KINDS.has(finding.kind);
}

/** "costs $0.42" for a finding with a cost; null when none can be given (never "$0" for unknown). */
export function formatFindingCost(costUsd: number | null): string | null {
  return costUsd === null ? null : `costs ${formatCost(costUsd)}`;
}

/** The one-line label of a finding (its mark's name and tooltip). */
export function findingLabel(finding: Pick<ScanFinding, 'severity' | 'kind' | 'message'>): string {
  return `${finding.severity} ${finding.kind}: ${finding.message}`;
}
