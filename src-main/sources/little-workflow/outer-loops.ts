/**
 * Reads outer-loop manifests (`outer-loops/<ol_…>.json`): the cycles of a goal-driven
 * loop, each pointing at the run that executed it.
 */
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { OUTER_LOOP_ID_PATTERN, RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { checkId, isRecord, listJsonIds, readContainedJson } from '../fs/safe-paths';

/** One finished cycle. */
export type OuterLoopCycle = {
  cycleNumber: number;
  runId: string;
  workflowVersionId: string;
  status: 'completed' | 'failed';
  output: unknown;
  summary?: string;
};

/** An outer-loop manifest, as little-workflow writes it. */
export type OuterLoopManifest = {
  outerLoopId: string;
  goal: { workflowDefinitionHash: string; description: string };
  maxCycles: number;
  cycles: OuterLoopCycle[];
  result?: { kind: 'done'; finalOutput: unknown };
  /** Set while a cycle runs; still present after a crash mid-cycle. */
  pendingCycleRunId?: string;
};

/** A manifest plus findings about entries the inspector cannot follow (bad run ids). */
export type OuterLoopRead = { manifest: OuterLoopManifest; diagnostics: Diagnostic[] };

/** Read and shape-check outer loop `id`. */
export function readOuterLoop(dataDir: string, id: string): Result<OuterLoopRead> {
  const checked = checkId(id, OUTER_LOOP_ID_PATTERN, 'outer-loop');
  if (!checked.ok) return checked;
  const file = readContainedJson(dataDir, ['outer-loops', `${checked.value}.json`], (path) => diagnostic('outer-loop-missing', `Outer loop ${id} is not stored in this data dir`, { path }));
  if (!file.ok) return file;
  const { path, parsed } = file.value;
  const corrupt = (why: string) => fail<OuterLoopRead>(diagnostic('outer-loop-corrupt', `${path}: ${why}`, { path }));
  if (!parsed.ok) return corrupt(`not JSON: ${parsed.message}`);
  const m = parsed.value;
  if (!isRecord(m)) return corrupt('not a JSON object');
  if (m.outerLoopId !== id) return corrupt(`names outer loop ${JSON.stringify(m.outerLoopId)}, not ${id}`);
  if (!isRecord(m.goal) || typeof m.goal.description !== 'string' || typeof m.goal.workflowDefinitionHash !== 'string') {
    return corrupt('goal must hold description and workflowDefinitionHash strings');
  }
  if (typeof m.maxCycles !== 'number') return corrupt('maxCycles must be a number');
  if (!Array.isArray(m.cycles)) return corrupt('cycles must be an array');
  const diagnostics: Diagnostic[] = [];
  m.cycles.forEach((cycle, index) => {
    if (!isRecord(cycle) || typeof cycle.runId !== 'string' || !RUN_ID_PATTERN.test(cycle.runId)) {
      diagnostics.push(diagnostic('invalid-run-id', `Cycle ${index + 1} of ${id} has no valid run id`, { path, severity: 'warning' }));
    }
  });
  if (m.pendingCycleRunId !== undefined && (typeof m.pendingCycleRunId !== 'string' || !RUN_ID_PATTERN.test(m.pendingCycleRunId))) {
    diagnostics.push(diagnostic('invalid-run-id', `pendingCycleRunId of ${id} is not a valid run id`, { path, severity: 'warning' }));
  }
  return ok({ manifest: m as unknown as OuterLoopManifest, diagnostics });
}

/** Ids of every stored outer loop. */
export function listOuterLoopIds(dataDir: string): Result<string[]> {
  return listJsonIds(dataDir, 'outer-loops', OUTER_LOOP_ID_PATTERN);
}
