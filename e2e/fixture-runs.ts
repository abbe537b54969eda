/** The generated fixture runs (examples/fixtures/manifest.json) and a worker-scoped server over them, for specs that open them by what they show. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { servedOnce, type Served } from './serve-fixture';

export type ManifestRun = { dataDir: string; runId: string; shows: string; group: string };
const examples = join(__dirname, '..', 'examples');
const manifest = JSON.parse(readFileSync(join(examples, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRun[] };

/** The fixture run whose `shows` starts with `prefix` (outside the demo group). */
export function fixtureRun(prefix: string): ManifestRun {
  const found = manifest.runs.find((r) => r.group !== 'demo' && r.shows.startsWith(prefix));
  if (!found) throw new Error(`no fixture run shows "${prefix}"`);
  return found;
}

/** The demo's run whose `shows` starts with `demo ${prefix}`. */
export function demoRun(prefix: string): ManifestRun {
  const found = manifest.runs.find((r) => r.group === 'demo' && r.shows.startsWith(`demo ${prefix}`));
  if (!found) throw new Error(`no demo run shows "${prefix}"`);
  return found;
}

/** A test whose worker serves examples/fixtures once. */
export const fixturesTest = base.extend<{}, { fixtures: Served }>({ fixtures: servedOnce(join(examples, 'fixtures')) });
