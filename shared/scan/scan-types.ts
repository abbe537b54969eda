/**
 * Behavioural findings of a run (`little-inspector scan`, the run view's "Behaviour" card): what
 * a person would find by scrolling the log — loops, repeats, retry storms, limits hit. Distinct
 * from the integrity check's findings (`Diagnostic`s of shared/fold/integrity), which say whether
 * the log is sound; these say what the run did. Rules and thresholds: docs/SCAN.md.
 */
import type { Diagnostic } from '../diagnostics';

/** How much a finding matters: `info` never marks a run unhealthy. */
export type ScanSeverity = 'info' | 'warning' | 'error';

/** Every kind of finding, one per scanner rule (docs/SCAN.md). */
export const SCAN_FINDING_KINDS = [
  'repeated-tool-call',
  'repeated-model-request',
  'retry-storm',
  'model-retry-storm',
  'failure-across-runs',
  'resume-reran-committed-work',
  'long-resume-gap',
  'unpriced-model',
  'stale-price-table',
  'turn-limit',
  'budget-limit',
  'ignored-tool-error',
  'max-visits-exceeded',
  'planner-revisions',
  'capability-drift',
] as const;

export type ScanFindingKind = (typeof SCAN_FINDING_KINDS)[number];

/** One finding, exactly as `scan --json` prints it. */
export type ScanFinding = {
  runId: string;
  kind: ScanFindingKind;
  severity: ScanSeverity;
  message: string;
  /** The step it is about; null for a run-level finding or a planner/orchestrator session. */
  stepPath: string | null;
  /** Every event that shows it, ascending. */
  sequences: number[];
  /** What the repeated or wasted model calls cost; null when it cannot be given (unpriced, or no model call is involved). Never 0 for unknown. */
  costUsd: number | null;
  /** What to look at or change. */
  hint: string;
};

/** The scan's settings (docs/SCAN.md "Settings"): planned repetition the user declares. */
export type ScanSettings = {
  /** Tools that are called again and again on purpose (status polls): never a repeated-tool-call. `*` at the end matches a prefix. */
  pollingTools: readonly string[];
};

export const DEFAULT_SCAN_SETTINGS: ScanSettings = Object.freeze({ pollingTools: Object.freeze([]) as readonly string[] });

/** Severity order, for sorting and for "above info". */
export const SEVERITY_RANK: Readonly<Record<ScanSeverity, number>> = { info: 0, warning: 1, error: 2 };

/** A step failure as fleet mode compares them across runs of one workflow version. */
export type FailureSignature = { workflowVersionId: string; stepShape: string; errorKind: string; stepPath: string; sequence: number };

/** What one run's scan hands the fleet scan: its findings and the failures it saw. */
export type RunScanResult = { runId: string; workflowVersionId: string | null; findings: ScanFinding[]; failures: FailureSignature[] };

/** `run.scan`: a run's scan, and when the first event of each finding was recorded (null: unknown), for the timeline's marks. */
export type RunScanView = RunScanResult & { firstAt: Array<string | null> };

/** The run list's summary of a run's findings. */
export type RunFindingCounts = { info: number; warning: number; error: number; kinds: ScanFindingKind[] };

/** The fleet's most common findings, one line per kind and severity (shared/scan/fleet-findings.ts `commonFleetFindings`). */
export type CommonFinding = { kind: ScanFindingKind; severity: ScanSeverity; runs: number; findings: number; costUsd: number | null; example: ScanFinding };

/** `library.scan`: every run's finding counts, the fleet's most common findings, runs that could not be scanned. */
export type LibraryScanView = {
  runs: Array<{ dataDir: string; runId: string; counts: RunFindingCounts }>;
  common: CommonFinding[];
  diagnostics: Diagnostic[];
};
