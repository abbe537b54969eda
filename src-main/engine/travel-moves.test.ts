import { describe, expect, it } from 'vitest';
import { TravelMoves } from './travel-moves';

const move = (id: number, runId: string, upto: number | undefined) => ({ id, dataDir: '/d', runId, context: upto === undefined ? {} : { upto } });

describe('TravelMoves: a move is passed over once a later move of the same run is asked for', () => {
  it('says so for the earlier move only, and only for its own run', () => {
    const moves = new TravelMoves();
    const first = moves.note(move(1, 'run_a', 10));
    const other = moves.note(move(2, 'run_b', 10));
    expect(first?.()).toBe(false);
    const second = moves.note(move(3, 'run_a', 20));
    expect(first?.()).toBe(true);
    expect(second?.()).toBe(false);
    expect(other?.()).toBe(false);
  });

  it('leaves a detail of the whole run alone: no check, and it does not pass over a move', () => {
    const moves = new TravelMoves();
    const first = moves.note(move(1, 'run_a', 10));
    expect(moves.note(move(2, 'run_a', undefined))).toBeNull();
    expect(first?.()).toBe(false);
  });
});
