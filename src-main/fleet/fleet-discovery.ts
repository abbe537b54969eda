/** The data dirs a fleet command reads: discovery under a root, without run counts. */
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { discover } from '../sources/fs/discovery';
import type { Discovery } from '../sources/little-workflow/store-types';

/** The data dirs under `root` (discovery without run counts), or why there are none. */
export function discoverFleet(root: string): Result<Discovery> {
  const discovery = discover(root, { countRuns: false });
  if (discovery.dataDirs.length > 0) return ok(discovery);
  const first = discovery.diagnostics.find((d) => d.severity === 'error') ?? discovery.diagnostics[0];
  return fail(first ?? diagnostic('not-a-data-dir', `No data dir under ${root}`, { path: root }));
}
