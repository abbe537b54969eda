/**
 * Where a search hit leads, and how the dialog groups hits. A run's hit opens the run as of its
 * event, in the events view with that event selected (`#/run/<id>/at/<seq>/event/<seq>`, with
 * `?dir=` when the id is in several data dirs); a harness session's hit opens the session.
 */
import type { LibrarySnapshot } from '../../../shared/library';
import type { FleetSearchHit } from '../../../shared/search/fleet-search-types';
import type { Route } from '../../routing/route';
import { runRoute } from '../library/run-table';
import { ambiguousRunIds } from '../library/run-tree';

/** The hits of one run, in sequence order; `first`: the index of its first hit in the answer. */
export type HitGroup = { key: string; dataDir: string; runId: string; dirLabel: string; first: number; hits: FleetSearchHit[] };

/** Consecutive hits of one run form a group (the answer is sorted by run then sequence). */
export function groupHits(hits: readonly FleetSearchHit[], snapshot: LibrarySnapshot | null): HitGroup[] {
  const labels = new Map(snapshot?.dataDirs.map((dir) => [dir.path, dir.label]) ?? []);
  const groups: HitGroup[] = [];
  hits.forEach((hit, index) => {
    const key = `${hit.dataDir}\u0000${hit.runId}`;
    const last = groups[groups.length - 1];
    if (last?.key === key) last.hits.push(hit);
    else groups.push({ key, dataDir: hit.dataDir, runId: hit.runId, dirLabel: labels.get(hit.dataDir) ?? hit.dataDir, first: index, hits: [hit] });
  });
  return groups;
}

/** The route a hit opens, or null when the library no longer lists its run. */
export function hitRoute(hit: FleetSearchHit, snapshot: LibrarySnapshot | null): Route | null {
  if (snapshot === null) return null;
  const run = snapshot.runs.find((r) => r.dataDir === hit.dataDir && r.runId === hit.runId);
  const dir = snapshot.dataDirs.find((d) => d.path === hit.dataDir);
  if (run === undefined || dir === undefined) return null;
  const base = runRoute(run, dir.label, ambiguousRunIds(snapshot.runs));
  if (base.view !== 'run') return base;
  return { ...base, tab: 'events', at: hit.sequence, event: hit.sequence };
}

/** The snippet cut at its marks: the marked parts are the matched words. */
export function markedParts(hit: Pick<FleetSearchHit, 'snippet' | 'marks'>): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [from, to] of hit.marks) {
    if (from < at || to > hit.snippet.length) continue;
    if (from > at) parts.push({ text: hit.snippet.slice(at, from), marked: false });
    parts.push({ text: hit.snippet.slice(from, to), marked: true });
    at = to;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), marked: false });
  return parts;
}
