import { describe, expect, it } from 'vitest';
import { isoMs } from './iso-ms';

// A seeded generator, so a failure names a reproducible string.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const FIRST = Date.parse('0000-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');
const pad = (n: number, width: number) => String(n).padStart(width, '0');

describe('isoMs', () => {
  it('equals Date.parse on toISOString output across the calendar, in and out of order', () => {
    const next = random(7);
    for (let i = 0; i < 20_000; i += 1) {
      // Years 0000-9999: the four-digit years toISOString writes.
      const iso = new Date(FIRST + Math.floor(next() * (LAST - FIRST))).toISOString();
      expect(isoMs(iso), iso).toBe(Date.parse(iso));
    }
  });

  it('equals Date.parse on strings of the same shape that are not valid dates or times', () => {
    const next = random(11);
    const field = (max: number, width: number) => pad(Math.floor(next() * max), width);
    for (let i = 0; i < 20_000; i += 1) {
      // Months 00-19, days 00-39, hours 00-29, minutes and seconds 00-69: many out of range.
      const iso = `${field(10_000, 4)}-${field(20, 2)}-${field(40, 2)}T${field(30, 2)}:${field(70, 2)}:${field(70, 2)}.${field(1000, 3)}Z`;
      const expected = Date.parse(iso);
      expect(Number.isNaN(isoMs(iso)) ? 'NaN' : isoMs(iso), iso).toBe(Number.isNaN(expected) ? 'NaN' : expected);
    }
  });

  it('equals Date.parse on other forms and near misses', () => {
    const texts = [
      '2026-11-01T00:00:00.000Z',
      '2026-02-29T12:00:00.000Z',
      '2024-02-29T12:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-11-01T24:00:00.000Z',
      '2026-11-01T23:59:60.000Z',
      '2026-11-01T10:00:00Z',
      '2026-11-01T10:00:00.000+02:00',
      '2026-11-01T10:00:00.0000',
      '+002026-11-01T10:00:00.000Z',
      '2026-11-01 10:00:00.000Z',
      '2026-11-01T10:00:00,000Z',
      '2026-11-01t10:00:00.000z',
      '2026-1a-01T10:00:00.000Z',
      '2026-11-01T1a:00:00.000Z',
      '2026-11-01T10:0-:00.000Z',
      '2026-11-01T10:00:0 .000Z',
      '2026-11-01T10:00:00.00xZ',
      '2026-11-01T10:00:00.-00Z',
      '+026-11-01T10:00:00.000Z',
      '2026-11-1 T10:00:00.000Z',
      ' 026-11-01T10:00:00.000Z',
      '2026-11-01',
      'Sun, 01 Nov 2026 10:00:00 GMT',
      '',
      'not a time at all, 24 ch',
    ];
    for (const text of texts) {
      const expected = Date.parse(text);
      const got = isoMs(text);
      expect(Number.isNaN(got) ? 'NaN' : got, text).toBe(Number.isNaN(expected) ? 'NaN' : expected);
    }
  });

  it('does not carry one day into the next (alternating days)', () => {
    const days = ['2026-11-01', '2026-11-02', '1999-12-31', '2026-11-01'];
    for (let i = 0; i < 40; i += 1) {
      const iso = `${days[i % days.length]}T${pad(i % 24, 2)}:${pad(i % 60, 2)}:${pad((i * 7) % 60, 2)}.${pad(i * 13, 3)}Z`;
      expect(isoMs(iso), iso).toBe(Date.parse(iso));
    }
  });
});
