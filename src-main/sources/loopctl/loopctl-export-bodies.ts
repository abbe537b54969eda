/**
 * Full bodies for the report of a loopctl run: the assistant text of turns whose 600-character
 * preview was cut (trajectory.jsonl keeps up to its capture limit). loopctl records no tool
 * arguments or results and there are no steps, so nothing else can be filled in.
 */
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import type { ReportBodies } from '../../../shared/report-export/harness-section';
import type { RunDetail } from '../../../shared/run/run-detail-types';
import { readLoopctlDir } from './loopctl-reader';

/** Bodies of `detail`'s cut response previews (shorter than `maxText`), read from the ledgers. */
export function readLoopctlExportBodies(detail: RunDetail, maxText: number): ReportBodies {
  const cut = detail.harness.modelTurns.filter((t) => t.responseText?.truncated === true && t.responseText.text.length < maxText);
  if (cut.length === 0) return {};
  const run = readLoopctlDir(detail.ref.dataDir, BUNDLED_PRICE_TABLE).runs.find((r) => r.id === detail.ref.runId);
  const modelResponses: NonNullable<ReportBodies['modelResponses']> = {};
  for (const turn of cut) {
    const text = run?.modelTurns.find((t) => t.id === turn.id)?.responseText;
    if (text !== undefined) modelResponses[turn.id] = { value: text };
  }
  return { modelResponses };
}
