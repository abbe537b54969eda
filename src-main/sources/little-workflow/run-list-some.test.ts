/**
 * A list of some runs (`listRuns(dir, table, only)`, what a live update of the fleet index asks
 * for) is the whole list's rows of those runs and no other: every fixture data dir of
 * little-workflow (completed, failed, crashed and open runs, priced and unpriced calls, broken
 * logs) and a legacy JSONL dir.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import type { DataDirInfo } from '../../../shared/library';
import { discover } from '../fs/discovery';
import { createSourceRegistry, isLittleWorkflowFormat } from '../registry';
import { EXAMPLES } from '../../../test/support/fixture-manifest';
import { scratchRoot } from '../../../test/support/scratch';

const sources = createSourceRegistry();

/** Every other run of the dir's whole list, plus a run id the dir does not hold. */
function someOf(dir: DataDirInfo): { whole: ReturnType<typeof listed>; only: Set<string> } {
  const whole = listed(dir);
  return { whole, only: new Set([...whole.runs.filter((_, i) => i % 2 === 0).map((run) => run.runId), 'run_not_in_this_dir']) };
}

const listed = (dir: DataDirInfo, only?: ReadonlySet<string>) => sources.sourceOf(dir).listRuns(dir, BUNDLED_PRICE_TABLE, only);

function expectSomeRuns(dir: DataDirInfo): void {
  const { whole, only } = someOf(dir);
  expect(whole.runs.length).toBeGreaterThan(0);
  const some = listed(dir, only);
  expect(some.runs).toEqual(whole.runs.filter((run) => only.has(run.runId)));
}

describe('listRuns of some runs', () => {
  const dirs = discover(EXAMPLES, { countRuns: false }).dataDirs.filter((dir) => isLittleWorkflowFormat(dir.format));

  it('covers the fixtures', () => {
    expect(dirs.length).toBeGreaterThan(10);
  });

  it.each(dirs.map((dir) => [dir.path.slice(EXAMPLES.length + 1), dir] as const))('%s: the whole list’s rows of those runs alone', (_name, dir) => {
    expectSomeRuns(dir);
  });

  it('a legacy JSONL data dir', () => {
    const dataDir = join(scratchRoot('li-legacy-some-'), '.little-workflow');
    mkdirSync(join(dataDir, 'events'), { recursive: true });
    for (const runId of ['run_one', 'run_two', 'run_three']) {
      const lines = [
        { runId, sequence: 1, type: 'RunStarted', eventId: `evt_${runId}_1`, recordedAt: '2026-01-01T00:00:00.000Z', payload: { label: runId } },
        { runId, sequence: 2, type: 'ModelCallCompleted', eventId: `evt_${runId}_2`, recordedAt: '2026-01-01T00:00:01.000Z', payload: { callId: 'c', model: 'openai/gpt-4o-mini', usage: { inputTokens: 10, outputTokens: 5 } } },
        { runId, sequence: 3, type: 'RunCompleted', eventId: `evt_${runId}_3`, recordedAt: '2026-01-01T00:00:02.000Z', payload: {} },
      ];
      writeFileSync(join(dataDir, 'events', `${runId}.jsonl`), `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    }
    const [dir] = discover(dataDir, { countRuns: false }).dataDirs;
    expect(dir.format).toBe('jsonl-legacy');
    expectSomeRuns(dir);
  });
});
