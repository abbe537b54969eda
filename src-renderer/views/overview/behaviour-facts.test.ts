import { describe, expect, it } from 'vitest';
import { findingEvidence, findingLabel, findingOpensTurns, formatFindingCost } from './behaviour-facts';

describe('what the Behaviour card shows of a finding', () => {
  it('links the first eight events and counts the rest', () => {
    const sequences = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(findingEvidence({ sequences })).toEqual({ shown: [1, 2, 3, 4, 5, 6, 7, 8], more: 3 });
    expect(findingEvidence({ sequences: [4, 9] })).toEqual({ shown: [4, 9], more: 0 });
  });

  it('never says $0 for an unknown cost', () => {
    expect(formatFindingCost(null)).toBeNull();
    expect(formatFindingCost(0.42)).toBe('costs $0.42');
  });

  it('links harness findings to the turns, run-level ones not', () => {
    expect(findingOpensTurns({ kind: 'repeated-tool-call' })).toBe(true);
    expect(findingOpensTurns({ kind: 'max-visits-exceeded' })).toBe(false);
    expect(findingLabel({ severity: 'error', kind: 'retry-storm', message: 'fetch failed 6 times' })).toBe('error retry-storm: fetch failed 6 times');
  });
});
