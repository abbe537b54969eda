import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeLargeRun } from '../../scripts/fixtures/scenarios/large-run';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { RunDetail } from '../../shared/run/run-detail-types';
import { createRunModel, prepareRunModel, type RunModel } from '../../shared/run/run-model';
import type { ModelSliceSpec } from '../../shared/run/run-head-types';
import { EXAMPLES, manifestRows } from '../../test/support/fixture-manifest';
import { createInspectorCore } from '../core/inspector-core';
import { CHUNKS_PER_TURN, packList, packModelData, packModelDataInTurns, unpackedList, unpackModelData, type PackedModelData } from './packed-lists';

// Main reads a run model's long lists packed by the worker, a window at a time (packed-lists.ts).
// Every answer of a model read that way must equal the answer of the model over plain arrays.

const NOW = new Date('2026-12-01T00:00:00Z');

describe('a packed list', () => {
  // Values structured clone keeps and JSON would not: undefined members, Infinity, -0, NaN.
  const item = (i: number) => ({ i, name: `item ${i}`, gone: undefined, far: i % 3 === 0 ? Infinity : -0, odd: i % 5 === 0 ? NaN : null, nested: [{ at: i }] });

  for (const length of [0, 1, 6, 7, 8, 50]) {
    it(`of ${length} items in chunks of 7: every index, window and the whole list equal the array's`, async () => {
      const items = Array.from({ length }, (_, i) => item(i));
      const list = unpackedList<ReturnType<typeof item>>(packList(items, 7), 2);
      expect(list.length).toBe(length);
      for (let i = 0; i < length; i++) expect(Object.is(list.at(i)!.far, items[i].far) && list.at(i)).toEqual(items[i]);
      for (const outside of [-1, length, length + 7, 1.5, Number.NaN]) expect(list.at(outside)).toBeUndefined();
      for (let from = 0; from <= length + 2; from++) for (const count of [1, 6, 7, 8, 15, 1000]) expect(list.slice(from, from + count)).toEqual(items.slice(from, from + count));
      expect(list.all()).toEqual(items);
      expect(list.all()).not.toBe(list.all());
      expect(await list.allInTurns()).toEqual(items);
      if (length > 0) expect('gone' in list.at(0)!).toBe(true);
    });
  }

  it('keeps the last chunks it decoded and no more', () => {
    const items = Array.from({ length: 40 }, (_, i) => item(i));
    const list = unpackedList<ReturnType<typeof item>>(packList(items, 10), 2);
    const first = list.at(0);
    // A chunk decodes once while kept: the same objects come back.
    expect(list.at(1)).toBe(list.at(1));
    list.at(15);
    expect(list.at(0)).toBe(first);
    // Two other chunks read since (15, then 25): chunk 0 went first and decodes afresh.
    list.at(15);
    list.at(25);
    const again = list.at(0);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

/** Post `packed` through a real port with its buffers transferred, as the worker does. */
function posted(packed: PackedModelData, transfer: ArrayBuffer[]): PackedModelData {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage(packed, transfer);
  const received = receiveMessageOnPort(port2)!.message as PackedModelData;
  port1.close();
  // Transferred, not copied: the sender's buffers are detached.
  expect(transfer.every((buffer) => buffer.byteLength === 0)).toBe(true);
  return received;
}

/** Everything main can ask of `model` about `detail`'s run, as one comparable value. */
async function answers(model: RunModel, detail: RunDetail) {
  const stepPaths = detail.steps.map((s) => s.stepPath);
  const groups = detail.timeline.rows.filter((r) => r.descendants > 0).map((r) => r.id);
  const needles = ['', 'a', 'VISIT', ...stepPaths.slice(0, 5).map((p) => p.slice(-4)), 'no such step'];
  const specs: ModelSliceSpec[] = [];
  for (const from of [0, 3, 7, 250, 255, 256, 300]) {
    for (const count of [1, 5, 1000]) {
      for (const query of needles) specs.push({ section: 'steps', from, count, query, ...(stepPaths.length > 0 ? { find: stepPaths[(from * 7) % stepPaths.length] } : {}) });
      for (const fold of [{ allCollapsed: false, ids: [] }, { allCollapsed: true, ids: [] }, { allCollapsed: false, ids: groups.slice(0, 2) }, { allCollapsed: true, ids: groups.slice(-1) }])
        specs.push({ section: 'timeline', from, count, fold, ...(stepPaths.length > 0 ? { find: stepPaths[(from * 3) % stepPaths.length] } : {}) });
      specs.push({ section: 'turns', from, count }, { section: 'report', from, count }, { section: 'skipped', from, count });
    }
  }
  const h = detail.harness;
  const ids = (n: number) => [...Array.from({ length: n }, (_, i) => i), n, -1];
  return {
    head: model.head(),
    timeline: model.timeline(),
    slices: specs.map((spec) => model.slice(spec)),
    steps: [...stepPaths, 'no such step'].map((p) => model.step(p)),
    harness: [
      ...ids(h.sessions.length).map((id) => model.harness({ kind: 'session', id })),
      ...ids(h.modelTurns.length).map((id) => model.harness({ kind: 'turn', id })),
      ...ids(h.toolCalls.length).map((id) => model.harness({ kind: 'tool', id })),
    ],
    plan: model.planRefs(detail.boundary?.resumePlan ?? null),
    costs: model.costs(),
    text: model.reportText(),
    reportError: model.reportError(),
    detail: await model.detail(),
  };
}

/** The detail of a 3,000-event run written under `root` and opened in `core`. */
async function largeRunDetail(core: ReturnType<typeof createInspectorCore>, root: string): Promise<RunDetail> {
  const dataDir = join(root, '.little-workflow');
  const runId = writeLargeRun(dataDir, { events: 3000 });
  const reopened = await core.openPath(root);
  if (!reopened.ok) throw new Error(reopened.error.message);
  const detail = await core.runDetail({ dataDir, runId });
  if (!detail.ok) throw new Error(detail.error.message);
  return detail.value;
}

describe('a run model read through packed lists', () => {
  let core: ReturnType<typeof createInspectorCore>;
  let large: string;
  beforeAll(async () => {
    large = mkdtempSync(join(tmpdir(), 'li-packed-'));
    core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    const opened = await core.openPath(EXAMPLES);
    if (!opened.ok) throw new Error(opened.error.message);
  });
  afterAll(() => {
    core.close();
    rmSync(large, { recursive: true, force: true });
  });

  const same = async (detail: RunDetail, chunkItems: number) => {
    const data = prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW);
    const plain = await answers(createRunModel(data), detail);
    const { packed, transfer } = packModelData(data, chunkItems);
    const listed = createRunModel(unpackModelData(posted(packed, transfer)));
    expect(await answers(listed, detail)).toEqual(plain);
    expect(plain.detail).toEqual(detail);
  };

  it('answers every question like the plain model, for every fixture run, in chunks of 1, 3 and 256', async () => {
    const rows = manifestRows();
    let sessions = 0;
    let tools = 0;
    for (const row of rows) {
      const detail = await core.runDetail({ dataDir: join(EXAMPLES, row.dataDir), runId: row.runId });
      if (!detail.ok) continue;
      sessions += detail.value.harness.sessions.length;
      tools += detail.value.harness.toolCalls.length;
      for (const chunkItems of [1, 3, 256]) await same(detail.value, chunkItems);
    }
    // The fixtures reach every list.
    expect(rows.length).toBeGreaterThan(20);
    expect(sessions).toBeGreaterThan(0);
    expect(tools).toBeGreaterThan(0);
  });

  it('answers every question like the plain model for a 3,000-event run, chunks of 256', async () => {
    const detail = await largeRunDetail(core, large);
    expect(detail.steps.length).toBeGreaterThan(256);
    await same(detail, 256);
  });
});

describe('a packed list unpacked whole in turns', () => {
  it('lets the event loop run between batches of chunks, and equals the list', async () => {
    const items = Array.from({ length: 3 * CHUNKS_PER_TURN * 2 + 1 }, (_, i) => ({ i }));
    const list = unpackedList<{ i: number }>(packList(items, 2));
    const order: string[] = [];
    // Queued before the unpacking starts: it runs before the unpacking ends.
    setImmediate(() => order.push('other work'));
    const whole = await list.allInTurns();
    order.push('unpacked');
    expect(whole).toEqual(items);
    expect(order).toEqual(['other work', 'unpacked']);
  });
});

describe('a run model packed in turns', () => {
  it('packs what packModelData packs, awaiting the turn between batches of chunks (the worker serves a move there)', async () => {
    const large = mkdtempSync(join(tmpdir(), 'li-packed-turns-'));
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false });
    try {
      const detail = await largeRunDetail(core, large);
      const data = prepareRunModel(detail, BUNDLED_PRICE_TABLE, NOW);
      // More than one batch of chunks of 3 in the steps alone.
      expect(detail.steps.length).toBeGreaterThan(3 * CHUNKS_PER_TURN);
      let turns = 0;
      const inTurns = await packModelDataInTurns(data, async () => void (turns += 1), 3);
      expect(turns).toBeGreaterThan(0);
      expect(inTurns).toEqual(packModelData(data, 3));
    } finally {
      core.close();
      rmSync(large, { recursive: true, force: true });
    }
  });
});
