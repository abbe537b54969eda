/** Which run of a library an address names: a deep link's run id and, when the id is ambiguous, its data dir label. */
import type { LibrarySnapshot, RunSummary } from './library';

/** The run `runId` of `snapshot` in the data dir labelled `dirLabel` (null: the first run with that id), or null. */
export function runAtAddress(snapshot: LibrarySnapshot, runId: string, dirLabel: string | null): RunSummary | null {
  const matches = snapshot.runs.filter((r) => r.runId === runId);
  if (dirLabel !== null) {
    const dir = snapshot.dataDirs.find((d) => d.label === dirLabel);
    return matches.find((r) => r.dataDir === dir?.path) ?? null;
  }
  return matches[0] ?? null;
}
