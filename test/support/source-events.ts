/** A run's whole log through its source, as one array: the truth tests compare streamed consumers with. */
import type { EventEnvelope } from '../../shared/events/envelope';
import { recogniseDataDir, type SourceRegistry } from '../../src-main/sources/registry';

/** Every decoded event of `runId` (undecodable rows left out); throws on a read failure. */
export async function sourceEvents(sources: SourceRegistry, dataDir: string, runId: string): Promise<EventEnvelope[]> {
  const format = recogniseDataDir(dataDir);
  if (format === null) throw new Error(`${dataDir} is not a data dir`);
  const events: EventEnvelope[] = [];
  for await (const read of sources.sourceOf({ format }).streamLog(dataDir, runId)) {
    if (read.ok) events.push(read.event);
    else if (read.sequence === null) throw new Error(read.diagnostic.message);
  }
  return events;
}
