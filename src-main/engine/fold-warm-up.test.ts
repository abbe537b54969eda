import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../shared/canonical/canonical-json';
import { FOLDED_EVENT_TYPES } from '../../shared/fold/folded-event-types';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { RunAccumulator } from '../../shared/run/run-accumulator';
import { headOfFolded } from '../../shared/run/run-head';
import { modelFacts } from '../../test/support/model-facts';
import { decodeEventRow } from '../sources/little-workflow/event-rows';
import { warmUpLogBytes } from '../../scripts/build/warm-up-log';
import { warmUpFold, WARM_UP_SLICE_ROWS } from './fold-warm-up';
import { parseWarmUpLog, type WarmUpLog } from './warm-up-log';

// The run a fresh worker folds while idle (built at build time by the fixture writer, bundled)
// must look like the runs it will fold next: otherwise the compiled code is shaped for the wrong
// objects and the warm-up buys nothing.
const log = parseWarmUpLog(warmUpLogBytes())!;
const cut = (events: number): WarmUpLog => ({ ...log, rows: log.rows.slice(0, events) });

describe('the warm-up log', () => {
  const { rows, runId } = log;

  it('holds about 10,000 events, in sequence, every payload canonical JSON as little-workflow stores it', () => {
    expect(rows.length).toBeGreaterThan(9_500);
    expect(rows.length).toBeLessThan(10_500);
    expect(rows.map((r) => r[0])).toEqual(rows.map((_, i) => i + 1));
    for (const row of rows) expect(canonicalJson(JSON.parse(row[5]))).toBe(row[5]);
    expect(new Set(rows.map((r) => r[1])).size).toBe(rows.length);
  });

  it('holds the event types the fold changes its state for that a run without failures holds', () => {
    const types = new Set(rows.map((r) => r[2]));
    const absent = ['RunFailed', 'StepFailed', 'ModelCallCompleted'];
    for (const type of FOLDED_EVENT_TYPES.filter((t) => !absent.includes(t))) expect(types, type).toContain(type);
  });

  it('is not taken when its bytes are not a warm-up log', () => {
    expect(parseWarmUpLog(Buffer.from('not gzip'))).toBeNull();
  });

  it('folds to a completed run with the kinds of steps real runs hold', () => {
    const accumulator = RunAccumulator.create(runId, BUNDLED_PRICE_TABLE, 'detail');
    for (const row of rows) {
      const read = decodeEventRow(runId, row);
      if (!read.ok) throw new Error(read.diagnostic.message);
      accumulator.add(read.event);
    }
    const folded = accumulator.folded(modelFacts(runId));
    const head = headOfFolded(folded, BUNDLED_PRICE_TABLE);
    expect(folded.core.state.status).toBe('completed');
    expect(head.steps.byStatus.completed).toBe(head.steps.count);
    const { sessions, modelTurns, toolCalls } = folded.harness;
    // Decisions and the fan-out's parent run without a harness session; every other step with one.
    expect(sessions.length).toBeGreaterThan(head.steps.count / 2);
    expect(modelTurns.every((t) => t.status === 'responded')).toBe(true);
    expect(modelTurns.some((t) => t.toolCalls.length > 0)).toBe(true);
    expect(new Set(toolCalls.map((c) => c.caller))).toEqual(new Set(['model', 'code']));
    expect(toolCalls.every((c) => c.status === 'succeeded')).toBe(true);
    // The artifacts, and a run that priced its turns.
    expect(folded.core.state.artifacts.length).toBeGreaterThan(0);
    expect(head.report?.total.costUsd).toBeGreaterThan(0);
  });
});

describe('warmUpFold', () => {
  it('folds the warm-up run and cuts its head', async () => {
    expect(await warmUpFold(BUNDLED_PRICE_TABLE, () => false, cut(2000))).toBe('done');
  });

  it(`yields to the event loop every ${WARM_UP_SLICE_ROWS} rows, so a request that comes meanwhile is not held up`, async () => {
    let turns = 0;
    let done = false;
    const count = () => {
      turns += 1;
      if (!done) setImmediate(count);
    };
    setImmediate(count);
    await warmUpFold(BUNDLED_PRICE_TABLE, () => false, cut(5000));
    done = true;
    expect(turns).toBeGreaterThanOrEqual(Math.floor(5000 / WARM_UP_SLICE_ROWS));
  });

  it('stops reading as soon as it is told to, folding no further', async () => {
    let asked = 0;
    // `stop` is asked once per row read: true from the 300th on.
    const outcome = await warmUpFold(BUNDLED_PRICE_TABLE, () => ++asked >= 300, cut(5000));
    expect(outcome).toBe('stopped');
    expect(asked).toBeLessThan(310);
  });
});
