import { describe, expect, it } from 'vitest';
import { HarnessViewBuilder } from '../shared/fold/harness/harness-view';
import { fixtureRuns } from './support/fixture-events';

// The head reads the harness view without copying the builder's items (`view()`); it must say
// exactly what the copying `snapshot()` says, at every event of every fixture run.
describe('HarnessViewBuilder.view', () => {
  const runs = fixtureRuns();

  it('equals snapshot() after every event of every fixture run', () => {
    let compared = 0;
    for (const { runId, events } of runs) {
      const builder = new HarnessViewBuilder('previews');
      for (const event of events) {
        builder.add(event);
        expect(builder.view(), `${runId} #${event.sequence}`).toEqual(builder.snapshot());
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('shares every responded or failed turn instead of copying it (a 200,000-event run has 22,000 of them)', () => {
    let finished = 0;
    for (const { runId, events } of runs) {
      const builder = new HarnessViewBuilder('previews').addAll(events);
      const [first, second] = [builder.view(), builder.view()];
      first.modelTurns.forEach((turn, i) => {
        if (turn.status !== 'responded' && turn.status !== 'failed') return;
        expect(second.modelTurns[i], `${runId} turn ${i}`).toBe(turn);
        finished += 1;
      });
    }
    expect(finished).toBeGreaterThan(20);
  });
});
