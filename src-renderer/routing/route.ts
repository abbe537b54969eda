/**
 * Deep links: every run, step, session and event has an address in the URL hash, so it
 * survives a reload, works in browser mode and can be pasted into a bug report.
 *
 *   #/                                   the library (run list)
 *   #/?status=crashed&q=foo              the library filtered and sorted (see views/library/library-query.ts)
 *   #/run/<runId>                        run overview
 *   #/run/<runId>/<tab>                  timeline | turns | costs | crash | compare | events | steps
 *   #/run/<runId>/step/<stepPath>        one step (step path URI-encoded)
 *   #/run/<runId>/session/<id>           one harness session in the turns view
 *   #/run/<runId>/event/<sequence>       one event in the events view
 *   ?dir=<data dir label>                appended when the run id exists in several data dirs
 *   #/session/<sessionId>?dir=<harness dir>   one little-harness session (dir relative to the opened folder)
 *   …&occ=<occurrenceId>                 that session with the trace item of one occurrence picked out
 */

/** The run view's tabs. */
export const RUN_TABS = ['overview', 'timeline', 'steps', 'turns', 'costs', 'crash', 'compare', 'events'] as const;
export type RunTab = (typeof RUN_TABS)[number];

/** A parsed address. */
export type Route =
  /** `query`: the run list's filter and sort parameters, absent when there are none. */
  | { view: 'library'; query?: Record<string, string> }
  | { view: 'run'; runId: string; dir: string | null; tab: RunTab; step?: string; session?: number; event?: number }
  | { view: 'session'; sessionId: string; dir: string; occurrence?: string };

/** Parse a location hash (with or without the leading `#`); anything unknown is the library. */
export function parseRoute(hash: string): Route {
  const raw = hash.replace(/^#/, '');
  const [path, query = ''] = raw.split('?', 2);
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'session' && parts[1]) {
    const params = new URLSearchParams(query);
    const occurrence = params.get('occ');
    return { view: 'session', sessionId: safeDecode(parts.slice(1).join('/')), dir: params.get('dir') ?? '.', ...(occurrence ? { occurrence } : {}) };
  }
  if (parts[0] !== 'run' || !parts[1]) return libraryRoute(query);
  const dir = new URLSearchParams(query).get('dir');
  const base = { view: 'run' as const, runId: safeDecode(parts[1]), dir };
  const [kind, value] = [parts[2], parts[3]];
  if (kind === 'step' && value !== undefined) return { ...base, tab: 'steps', step: safeDecode(parts.slice(3).join('/')) };
  if (kind === 'session' && isInt(value)) return { ...base, tab: 'turns', session: Number(value) };
  if (kind === 'event' && isInt(value)) return { ...base, tab: 'events', event: Number(value) };
  if ((RUN_TABS as readonly string[]).includes(kind ?? '')) return { ...base, tab: kind as RunTab };
  return { ...base, tab: 'overview' };
}

/** The hash for `route` (the inverse of `parseRoute`). */
export function formatRoute(route: Route): string {
  if (route.view === 'library') {
    const params = new URLSearchParams(route.query ?? {}).toString();
    return params ? `#/?${params}` : '#/';
  }
  if (route.view === 'session') {
    const occ = route.occurrence ? `&occ=${encodeURIComponent(route.occurrence)}` : '';
    return `#/session/${encodeURIComponent(route.sessionId)}?dir=${encodeURIComponent(route.dir)}${occ}`;
  }
  const id = encodeURIComponent(route.runId);
  const query = route.dir ? `?dir=${encodeURIComponent(route.dir)}` : '';
  if (route.step !== undefined) return `#/run/${id}/step/${encodeURIComponent(route.step)}${query}`;
  if (route.session !== undefined) return `#/run/${id}/session/${route.session}${query}`;
  if (route.event !== undefined) return `#/run/${id}/event/${route.event}${query}`;
  return `#/run/${id}${route.tab === 'overview' ? '' : `/${route.tab}`}${query}`;
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

function isInt(value: string | undefined): value is string {
  return value !== undefined && /^\d{1,15}$/.test(value);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
