import { describe, expect, it } from 'vitest';
import { stepCounts } from './step-counts';

describe('stepCounts', () => {
  it('counts steps per status, zero included', () => {
    expect(stepCounts([{ status: 'completed' }, { status: 'running' }, { status: 'completed' }])).toEqual({ failed: 0, running: 1, pending: 0, completed: 2 });
  });
});
