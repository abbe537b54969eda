import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { buildRunDetail } from '../shared/run/build-run-detail';
import { EXPORT_FIXTURES } from './support/export-fixtures';
import { servedModel } from './support/served-model';
import { FIXTURE_NOW, readFixtureRun } from './support/fixture-run-log';

// "Up to a sequence" is an input of the run model: the model at event N is the model of the log
// cut after N (the time-travel view evaluates it at any event).
const NOW = FIXTURE_NOW;

function readFixture(text: string) {
  const { events, facts } = readFixtureRun(text);
  return { events, facts };
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
