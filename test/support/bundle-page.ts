/** A bundle's HTML read back in Node: its CSP, inline script and style, and its blocks unpacked (as the page does). */
import { gunzipSync } from 'node:zlib';
import { ok } from '../../shared/diagnostics';
import { BUNDLE_BLOCK_IDS, type BundleBlock, type BundleModel, type BundleRow } from '../../shared/bundle/bundle-types';
import type { BundleHandlers } from '../../src-renderer/bundle/bundle-api';
import { bundleHandlers } from '../../src-renderer/bundle/bundle-handlers';

/** The parts of a bundle page. */
export type BundlePage = { csp: string; script: string; style: string; blocks: Record<BundleBlock, Buffer>; model: BundleModel; rows: BundleRow[]; bodies: Uint8Array };

/** Take `html` apart; throws when a part is missing. */
export function readBundlePage(html: string): BundlePage {
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (csp === undefined || style === undefined || script === undefined) throw new Error('not a bundle page');
  const blocks = {} as Record<BundleBlock, Buffer>;
  for (const [block, id] of Object.entries(BUNDLE_BLOCK_IDS) as Array<[BundleBlock, string]>) {
    const text = new RegExp(`<script type="application/octet-stream" id="${id}">([^<]*)</script>`).exec(html)?.[1];
    if (text === undefined) throw new Error(`no ${block} block`);
    blocks[block] = gunzipSync(Buffer.from(text, 'base64'));
  }
  return { csp, script, style, blocks, model: JSON.parse(blocks.model.toString('utf8')) as BundleModel, rows: JSON.parse(blocks.rows.toString('utf8')) as BundleRow[], bodies: new Uint8Array(blocks.bodies) };
}

/** The channels a bundle page answers from its own blocks (the third transport). */
export function pageHandlers(page: BundlePage): BundleHandlers {
  return bundleHandlers(ok({ model: page.model, rows: page.rows, bodies: page.bodies }));
}

/** A built bundle's HTML taken apart, and the handlers its page answers with. */
export function openBundle(html: string): { page: BundlePage; handlers: BundleHandlers } {
  const page = readBundlePage(html);
  return { page, handlers: pageHandlers(page) };
}
