import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureRun } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';
import { hashTree, tempRoot, writeClosedDataDir } from './support/store-test-fixtures';
import { truncatableCopy } from './support/truncated-copy';

// `replay --at N` must print what `little replay` prints for the log truncated after N: the same
// bytes, the same failures. The reference is `replay` on a copy of the data dir whose rows after
// N were deleted.

describe('little-inspector replay --at', () => {
  it('prints the bytes `replay` prints on a copy truncated after N, at every N', async () => {
    for (const text of ['completed: planner prelude', 'resumed after tool-call-in-flight', 'visits + decisions']) {
      const run = fixtureRun(text);
      const before = hashTree(run.dir);
      const whole = await cli('replay', run.runId, '--data-dir', run.dir);
      const last = JSON.parse(whole.stdout).eventCount as number;
      const copy = truncatableCopy(run.dir);
      try {
        for (let n = last; n >= 1; n -= 1) {
          copy.truncateAfter(run.runId, n);
          const reference = await cli('replay', run.runId, '--data-dir', copy.dir);
          const at = await cli('replay', run.runId, '--at', String(n), '--data-dir', run.dir);
          expect(at, `${text} at ${n}`).toEqual(reference);
          expect(JSON.parse(at.stdout).eventCount).toBe(n);
        }
      } finally {
        copy.dispose();
      }
      // --at past the end is the whole log; the data dir is untouched.
      expect(await cli('replay', run.runId, '--at', String(last + 5), '--data-dir', run.dir)).toEqual(whole);
      expect(hashTree(run.dir)).toEqual(before);
    }
  });

  it('fails only where the truncated log fails: an unparsable payload, a sequence gap, a missing artifact', async () => {
    const unparsable = fixtureRun('broken unparsable-payload'); // row 4 is truncated JSON
    expect((await cli('replay', unparsable.runId, '--at', '3', '--data-dir', unparsable.dir)).code).toBe(0);
    const bad = await cli('replay', unparsable.runId, '--at', '4', '--data-dir', unparsable.dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^SyntaxError: /);
    expect(await cli('replay', unparsable.runId, '--data-dir', unparsable.dir)).toEqual(bad);

    const gap = fixtureRun('broken sequence-gap'); // sequences 1, 2, 4
    const atTwo = await cli('replay', gap.runId, '--at', '2', '--data-dir', gap.dir);
    expect(atTwo.code).toBe(0);
    expect(JSON.parse(atTwo.stdout).eventCount).toBe(2);
    // Truncated after 3 the log is still 1, 2 (row 4 is gone); after 4 the gap is in it.
    expect(await cli('replay', gap.runId, '--at', '3', '--data-dir', gap.dir)).toEqual(atTwo);
    expect(await cli('replay', gap.runId, '--at', '4', '--data-dir', gap.dir)).toEqual({
      code: 1, stdout: '', stderr: `RunStateEventMismatchError: Event sequence mismatch for ${gap.runId}: expected 3, received 4.\n`,
    });

    const missing = fixtureRun('broken missing-blob');
    const copy = truncatableCopy(missing.dir);
    try {
      const whole = await cli('replay', missing.runId, '--data-dir', missing.dir);
      expect(whole.stderr).toMatch(/^ArtifactNotFoundError: /);
      // Walk back until the artifact is no longer referenced: from there on replay succeeds.
      let n = 1;
      while ((await cli('replay', missing.runId, '--at', String(n + 1), '--data-dir', missing.dir)).code === 0) n += 1;
      copy.truncateAfter(missing.runId, n + 1);
      expect(await cli('replay', missing.runId, '--data-dir', copy.dir)).toEqual(whole);
      expect(await cli('replay', missing.runId, '--at', String(n + 1), '--data-dir', missing.dir)).toEqual(whole);
    } finally {
      copy.dispose();
    }
  });

  it('refuses a bad --at and answers RunNotFoundError for a cut before the first event', async () => {
    const run = fixtureRun('completed: planner prelude');
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999999999']) {
      const out = await cli('replay', run.runId, `--at=${bad}`, '--data-dir', run.dir);
      expect(out.code).toBe(1);
      expect(out.stderr).toContain('--at must be an event sequence');
    }
    expect(await cli('replay', 'run_not_here', '--at', '3', '--data-dir', run.dir)).toEqual({ code: 1, stdout: '', stderr: 'RunNotFoundError: Run not found: run_not_here\n' });
  });
});

describe('little-inspector replay on payloads the fold tolerates but replayRun does not', () => {
  let root: string;
  const runId = 'run_null_payload';
  beforeAll(async () => {
    root = tempRoot('li-replay-null-');
    await writeClosedDataDir(join(root, 'data'), [
      { runId, type: 'RunStarted', payload: { workflowVersionId: 'wfver_abc' } },
      { runId, type: 'StepScheduled', payload: { stepPath: 'draft' } },
      // The fold ignores this type, so `report` works; replayRun reads payload.stepPath of every event.
      { runId, type: 'harness.runtime.note', payloadText: 'null' },
      { runId, type: 'StepCompleted', payload: { stepPath: 'draft', output: 1 } },
      // Array and number payloads are tolerated by both.
      { runId, type: 'harness.runtime.note', payload: [1, 2] },
      { runId, type: 'RunCompleted', payload: { output: 7 } },
    ]);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('fails with the TypeError replayRun throws, from the null payload on', async () => {
    const dir = join(root, 'data');
    expect((await cli('report', runId, '--data-dir', dir)).code).toBe(0);
    const failed = { code: 1, stdout: '', stderr: "TypeError: Cannot read properties of null (reading 'stepPath')\n" };
    expect(await cli('replay', runId, '--data-dir', dir)).toEqual(failed);
    expect(await cli('replay', runId, '--at', '3', '--data-dir', dir)).toEqual(failed);
    const before = await cli('replay', runId, '--at', '2', '--data-dir', dir);
    expect(before.code).toBe(0);
    expect(Object.keys(JSON.parse(before.stdout).steps)).toEqual(['draft']);
  });
});
