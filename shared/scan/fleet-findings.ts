/**
 * Fleet mode, over the scans of many runs: a step that failed the same way (same error kind at
 * the same step, visits and parallel attempts aside) in several runs of one workflow version is
 * one finding per run it hit, naming the others; and the fleet's most common findings, for the
 * Fleet view (`commonFleetFindings`).
 */
import { sortFindings } from './run-scan';
import { SEVERITY_RANK, type CommonFinding, type FailureSignature, type RunFindingCounts, type RunScanResult, type ScanFinding } from './scan-types';

/** Runs of one version failing one way that make a finding. */
export const FLEET_RUNS_MIN = 2;

/** Add each run's failure-across-runs findings to `scans` (in place) and return them. */
export function addFleetFindings(scans: readonly RunScanResult[]): ScanFinding[] {
  const groups = new Map<string, Map<string, FailureSignature[]>>();
  for (const scan of scans) {
    for (const failure of scan.failures) {
      const key = `${failure.workflowVersionId}\u0000${failure.stepShape}\u0000${failure.errorKind}`;
      let runs = groups.get(key);
      if (runs === undefined) groups.set(key, (runs = new Map()));
      let list = runs.get(scan.runId);
      if (list === undefined) runs.set(scan.runId, (list = []));
      list.push(failure);
    }
  }
  const added: ScanFinding[] = [];
  const byRun = new Map(scans.map((scan) => [scan.runId, scan]));
  for (const runs of groups.values()) {
    if (runs.size < FLEET_RUNS_MIN) continue;
    const runIds = [...runs.keys()];
    for (const [runId, failures] of runs) {
      const first = failures[0];
      const others = runIds.filter((id) => id !== runId);
      const finding: ScanFinding = {
        runId,
        kind: 'failure-across-runs',
        severity: 'warning',
        message: `Step ${first.stepShape} failed with ${first.errorKind} here and in ${others.length} other run${others.length === 1 ? '' : 's'} of workflow version ${first.workflowVersionId} (${others.slice(0, 5).join(', ')}${others.length > 5 ? ', …' : ''})`,
        stepPath: first.stepPath,
        sequences: failures.map((f) => f.sequence).sort((a, b) => a - b),
        costUsd: null,
        hint: 'The same failure in several runs of one version is in the workflow or its tools, not in one run\'s luck: fix the step rather than re-running.',
      };
      added.push(finding);
      const scan = byRun.get(runId);
      if (scan !== undefined) {
        scan.findings.push(finding);
        sortFindings(scan.findings);
      }
    }
  }
  return added;
}


/**
 * The fleet's most common findings: by kind and severity, how many runs and findings, what they
 * cost together (null when none of them has a cost), most runs first. For the Fleet view.
 */
export function commonFleetFindings(findings: readonly ScanFinding[], limit = 10): CommonFinding[] {
  const groups = new Map<string, { runs: Set<string>; list: ScanFinding[]; cost: number | null }>();
  for (const finding of findings) {
    const key = `${finding.kind}\u0000${finding.severity}`;
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = { runs: new Set(), list: [], cost: null }));
    group.runs.add(finding.runId);
    group.list.push(finding);
    if (finding.costUsd !== null) group.cost = (group.cost ?? 0) + finding.costUsd;
  }
  return [...groups.values()]
    .map((g) => ({ kind: g.list[0].kind, severity: g.list[0].severity, runs: g.runs.size, findings: g.list.length, costUsd: g.cost, example: g.list[0] }))
    .sort((a, b) => b.runs - a.runs || SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || b.findings - a.findings || a.kind.localeCompare(b.kind))
    .slice(0, limit);
}

/** The run list's summary of one run's findings. */
export function findingCounts(findings: readonly ScanFinding[]): RunFindingCounts {
  const counts: RunFindingCounts = { info: 0, warning: 0, error: 0, kinds: [] };
  for (const finding of findings) {
    counts[finding.severity] += 1;
    if (!counts.kinds.includes(finding.kind)) counts.kinds.push(finding.kind);
  }
  return counts;
}
