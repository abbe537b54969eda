/** What `run.bundle` answers: the bundle file's text and what the page will say about it. */
import type { BundleOmissions, BundleRedaction } from './bundle-types';

/** The suggested file name of `runId`'s bundle. */
export function bundleFileName(runId: string): string {
  return `${runId.replace(/[^A-Za-z0-9_.-]/g, '_')}.bundle.html`;
}

/**
 * `path` as a bundle is written. A browser opens a `file://` page as HTML by its extension alone
 * (Chromium shows `x.bundle` as text, never sniffing), so a path not ending in `.html` or `.htm`
 * gets `.html` added; the caller says so.
 */
export function bundleOutputPath(path: string): string {
  return /\.html?$/i.test(path) ? path : `${path}.html`;
}

/** One built bundle. */
export type RunBundle = {
  fileName: string;
  mimeType: 'text/html; charset=utf-8';
  /** The whole HTML file (ASCII: the data is base64). */
  content: string;
  omissions: BundleOmissions;
  redaction: BundleRedaction | null;
};

/** Largest budget a request may ask for (bytes of payload text). */
export const MAX_BUNDLE_BUDGET = 2_000_000_000;
