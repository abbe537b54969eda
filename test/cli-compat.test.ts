import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows, type Row } from '../scripts/fixtures/fixture-checks';
import { fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

// `events`, `replay` and `report` must print what little-workflow's CLI prints. The expected
// bytes are rebuilt here from the raw rows, following world.ts `rowToEnvelope` and
// cli-core.ts `writeJsonLine`, independently of the product's code path.
function envelopeLine(row: Row): string {
  const envelope = {
    eventId: row.event_id,
    runId: row.run_id,
    sequence: row.sequence,
    type: row.type,
    ...(row.occurrence_id === null ? {} : { occurrenceId: row.occurrence_id }),
    recordedAt: row.recorded_at,
    payload: JSON.parse(row.payload),
  };
  return `${JSON.stringify(envelope)}\n`;
}

let copyRoot: string;
let rowsOf: (dir: string, runId: string) => Row[];

beforeAll(() => {
  // readRows opens a plain read-only connection, which may create sidecars: use a copy.
  copyRoot = mkdtempSync(join(tmpdir(), 'li-cli-'));
  const cache = new Map<string, Row[]>();
  rowsOf = (dir, runId) => {
    if (!cache.has(dir)) {
      const copy = join(copyRoot, String(cache.size));
      cpSync(dir, copy, { recursive: true });
      cache.set(dir, readRows(copy));
    }
    return cache.get(dir)!.filter((r) => r.run_id === runId);
  };
});
afterAll(() => rmSync(copyRoot, { recursive: true, force: true }));

describe('little-inspector events', () => {
  it('prints every envelope of a run exactly as `little events`', async () => {
    for (const text of ['completed: planner prelude', 'resumed after tool-call-in-flight', 'legacy PascalCase', 'writer SIGKILLed']) {
      const run = fixtureRun(text);
      const out = await cli('events', run.runId, '--data-dir', run.dir);
      expect(out.code).toBe(0);
      const expected = rowsOf(run.dir, run.runId).map(envelopeLine).join('');
      expect(expected.length).toBeGreaterThan(0);
      expect(out.stdout).toBe(expected);
    }
  });

  it('filters by exact type, by type prefix with *, and by caller', async () => {
    const run = fixtureRun('completed: planner prelude');
    const rows = rowsOf(run.dir, run.runId);
    const exact = await cli('events', run.runId, '--type', 'StepCompleted', '--data-dir', run.dir);
    expect(exact.stdout).toBe(rows.filter((r) => r.type === 'StepCompleted').map(envelopeLine).join(''));
    const prefix = await cli('events', run.runId, '--type=harness.tool_call.*', '--data-dir', run.dir);
    const toolRows = rows.filter((r) => r.type.startsWith('harness.tool_call.'));
    expect(toolRows.length).toBeGreaterThan(0);
    expect(prefix.stdout).toBe(toolRows.map(envelopeLine).join(''));
    const byCaller = await cli('events', run.runId, '--caller', 'code', '--data-dir', run.dir);
    expect(byCaller.stdout).toBe(rows.filter((r) => JSON.parse(r.payload).caller === 'code').map(envelopeLine).join(''));
  });

  it('prints nothing for an unknown run and refuses an invalid run id like world.ts', async () => {
    const run = fixtureRun('completed: planner prelude');
    expect(await cli('events', 'run_not_here', '--data-dir', run.dir)).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await cli('events', 'RUN_upper', '--data-dir', run.dir)).toEqual({ code: 1, stdout: '', stderr: 'WorldPathError: Invalid run id: RUN_upper\n' });
  });

  it('prints nothing for a run with an unparsable payload anywhere, and fails with SyntaxError (listEvents parses all first)', async () => {
    const bad = fixtureRun('broken unparsable-payload');
    const out = await cli('events', bad.runId, '--data-dir', bad.dir);
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(/^SyntaxError: /);
    // The same message `report` gives (JSON.parse's own, read again for the bad row).
    expect(out.stderr).toBe((await cli('report', bad.runId, '--data-dir', bad.dir)).stderr);
  });
});

