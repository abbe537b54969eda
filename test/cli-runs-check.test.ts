import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../shared/library';
import { EXAMPLES, fixtureRun, manifestRows, manifestSessions } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

describe('little-inspector runs', () => {
  it('lists every generated run with the fields the issue names and the status the generator expects', async () => {
    const out = await cli('runs', '--data-dir', join(EXAMPLES, 'fixtures'), '--json');
    expect(out.code).toBe(0);
    const rows = JSON.parse(out.stdout) as RunSummary[];
    // little-harness sessions are rows too (the manifest lists them under `sessions`): each one, from its own .little-harness folder.
    const sessionRows = rows.filter((r) => r.source === 'little-harness');
    const sessions = manifestSessions();
    expect(sessionRows.map((r) => `${r.dataDir}#${r.runId}`).sort()).toEqual(sessions.map((s) => `${join(EXAMPLES, s.harnessRoot)}#${s.sessionId}`).sort());
    for (const s of sessions) expect(sessionRows.find((r) => r.runId === s.sessionId)?.session?.tornTail).toBe(s.torn);
    const runs = rows.filter((r) => r.source !== 'little-harness');
    const expected = manifestRows().filter((r) => r.group !== 'demo');
    expect(runs.map((r) => r.runId).sort()).toEqual(expected.map((r) => r.runId).sort());
    for (const run of runs) {
      for (const key of ['runId', 'status', 'crashed', 'eventCount', 'startedAt', 'finishedAt', 'inputTokens', 'outputTokens', 'costUsd', 'parentRunId'] as const) {
        expect(run).toHaveProperty(key);
      }
    }
    // Broken logs and the inferred orchestrated run are judged below; every other run must match.
    const byId = new Map(runs.map((r) => [r.runId, r]));
    for (const row of expected.filter((r) => r.group !== 'broken' && r.group !== 'orchestrated')) {
      const run = byId.get(row.runId)!;
      // A run of harness events only (a job's planner) is `pending` to little-workflow's fold; the
      // list shows the status its sessions imply, marked inferred.
      if (run.statusInferred && row.status === 'pending') {
        expect({ id: row.runId, status: run.status, crashed: run.crashed }).toEqual({ id: row.runId, status: 'completed', crashed: row.crashed });
        continue;
      }
      expect({ id: row.runId, status: run.status, crashed: run.crashed }).toEqual({ id: row.runId, status: row.status, crashed: row.crashed });
    }
  });

  it('infers the orchestrated top run and its planner run from their sessions, and links sub-runs', async () => {
    const top = fixtureRun('orchestrated top run');
    const runs = JSON.parse((await cli('runs', '--data-dir', top.dir, '--json')).stdout) as RunSummary[];
    const topRun = runs.find((r) => r.runId === top.runId)!;
    expect(topRun).toMatchObject({ status: 'completed', statusInferred: true, crashed: false });
    const planner = runs.find((r) => r.runId.startsWith('run_planner_'))!;
    expect(planner).toMatchObject({ parentRunId: top.runId, costUsd: null });
    expect(runs.filter((r) => r.parentRunId === top.runId).length).toBe(3);
  });

  it('reports a null cost for an unpriced run and a real sum for a priced one', async () => {
    const unpriced = fixtureRun('unpriced: demo/planner-stub');
    const runs = JSON.parse((await cli('runs', '--data-dir', unpriced.dir, '--json')).stdout) as RunSummary[];
    expect(runs.find((r) => r.runId === unpriced.runId)!.costUsd).toBeNull();
    const priced = fixtureRun('priced: anthropic.messages/claude-sonnet-4-6');
    expect(runs.find((r) => r.runId === priced.runId)!.costUsd).toBeGreaterThan(0);
  });

  it('exits 2 with a clear message on a path that is not a data dir', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'li-empty-'));
    try {
      const missing = await cli('runs', '--data-dir', join(empty, 'nope'));
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('path-not-found');
      const none = await cli('runs', '--data-dir', empty);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('empty-dir');
      writeFileSync(join(empty, 'notes.txt'), 'hi');
      expect((await cli('runs', '--data-dir', empty)).stderr).toContain('not-a-data-dir');
      expect((await cli('report', 'run_x', '--data-dir', empty)).code).toBe(2);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('gives usage errors exit 1', async () => {
    expect((await cli('runs', 'extra')).code).toBe(1);
    expect((await cli('report')).code).toBe(1);
    expect((await cli('events', 'run_a', '--bogus')).code).toBe(1);
    expect((await cli('nonsense')).code).toBe(1);
    expect((await cli('--version')).stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});

describe('little-inspector check', () => {
  const codesOf = async (text: string) => {
    const run = fixtureRun(text);
    const out = await cli('check', run.runId, '--data-dir', run.dir, '--json');
    return { code: out.code, codes: (JSON.parse(out.stdout) as { code: string }[]).map((d) => d.code) };
  };

  it('finds each kind of damage in the broken fixtures and exits 1', async () => {
    const cases: Array<[string, string]> = [
      ['broken sequence-gap', 'sequence-gap'],
      ['broken tampered-event-id', 'event-id-mismatch'],
      ['broken unparsable-payload', 'payload-unparsable'],
      ['broken unknown-type', 'unknown-event-type'],
      ['broken missing-blob', 'artifact-missing'],
      ['broken artifact-hash-mismatch', 'artifact-hash-mismatch'],
      ['broken foreign-artifact', 'artifact-wrong-run'],
      ['broken branch-without-scheduled', 'branch-not-scheduled'],
      ['broken manifest-drift', 'manifest-drift'],
    ];
    for (const [text, code] of cases) {
      const found = await codesOf(text);
      expect({ text, exit: found.code, has: found.codes.includes(code) }).toEqual({ text, exit: 1, has: true });
    }
  });

  it('finds nothing in healthy runs and exits 0', async () => {
    for (const text of ['completed: planner prelude', 'resumed after model-call-in-flight', 'parallel: review[fast-a]', 'large output', 'legacy PascalCase']) {
      expect({ text, ...(await codesOf(text)) }).toEqual({ text, code: 0, codes: [] });
    }
  });
});
