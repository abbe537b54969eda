import { describe, expect, it } from 'vitest';
import { latestWins } from './latest-wins';

describe('latestWins', () => {
  it('keeps only the most recently begun load current, whatever order they finish in', async () => {
    const loads = latestWins();
    const applied: string[] = [];
    const load = async (name: string, wait: Promise<void>) => {
      const ticket = loads.begin();
      await wait;
      if (ticket.current()) applied.push(name);
    };
    let releaseSlow!: () => void;
    const slow = load('slow', new Promise<void>((resolve) => (releaseSlow = resolve)));
    const fast = load('fast', Promise.resolve());
    await fast;
    releaseSlow();
    await slow;
    expect(applied).toEqual(['fast']);
  });

  it('cancel makes a running load stale', () => {
    const loads = latestWins();
    const ticket = loads.begin();
    expect(ticket.current()).toBe(true);
    loads.cancel();
    expect(ticket.current()).toBe(false);
  });
});
