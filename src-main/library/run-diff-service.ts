/** `run.diff`: two runs read strictly (as `little-inspector diff` reads them) and diffed with each step's activity. */
import { diffView, type RunDiffView } from '../../shared/compare/run-diff-view';
import type { Result } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import type { RunRef } from '../../shared/run/run-detail-types';
import { loadDiffSide } from './diff-side';

/** The diff of `a` against `b` (deltas are b − a), each as of its `at` when given. */
export function diffRefs(a: RunRef, b: RunRef, table: PriceTable): Result<RunDiffView> {
  const sideA = loadDiffSide(a.dataDir, a.runId, table, a.at);
  if (!sideA.ok) return sideA;
  const sideB = loadDiffSide(b.dataDir, b.runId, table, b.at);
  if (!sideB.ok) return sideB;
  return { ok: true, value: diffView(sideA.value, sideB.value) };
}
