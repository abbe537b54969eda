/**
 * Deep links: every run, step, session and event has an address in the URL hash, so it
 * survives a reload, works in browser mode and can be pasted into a bug report.
 *
 *   #/                                   the library (run list)
 *   #/?status=crashed&q=foo              the library filtered and sorted (see views/library/library-query.ts)
 *   #/run/<runId>                        run overview
 *   #/run/<runId>/<tab>                  timeline | turns | costs | crash | compare | events | steps | job
 *   #/run/<runId>/step/<stepPath>        one step (step path URI-encoded)
 *   #/run/<runId>/session/<id>           one harness session in the turns view
 *   #/run/<runId>/event/<sequence>       one event in the events view
 *   #/run/<runId>/at/<seq>/…             any of the above as of event #seq (time travel)
 *   #/run/<runId>/compare?against=<id>   the run compared with another (the baseline; `againstDir`: its data dir label)
 *   ?dir=<data dir label>                appended when the run id exists in several data dirs
 *   #/session/<sessionId>?dir=<harness dir>   one little-harness session (dir relative to the opened folder)
 *   …&occ=<occurrenceId>                 that session with the trace item of one occurrence picked out
 *   #/fleet                              the Fleet view (every run under the root summed)
 *   #/fleet/sql                          the SQL console over the fleet index
 */

import { hashParts, isAddressInt, runAddressIn, safeDecode } from '../../shared/run-address';

/** The run view's tabs. */
export const RUN_TABS = ['overview', 'timeline', 'steps', 'turns', 'costs', 'crash', 'compare', 'events', 'job'] as const;
export type RunTab = (typeof RUN_TABS)[number];

/** The run a compare is made against (the baseline, A): its id and data dir label (null: the same). */
export type RunAgainst = { runId: string; dir: string | null };

/** A parsed address. */
export type Route =
  /** `query`: the run list's filter and sort parameters, absent when there are none. */
  | { view: 'library'; query?: Record<string, string> }
  | {
      view: 'run';
      runId: string;
      dir: string | null;
      tab: RunTab;
      step?: string;
      session?: number;
      event?: number;
      /** Time travel: the run as of this event (absent: as it is now). */
      at?: number;
      /** The compare tab's baseline run. */
      against?: RunAgainst;
    }
  | { view: 'session'; sessionId: string; dir: string; occurrence?: string }
  | { view: 'fleet'; tab: 'summary' | 'sql' };

/** The address of run `route`'s view, keeping its position in time (tab and selection left to the caller). */
export function runBase(route: { runId: string; dir: string | null; at?: number }): { view: 'run'; runId: string; dir: string | null; at?: number } {
  return { view: 'run', runId: route.runId, dir: route.dir, ...(route.at === undefined ? {} : { at: route.at }) };
}

/** Parse a location hash (with or without the leading `#`); anything unknown is the library. */
export function parseRoute(hash: string): Route {
  const cut = hashParts(hash);
  const { parts, query } = cut;
  if (parts[0] === 'fleet') return { view: 'fleet', tab: parts[1] === 'sql' ? 'sql' : 'summary' };
  if (parts[0] === 'session' && parts[1]) {
    const params = new URLSearchParams(query);
    const occurrence = params.get('occ');
    return { view: 'session', sessionId: safeDecode(parts.slice(1).join('/')), dir: params.get('dir') ?? '.', ...(occurrence ? { occurrence } : {}) };
  }
  const address = runAddressIn(cut);
  if (address === null) return libraryRoute(query);
  const params = new URLSearchParams(query);
  // After `/at/<seq>` (time travel) the rest of the path is read as without it.
  const rest = parts.slice(address.at === undefined ? 2 : 4);
  const against = params.get('against');
  const base = {
    view: 'run' as const,
    runId: address.runId,
    dir: address.dir,
    ...(address.at === undefined ? {} : { at: address.at }),
    ...(against ? { against: { runId: against, dir: params.get('againstDir') } } : {}),
  };
  const [kind, value] = [rest[0], rest[1]];
  if (kind === 'step' && value !== undefined) return { ...base, tab: 'steps', step: safeDecode(rest.slice(1).join('/')) };
  if (kind === 'session' && isAddressInt(value)) return { ...base, tab: 'turns', session: Number(value) };
  if (kind === 'event' && isAddressInt(value)) return { ...base, tab: 'events', event: Number(value) };
  if ((RUN_TABS as readonly string[]).includes(kind ?? '')) return { ...base, tab: kind as RunTab };
  return { ...base, tab: 'overview' };
}

/** The hash for `route` (the inverse of `parseRoute`). */
export function formatRoute(route: Route): string {
  if (route.view === 'library') {
    const params = new URLSearchParams(route.query ?? {}).toString();
    return params ? `#/?${params}` : '#/';
  }
  if (route.view === 'fleet') return route.tab === 'sql' ? '#/fleet/sql' : '#/fleet';
  if (route.view === 'session') {
    const occ = route.occurrence ? `&occ=${encodeURIComponent(route.occurrence)}` : '';
    return `#/session/${encodeURIComponent(route.sessionId)}?dir=${encodeURIComponent(route.dir)}${occ}`;
  }
  const params = new URLSearchParams();
  if (route.dir) params.set('dir', route.dir);
  if (route.against) {
    params.set('against', route.against.runId);
    if (route.against.dir) params.set('againstDir', route.against.dir);
  }
  const query = params.size > 0 ? `?${params.toString()}` : '';
  const run = `#/run/${encodeURIComponent(route.runId)}${route.at === undefined ? '' : `/at/${route.at}`}`;
  if (route.step !== undefined) return `${run}/step/${encodeURIComponent(route.step)}${query}`;
  if (route.session !== undefined) return `${run}/session/${route.session}${query}`;
  if (route.event !== undefined) return `${run}/event/${route.event}${query}`;
  return `${run}${route.tab === 'overview' ? '' : `/${route.tab}`}${query}`;
}

function libraryRoute(query: string): Route {
  const params: Record<string, string> = {};
  try {
    for (const [key, value] of new URLSearchParams(query)) params[key] = value;
  } catch {
    return { view: 'library' };
  }
  return Object.keys(params).length > 0 ? { view: 'library', query: params } : { view: 'library' };
}
