import { describe, expect, it } from 'vitest';
import { createLedgerParser } from './ledger-parser';
import { isBigIntText, parseLosslessJson, tagUnsafeIntegers } from './lossless-json';

describe('parseLosslessJson', () => {
  it('keeps a u64 beyond 2^53 exact and leaves safe numbers alone', () => {
    const v = parseLosslessJson('{"a":18446744073709551557,"b":9007199254740991,"c":1.5e300,"d":-12345678901234567890}') as Record<string, unknown>;
    expect(isBigIntText(v.a) && v.a['\u0000bigint']).toBe('18446744073709551557');
    expect(v.b).toBe(9007199254740991);
    expect(v.c).toBe(1.5e300);
    expect(isBigIntText(v.d) && v.d['\u0000bigint']).toBe('-12345678901234567890');
  });

  it('never touches digits inside strings, even with escaped quotes', () => {
    const text = '{"q":"id \\"18446744073709551557\\" here","n":18446744073709551616}';
    const v = parseLosslessJson(text) as Record<string, unknown>;
    expect(v.q).toBe('id "18446744073709551557" here');
    expect(isBigIntText(v.n)).toBe(true);
    expect(tagUnsafeIntegers('{"x":"12345678901234567890"}')).toBe('{"x":"12345678901234567890"}');
  });
});

describe('createLedgerParser', () => {
  it('holds a half-written line until its newline arrives, counting lines', () => {
    const p = createLedgerParser({ file: 'events.jsonl' });
    expect(p.push('{"a":1}\n{"b"').lines).toEqual([{ line: 1, value: { a: 1 } }]);
    expect(p.pending()).toBe('{"b"');
    expect(p.push(':2}').lines).toEqual([]);
    expect(p.push('\n\n{"c":3}\r\n').lines).toEqual([
      { line: 2, value: { b: 2 } },
      { line: 4, value: { c: 3 } },
    ]);
    expect(p.linesSeen()).toBe(4);
  });

  it('turns bad lines into diagnostics with line numbers, never a throw', () => {
    const p = createLedgerParser({ file: 'trajectory.jsonl' });
    const out = p.push('{"ok":1}\nnot json\n[1,2]\n"x"\n{"ok":2}\n');
    expect(out.lines.map((l) => l.line)).toEqual([1, 5]);
    expect(out.diagnostics.map((d) => [d.code, d.detail?.line])).toEqual([
      ['payload-unparsable', 2],
      ['schema-unexpected', 3],
      ['schema-unexpected', 4],
    ]);
    expect(out.diagnostics[0]!.message).toContain('trajectory.jsonl:2');
  });

  it('end(): drops an unparseable torn last line with a warning, keeps a parseable one', () => {
    const torn = createLedgerParser({ file: 'events.jsonl' });
    torn.push('{"a":1}\n{"seq":4,"ts":"2026');
    const ended = torn.end();
    expect(ended.lines).toEqual([]);
    expect(ended.diagnostics[0]).toMatchObject({ code: 'payload-unparsable', severity: 'warning', detail: { line: 2, torn: true } });
    const whole = createLedgerParser({ file: 'events.jsonl' });
    whole.push('{"a":1}');
    expect(whole.end().lines).toEqual([{ line: 1, value: { a: 1 } }]);
  });
});
