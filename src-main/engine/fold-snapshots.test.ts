import { describe, expect, it } from 'vitest';
import type { AccumulatorCheckpoint } from '../../shared/run/run-accumulator';
import { FoldSnapshots, type FoldSnapshot } from './fold-snapshots';

const snapshot = (bytes: number): FoldSnapshot => ({ frozen: {} as AccumulatorCheckpoint, identity: 'i', state: 's', digest: 'd', slice: { base: '', keys: [] }, undecodable: [], bytes });

describe('FoldSnapshots', () => {
  it('over budget drops the least recently used run first, then thins the current one evenly, never all', () => {
    const snapshots = new FoldSnapshots(10_000);
    for (let s = 1; s <= 4; s += 1) snapshots.put('old', s * 10, snapshot(1000));
    for (let s = 1; s <= 8; s += 1) snapshots.put('new', s * 100, snapshot(1000));
    // 12,000 bytes asked: the old run's four went first, the new run's eight stay.
    expect(snapshots.sequences('old', Infinity)).toEqual([]);
    expect(snapshots.sequences('new', Infinity)).toEqual([800, 700, 600, 500, 400, 300, 200, 100]);
    for (let s = 9; s <= 16; s += 1) snapshots.put('new', s * 100, snapshot(1000));
    // Sixteen asked, ten fit: the spacing widened evenly instead of losing the start.
    const kept = snapshots.sequences('new', Infinity).sort((a, b) => a - b);
    expect(kept.length).toBe(10);
    expect(kept.at(-1)).toBe(1600);
    const gaps = kept.map((s, i) => s - (i === 0 ? 0 : kept[i - 1]));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(200);
    expect(snapshots.heldBytes).toBe(10_000);
  });

  it('a snapshot put again at the same sequence replaces the old one and its bytes', () => {
    const snapshots = new FoldSnapshots(10_000);
    snapshots.put('k', 5, snapshot(3000));
    snapshots.put('k', 5, snapshot(2000));
    expect(snapshots.size).toBe(1);
    expect(snapshots.heldBytes).toBe(2000);
    snapshots.discard('k', 5);
    expect(snapshots.heldBytes).toBe(0);
  });
});
