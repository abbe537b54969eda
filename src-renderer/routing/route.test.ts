import { describe, expect, it } from 'vitest';
import { formatRoute, parseRoute, type Route } from './route';

describe('deep links', () => {
  it.each<[string, Route]>([
    ['#/', { view: 'library' }],
    ['', { view: 'library' }],
    ['#/run/run_abc', { view: 'run', runId: 'run_abc', dir: null, tab: 'overview' }],
    ['#/run/run_abc/costs', { view: 'run', runId: 'run_abc', dir: null, tab: 'costs' }],
    ['#/run/run_abc/event/42', { view: 'run', runId: 'run_abc', dir: null, tab: 'events', event: 42 }],
    ['#/run/run_abc/session/3', { view: 'run', runId: 'run_abc', dir: null, tab: 'turns', session: 3 }],
    ['#/run/run_abc/step/review%5Bfast-a%5D.score', { view: 'run', runId: 'run_abc', dir: null, tab: 'steps', step: 'review[fast-a].score' }],
    ['#/run/run_abc/timeline?dir=.little-workflow', { view: 'run', runId: 'run_abc', dir: '.little-workflow', tab: 'timeline' }],
  ])('%s parses and formats back', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(parseRoute(formatRoute(route))).toEqual(route);
  });

  it('carries the run list filters in the library query, so a filtered list is a deep link', () => {
    const route: Route = { view: 'library', query: { q: 'run 42&x', status: 'crashed,failed', sort: 'cost', dir: 'desc' } };
    expect(formatRoute(route)).toBe('#/?q=run+42%26x&status=crashed%2Cfailed&sort=cost&dir=desc');
    expect(parseRoute(formatRoute(route))).toEqual(route);
    expect(parseRoute('#/?status=crashed&q=foo')).toEqual({ view: 'library', query: { status: 'crashed', q: 'foo' } });
    expect(parseRoute('#/?')).toEqual({ view: 'library' });
    expect(formatRoute({ view: 'library', query: {} })).toBe('#/');
    expect(parseRoute('#/nope?q=%E0%A4%A')).toMatchObject({ view: 'library' });
  });

  it('treats junk as the library or the overview, never throws', () => {
    expect(parseRoute('#/nope')).toEqual({ view: 'library' });
    expect(parseRoute('#/run/run_x/event/abc')).toMatchObject({ tab: 'overview' });
    expect(parseRoute('#/run/%E0%A4%A/step/%')).toMatchObject({ view: 'run' });
  });
});

describe('time travel and compare routes', () => {
  it.each<[string, Route]>([
    ['#/run/run_abc/at/17', { view: 'run', runId: 'run_abc', dir: null, tab: 'overview', at: 17 }],
    ['#/run/run_abc/at/17/crash', { view: 'run', runId: 'run_abc', dir: null, tab: 'crash', at: 17 }],
    ['#/run/run_abc/at/3/event/2', { view: 'run', runId: 'run_abc', dir: null, tab: 'events', event: 2, at: 3 }],
    ['#/run/run_abc/at/9/step/review%5Bfast-a%5D.score', { view: 'run', runId: 'run_abc', dir: null, tab: 'steps', step: 'review[fast-a].score', at: 9 }],
    ['#/run/run_abc/at/9/session/1?dir=a%2Fb', { view: 'run', runId: 'run_abc', dir: 'a/b', tab: 'turns', session: 1, at: 9 }],
    ['#/run/run_b/compare?against=run_a', { view: 'run', runId: 'run_b', dir: null, tab: 'compare', against: { runId: 'run_a', dir: null } }],
    [
      '#/run/run_b/at/5/compare?dir=x&against=run_a&againstDir=y%2F.little-workflow',
      { view: 'run', runId: 'run_b', dir: 'x', tab: 'compare', at: 5, against: { runId: 'run_a', dir: 'y/.little-workflow' } },
    ],
  ])('%s parses and formats back', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(formatRoute(route)).toBe(hash);
  });

  it('an `at` that is not a positive sequence is not time travel', () => {
    expect(parseRoute('#/run/run_abc/at/0/costs')).toEqual({ view: 'run', runId: 'run_abc', dir: null, tab: 'overview' });
    expect(parseRoute('#/run/run_abc/at/x/costs')).toEqual({ view: 'run', runId: 'run_abc', dir: null, tab: 'overview' });
    expect(parseRoute('#/run/run_abc/at')).toEqual({ view: 'run', runId: 'run_abc', dir: null, tab: 'overview' });
    expect(parseRoute('#/run/run_abc/at/12345678901234567/costs')).not.toHaveProperty('at');
  });
});

describe('session routes', () => {
  it('round-trips a harness session address (ids with slashes and spaces, the harness dir as a query)', () => {
    const route = { view: 'session' as const, sessionId: 'chat with spaces/and slashes', dir: 'harness/.little-harness' };
    expect(formatRoute(route)).toBe('#/session/chat%20with%20spaces%2Fand%20slashes?dir=harness%2F.little-harness');
    expect(parseRoute(formatRoute(route))).toEqual(route);
    expect(parseRoute('#/session/sess_1')).toEqual({ view: 'session', sessionId: 'sess_1', dir: '.' });
    const picked = { view: 'session' as const, sessionId: 'sess_1', dir: 'a/.little-harness', occurrence: 'evt_mwq_0a1b' };
    expect(formatRoute(picked)).toBe('#/session/sess_1?dir=a%2F.little-harness&occ=evt_mwq_0a1b');
    expect(parseRoute(formatRoute(picked))).toEqual(picked);
  });

  it('addresses the Fleet view and its SQL console, both ways', () => {
    expect(parseRoute('#/fleet')).toEqual({ view: 'fleet', tab: 'summary' });
    expect(parseRoute('#/fleet/sql')).toEqual({ view: 'fleet', tab: 'sql' });
    expect(parseRoute('#/fleet/unknown')).toEqual({ view: 'fleet', tab: 'summary' });
    for (const tab of ['summary', 'sql'] as const) expect(parseRoute(formatRoute({ view: 'fleet', tab }))).toEqual({ view: 'fleet', tab });
  });
});
