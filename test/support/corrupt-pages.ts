/** A data dir's events.db damaged as a torn disk leaves it, and what every read of it answers. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Result } from '../../shared/diagnostics';
import type { DataDirReader } from '../../src-main/sources/little-workflow/store-types';

/** Scribble over b-tree pages 3 to 5 of `dbPath`, keeping the header (so it still opens as SQLite). */
export function scribbleOverPages(dbPath: string): void {
  const bytes = readFileSync(dbPath);
  bytes.fill(0xa5, 4096 * 3, 4096 * 6);
  writeFileSync(dbPath, bytes);
}

/** The diagnostic codes the open, `listRuns` and the stream of `runId` answer, the reader closed after; a throw fails the caller. */
export function codesOfEveryRead(reader: Result<DataDirReader>, runId: string): string[] {
  if (!reader.ok) return [reader.error.code];
  const codes: string[] = [];
  try {
    const runs = reader.value.listRuns();
    if (!runs.ok) codes.push(runs.error.code);
    for (const read of reader.value.readEvents(runId)) if (!read.ok) codes.push(read.diagnostic.code);
  } finally {
    reader.value.close();
  }
  return codes;
}
