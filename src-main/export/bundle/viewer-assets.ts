/** The built bundle viewer read from disk (the app's own files, never a data dir). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Result } from '../../../shared/diagnostics';
import { bundleViewerDir } from '../../app-paths';
import type { ViewerAssets } from './bundle-html';

/** `viewer.js` and `viewer.css` of `dir` (default: `out/bundle` of this package). */
export function readViewerAssets(dir: string = bundleViewerDir()): Result<ViewerAssets> {
  try {
    return ok({ script: readFileSync(join(dir, 'viewer.js'), 'utf8'), style: readFileSync(join(dir, 'viewer.css'), 'utf8') });
  } catch (error) {
    return fail(diagnostic('unsupported', `The bundle viewer is not built (${(error as NodeJS.ErrnoException).code ?? 'unreadable'} in ${dir}): run "npm run build".`, { path: dir }));
  }
}
