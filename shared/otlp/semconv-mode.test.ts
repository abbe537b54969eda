import { describe, expect, it } from 'vitest';
import { parseSemconvMode, semconvFromOptIn } from './semconv-mode';

describe('OTEL_SEMCONV_STABILITY_OPT_IN', () => {
  it.each([
    [undefined, '1.45'],
    ['', '1.45'],
    ['http', '1.45'],
    ['http,database/dup', '1.45'],
    // A look-alike is not the value: the list holds exact category values.
    ['gen_ai_latest', '1.45'],
    ['gen_ai_latest_experimental_x', '1.45'],
    ['gen_ai_latest_experimental', 'latest'],
    ['http, gen_ai_latest_experimental ,database', 'latest'],
    [',,gen_ai_latest_experimental,', 'latest'],
  ] as const)('%j selects %s', (value, mode) => {
    expect(semconvFromOptIn(value)).toBe(mode);
  });
});

describe('--semconv', () => {
  it('takes 1.45 and latest only', () => {
    expect(parseSemconvMode('1.45')).toBe('1.45');
    expect(parseSemconvMode('latest')).toBe('latest');
    for (const bad of ['', '1.36', 'LATEST', 'gen_ai_latest_experimental']) expect(parseSemconvMode(bad)).toBeNull();
  });
});
