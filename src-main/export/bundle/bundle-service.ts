/**
 * A run as a shared bundle (docs/EXPORT.md, "Bundle"): read it through the run service, decide
 * what goes in (build-bundle.ts), and write the one HTML file (bundle-html.ts). Reads only; the
 * caller decides where the file goes.
 */
import { DEFAULT_BUNDLE_BUDGET } from '../../../shared/bundle/bundle-types';
import type { Note } from '../../../shared/notes/note-types';
import { bundleFileName, MAX_BUNDLE_BUDGET, type RunBundle } from '../../../shared/bundle/run-bundle-types';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import type { LibrarySnapshot } from '../../../shared/library';
import type { RunRef } from '../../../shared/run/run-detail-types';
import type { Redactor } from '../../../shared/redact/redaction-types';
import { buildBundleBlocks } from './build-bundle';
import { bundleHtml, type ViewerAssets } from './bundle-html';
import { readRunForBundle, type BundleRunReads } from './bundle-sources';
import { readViewerAssets } from './viewer-assets';

/** What the bundle service needs from its host. */
export type BundleServiceContext = {
  runs: BundleRunReads;
  snapshot(): LibrarySnapshot | null;
  version: string;
  now?: () => Date;
  /** The viewer's script and styles (default: read from `out/bundle`). */
  viewer?: () => Result<ViewerAssets>;
  /** The run's notes (issue 18's notes module); absent: the bundle says it carries none. */
  notes?: (ref: RunRef) => Note[] | null;
};

/** One bundle request. `redactor`: a fresh redaction pass for this bundle (null: not redacted). */
export type BundleRequest = RunRef & { budgetBytes?: number; redactor?: Redactor | null };

/** Build bundles of the opened library's runs. */
export function createBundleService(context: BundleServiceContext) {
  return {
    async bundle(request: BundleRequest): Promise<Result<RunBundle>> {
      const budgetBytes = request.budgetBytes ?? DEFAULT_BUNDLE_BUDGET;
      if (!Number.isInteger(budgetBytes) || budgetBytes < 0 || budgetBytes > MAX_BUNDLE_BUDGET) {
        return fail(diagnostic('invalid-argument', `The bundle budget must be a whole number of bytes from 0 to ${MAX_BUNDLE_BUDGET}, got ${budgetBytes}`));
      }
      const viewer = (context.viewer ?? readViewerAssets)();
      if (!viewer.ok) return viewer;
      const ref: RunRef = { dataDir: request.dataDir, runId: request.runId };
      const snapshot = context.snapshot();
      const dir = snapshot?.dataDirs.find((d) => d.path === ref.dataDir);
      const summary = snapshot?.runs.find((r) => r.dataDir === ref.dataDir && r.runId === ref.runId);
      if (!snapshot || !dir || !summary) return fail(diagnostic('run-not-found', `Run not found: ${ref.runId}`, { runId: ref.runId }));
      const read = await readRunForBundle(context.runs, ref);
      if (!read.ok) return read;
      const blocks = buildBundleBlocks(read.value, { dir, summary, snapshot }, {
        budgetBytes,
        redactor: request.redactor ?? null,
        notes: context.notes?.(ref) ?? null,
        createdAt: (context.now?.() ?? new Date()).toISOString(),
        inspectorVersion: context.version,
      });
      const { model } = blocks;
      const content = bundleHtml(`${ref.runId} · Little Inspector`, viewer.value, {
        model: Buffer.from(JSON.stringify(model), 'utf8'),
        rows: Buffer.from(JSON.stringify(blocks.rows), 'utf8'),
        bodies: blocks.bodies,
      });
      return ok({ fileName: bundleFileName(ref.runId), mimeType: 'text/html; charset=utf-8', content, omissions: model.info.omissions, redaction: model.info.redaction });
    },
  };
}

/** The bundle service's type. */
export type BundleService = ReturnType<typeof createBundleService>;
