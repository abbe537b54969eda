import { describe, expect, it } from 'vitest';
import type { Route } from '../../routing/route';
import { clampSequence, moveByEvent, routeAt, seekOrigin } from './time-travel';

describe('time travel moves', () => {
  it('one event back from now is the last-but-one event; forward from now stays now', () => {
    expect(moveByEvent(undefined, 10, -1)).toBe(9);
    expect(moveByEvent(undefined, 10, 1)).toBeUndefined();
    expect(moveByEvent(undefined, 1, -1)).toBe(1);
    expect(moveByEvent(undefined, 0, -1)).toBeUndefined();
  });

  it('moves one event inside 1…last and stops at both ends', () => {
    expect(moveByEvent(5, 10, -1)).toBe(4);
    expect(moveByEvent(5, 10, 1)).toBe(6);
    expect(moveByEvent(1, 10, -1)).toBe(1);
    expect(moveByEvent(10, 10, 1)).toBe(10);
    // A position past a log that shrank (rewritten) comes back inside it.
    expect(moveByEvent(50, 10, -1)).toBe(10);
  });

  it('seeks step boundaries from the shown event, or from just past the end when showing now', () => {
    expect(seekOrigin(7, 10, -1)).toBe(7);
    expect(seekOrigin(7, 10, 1)).toBe(7);
    expect(seekOrigin(undefined, 10, -1)).toBe(11);
    expect(seekOrigin(undefined, 10, 1)).toBeNull();
  });

  it('clamps scrubber values to sequences of the log', () => {
    expect(clampSequence(0, 10)).toBe(1);
    expect(clampSequence(10.6, 10)).toBe(10);
    expect(clampSequence(4.4, 10)).toBe(4);
    expect(clampSequence(Number.NaN, 10)).toBe(10);
    expect(clampSequence(3, 0)).toBe(1);
  });

  it('keeps the tab, the selection and the compare baseline when moving, and drops `at` for now', () => {
    const route: Extract<Route, { view: 'run' }> = { view: 'run', runId: 'run_b', dir: 'x', tab: 'compare', against: { runId: 'run_a', dir: null } };
    expect(routeAt(route, 4)).toEqual({ ...route, at: 4 });
    expect(routeAt({ ...route, at: 4 }, undefined)).toEqual(route);
    expect(routeAt({ ...route, at: 4 }, undefined)).not.toHaveProperty('at');
  });
});
