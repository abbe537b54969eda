/** `little-inspector sessions|trace|doctor|outcomes` on the generated harness sessions. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from './support/fixture-manifest';
import { cli } from './support/run-cli-captured';

const DIR = join(EXAMPLES, 'fixtures', 'sessions');

describe('session commands', () => {
  it('sessions lists every session under the folder with its counts (--json)', async () => {
    const run = await cli('sessions', '--data-dir', join(EXAMPLES, 'fixtures'), '--json');
    expect(run.code).toBe(0);
    const rows = JSON.parse(run.stdout) as Array<{ sessionId: string; state: string; tornTail: boolean; counts: { modelCalls: number; failures: number; invalidLines: number } }>;
    const byId = new Map(rows.map((r) => [r.sessionId, r]));
    expect([...byId.keys()]).toEqual(['chat with spaces/and slashes', 'sess_docs-chat', 'sess_crashed', 'sess_failing', 'sess_refactor', 'sess_workflow']);
    expect(byId.get('sess_failing')).toMatchObject({ state: 'failed', counts: { modelCalls: 2, failures: 6, invalidLines: 3 } });
    expect(byId.get('sess_crashed')).toMatchObject({ state: 'running', tornTail: true, artifactCount: 0 });
    // little-harness's `sessions` adds tracePath and artifactCount (files under /artifacts, spooled ones included).
    expect(byId.get('sess_refactor')).toMatchObject({ artifactCount: 3, tracePath: join(EXAMPLES, 'fixtures', 'sessions', '.little-harness', 'sessions', 'sess_refactor', 'trace.ndjson') });
  });

  it('doctor prints little-harness’s counts and exits 1 on findings, 0 on a clean session', async () => {
    const failing = await cli('doctor', 'sess_failing', '--data-dir', DIR, '--json');
    expect(failing.code).toBe(1);
    expect(JSON.parse(failing.stdout)).toMatchObject({ sessionId: 'sess_failing', eventCount: 15, invalidEventCount: 3, failureCount: 6 });
    const crashed = await cli('doctor', 'sess_crashed', '--data-dir', DIR);
    expect(crashed.code).toBe(1);
    expect(crashed.stdout).toContain('invalid line 6: torn last line');
  });

  it('outcomes aggregates across sessions, or one session when named', async () => {
    const all = JSON.parse((await cli('outcomes', '--data-dir', DIR, '--json')).stdout) as { eventCount: number; countedCount: number; overall: { n: number } };
    expect(all).toMatchObject({ eventCount: 6, countedCount: 3, overall: { n: 3 } });
    const one = JSON.parse((await cli('outcomes', 'sess_refactor', '--data-dir', DIR, '--json')).stdout) as { sessionIds: string[]; eventCount: number; supersededCount: number };
    expect(one).toMatchObject({ sessionIds: ['sess_refactor'], eventCount: 3, supersededCount: 1 });
  });

  it('trace shows invalid lines in place and --json keeps the valid lines as written', async () => {
    const text = await cli('trace', 'sess_failing', '--data-dir', DIR);
    const flagged = text.stdout.split('\n').filter((l) => l.startsWith('line '));
    expect(flagged).toHaveLength(3);
    expect(flagged[0]).toMatch(/^line 10: invalid: not JSON/);
    expect(flagged.slice(1)).toEqual(['line 12: invalid: eventId: Invalid input: expected string, received undefined', 'line 14: invalid: metadata: file path must belong to root']);
    const json = await cli('trace', 'sess_refactor', '--data-dir', DIR, '--json');
    expect(json.stdout.trim().split('\n')).toHaveLength(25);
  });

  it('names what is wrong: a missing session (exit 1), no sessions at all (exit 2), several data dirs (usage, exit 1)', async () => {
    const missing = await cli('doctor', 'sess_nope', '--data-dir', DIR);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/^SessionNotFoundError: Session not found: sess_nope/)]);
    const none = await cli('sessions', '--data-dir', join(EXAMPLES, 'fixtures', 'completed'));
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining('not-a-data-dir')]);
    const several = await cli('outcomes', '--data-dir', join(EXAMPLES, 'fixtures'));
    expect([several.code, several.stderr]).toEqual([1, expect.stringContaining('several little-harness data dirs found')]);
  });
});
