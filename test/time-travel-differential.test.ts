import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededBatches } from '../shared/compare/consistency';
import { materializeRunState } from '../shared/fold/run-state';
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { factsIfDiedAfterCut } from '../shared/run/as-of-facts';
import { buildRunDetail, type RunModelFacts } from '../shared/run/build-run-detail';
import { listRunEvents } from '../src-main/cli/run-log';
import { loadLibrary } from '../src-main/library/load-library';
import { readRunModelFacts } from '../src-main/engine/run-stages';
import { openDataDir } from '../src-main/sources/little-workflow/data-dir-reader';
import { readRunLog } from '../src-main/sources/little-workflow/run-check';
import type { DataDirReader } from '../src-main/sources/little-workflow/store-types';
import { EXAMPLES, manifestRows } from './support/fixture-manifest';
import { servedModel } from './support/served-model';
import { tempRoot, writeClosedDataDir, type FixtureEvent } from './support/store-test-fixtures';
import { truncatableCopy } from './support/truncated-copy';

// Time travel is exact: the run model, the strict fold (`little replay`'s state) and the crash
// plan at event N equal those of a copy of the data dir whose log was cut after N (rows DELETEd
// in the copy). Every N on the fixture runs; seeded random N on a big run.
const NOW = new Date('2026-12-01T00:00:00Z');
const table = BUNDLED_PRICE_TABLE;
// Runs longer than this get seeded random cuts instead of every N.
const EVERY_N_UP_TO = 200;

/** The strict fold's answer: the state, or the error little replay would print. */
function strictFold(reader: DataDirReader, runId: string, upto?: number): unknown {
  try {
    return { state: JSON.parse(JSON.stringify(materializeRunState(runId, listRunEvents(reader, runId, upto), { priceTable: BUNDLED_PRICE_TABLE }))) };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

function openOrThrow(dir: string): DataDirReader {
  const reader = openDataDir(dir);
  if (!reader.ok) throw new Error(reader.error.message);
  return reader.value;
}

/** Cuts to check: every N for short runs, else 1, the last, and seeded random N. */
function cutsOf(last: number, seed: number): number[] {
  if (last <= EVERY_N_UP_TO) return Array.from({ length: last }, (_, i) => last - i);
  const cuts = new Set([1, last]);
  let at = 0;
  for (const size of seededBatches(last, seed, Math.ceil(last / 25))) cuts.add((at += size));
  return [...cuts].sort((a, b) => b - a);
}

/** Check every cut of every run in `dataDir`; returns how many cuts were compared. */
function checkDataDir(dataDir: string, runIds: readonly string[], seed = 1): number {
  const library = loadLibrary(dataDir, table);
  if (!library.ok) throw new Error(library.error.message);
  const reader = openOrThrow(dataDir);
  const copy = truncatableCopy(dataDir);
  let compared = 0;
  try {
    for (const runId of runIds) {
      const summary = library.value.runs.find((r) => r.runId === runId && r.dataDir === dataDir);
      expect(summary, runId).toBeDefined();
      const context = { summary: summary!, siblings: library.value.runs, table };
      const log = readRunLog(reader, runId);
      const facts: RunModelFacts = { ...readRunModelFacts(reader, runId, context, log), now: NOW };
      const last = Math.max(log.events.at(-1)?.sequence ?? 0, log.undecodable.at(-1)?.sequence ?? 0);
      for (const n of cutsOf(last, seed)) {
        copy.truncateAfter(runId, n);
        const cut = openOrThrow(copy.dir);
        try {
          const cutLog = readRunLog(cut, runId);
          const cutFacts: RunModelFacts = { ...readRunModelFacts(cut, runId, context, cutLog), ref: facts.ref, now: NOW };
          const label = `${runId} cut after #${n}`;
          if (cutLog.events.length === 0 && cutLog.undecodable.length === 0) continue;
          // The state little replay prints (or its failure).
          expect(strictFold(reader, runId, n), label).toEqual(strictFold(cut, runId));
          // The run model: what every run view shows.
          const at = { events: log.events, facts: factsIfDiedAfterCut(facts), table, upto: n };
          const truncated = { events: cutLog.events, facts: factsIfDiedAfterCut(cutFacts), table };
          expect(servedModel(at, NOW), label).toEqual(servedModel(truncated, NOW));
          // The crash plan ("if it had died here").
          expect(buildRunDetail(at).boundary, label).toEqual(buildRunDetail(truncated).boundary);
          compared += 1;
        } finally {
          cut.close();
        }
      }
    }
  } finally {
    copy.dispose();
    reader.close();
  }
  return compared;
}

describe('the state, model and plan at N equal those of the log truncated after N', () => {
  const byDir = new Map<string, string[]>();
  for (const row of manifestRows().filter((r) => r.group !== 'loopctl')) {
    const dir = join(EXAMPLES, row.dataDir);
    byDir.set(dir, [...(byDir.get(dir) ?? []), row.runId]);
  }
  for (const [dir, runIds] of byDir) {
    it(`every N of every run in ${dir.slice(EXAMPLES.length + 1)} (${runIds.length} runs)`, () => {
      const compared = checkDataDir(dir, runIds);
      expect(compared).toBeGreaterThanOrEqual(runIds.length);
    });
  }
});

describe('random N on a big run', () => {
  let root: string;
  const runId = 'run_big_time_travel';
  beforeAll(async () => {
    root = tempRoot('li-tt-big-');
    const events: FixtureEvent[] = [
      { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_big' } },
      { runId, type: 'StepScheduled', payload: { stepPath: 'draft' } },
      { runId, type: 'StepAttemptStarted', payload: { stepPath: 'draft', attemptId: 'attempt_1' } },
      { runId, type: 'harness.session.started', payload: { sessionId: 's1', stepPath: 'draft', role: 'worker' } },
      { runId, type: 'harness.model.called', payload: { callId: 'c', stepPath: 'draft' }, repeat: 1 },
      { runId, type: 'harness.model.responded', payload: { callId: 'c', stepPath: 'draft', model: { provider: 'openai', modelId: 'gpt-4o-mini' }, usage: { inputTokens: 100, outputTokens: 20 } }, repeat: 1200 },
      { runId, type: 'StepCompleted', payload: { stepPath: 'draft', output: { text: 'done' } } },
      { runId, type: 'StepScheduled', payload: { stepPath: 'review' } },
      { runId, type: 'StepAttemptStarted', payload: { stepPath: 'review', attemptId: 'attempt_1' } },
      { runId, type: 'harness.tool_call.started', payload: { callId: 't', toolName: 'grep', stepPath: 'review' } },
      { runId, type: 'harness.tool_call.succeeded', payload: { callId: 't', toolName: 'grep', stepPath: 'review' }, repeat: 800 },
    ];
    await writeClosedDataDir(join(root, 'data'), events);
  }, 60_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('seeded random cuts of a 2,009-event run', () => {
    const compared = checkDataDir(join(root, 'data'), [runId], 7);
    expect(compared).toBeGreaterThanOrEqual(20);
  }, 120_000);
});
