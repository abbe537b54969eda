import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { buildRunDetail, type RunModelFacts } from '../shared/run/build-run-detail';
import { loadLibrary } from '../src-main/library/load-library';
import { readRunModelFacts } from '../src-main/engine/run-stages';
import { readRunLog } from '../src-main/sources/little-workflow/run-check';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { EXPORT_FIXTURES } from './support/export-fixtures';
import { fixtureRun } from './support/fixture-manifest';
import { servedModel } from './support/served-model';

// "Up to a sequence" is an input of the run model: the model at event N is the model of the log
// cut after N (the time-travel view evaluates it at any event).
const NOW = new Date('2026-12-01T00:00:00Z');

function readFixture(text: string) {
  const row = fixtureRun(text);
  const library = loadLibrary(row.dir, BUNDLED_PRICE_TABLE);
  if (!library.ok) throw new Error(library.error.message);
  const summary = library.value.runs.find((r) => r.runId === row.runId)!;
  const reader = openDataDir(row.dir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const log = readRunLog(reader.value, row.runId);
    const context = { summary, siblings: library.value.runs, table: BUNDLED_PRICE_TABLE };
    const facts: RunModelFacts = { ...readRunModelFacts(reader.value, row.runId, context, log), now: NOW };
    return { events: log.events, facts };
  } finally {
    reader.value.close();
  }
}

const served = (input: Parameters<typeof buildRunDetail>[0]) => servedModel(input, NOW);

describe('the run model up to a sequence', () => {
  for (const [name, text] of Object.entries(EXPORT_FIXTURES)) {
    it(`equals the model of the truncated log at every cut (${name} run)`, () => {
      const { events, facts } = readFixture(text);
      const last = events.at(-1)!.sequence;
      const cuts = [...new Set([1, Math.floor(last / 3), Math.floor(last / 2), last - 1, last])].filter((n) => n >= 1);
      for (const upto of cuts) {
        const truncated = events.filter((e) => e.sequence <= upto);
        const atCut = served({ events, facts, table: BUNDLED_PRICE_TABLE, upto });
        expect(atCut).toEqual(served({ events: truncated, facts, table: BUNDLED_PRICE_TABLE }));
        expect(atCut.head.lastSequence).toBe(upto);
        expect(atCut.head.state.eventCount).toBe(truncated.length);
      }
      // Without `upto` the model is the whole log's.
      expect(served({ events, facts, table: BUNDLED_PRICE_TABLE }).head.lastSequence).toBe(last);
    });
  }
});
