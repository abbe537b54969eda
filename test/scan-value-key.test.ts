/** valueKey: the repeat scanners' key is canonical JSON's whichever way it is computed (native fast path or canonicalJson). */
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../shared/canonical/canonical-json';
import { stringHash } from '../shared/scan/string-hash';
import { valueKey } from '../shared/scan/value-key';

const parsed = (text: string): unknown => JSON.parse(text);

describe('valueKey', () => {
  it('is the hash of the canonical JSON for values in order, out of order, and with integer-like keys', () => {
    for (const text of [
      '{"a":1,"b":[{"c":"x","d":null}],"e":true}',
      '{"e":true,"b":[{"d":null,"c":"x"}],"a":1}',
      '{"10":1,"9":2,"b":{"2":0,"1":1}}',
      '[1.5e300,-0,"\\u00e9\\ud83d\\ude00",{"z":{},"y":[]}]',
      '"plain"',
      'null',
    ]) {
      const value = parsed(text);
      expect(valueKey(value), text).toBe(stringHash(canonicalJson(value)));
    }
  });

  it('gives equal keys to equal values whatever their key order, and different keys to different values', () => {
    expect(valueKey(parsed('{"q":"x","page":1}'))).toBe(valueKey(parsed('{"page":1,"q":"x"}')));
    expect(valueKey(parsed('{"q":"x","page":1}'))).not.toBe(valueKey(parsed('{"q":"x","page":2}')));
  });

  it('refuses what canonical JSON refuses (a lone surrogate), but not a backslash before "ud"', () => {
    expect(valueKey(parsed('{"a":"\\ud800"}'))).toBeNull();
    expect(valueKey(parsed('{"a":"\\\\ud800"}'))).toBe(stringHash(canonicalJson({ a: '\\ud800' })));
  });
});
