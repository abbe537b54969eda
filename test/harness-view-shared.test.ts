import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HarnessViewBuilder } from '../shared/fold/harness/harness-view';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';

// The head reads the harness view without copying the builder's items (`view()`); it must say
// exactly what the copying `snapshot()` says, at every event of every fixture run.
describe('HarnessViewBuilder.view', () => {
  it('equals snapshot() after every event of every fixture run', () => {
    let compared = 0;
    for (const row of manifestRows().filter((r) => r.group !== 'loopctl')) {
      const reader = openDataDir(join(EXAMPLES, row.dataDir));
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        const builder = new HarnessViewBuilder('previews');
        for (const read of reader.value.readEvents(row.runId)) {
          if (!read.ok) continue;
          builder.add(read.event);
          expect(builder.view(), `${row.runId} #${read.event.sequence}`).toEqual(builder.snapshot());
          compared += 1;
        }
      } finally {
        reader.value.close();
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('shares every responded or failed turn instead of copying it (a 200,000-event run has 22,000 of them)', () => {
    let finished = 0;
    for (const row of manifestRows().filter((r) => r.group !== 'loopctl')) {
      const reader = openDataDir(join(EXAMPLES, row.dataDir));
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        const builder = new HarnessViewBuilder('previews');
        for (const read of reader.value.readEvents(row.runId)) if (read.ok) builder.add(read.event);
        const [first, second] = [builder.view(), builder.view()];
        first.modelTurns.forEach((turn, i) => {
          if (turn.status !== 'responded' && turn.status !== 'failed') return;
          expect(second.modelTurns[i], `${row.runId} turn ${i}`).toBe(turn);
          finished += 1;
        });
      } finally {
        reader.value.close();
      }
    }
    expect(finished).toBeGreaterThan(20);
  });
});
