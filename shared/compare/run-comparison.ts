/**
 * The `run.compare` answer: the live-vs-replay consistency check and the resume audit of one
 * run, as main computed them. Differences carry short JSON previews (never whole subtrees), so
 * the answer stays small whatever diverged.
 */
import type { HarnessRefs } from '../run/run-head-types';
import type { ConsistencyReport } from './consistency';
import type { ResumeAudit } from './resume-audit';
import type { StateDifference } from './state-diff';

/** Longest preview of one side of a difference, in characters. */
export const DIFFERENCE_PREVIEW_CHARS = 400;

/** A difference whose sides are JSON previews (`undefined` when the side lacks the key). */
export type DifferencePreview = Omit<StateDifference, 'left' | 'right'> & { left?: string; right?: string };

/** Where the incremental side came from. */
export type ComparisonSource =
  /** The live observer's own incremental state (the run is being tailed). */
  | 'live'
  /** An incremental fold in seeded random batches, as the observer would have done it. */
  | 'simulated';

/** The response of `run.compare`. */
export type RunComparison = {
  runId: string;
  source: ComparisonSource;
  /** Seed of the random batches (`simulated` only). */
  seed: number | null;
  /** Events compared: the live state's last sequence, or the whole log. */
  lastSequence: number;
  /** The live fold stopped on this error (its state is compared anyway). */
  liveFoldError: string | null;
  consistency: Omit<ConsistencyReport, 'differences'> & { differences: DifferencePreview[] };
  audit: ResumeAudit;
  /** Sessions and turns the audited plans name (added by main from the run's model), for links. */
  refs?: HarnessRefs;
};

/** A short JSON rendering of a value (`undefined` stays undefined). */
export function previewValue(value: unknown, max = DIFFERENCE_PREVIEW_CHARS): string | undefined {
  if (value === undefined) return undefined;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The report with each difference's sides turned into previews. */
export function previewReport(report: ConsistencyReport, max = DIFFERENCE_PREVIEW_CHARS): RunComparison['consistency'] {
  return {
    ...report,
    differences: report.differences.map(({ left, right, ...rest }) => ({
      ...rest,
      ...(left === undefined ? {} : { left: previewValue(left, max) }),
      ...(right === undefined ? {} : { right: previewValue(right, max) }),
    })),
  };
}
