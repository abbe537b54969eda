/**
 * What ties a session's trace to the workflow runs it started: the Local Worlds inside its
 * folder (`workflows/`, `dynamic-workflows/<runId>/`) are read (read-only, like any data dir),
 * and their events are indexed by the keys little-harness gives both sides:
 * - `occurrenceId`: one model or tool occurrence is emitted once to events.db (`occurrence_id`)
 *   and once to the trace with the same id (little-harness src/events/occurrence.ts);
 * - the workflow tool's call id: its run is `run_<handle>_<toolCallId>` (little-harness
 *   `reservedWorkflowRunId`);
 * - `runId` + `stepPath` of `harness.execute_step.*`: the step of that run.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../../../shared/diagnostics';
import type { SessionLinks } from '../../../shared/harness-trace/session-view-types';
import { openDataDir } from '../little-workflow/data-dir-reader';
import { recogniseDataDir } from '../registry';

/** The Local Worlds inside a session folder (real folders only). */
export function sessionWorlds(sessionDir: string): string[] {
  const worlds = [join(sessionDir, 'workflows')];
  try {
    for (const e of readdirSync(join(sessionDir, 'dynamic-workflows'), { withFileTypes: true })) if (e.isDirectory()) worlds.push(join(sessionDir, 'dynamic-workflows', e.name));
  } catch {
    // No dynamic workflows.
  }
  return worlds.filter((w) => recogniseDataDir(w) !== null);
}

/**
 * The link index of a session: every occurrence id, run and workflow-tool call of its worlds.
 * `label` turns a world's path into the data dir label routes use. Unreadable worlds are
 * reported, never fatal (the trace still shows).
 */
export function sessionLinks(sessionDir: string, label: (dataDir: string) => string): { links: SessionLinks; diagnostics: Diagnostic[] } {
  const links: SessionLinks = { events: [], runs: [] };
  const diagnostics: Diagnostic[] = [];
  for (const world of sessionWorlds(sessionDir)) {
    const reader = openDataDir(world);
    if (!reader.ok) {
      diagnostics.push(reader.error);
      continue;
    }
    try {
      const runs = reader.value.listRuns();
      if (!runs.ok) {
        diagnostics.push(runs.error);
        continue;
      }
      const dataDir = label(world);
      for (const run of runs.value.runs) {
        links.runs.push({ dataDir, runId: run.runId });
        for (const read of reader.value.readEvents(run.runId)) {
          if (!read.ok) continue;
          const occurrenceId = read.event.occurrenceId;
          if (occurrenceId === undefined) continue;
          links.events.push({ occurrenceId, dataDir, runId: run.runId, sequence: read.event.sequence, type: read.event.type });
        }
      }
    } finally {
      reader.value.close();
    }
  }
  return { links, diagnostics };
}
