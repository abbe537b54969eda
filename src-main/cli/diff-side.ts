/**
 * One run read for `diff`: the strict fold and report exactly as `report` computes them (so the
 * per-step tokens and costs are the `little report` rows, and a log `report` refuses fails the
 * same way), its step order, and a hash of every step's output.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical/canonical-json';
import type { DiffSide } from '../../shared/compare/run-diff';
import { RunNotFoundError } from '../../shared/fold/fold-errors';
import type { MaterializedStepState } from '../../shared/fold/run-state-types';
import { materializeRunState } from '../../shared/fold/run-state';
import { orderedStepPaths } from '../../shared/fold/step-order';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { runReport } from '../../shared/report/run-report';
import { readArtifactManifest } from '../sources/little-workflow/artifacts';
import { listRunEvents, openDataDirArg } from './run-log';

/** Read `runId` from the data dir `dataDir` (default `.little-workflow`). */
export function readDiffSide(runId: string, dataDir: string | undefined, priceTable: PriceTable): DiffSide {
  const reader = openDataDirArg(dataDir);
  try {
    const events = listRunEvents(reader, runId);
    if (events.length === 0) throw new RunNotFoundError(runId);
    const state = materializeRunState(runId, events, { priceTable });
    const outputHashes: Record<string, string | null> = {};
    for (const step of Object.values(state.steps)) outputHashes[step.stepPath] = outputHash(reader.path, step);
    return { runId, dataDir: reader.path, state, order: orderedStepPaths(state, events), report: runReport(state), outputHashes };
  } finally {
    reader.close();
  }
}

/**
 * The step's output by content: inline output by its canonical JSON, an artifact output by the
 * blob hash its manifest records (artifact refs embed the run id, so two runs' refs never match).
 */
function outputHash(dataDir: string, step: MaterializedStepState): string | null {
  if ('output' in step) return `json:${sha256(jsonText(step.output))}`;
  if (step.outputRef === undefined) return null;
  const manifest = readArtifactManifest(dataDir, step.outputRef);
  return manifest.ok ? `blob:${manifest.value.sha256}` : `ref:${step.outputRef}`;
}

function jsonText(value: unknown): string {
  try {
    return canonicalJson(value);
  } catch {
    // Not canonicalisable (a lone surrogate): its plain JSON still identifies it.
    return JSON.stringify(value) ?? 'undefined';
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
