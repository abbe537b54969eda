import { describe, expect, it } from 'vitest';
import { replayFolded } from '../shared/compare/live-consistency';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import type { EventEnvelope } from '../shared/events/envelope';
import { captureLive, compareRunLog } from '../src-main/library/run-compare';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { RunTail } from '../src-main/sources/little-workflow/run-tail';
import { fixtureRun } from './support/fixture-manifest';

// run.compare's live side: the tail's accumulator against a fresh replay of the same rows.
const resumed = fixtureRun('model-call-in-flight crash (42 min gap)');

function withReader<T>(use: (reader: Parameters<RunTail['pull']>[0]) => T): T {
  const opened = openDataDir(resumed.dir);
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    return use(opened.value);
  } finally {
    opened.value.close();
  }
}

function readAll(): EventEnvelope[] {
  return withReader((reader) => [...reader.readEvents(resumed.runId)].flatMap((read) => (read.ok ? [read.event] : [])));
}

describe('run.compare against a live capture', () => {
  it('finds a tail that pulled the log in small pieces equal to the replay', async () => {
    const capture = withReader((reader) => {
      const tail = new RunTail(resumed.dir, resumed.runId, { baselineSequence: 0, phase: 'active' }, BUNDLED_PRICE_TABLE);
      for (let i = 0; i < 1000; i += 1) {
        const pulled = tail.pull(reader, 3);
        if (pulled.kind !== 'events' || !pulled.more) break;
      }
      return tail.capture();
    });
    const live = captureLive(capture, BUNDLED_PRICE_TABLE);
    expect(live).not.toBeNull();
    const compared = await withReader((reader) => compareRunLog(reader, resumed.runId, live));
    if (!compared.ok) throw new Error(compared.error.message);
    expect(compared.value.source).toBe('live');
    expect(compared.value.lastSequence).toBe(readAll().length);
    expect(compared.value.consistency).toMatchObject({ equal: true, differences: [], errors: [] });
  });

  it('names the difference when the live side missed a row', async () => {
    const events = readAll();
    const skipped = events.findIndex((event) => event.type === 'StepCompleted');
    expect(skipped).toBeGreaterThan(0);
    // What a tail that lost one row would hold: the same accumulator, one event short.
    const lossy = replayFolded(resumed.runId, events.filter((_, index) => index !== skipped), BUNDLED_PRICE_TABLE);
    const live = { lastSequence: events.length, foldError: lossy.error, folded: lossy.folded, table: BUNDLED_PRICE_TABLE };
    const compared = await withReader((reader) => compareRunLog(reader, resumed.runId, live));
    if (!compared.ok) throw new Error(compared.error.message);
    expect(compared.value.source).toBe('live');
    expect(compared.value.consistency.equal).toBe(false);
    expect(compared.value.consistency.differences.map((d) => d.path)).toContain('$.state.eventCount');
    expect(compared.value.liveFoldError).toMatch(/RunStateEventMismatchError/);
  });
});
