/** The generated fixtures' manifest (examples/fixtures/manifest.json): runs looked up, never hard-coded ids. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXAMPLES = join(__dirname, '..', '..', 'examples');

export type ManifestRow = { dataDir: string; runId: string; shows: string; status: string; crashed: boolean; group: string };

/** Every run the generator wrote. */
export function manifestRows(): ManifestRow[] {
  return (JSON.parse(readFileSync(join(EXAMPLES, 'fixtures', 'manifest.json'), 'utf8')) as { runs: ManifestRow[] }).runs;
}

/** A little-harness session the generator wrote (each is a row of the run list too). */
export type ManifestSession = { harnessRoot: string; sessionId: string; shows: string; state: string; torn: boolean; group: string };

/** Every session the generator wrote. */
export function manifestSessions(): ManifestSession[] {
  return (JSON.parse(readFileSync(join(EXAMPLES, 'fixtures', 'manifest.json'), 'utf8')) as { sessions: ManifestSession[] }).sessions;
}

/** The one run whose description contains `text` (throws when not exactly one). */
export function fixtureRun(text: string, group?: string): ManifestRow & { dir: string } {
  const rows = manifestRows().filter((r) => r.shows.includes(text) && (group === undefined || r.group === group));
  if (rows.length !== 1) throw new Error(`expected one fixture run matching "${text}", found ${rows.length}`);
  return { ...rows[0], dir: join(EXAMPLES, rows[0].dataDir) };
}
