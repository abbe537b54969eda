/** Every little-workflow fixture run's decoded events, each run as one array (the fixtures are small). */
import { join } from 'node:path';
import type { EventEnvelope } from '../../shared/events/envelope';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES, manifestRows } from './fixture-manifest';

/** The fixture runs of the little-workflow data dirs (undecodable rows left out). */
export function fixtureRuns(): Array<{ runId: string; events: EventEnvelope[] }> {
  return manifestRows()
    .filter((r) => r.group !== 'loopctl')
    .map((row) => {
      const reader = openDataDir(join(EXAMPLES, row.dataDir));
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        return { runId: row.runId, events: [...reader.value.readEvents(row.runId)].flatMap((read) => (read.ok ? [read.event] : [])) };
      } finally {
        reader.value.close();
      }
    });
}
