/**
 * `little-inspector otlp` against a loopback receiver that decodes OTLP with OpenTelemetry's own
 * definitions, over every generated data dir (examples/fixtures, examples/demo), both protocols:
 * span counts, token and cost sums against `little report`, ids stable across exports,
 * parent/child structure against the timeline, crash-boundary statuses, content off by default.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeHarnessEventType } from '../shared/events/event-names';
import type { EventEnvelope } from '../shared/events/envelope';
import { foldedEventType } from '../shared/fold/folded-event-types';
import { buildHarnessView } from '../shared/fold/harness/harness-view';
import { readModelCall } from '../shared/fold/model-call';
import { materializeRunState } from '../shared/fold/run-state';
import { runReport } from '../shared/report/run-report';
import { buildTimeline } from '../shared/timeline/build-timeline';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { selectRuns } from '../src-main/otlp/run-span-source';
import { createSourceRegistry } from '../src-main/sources/registry';
import { EXAMPLES, fixtureRun, manifestRows } from './support/fixture-manifest';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './support/otlp-receiver';
import { cli } from './support/run-cli-captured';
import { sourceEvents } from './support/source-events';

const ROOTS = [join(EXAMPLES, 'fixtures'), join(EXAMPLES, 'demo')];
let receiver: OtlpReceiver;
beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver.close());

/** Export everything under `root` with `protocol`; the spans the receiver got for it. */
async function exportAll(root: string, ...extra: string[]): Promise<ReceivedSpan[]> {
  const before = receiver.requests.length;
  const run = await cli('otlp', '--all', '--data-dir', root, '--endpoint', receiver.url, ...extra);
  expect(run.stderr).toMatch(/^Sent \d+ spans of \d+ runs? to /m);
  expect(run.code).toBe(0);
  return receiver.requests.slice(before).flatMap((r) => r.spans);
}

/** One run's log and what `little report` and the timeline make of it. */
type RunTruth = { runId: string; dataDir: string; events: EventEnvelope[]; reportOk: boolean };
async function runsUnder(root: string): Promise<RunTruth[]> {
  const sources = createSourceRegistry();
  const selection = selectRuns(root, 'all', BUNDLED_PRICE_TABLE);
  if (!selection.ok) throw new Error(selection.error.message);
  const out: RunTruth[] = [];
  for (const run of selection.value.runs) {
    const events = await sourceEvents(sources, run.dataDir, run.runId);
    let reportOk = true;
    try {
      materializeRunState(run.runId, events, { priceTable: BUNDLED_PRICE_TABLE });
    } catch {
      reportOk = false;
    }
    out.push({ runId: run.runId, dataDir: run.dataDir, events, reportOk });
  }
  sources.dispose();
  return out;
}

const byTrace = (spans: readonly ReceivedSpan[], runId: string) => spans.filter((s) => s.attributes['little.run.id'] === runId && s.resource['service.name'] === 'little-workflow');
const sum = (spans: readonly ReceivedSpan[], key: string) => spans.reduce((n, s) => n + (typeof s.attributes[key] === 'number' ? (s.attributes[key] as number) : 0), 0);

