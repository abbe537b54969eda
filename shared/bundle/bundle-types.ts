/**
 * A shared bundle: one run's data embedded in one offline HTML file next to the inspector's own
 * run views (docs/EXPORT.md, "Bundle"). Main builds it (src-main/export/bundle/), the bundle's
 * page reads it back (src-renderer/bundle/). This module is the format both sides agree on.
 *
 * The page holds three gzip-compressed, base64-encoded blocks in `<script type="application/octet-stream">`
 * elements (never executed, so the page's CSP does not apply to them):
 *  - `model`: this file's {@link BundleModel} as JSON,
 *  - `rows`: the events list's rows ({@link BundleRow}[]) as JSON,
 *  - `bodies`: every kept payload's text, concatenated as UTF-8; rows point into it by byte offset.
 */
import type { Diagnostic } from '../diagnostics';
import type { LibrarySnapshot } from '../library';
import type { Note } from '../notes/note-types';
import type { RedactionSummary } from '../redact/redaction-types';
import type { JsonPreview } from '../run/json-preview';
import type { RunDetail, EventRow } from '../run/run-detail-types';
import type { CostsModel } from '../run/run-head-types';

/** The format tag of {@link BundleModel}: a page refuses another. */
export const BUNDLE_FORMAT = 'little-inspector/bundle@1';

/** Element ids of the page's data blocks. */
export const BUNDLE_BLOCK_IDS = { model: 'li-bundle-model', rows: 'li-bundle-rows', bodies: 'li-bundle-bodies' } as const;
export type BundleBlock = keyof typeof BUNDLE_BLOCK_IDS;

/** Default budget of embedded payload text (event payloads and artifact contents), in UTF-8 bytes (50 MB). */
export const DEFAULT_BUNDLE_BUDGET = 50_000_000;

/**
 * An events-list row with where its payload's text is in the `bodies` block (absent: left out by
 * the budget), or `unread` when the log could not be read that far when the bundle was made.
 */
export type BundleRow = EventRow & { body?: { offset: number; length: number }; unread?: true };

/** What the size budget left out: counted, never silent. */
export type BundleOmissions = {
  /** The budget, in UTF-8 bytes of payload text. */
  budgetBytes: number;
  /** Payload text embedded. */
  keptBytes: number;
  /** Event payloads left out (their envelopes are kept), and their bytes. */
  eventBodies: { count: number; bytes: number; smallestBytes: number | null };
  /** Artifact contents left out (manifests are kept), and their bytes. */
  artifacts: { count: number; bytes: number };
};

/** How the bundle was redacted (null in the model when it was not): rules applied, findings (rule, count, where; never values). */
export type BundleRedaction = RedactionSummary;

/** One artifact of the run: its manifest and content, or why the content is not here. */
export type BundleArtifact =
  | { ref: string; manifest: Record<string, unknown>; payload: JsonPreview }
  | { ref: string; manifest: Record<string, unknown>; omittedBytes: number }
  | { ref: string; error: Diagnostic };

/** What the page shows about the bundle itself (over the run views). */
export type BundleInfo = {
  createdAt: string;
  inspectorVersion: string;
  runId: string;
  omissions: BundleOmissions;
  redaction: BundleRedaction | null;
  /** The notes pinned to the run, its steps and events when it was exported (read-only here); null: none were read. */
  notes: Note[] | null;
  /** Events in the log (every envelope is in the bundle). */
  eventCount: number;
  /** Why some payloads could not be read when the bundle was made (a log that stopped reading part way); absent in older bundles. */
  readErrors?: Diagnostic[];
};

/** The `model` block. */
export type BundleModel = {
  format: typeof BUNDLE_FORMAT;
  info: BundleInfo;
  /** A library of one data dir and one run, with local paths replaced by the data dir's label. */
  snapshot: LibrarySnapshot;
  /** The run's full model as the app builds it, with its integrity findings. */
  detail: RunDetail;
  costs: CostsModel;
  reportText: string | null;
  artifacts: BundleArtifact[];
};
