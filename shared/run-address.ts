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

/** A run view's address: the run id, its data dir label (null: the id is unambiguous) and time travel's event (absent: the run now). */
export type RunAddress = { runId: string; dir: string | null; at?: number };

/** A location hash (with or without its `#`) cut into its path segments and its query. */
export function hashParts(hash: string): { parts: string[]; query: string } {
  const raw = hash.replace(/^#/, '');
  const [path, query = ''] = raw.split('?', 2);
  return { parts: path.split('/').filter(Boolean), query };
}

/**
 * The run a location hash names (`#/run/<id>[/at/<seq>][/…][?dir=<label>]`), or null for any
 * other address. The renderer's routes (src-renderer/routing/route.ts) and the server's
 * `run.prepare` given a hash (a deep link's first inline script) both read a run's address here.
 */
export function runAddressOf(hash: string): RunAddress | null {
  return runAddressIn(hashParts(hash));
}

/** The run a hash already cut by `hashParts` names, or null (see `runAddressOf`). */
export function runAddressIn({ parts, query }: { parts: readonly string[]; query: string }): RunAddress | null {
  if (parts[0] !== 'run' || !parts[1]) return null;
  const dir = new URLSearchParams(query).get('dir');
  // `/at/<seq>` puts the whole run view as of that event.
  const at = parts[2] === 'at' && isAddressInt(parts[3]) && Number(parts[3]) >= 1 ? Number(parts[3]) : undefined;
  return { runId: safeDecode(parts[1]), dir, ...(at === undefined ? {} : { at }) };
}

/** Whether an address segment is a whole number (at most 15 digits: always exact). */
export function isAddressInt(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,15}$/.test(value);
}

/** `value` URI-decoded, or as it is when it is not valid percent-encoding. */
export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
