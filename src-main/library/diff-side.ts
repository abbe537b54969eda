/**
 * One run read for a diff (`little-inspector diff`, the app's `run.diff`): the strict fold and
 * report exactly as `report` computes them (so the per-step tokens and costs are the `little
 * report` rows, and a log `report` refuses fails the same way), its step order, each step's
 * activity, and a hash of every step's output. With `upto`, the run as of that event.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../shared/canonical/canonical-json';
import type { DiffSide } from '../../shared/compare/run-diff';
import { StepActivityCollector } from '../../shared/compare/step-activity';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import type { MaterializedStepState } from '../../shared/fold/run-state-types';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { runReport } from '../../shared/report/run-report';
import { readArtifactManifest } from '../sources/little-workflow/artifacts';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { foldRunStrict } from './strict-run-log';
import { stepList } from '../../shared/fold/step-list';

/**
 * Read `runId` from the data dir at `dataDir` (an absolute path), as of event `upto` when given:
 * its rows folded as they are read (the strict fold `report` uses), its step activity gathered
 * beside the fold from the same rows; no array of the run's events is kept.
 */
export function loadDiffSide(dataDir: string, runId: string, table: PriceTable, upto?: number): Result<DiffSide> {
  const reader = openDataDir(dataDir);
  if (!reader.ok) return reader;
  try {
    const activity = new StepActivityCollector();
    // No checkpoint: the activity needs every row (a diff reads each side once).
    const folded = foldRunStrict(reader.value, runId, { table, upto, checkpoints: null, tap: (event) => activity.add(event) });
    if (!folded.ok) return folded.error.code === 'run-not-found' ? fail(diagnostic('run-not-found', `Run not found: ${runId}`, { runId, path: dataDir })) : folded;
    const state = folded.value.state();
    const outputHashes: Record<string, string | null> = {};
    for (const step of stepList(state)) outputHashes[step.stepPath] = outputHash(reader.value.path, step);
    return ok({
      runId,
      dataDir: reader.value.path,
      state,
      order: activity.order(state),
      report: runReport(state),
      outputHashes,
      activity: activity.activity(state),
    });
  } finally {
    reader.value.close();
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
