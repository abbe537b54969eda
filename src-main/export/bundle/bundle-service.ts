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
import type { RedactionSummary, Redactor } from '../../../shared/redact/redaction-types';
import { buildBundleBlocks, type BundleBlocks } from './build-bundle';
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
  /** The run read and its blocks decided (budget, redaction), or why not. */
  async function blocksOf(request: BundleRequest, budgetBytes: number): Promise<Result<BundleBlocks>> {
    const ref: RunRef = { dataDir: request.dataDir, runId: request.runId };
    const snapshot = context.snapshot();
    const dir = snapshot?.dataDirs.find((d) => d.path === ref.dataDir);
    const summary = snapshot?.runs.find((r) => r.dataDir === ref.dataDir && r.runId === ref.runId);
    if (!snapshot || !dir || !summary) return fail(diagnostic('run-not-found', `Run not found: ${ref.runId}`, { runId: ref.runId }));
    const read = await readRunForBundle(context.runs, ref);
    if (!read.ok) return read;
    return ok(
      buildBundleBlocks(read.value, { dir, summary, snapshot }, {
        budgetBytes,
        redactor: request.redactor ?? null,
        notes: context.notes?.(ref) ?? null,
        createdAt: (context.now?.() ?? new Date()).toISOString(),
        inspectorVersion: context.version,
      }),
    );
  }

  return {
    async bundle(request: BundleRequest): Promise<Result<RunBundle>> {
      const budgetBytes = request.budgetBytes ?? DEFAULT_BUNDLE_BUDGET;
      if (!Number.isInteger(budgetBytes) || budgetBytes < 0 || budgetBytes > MAX_BUNDLE_BUDGET) {
        return fail(diagnostic('invalid-argument', `The bundle budget must be a whole number of bytes from 0 to ${MAX_BUNDLE_BUDGET}, got ${budgetBytes}`));
      }
      const viewer = (context.viewer ?? readViewerAssets)();
      if (!viewer.ok) return viewer;
      const blocks = await blocksOf(request, budgetBytes);
      if (!blocks.ok) return blocks;
      const { model } = blocks.value;
      // The run id as the bundle carries it (redacted when asked): a run id can be a token.
      const content = bundleHtml(`${model.info.runId} · Little Inspector`, viewer.value, {
        model: Buffer.from(JSON.stringify(model), 'utf8'),
        rows: Buffer.from(JSON.stringify(blocks.value.rows), 'utf8'),
        bodies: blocks.value.bodies,
      });
      return ok({ fileName: bundleFileName(model.info.runId), mimeType: 'text/html; charset=utf-8', content, omissions: model.info.omissions, redaction: model.info.redaction });
    },

    /**
     * What Share… with `redactor` would take out of the run (the export control's preview): the
     * bundle's own list, as everything a bundle embeds (every payload) is more than a report holds.
     * Nothing is compressed or written.
     */
    async redactionPreview(request: RunRef & { redactor: Redactor }): Promise<Result<RedactionSummary>> {
      const blocks = await blocksOf(request, DEFAULT_BUNDLE_BUDGET);
      return blocks.ok ? ok(blocks.value.model.info.redaction!) : blocks;
    },
  };
}

/** The bundle service's type. */
export type BundleService = ReturnType<typeof createBundleService>;
