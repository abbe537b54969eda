/**
 * The OTLP export folds each run as it is read and keeps only the payloads the mapping reads
 * (shared/otlp/span-input-collector.ts). Its spans must be exactly those of the mapping over
 * the whole log (runSpanInput over every event), for every generated run, with and without
 * content.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSpanInput } from '../shared/otlp/run-span-input';
import { runSpans } from '../shared/otlp/run-spans';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { readRunSpanInput, runFactsFor, selectRuns, sha256Hex } from '../src-main/otlp/run-span-source';
import { createSourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES } from './support/fixture-manifest';
import { sourceEvents } from './support/source-events';

describe.each([join(EXAMPLES, 'fixtures'), join(EXAMPLES, 'demo')])('streamed span input of every run under %s', (root) => {
  it('maps to the same spans as the whole log, ids, attributes and bodies included', async () => {
    const sources = createSourceRegistry();
    const selection = selectRuns(root, 'all', BUNDLED_PRICE_TABLE);
    if (!selection.ok) throw new Error(selection.error.message);
    expect(selection.value.runs.length).toBeGreaterThan(3);
    let slimmed = 0;
    try {
      for (const run of selection.value.runs) {
        const events = await sourceEvents(sources, run.dataDir, run.runId);
        for (const content of [false, true]) {
          // Without content the collector's harness view keeps previews only.
          const collected = await readRunSpanInput(sources, run.dataDir, run.runId, BUNDLED_PRICE_TABLE, content);
          if (!collected.ok) throw new Error(collected.error.message);
          const facts = runFactsFor(sources, run.dataDir, run.runId, selection.value.library, collected.value.workflowVersionId);
          const streamed = collected.value.input(facts);
          const whole = runSpanInput(run.runId, events, BUNDLED_PRICE_TABLE, facts);
          expect(streamed.events.map((e) => e.eventId), run.runId).toEqual(events.map((e) => e.eventId));
          slimmed += streamed.events.filter((e, i) => e.payload !== events[i].payload).length;
          expect(runSpans(streamed, { content, sha256Hex }), `${run.runId} content ${content}`).toEqual(runSpans(whole, { content, sha256Hex }));
        }
      }
    } finally {
      sources.dispose();
    }
    // The point of it: most payloads are not kept.
    expect(slimmed).toBeGreaterThan(0);
  });
});
