/**
 * The bundle's one HTML file: the viewer's script and styles inline, allowed by their SHA-256
 * hashes in a `<meta>` CSP that starts from `default-src 'none'` (no network, no eval, images
 * only as data: URLs), and the run's data as gzip + base64 blocks in non-executed script elements.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { BUNDLE_BLOCK_IDS, type BundleBlock } from '../../../shared/bundle/bundle-types';

/** The built viewer (`out/bundle/`): one script, one stylesheet. */
export type ViewerAssets = { script: string; style: string };

/** What the CSP allows, by directive; everything else falls back to default-src 'none'. */
export function bundleCspDirectives(assets: ViewerAssets): Record<string, string> {
  return {
    'default-src': "'none'",
    'script-src': `'${sha256(safeScript(assets.script))}'`,
    'style-src': `'${sha256(assets.style)}'`,
    'img-src': 'data:',
    'font-src': 'data:',
    'connect-src': "'none'",
    'object-src': "'none'",
    'base-uri': "'none'",
    'form-action': "'none'",
  };
}

/** The page for `title` with the viewer and the blocks (each gzip-compressed, then base64). */
export function bundleHtml(title: string, assets: ViewerAssets, blocks: Record<BundleBlock, Buffer>): string {
  const csp = Object.entries(bundleCspDirectives(assets))
    .map(([directive, sources]) => `${directive} ${sources}`)
    .join('; ');
  const data = (Object.keys(BUNDLE_BLOCK_IDS) as BundleBlock[])
    .map((block) => `<script type="application/octet-stream" id="${BUNDLE_BLOCK_IDS[block]}">${gzipSync(blocks[block]).toString('base64')}</script>`)
    .join('\n');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${assets.style}</style>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    data,
    `<script>${safeScript(assets.script)}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** `sha256-<base64>` of `text` as UTF-8 (the CSP hash source of an inline element's content). */
export function sha256(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * The script as it can sit inside `<script>` with its hash intact: `</script` would end the
 * element and `<!--` would start the HTML parser's escaped state; the parser turns NUL into U+FFFD
 * and CR into LF, so the text it hashes would differ. `<\/`, `<\!`, `\x00` and `\x0d` mean the
 * same in the minifier's string, template and regular expression literals, where those characters sit.
 */
export function safeScript(script: string): string {
  return script
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--')
    .replace(/\u0000/g, '\\x00')
    .replace(/\r/g, '\\x0d');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
