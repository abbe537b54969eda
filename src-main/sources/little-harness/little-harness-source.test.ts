import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { EXAMPLES } from '../../../test/support/fixture-manifest';
import { hashTree } from '../../../test/support/store-test-fixtures';
import { discover } from '../fs/discovery';
import type { EventRead } from '../little-workflow/store-types';
import { createSourceRegistry, recogniseDataDir } from '../registry';

const SESSIONS = join(EXAMPLES, 'fixtures', 'sessions');
const tmp = join(tmpdir(), `lh-source-${process.pid}`);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function collect(stream: AsyncIterable<EventRead>): Promise<EventRead[]> {
  const out: EventRead[] = [];
  for await (const read of stream) out.push(read);
  return out;
}

describe('little-harness sessions as a source', () => {
  it('a folder holding only sessions is discovered: the .little-harness tree and the world nested in one of its sessions', () => {
    const found = discover(SESSIONS);
    expect(found.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(found.dataDirs.map((d) => [d.label, d.format, d.kind, d.sessionKey, d.harnessDir, d.runCount])).toEqual([
      ['.little-harness', 'harness-trace', 'harness-sessions', null, undefined, 4],
      ['.little-harness/sessions/sess_workflow/workflows', 'sqlite', 'harness-session', 'sess_workflow', '.little-harness', 1],
    ]);
    // Opened at the tree itself, or at a session's world (its tree is then outside the opened folder).
    expect(discover(join(SESSIONS, '.little-harness')).dataDirs.map((d) => [d.label, d.harnessDir])).toEqual([['.', undefined], ['sessions/sess_workflow/workflows', '.']]);
    expect(discover(join(SESSIONS, '.little-harness', 'sessions', 'sess_workflow', 'workflows')).dataDirs.map((d) => [d.label, d.harnessDir])).toEqual([['.', undefined]]);
    expect(recogniseDataDir(join(SESSIONS, '.little-harness', 'sessions'))).toBeNull();
  });

  it('lists each session as a row: state as status, model/tool calls and failures, tokens, no made-up cost', () => {
    const sources = createSourceRegistry();
    const before = hashTree(SESSIONS);
    const dir = discover(SESSIONS, { countRuns: false }).dataDirs[0]!;
    const source = sources.sourceOf(dir);
    expect(source.name).toBe('little-harness');
    const { runs, diagnostics } = source.listRuns(dir, BUNDLED_PRICE_TABLE);
    expect(runs.map((r) => [r.runId, r.status, r.eventCount, r.label, r.costUsd, r.session?.counts.failures, r.session?.tornTail])).toEqual([
      ['sess_crashed', 'running', 5, '1 model · 1 tool calls', null, 0, true],
      ['sess_failing', 'failed', 15, '2 model · 1 tool calls · 6 failed', null, 6, false],
      ['sess_refactor', 'completed', 25, '2 model · 2 tool calls · 1 failed', null, 1, false],
      ['sess_workflow', 'completed', 14, '2 model · 2 tool calls', null, 0, false],
    ]);
    expect(runs[0]!.verdict).toMatch(/half-written line/);
    expect(runs[2]).toMatchObject({ source: 'little-harness', inputTokens: 1200 + 300 + 1200 + 600, outputTokens: 180, startedAt: '2026-11-21T10:00:00.420Z' });
    expect(diagnostics.map((d) => d.message)).toEqual(['sess_failing: 3 trace line(s) little-harness rejects']);
    sources.dispose();
    expect(hashTree(SESSIONS)).toEqual(before);
  });

  it('streams a session trace as envelopes in sequence order; the run view methods say a session opens in the session view', async () => {
    const sources = createSourceRegistry();
    const harness = join(SESSIONS, '.little-harness');
    const source = sources.sourceOf({ format: 'harness-trace' });
    const all = await collect(source.streamLog(harness, 'sess_refactor'));
    expect(all).toHaveLength(25);
    const first = all[0]!;
    expect(first.ok && [first.event.runId, first.event.sequence, first.event.type]).toEqual(['sess_refactor', 1, 'harness.session.started']);
    const after = await collect(source.streamLog(harness, 'sess_refactor', 20));
    expect(after.map((r) => (r.ok ? r.event.sequence : null))).toEqual(all.slice(20).map((r) => (r.ok ? r.event.sequence : null)));
    expect(await collect(source.streamLog(harness, 'sess_nope'))).toMatchObject([{ ok: false, diagnostic: { code: 'run-not-found' } }]);
    const detail = await source.detail(harness, 'sess_refactor', { summary: {} as never, siblings: [], table: BUNDLED_PRICE_TABLE });
    expect(detail.ok ? 'built' : detail.error.code).toBe('unsupported');
    sources.dispose();
  });

  it('is symlink-safe: a linked session folder is not listed, a trace linked out of the session is refused, a linked tree out of the root is skipped', () => {
    const root = join(tmp, 'root');
    const harness = join(root, '.little-harness');
    mkdirSync(join(harness, 'sessions'), { recursive: true });
    cpSync(join(SESSIONS, '.little-harness', 'sessions', 'sess_crashed'), join(harness, 'sessions', 'sess_crashed'), { recursive: true });
    const outside = join(tmp, 'outside');
    cpSync(join(SESSIONS, '.little-harness', 'sessions', 'sess_refactor'), join(outside, 'sess_refactor'), { recursive: true });
    symlinkSync(join(outside, 'sess_refactor'), join(harness, 'sessions', 'sess_linked'));
    mkdirSync(join(harness, 'sessions', 'sess_leak'));
    writeFileSync(join(harness, 'sessions', 'sess_leak', 'status.json'), JSON.stringify({ id: 'sess_leak', state: 'idle' }));
    symlinkSync(join(outside, 'sess_refactor', 'trace.ndjson'), join(harness, 'sessions', 'sess_leak', 'trace.ndjson'));
    symlinkSync(join(SESSIONS, '.little-harness'), join(root, 'linked-tree'));
    const found = discover(root);
    expect(found.dataDirs.map((d) => d.label)).toEqual(['.little-harness']);
    expect(found.diagnostics.map((d) => d.code)).toContain('path-outside-data-dir');
    const sources = createSourceRegistry();
    const { runs, diagnostics } = sources.sourceOf(found.dataDirs[0]!).listRuns(found.dataDirs[0]!, BUNDLED_PRICE_TABLE);
    expect(runs.map((r) => r.runId)).toEqual(['sess_crashed']);
    expect(diagnostics.map((d) => d.code)).toEqual(['path-outside-data-dir']);
    sources.dispose();
  });
});