describe.each(ROOTS)('otlp export of %s', (root) => {
  let proto: ReceivedSpan[];
  let json: ReceivedSpan[];
  let again: ReceivedSpan[];
  let truths: RunTruth[];
  beforeAll(async () => {
    truths = await runsUnder(root);
    proto = await exportAll(root);
    json = await exportAll(root, '--protocol', 'http/json');
    again = await exportAll(root);
  });

  it('sends one trace per little-workflow run, with span count = runs + step attempts + sessions + model calls + tool calls', () => {
    expect(truths.length).toBeGreaterThan(0);
    for (const t of truths) {
      const spans = byTrace(proto, t.runId).filter((s) => s.traceId === byTrace(proto, t.runId)[0]?.traceId);
      const state = foldTolerantState(t);
      const view = buildHarnessView(t.events);
      const attempts = Object.values(state.steps).reduce((n, s) => n + s.attempts.length, 0);
      // Counted call events no turn stands for (a repeated response, a legacy ModelCallCompleted) are calls of their own.
      const turnResponses = new Set(view.modelTurns.map((m) => m.respondedSequence));
      const extraCalls = t.events.filter((e) => isCountedCall(e) && !turnResponses.has(e.sequence)).length;
      const expected = 1 + attempts + view.sessions.length + view.modelTurns.length + extraCalls + view.toolCalls.length;
      expect(spans.length, t.runId).toBe(expected);
      expect(spans.filter((s) => s.parentSpanId === undefined).map((s) => s.name), t.runId).toHaveLength(1);
      expect(spans.filter((s) => s.attributes['little.span.kind'] === 'step')).toHaveLength(attempts);
      expect(spans.filter((s) => s.name.startsWith('invoke_agent '))).toHaveLength(view.sessions.length);
      expect(spans.filter((s) => s.name.startsWith('execute_tool '))).toHaveLength(view.toolCalls.length);
    }
  });

  it('sums token attributes to `little report` totals and costs to its cost (absent where unpriced)', () => {
    let checked = 0;
    for (const t of truths.filter((x) => x.reportOk)) {
      const report = runReport(materializeRunState(t.runId, t.events, { priceTable: BUNDLED_PRICE_TABLE }));
      const chats = byTrace(proto, t.runId).filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
      expect(sum(chats, 'gen_ai.usage.input_tokens'), t.runId).toBe(report.total.inputTokens);
      expect(sum(chats, 'gen_ai.usage.output_tokens'), t.runId).toBe(report.total.outputTokens);
      expect(sum(chats, 'gen_ai.usage.cache_read.input_tokens'), t.runId).toBe(report.total.cachedInputTokens);
      expect(sum(chats, 'gen_ai.usage.reasoning.output_tokens'), t.runId).toBe(report.total.reasoningTokens);
      const priced = chats.filter((s) => 'little.cost.usd' in s.attributes);
      expect(priced.length, t.runId).toBe(report.total.pricedCalls);
      if (report.total.costUsd === null) expect(priced, t.runId).toHaveLength(0);
      else expect(sum(priced, 'little.cost.usd'), t.runId).toBeCloseTo(report.total.costUsd, 12);
      checked += report.total.pricedCalls + report.total.unpricedCalls;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('sends identical ids (trace, span, parent) in every export, with both protocols decoding to the same spans', () => {
    const key = (s: ReceivedSpan) => `${s.traceId}/${s.spanId}/${s.parentSpanId ?? '-'}/${s.name}`;
    expect(again.map(key).sort()).toEqual(proto.map(key).sort());
    const full = (s: ReceivedSpan) => JSON.stringify({ ...s, attributes: Object.entries(s.attributes).sort() });
    expect(json.map(full).sort()).toEqual(proto.map(full).sort());
    expect(new Set(proto.map((s) => `${s.traceId}/${s.spanId}`)).size).toBe(proto.length);
  });

  it('nests spans as the timeline nests steps: every parent is in the trace; a step attempt hangs under its nearest step ancestor', () => {
    for (const t of truths) {
      const spans = byTrace(proto, t.runId);
      const ids = new Map(spans.map((s) => [s.spanId, s]));
      for (const s of spans) if (s.parentSpanId !== undefined) expect(ids.has(s.parentSpanId), `${t.runId} ${s.name}`).toBe(true);
      const state = foldTolerantState(t);
      const timeline = buildTimeline({ steps: Object.values(state.steps), harness: buildHarnessView(t.events), boundary: null, recordedAt: t.events.map((e) => e.recordedAt) });
      const hasAttempts = (path: string | undefined) => path !== undefined && (state.steps[path]?.attempts.length ?? 0) > 0;
      for (const s of spans.filter((x) => x.attributes['little.span.kind'] === 'step')) {
        const path = String(s.attributes['little.step.path']);
        const rowIndex = timeline.rows.findIndex((r) => r.id === path);
        expect(rowIndex, path).toBeGreaterThanOrEqual(0);
        // Up the timeline's rows to the first one that is a step with attempts (an attempt group stands for its step's attempt n).
        let up = timeline.rows[rowIndex].parent;
        while (up >= 0 && !hasAttempts(timeline.rows[up].stepPath)) up = timeline.rows[up].parent;
        const parent = ids.get(s.parentSpanId!)!;
        if (up < 0) expect(parent.attributes['little.span.kind'], path).toBe('run');
        else {
          const row = timeline.rows[up];
          expect(parent.attributes['little.step.path'], path).toBe(row.stepPath);
          if (row.kind === 'attempt-group') expect(parent.attributes['little.step.attempt_id'], path).toBe(row.id.slice(row.id.lastIndexOf('@') + 1));
        }
      }
    }
  });

  it('keeps message contents out by default', () => {
    for (const s of proto) {
      for (const key of ['gen_ai.input.messages', 'gen_ai.output.messages', 'gen_ai.system_instructions', 'gen_ai.tool.call.arguments', 'gen_ai.tool.call.result']) {
        expect(s.attributes[key], `${s.name} ${key}`).toBeUndefined();
      }
    }
  });
});

function isCountedCall(e: EventEnvelope): boolean {
  const kind = foldedEventType(normalizeHarnessEventType(e.type));
  return (kind === 'harness.model.responded' || kind === 'ModelCallCompleted') && typeof e.payload === 'object' && e.payload !== null && readModelCall(kind, e.payload) !== undefined;
}

function foldTolerantState(t: RunTruth) {
  try {
    return materializeRunState(t.runId, t.events, { priceTable: BUNDLED_PRICE_TABLE });
  } catch {
    // A damaged log: the mapping folds what it can, as the app does (shared/run/fold-tolerant.ts).
    const usable = t.events.filter((e) => typeof e.payload === 'object' && e.payload !== null);
    return materializeRunState(t.runId, usable.map((e, i) => ({ ...e, runId: t.runId, sequence: i + 1 })), { priceTable: BUNDLED_PRICE_TABLE });
  }
}

describe('otlp export: crash boundary, content, links', () => {
  it('ends work in flight at a crash at the crash boundary with an error status that says so', async () => {
    const crashed = manifestRows().filter((r) => r.crashed && !r.dataDir.includes('loopctl'));
    expect(crashed.length).toBeGreaterThan(0);
    const spans = await exportAll(join(EXAMPLES, 'demo'));
    const demoCrash = crashed.find((r) => r.dataDir.startsWith('demo/') && r.shows.includes('model call in flight'))!;
    const trace = byTrace(spans, demoCrash.runId);
    const root = trace.find((s) => s.parentSpanId === undefined)!;
    expect(root.status.code).toBe(2);
    expect(root.events.map((e) => e.name)).toContain('little.crash_boundary');
    const inFlight = trace.find((s) => s.attributes['gen_ai.operation.name'] === 'chat' && s.attributes['little.call.status'] === 'crashed')!;
    expect(inFlight.status).toMatchObject({ code: 2 });
    expect(inFlight.status.message).toMatch(/in flight .*at the crash boundary/);
    const boundary = root.events.find((e) => e.name === 'little.crash_boundary')!;
    expect(inFlight.endTimeUnixNano).toBe(boundary.timeUnixNano);
    expect(inFlight.attributes['gen_ai.usage.input_tokens']).toBeUndefined();
  });

  it('sends visits, parallel branches and retries as separate spans, each under the attempt it ran in', async () => {
    const runs = ['retry: fetch', 'visits + decisions', 'parallel: review[fast-a]'].map((t) => fixtureRun(t));
    const spans = await exportAll(join(EXAMPLES, 'fixtures', 'steps'));
    const steps = (runId: string) => byTrace(spans, runId).filter((s) => s.attributes['little.span.kind'] === 'step');
    const ids = new Map(spans.map((s) => [s.spanId, s]));
    const parentOf = (s: ReceivedSpan) => ids.get(s.parentSpanId!)!;
    const line = (s: ReceivedSpan) => `${s.attributes['little.step.path']} ${s.attributes['little.step.attempt_id']} ${s.status.code} <- ${parentOf(s).attributes['little.step.path'] ?? 'run'} ${parentOf(s).attributes['little.step.attempt_id'] ?? ''}`.trim();
    // Retries: one span per attempt, the failed one with status ERROR.
    expect(steps(runs[0].runId).filter((s) => s.attributes['little.step.path'] === 'fetch').map(line)).toEqual(['fetch attempt_1 2 <- run', 'fetch attempt_2 1 <- run']);
    // Visits: one span per visit, with its index.
    const visits = steps(runs[1].runId);
    expect(visits.map((s) => `${s.attributes['little.step.path']} visit=${s.attributes['little.step.visit']}`)).toEqual(['draft.visit[0] visit=0', 'review.visit[0] visit=0', 'draft.visit[1] visit=1', 'review.visit[1] visit=1']);
    expect(new Set(visits.map((s) => s.spanId)).size).toBe(4);
    // Branches: each branch's step under the attempt of the parallel step that ran it, retried branches under attempt 2.
    const parallel = steps(runs[2].runId);
    expect(parallel.map(line)).toEqual([
      'review attempt_1 2 <- run',
      'review attempt_2 1 <- run',
      'review[fast-a].score attempt_1 1 <- review attempt_1',
      'review[v1%2E2].score attempt_1 2 <- review attempt_1',
      'review[c%20d].score attempt_1 1 <- review attempt_1',
      'review@attempt_2[fast-a].score attempt_1 1 <- review attempt_2',
      'review@attempt_2[v1%2E2].score attempt_1 1 <- review attempt_2',
      'review@attempt_2[c%20d].score attempt_1 1 <- review attempt_2',
    ]);
    expect(parallel.filter((s) => s.attributes['little.step.branch_key'] === 'v1%2E2')).toHaveLength(2);
  });

  it('ends every span left open by a crash at the crash boundary, ERROR saying so, error.type crashed, in every crashed run', async () => {
    const crashed = manifestRows().filter((r) => r.crashed && !r.dataDir.includes('loopctl'));
    const spans = [...(await exportAll(join(EXAMPLES, 'fixtures'))), ...(await exportAll(join(EXAMPLES, 'demo')))];
    let cut = 0;
    for (const row of crashed) {
      const trace = byTrace(spans, row.runId);
      const root = trace.find((s) => s.parentSpanId === undefined);
      if (root === undefined || root.attributes['little.run.verdict'] !== 'crashed') continue;
      const boundary = root.events.find((e) => e.name === 'little.crash_boundary')!;
      expect(root.status.code, row.runId).toBe(2);
      for (const s of trace.filter((x) => /at the crash boundary/.test(x.status.message ?? ''))) {
        expect(s.status.code, `${row.runId} ${s.name}`).toBe(2);
        expect(s.endTimeUnixNano, `${row.runId} ${s.name}`).toBe(boundary.timeUnixNano);
        expect(s.attributes['error.type'], `${row.runId} ${s.name}`).toBe('crashed');
        if (s.parentSpanId !== undefined) cut += 1;
      }
      // Whatever the mapping calls crashed is one of those.
      for (const s of trace.filter((x) => x.attributes['little.call.status'] === 'crashed' || x.attributes['little.step.status'] === 'crashed')) {
        expect(s.status.message, `${row.runId} ${s.name}`).toMatch(/in flight .*at the crash boundary: /);
      }
    }
    expect(cut).toBeGreaterThan(crashed.length);
  });

  it('names the root span after the locked workflow version (LWIR metadata), with the run label and version id as attributes', async () => {
    const spans = await exportAll(join(EXAMPLES, 'demo'));
    const demo = manifestRows().find((r) => r.dataDir === 'demo/.little-workflow' && r.status === 'completed' && r.shows.startsWith('demo completed'))!;
    const root = byTrace(spans, demo.runId).find((s) => s.parentSpanId === undefined)!;
    expect(root.name).toBe('invoke_workflow fetch-and-summarize');
    expect(root.attributes).toMatchObject({ 'little.workflow.name': 'fetch-and-summarize', 'little.workflow.version': '1', 'little.run.verdict': 'completed' });
    expect(String(root.attributes['little.workflow.version_id'])).toMatch(/^wfver_/);
  });

  it('adds message contents, tool arguments and results with --content', async () => {
    const spans = await exportAll(join(EXAMPLES, 'demo'), '--content');
    const chat = spans.find((s) => s.attributes['gen_ai.operation.name'] === 'chat' && s.attributes['little.call.status'] === 'responded')!;
    expect(JSON.parse(String(chat.attributes['gen_ai.input.messages']))).toEqual(expect.any(Array));
    expect(typeof chat.attributes['gen_ai.output.messages']).toBe('string');
    const tool = spans.find((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool' && s.status.code === 1)!;
    expect(tool.attributes['gen_ai.tool.call.arguments']).toEqual(expect.any(String));
    expect(tool.attributes['gen_ai.tool.call.result']).toEqual(expect.any(String));
  });

  it('links a sub-run to its parent run and the parent tool call to the sub-run', async () => {
    const spans = await exportAll(join(EXAMPLES, 'fixtures', 'orchestrated'));
    const roots = spans.filter((s) => s.parentSpanId === undefined);
    const child = roots.find((s) => s.links.some((l) => l.attributes['little.link.kind'] === 'parent_run'));
    expect(child).toBeDefined();
    const link = child!.links.find((l) => l.attributes['little.link.kind'] === 'parent_run')!;
    const parentRoot = roots.find((s) => s.spanId === link.spanId && s.traceId === link.traceId);
    expect(parentRoot?.attributes['little.run.id']).toBe(link.attributes['little.run.id']);
    const toolLinks = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool').flatMap((s) => s.links);
    expect(toolLinks.some((l) => roots.some((r) => r.traceId === l.traceId && r.spanId === l.spanId))).toBe(true);
  });
});
