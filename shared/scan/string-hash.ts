/**
 * A 53-bit string hash (cyrb53) with the text's length: the repeat scanners key calls by the
 * canonical JSON of their arguments or request without keeping those texts, so a long run's
 * memory follows the number of distinct calls, not their size. Two different texts of the same
 * length colliding in 53 bits is the only way two calls could be taken for equal.
 */
export function stringHash(text: string): string {
  const [h1, h2] = cyrb53Words(text);
  return `${text.length.toString(36)}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/** cyrb53's two 32-bit words of `text`, mixed (the fuzz seeds take the first: test/fuzz/prng.ts). */
export function cyrb53Words(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1, h2];
}
