/** The built bundle viewer read from disk (the app's own files, never a data dir). */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { bundleViewerDir } from '../../app-paths';
import type { ViewerAssets } from './bundle-html';

// Read once per build of the viewer (about a megabyte), not once per bundle.
let cached: { key: string; assets: ViewerAssets } | null = null;

/** `viewer.js` and `viewer.css` of `dir` (default: `out/bundle` of this package). */
export function readViewerAssets(dir: string = bundleViewerDir()): Result<ViewerAssets> {
  try {
    const [script, style] = [join(dir, 'viewer.js'), join(dir, 'viewer.css')];
    const key = [script, statSync(script).mtimeMs, statSync(style).mtimeMs].join('\n');
    if (cached?.key !== key) cached = { key, assets: { script: readFileSync(script, 'utf8'), style: readFileSync(style, 'utf8') } };
    return ok(cached.assets);
  } catch (error) {
    return fail(diagnostic('unsupported', `The bundle viewer is not built (${(error as NodeJS.ErrnoException).code ?? 'unreadable'} in ${dir}): run "npm run build".`, { path: dir }));
  }
}
