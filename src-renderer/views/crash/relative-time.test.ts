import { describe, expect, it } from 'vitest';
import { formatAgo, formatDuration, msBetween } from './relative-time';

describe('formatDuration', () => {
  it('picks a unit a person reads at a glance', () => {
    expect(formatDuration(340)).toBe('340 ms');
    // The one duration format of every view (shared/format/duration.ts).
    expect(formatDuration(4200)).toBe('4.20 s');
    expect(formatDuration(42_000)).toBe('42.0 s');
    expect(formatDuration(1_020_041)).toBe('17 min 00 s');
    expect(formatDuration(17 * 60_000 + 3000)).toBe('17 min 03 s');
    expect(formatDuration(2 * 3_600_000 + 5 * 60_000)).toBe('2 h 05 min');
    expect(formatDuration(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 04 h');
  });
  it('says nothing made up for unknown durations', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('msBetween / formatAgo', () => {
  const now = new Date('2026-11-20T10:00:00.000Z');
  it('measures between ISO timestamps', () => {
    expect(msBetween('2026-11-20T09:00:00.000Z', '2026-11-20T09:00:01.500Z')).toBe(1500);
    expect(msBetween('garbage', '2026-11-20T09:00:01.500Z')).toBeNull();
    expect(msBetween(null, '2026-11-20T09:00:01.500Z')).toBeNull();
  });
  it('says how long ago', () => {
    expect(formatAgo('2026-11-20T09:59:58.000Z', now)).toBe('just now');
    expect(formatAgo('2026-11-20T09:59:30.000Z', now)).toBe('30 s ago');
    expect(formatAgo('2026-11-20T09:43:10.000Z', now)).toBe('16 min ago');
    expect(formatAgo('2026-11-19T08:00:00.000Z', now)).toBe('1 d 02 h ago');
    expect(formatAgo('2026-11-20T11:00:00.000Z', now)).toMatch(/future/);
  });
});
