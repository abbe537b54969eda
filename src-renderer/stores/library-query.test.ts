import { describe, expect, it } from 'vitest';
import { parseRoute, formatRoute } from '../routing/route';
import { DEFAULT_QUERY, clearFilters, formatLibraryQuery, isFiltered, parseLibraryQuery, toggleSort, type LibraryQuery } from './library-query';

describe('library query ↔ URL', () => {
  it('the default query has no parameters and is not filtered', () => {
    expect(formatLibraryQuery(DEFAULT_QUERY)).toEqual({});
    expect(parseLibraryQuery(undefined)).toEqual(DEFAULT_QUERY);
    expect(isFiltered(DEFAULT_QUERY)).toBe(false);
  });

  it('round-trips every filter and the sort through the hash', () => {
    const query: LibraryQuery = {
      text: 'run_5d & co',
      statuses: ['failed', 'crashed'],
      version: 'wfver_c00a8c30',
      tag: 'Docs digest',
      time: 'week',
      cost: 'over',
      costOver: 0.005,
      eventsOver: 20,
      findings: 'retry-storm',
      sort: 'cost',
      dir: 'asc',
    };
    const hash = formatRoute({ view: 'library', query: formatLibraryQuery(query) });
    const route = parseRoute(hash);
    expect(route.view).toBe('library');
    expect(parseLibraryQuery(route.view === 'library' ? route.query : undefined)).toEqual(query);
    expect(isFiltered(query)).toBe(true);
  });

  it('reads `#/?status=crashed&q=foo`', () => {
    const route = parseRoute('#/?status=crashed&q=foo');
    expect(parseLibraryQuery(route.view === 'library' ? route.query : undefined)).toEqual({ ...DEFAULT_QUERY, statuses: ['crashed'], text: 'foo' });
  });

  it('drops junk values instead of failing', () => {
    expect(parseLibraryQuery({ status: 'crashed,bogus,,failed', time: 'year', cost: 'free', eventsOver: '-3', costOver: 'abc', sort: 'x', dir: 'up', findings: 'bogus-kind' })).toEqual({
      ...DEFAULT_QUERY,
      statuses: ['failed', 'crashed'],
    });
  });

  it('reads the findings filter and sort (`#/?findings=any&sort=findings`)', () => {
    const route = parseRoute('#/?findings=any&sort=findings');
    expect(parseLibraryQuery(route.view === 'library' ? route.query : undefined)).toEqual({ ...DEFAULT_QUERY, findings: 'any', sort: 'findings', dir: 'desc' });
    expect(isFiltered({ ...DEFAULT_QUERY, findings: 'any' })).toBe(true);
  });

  it('clicking a column sorts it in its natural direction first, then flips it', () => {
    const byCost = toggleSort(DEFAULT_QUERY, 'cost');
    expect(byCost).toMatchObject({ sort: 'cost', dir: 'desc' });
    expect(toggleSort(byCost, 'cost')).toMatchObject({ sort: 'cost', dir: 'asc' });
    expect(toggleSort(DEFAULT_QUERY, 'runId')).toMatchObject({ sort: 'runId', dir: 'asc' });
    expect(parseLibraryQuery(formatLibraryQuery(toggleSort(DEFAULT_QUERY, 'started')))).toMatchObject({ sort: 'started', dir: 'asc' });
  });

  it('clearing filters keeps the sort', () => {
    const q = { ...DEFAULT_QUERY, text: 'x', statuses: ['crashed' as const], sort: 'cost' as const };
    expect(clearFilters(q)).toEqual({ ...DEFAULT_QUERY, sort: 'cost' });
  });
});
