import { describe, expect, it } from 'vitest';
import { HeadsFirst } from './heads-first';

const turn = () => new Promise((resolve) => setImmediate(resolve));

// A build's later stages (lists, checkpoint: about a second each at 200,000 events, without a
// yield) wait while any run's head is being built, so a move asked right after the overview is
// not served after them.
describe('HeadsFirst', () => {
  it('lets a later stage go after one turn when no head is being built, and holds it for a head asked in that turn', async () => {
    const heads = new HeadsFirst();
    let went = false;
    void heads.idle().then(() => (went = true));
    await turn();
    await turn();
    expect(went).toBe(true);
    // A request taken in at the turn (a move that came during the last stage) begins its head first.
    went = false;
    void heads.idle().then(() => (went = true));
    heads.begin();
    await turn();
    await turn();
    expect(went).toBe(false);
    heads.done();
    await turn();
    expect(went).toBe(true);
  });

  it('holds later stages until every head being built is answered, then lets them go in order', async () => {
    const heads = new HeadsFirst();
    const went: string[] = [];
    heads.begin();
    heads.begin();
    void heads.idle().then(() => went.push('lists'));
    void heads.idle().then(() => went.push('checkpoint'));
    heads.done();
    await turn();
    await turn();
    expect(went).toEqual([]);
    heads.done();
    await turn();
    expect(went).toEqual(['lists', 'checkpoint']);
    // A head after them holds only the stages that come after it.
    heads.begin();
    void heads.idle().then(() => went.push('findings'));
    await turn();
    await turn();
    expect(went).toEqual(['lists', 'checkpoint']);
    heads.done();
    await turn();
    expect(went).toEqual(['lists', 'checkpoint', 'findings']);
  });
});
