import { describe, expect, it } from 'vitest';
import { OverlayMap } from './overlay-map';

// A seeded sequence of numbers in [0, 1).
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('OverlayMap', () => {
  it('behaves as a copy of its base under random sets, deletes, clears and rebases (entries, order, size) and never changes the base or an overlay rebased from', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = random(seed);
      const base = new Map<string, number>();
      for (let i = 0; i < 12; i += 1) base.set(`k${Math.floor(next() * 20)}`, i);
      const baseBefore = [...base.entries()];
      const copy = new Map(base);
      let overlay = new OverlayMap(base);
      // An earlier overlay, rebased from: it must not change as the newer one goes on.
      let earlier: { overlay: OverlayMap<string, number>; entries: Array<[string, number]> } | null = null;
      for (let step = 0; step < 60; step += 1) {
        const key = `k${Math.floor(next() * 24)}`;
        const roll = next();
        if (step % 17 === 16) {
          earlier = { overlay, entries: [...overlay.entries()] };
          overlay = overlay.rebased();
        }
        if (roll < 0.5) {
          copy.set(key, step);
          overlay.set(key, step);
        } else if (roll < 0.97) {
          expect(overlay.delete(key), `seed ${seed} step ${step} delete ${key}`).toBe(copy.delete(key));
        } else {
          copy.clear();
          overlay.clear();
        }
        expect(overlay.get(key)).toBe(copy.get(key));
        expect(overlay.has(key)).toBe(copy.has(key));
        expect(overlay.size, `seed ${seed} step ${step} size`).toBe(copy.size);
      }
      expect([...overlay.entries()], `seed ${seed} entries`).toEqual([...copy.entries()]);
      expect([...overlay.keys()]).toEqual([...copy.keys()]);
      expect([...overlay.values()]).toEqual([...copy.values()]);
      expect([...overlay.flatten()]).toEqual([...copy]);
      const seen: string[] = [];
      overlay.forEach((value, key) => seen.push(`${key}=${value}`));
      expect(seen).toEqual([...copy].map(([k, v]) => `${k}=${v}`));
      expect([...base.entries()], `seed ${seed} base untouched`).toEqual(baseBefore);
      if (earlier !== null) expect([...earlier.overlay.entries()], `seed ${seed} earlier overlay untouched`).toEqual(earlier.entries);
    }
  });
});
