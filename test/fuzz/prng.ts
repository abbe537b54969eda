/**
 * A small seeded PRNG (sfc32 seeded through a string hash) so every fuzz case can be
 * replayed exactly from its seed: `FUZZ_SEED=<seed> FUZZ_CASE=<n> npm run fuzz`.
 */
import { cyrb53Words } from '../../shared/scan/string-hash';

/** A deterministic random source with the handful of helpers the mutators use. */
export type Rng = {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (inclusive). */
  int(min: number, max: number): number;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** `n` random bytes. */
  bytes(n: number): Buffer;
};

/** 32-bit hash of a string (cyrb53's mixing, truncated): derives seeds from text. */
export function hashSeed(text: string): number {
  return cyrb53Words(text)[0] >>> 0;
}

/** A PRNG seeded from `seed` (any text; cases use `${runSeed}:${index}`). */
export function createRng(seed: string): Rng {
  let a = hashSeed(`${seed}/a`);
  let b = hashSeed(`${seed}/b`);
  let c = hashSeed(`${seed}/c`);
  let d = hashSeed(`${seed}/d`) | 1;
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)],
    chance: (p) => next() < p,
    bytes: (n) => {
      const out = Buffer.alloc(n);
      for (let i = 0; i < n; i += 1) out[i] = int(0, 255);
      return out;
    },
  };
}
