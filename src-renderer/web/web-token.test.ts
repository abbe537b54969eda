import { describe, expect, it } from 'vitest';
import { parseSseChunk } from './push-stream';
import { takeToken, TOKEN_STORAGE_KEY, type TokenHost } from './web-token';

function host(search: string, hash = '', stored: string | null = null) {
  const storage = new Map<string, string>(stored ? [[TOKEN_STORAGE_KEY, stored]] : []);
  const replaced: string[] = [];
  const h: TokenHost = {
    location: { pathname: '/', search, hash },
    history: { replaceState: (_d, _u, url) => void replaced.push(url) },
    storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
  };
  return { h, storage, replaced };
}

describe('takeToken', () => {
  it('moves ?token= into storage and off the address, keeping the route', () => {
    const { h, storage, replaced } = host('?token=abc&x=1', '#/run/run_1/costs');
    expect(takeToken(h)).toBe('abc');
    expect(storage.get(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(replaced).toEqual(['/?x=1#/run/run_1/costs']);
    expect(replaced.join('')).not.toContain('abc');
  });

  it('uses the stored token after a reload and leaves a clean address alone', () => {
    const { h, replaced } = host('', '#/run/run_1', 'kept');
    expect(takeToken(h)).toBe('kept');
    expect(replaced).toEqual([]);
  });

  it('a new token in the URL replaces the stored one; without either there is none', () => {
    expect(takeToken(host('?token=new', '', 'old').h)).toBe('new');
    expect(takeToken(host('').h)).toBeNull();
  });
});

describe('parseSseChunk', () => {
  it('returns complete events and keeps the unfinished rest', () => {
    const parsed = parseSseChunk(': connected\n\ndata: {"a":1}\n\ndata: {"b"');
    expect(parsed.data).toEqual(['{"a":1}']);
    expect(parsed.rest).toBe('data: {"b"');
    expect(parseSseChunk(`${parsed.rest}:2}\n\n`).data).toEqual(['{"b":2}']);
  });
});
