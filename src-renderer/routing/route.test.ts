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
});
