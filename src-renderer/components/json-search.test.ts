import { describe, expect, it } from 'vitest';
import { createJsonSearch, MAX_MATCHES, searchJson } from './json-search';

describe('json search', () => {
  const doc = { type: 'harness.model.responded', payload: { model: { modelId: 'gpt-4o-mini' }, usage: { inputTokens: 12 }, list: ['a', 'Model here'] } };

  it('finds keys and values in document order, case-insensitively', () => {
    const search = createJsonSearch(doc, 'model');
    while (!search.step(3));
    expect(search.matches).toEqual([['type'], ['payload', 'model'], ['payload', 'model', 'modelId'], ['payload', 'list', 1]]);
  });
  it('matches numbers as text and stops in bounded steps', () => {
    const search = createJsonSearch(doc, '12');
    expect(search.step(1)).toBe(false);
    while (!search.step(100));
    expect(search.matches).toEqual([['payload', 'usage', 'inputTokens']]);
  });
  it('caps the matches', () => {
    const search = createJsonSearch(Array.from({ length: MAX_MATCHES + 10 }, () => 'x'), 'x');
    while (!search.step(10_000));
    expect(search.capped).toBe(true);
    expect(search.matches).toHaveLength(MAX_MATCHES);
  });
  it('searches a large value in slices and can be aborted', async () => {
    const big = Array.from({ length: 200_000 }, (_, i) => ({ id: i, text: i === 150_000 ? 'needle' : 'hay' }));
    let slices = 0;
    const result = await searchJson(big, 'needle', { sliceMs: 2, onProgress: () => slices++ });
    expect(result.matches).toEqual([[150_000, 'text']]);
    expect(slices).toBeGreaterThan(1);
    const controller = new AbortController();
    const pending = searchJson(big, 'hay', { signal: controller.signal, sliceMs: 1 });
    controller.abort();
    expect((await pending).aborted).toBe(true);
  });
});
