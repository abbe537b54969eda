import { describe, expect, it } from 'vitest';
import { UsageError } from '../args';
import { asksForBundle, parseBudget } from './export-bundle';

describe('export --format bundle arguments', () => {
  it('parses --budget as bytes or decimal sizes', () => {
    expect(parseBudget(undefined)).toBe(50_000_000);
    expect(parseBudget('1000')).toBe(1000);
    expect(parseBudget('800KB')).toBe(800_000);
    expect(parseBudget('1.5mb')).toBe(1_500_000);
    expect(parseBudget('0')).toBe(0);
    for (const bad of ['-1', 'lots', '5TB', '3GB', true] as const) expect(() => parseBudget(bad)).toThrow(UsageError);
  });

  it('recognises the bundle format in both flag spellings', () => {
    expect(asksForBundle(['run_1', '--format', 'bundle'])).toBe(true);
    expect(asksForBundle(['--format=bundle', 'run_1'])).toBe(true);
    expect(asksForBundle(['run_1', '--format', 'html', '-o', 'bundle'])).toBe(false);
  });
});
