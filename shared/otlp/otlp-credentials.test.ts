import { describe, expect, it } from 'vitest';
import { maskSecrets, secretsOf, shownUrl } from './otlp-credentials';

describe('shownUrl', () => {
  it('hides userinfo, leaves a URL without one as it was', () => {
    expect(shownUrl('https://alice:s3cr%40t@api.example.com:4318/v1/traces')).toBe('https://***@api.example.com:4318/v1/traces');
    expect(shownUrl('https://token-only@api.example.com/')).toBe('https://***@api.example.com/');
    expect(shownUrl('http://localhost:4318')).toBe('http://localhost:4318');
    expect(shownUrl('http://alice:pw@exa mple.com/')).toBe('http://***@exa mple.com/');
  });
});

describe('secretsOf and maskSecrets', () => {
  const secrets = secretsOf('https://alice-user:p%40ss-word@h.example/v1/traces', { Authorization: 'Bearer tok-123456', 'x-scope': 'ab', 'x-api-key': 'k%20ey-7890' });

  it('lists header values, their tokens and the userinfo parts, raw and decoded, longest first; short values left out', () => {
    expect(secrets).toEqual(expect.arrayContaining(['Bearer tok-123456', 'tok-123456', 'alice-user', 'p%40ss-word', 'p@ss-word', 'k%20ey-7890', 'k ey-7890']));
    expect(secrets).not.toContain('ab');
    expect([...secrets].sort((a, b) => b.length - a.length)).toEqual(secrets);
  });

  it('masks each occurrence and any userinfo in URLs of the text', () => {
    expect(maskSecrets('denied: Bearer tok-123456 for alice-user (p@ss-word) at https://bob:x@other.example/', secrets)).toBe('denied: *** for *** (***) at https://***@other.example/');
    expect(maskSecrets('nothing secret here', secrets)).toBe('nothing secret here');
  });
});