describe('little-inspector report', () => {
  it('prints the table with the cost worked out from the gpt-4o-mini price (0.15 / 0.6 / cached 0.075 per 1M)', async () => {
    const run = fixtureRun('completed: planner prelude');
    const out = await cli('report', run.runId, '--table', '--data-dir', run.dir);
    // 400 uncached × 0.15 + 800 cached × 0.075 + 340 out × 0.6 = 324 per 1M tokens.
    expect(out.stdout).toBe(
      [
        `Run ${run.runId} (completed)`,
        '',
        'STEP         IN  CACHED  CACHE%  OUT  CALLS  COST (USD)',
        '---------  ----  ------  ------  ---  -----  ----------',
        'fetch         0       0    0.0%    0      0    0.000000',
        'summarize  1200     800   66.7%  340      1    0.000324',
        '---------  ----  ------  ------  ---  -----  ----------',
        'TOTAL      1200     800   66.7%  340      1    0.000324',
        '',
      ].join('\n'),
    );
  });

  it('prints JSON with null cost and the unpriced note for an unpriced model', async () => {
    const run = fixtureRun('unpriced: demo/planner-stub');
    const json = JSON.parse((await cli('report', run.runId, '--data-dir', run.dir)).stdout);
    expect(json.total.costUsd).toBeNull();
    expect(json.total.unpricedCalls).toBe(1);
    expect(json.hasUnpricedCalls).toBe(true);
    const table = (await cli('report', run.runId, '--table', '--data-dir', run.dir)).stdout;
    expect(table).toContain('n/a');
    expect(table).toContain('Note: 1 model call(s) had no registry pricing and are excluded from the cost above.');
  });

  it('fails like little-workflow on a sequence gap, an unparsable payload and an unknown run', async () => {
    const gap = fixtureRun('broken sequence-gap');
    expect(await cli('report', gap.runId, '--data-dir', gap.dir)).toEqual({
      code: 1,
      stdout: '',
      stderr: `RunStateEventMismatchError: Event sequence mismatch for ${gap.runId}: expected 3, received 4.\n`,
    });
    const bad = fixtureRun('broken unparsable-payload');
    const parsed = await cli('report', bad.runId, '--data-dir', bad.dir);
    expect(parsed.code).toBe(1);
    expect(parsed.stderr).toMatch(/^SyntaxError: /);
    expect(await cli('report', 'run_missing', '--data-dir', bad.dir)).toEqual({ code: 1, stdout: '', stderr: 'RunNotFoundError: Run not found: run_missing\n' });
  });
});

describe('little-inspector replay', () => {
  it('prints the state as one JSON line and fails on a missing artifact like replayRun', async () => {
    const run = fixtureRun('completed: planner prelude');
    const out = await cli('replay', run.runId, '--data-dir', run.dir);
    expect(out.code).toBe(0);
    expect(out.stdout.endsWith('\n')).toBe(true);
    expect(out.stdout.split('\n')).toHaveLength(2);
    const state = JSON.parse(out.stdout);
    expect(state.status).toBe('completed');
    expect(Object.keys(state.steps)).toEqual(['fetch', 'summarize']);
    expect(state.eventCount).toBe(rowsOf(run.dir, run.runId).length);

    const missing = fixtureRun('broken missing-blob');
    const failed = await cli('replay', missing.runId, '--data-dir', missing.dir);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/^ArtifactNotFoundError: Artifact not found: artifact:\/\/art_[0-9a-f]{16}\n$/);
    const foreign = fixtureRun('broken foreign-artifact');
    expect((await cli('replay', foreign.runId, '--data-dir', foreign.dir)).stderr).toMatch(/^ArtifactNotFoundError: /);
    const tampered = fixtureRun('broken artifact-hash-mismatch');
    expect((await cli('replay', tampered.runId, '--data-dir', tampered.dir)).stderr).toMatch(/^ArtifactHashMismatchError: Artifact hash mismatch: artifact:\/\//);
    // report never reads artifacts, so it still works on the same run.
    expect((await cli('report', missing.runId, '--data-dir', missing.dir)).code).toBe(0);
  });
});
