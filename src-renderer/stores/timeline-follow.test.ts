import { describe, expect, it } from 'vitest';
import { followAxis } from './timeline-store';

describe('followAxis (live timeline)', () => {
  it('keeps a fitted window fitted as the run grows', () => {
    const w = followAxis({ start: -10, end: 1010 }, 1000, 2000);
    expect(w.start).toBeLessThanOrEqual(0);
    expect(w.end).toBeGreaterThanOrEqual(2000);
  });
  it('slides a zoomed window that showed the end to the new end, same width', () => {
    const w = followAxis({ start: 810, end: 1010 }, 1000, 2000);
    expect(w.end - w.start).toBeCloseTo(200);
    expect(w.end).toBeGreaterThanOrEqual(2000);
  });
  it('leaves a window looking at the past alone', () => {
    expect(followAxis({ start: 100, end: 300 }, 1000, 2000)).toEqual({ start: 100, end: 300 });
  });
});
