import { describe, expect, it } from 'vitest';
import { formatDuration as sharedFormatDuration } from '../../../shared/format/duration';
import { formatAgo, formatDuration, msBetween } from './relative-time';

describe('formatDuration', () => {
  it('is the one duration format of every view (shared/format/duration.ts, tested there)', () => {
    expect(formatDuration).toBe(sharedFormatDuration);
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
