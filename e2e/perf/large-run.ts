/** A generated big run in an OS temp dir (for the perf probe and the large-run e2e check). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Imported from its own module: generate-fixtures pulls in ESM-only scenario files.
import { writeLargeRun, type LargeRunOptions } from '../../scripts/fixtures/scenarios/large-run';

/** A temp data dir holding one run of `events` events; call `cleanup` when done. */
export type LargeRunDir = { dir: string; dataDir: string; runId: string; events: number; cleanup(): void };

/** Write a run of `events` events (200,000 take ~4 s) into a fresh temp data dir. */
export function makeLargeRunDir(events = 200_000, options: Omit<LargeRunOptions, 'events' | 'runId'> = {}): LargeRunDir {
  const root = mkdtempSync(join(tmpdir(), 'li-large-'));
  const dir = join(root, '.little-workflow');
  const runId = writeLargeRun(dir, { events, ...options });
  return { dir: root, dataDir: dir, runId, events, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}
