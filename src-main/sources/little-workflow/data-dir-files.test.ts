import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { readArtifact, readArtifactManifest } from './artifacts';
import { listRunLocks, lockNameForRunId, readRunLock } from './lock-owners';
import { listOuterLoopIds, readOuterLoop } from './outer-loops';
import { hashTree, tempRoot } from '../../../test/support/store-test-fixtures';
import { listWorkflowVersionIds, readWorkflowVersion } from './workflow-versions';

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
let dir = '';
let before: Record<string, string> = {};
beforeEach(() => {
  const root = tempRoot();
  roots.push(root);
  dir = join(root, '.little-workflow');
  mkdirSync(join(dir, 'artifacts', 'blobs'), { recursive: true });
  return () => expect(hashTree(dir)).toEqual(before); // every test: nothing changed
});
const freeze = () => (before = hashTree(dir));

const sha = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
function putArtifact(id: string, blob: Buffer | null, overrides: Record<string, unknown> = {}, manifestText?: string) {
  const manifest = { artifactId: id, artifactRef: `artifact://${id}`, runId: 'run_a', stepPath: 's', name: 'out', contentType: 'application/json', encoding: 'json', sha256: blob ? sha(blob) : 'sha256:' + '0'.repeat(64), sizeBytes: blob?.length ?? 0, createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
  writeFileSync(join(dir, 'artifacts', `${id}.json`), manifestText ?? JSON.stringify(manifest) + '\n');
  if (blob) writeFileSync(join(dir, 'artifacts', 'blobs', `${id}.bin`), blob);
}

describe('artifacts', () => {
  it('reads json, utf-8 and binary payloads with hash verification', () => {
    putArtifact('art_json', Buffer.from('{"a":1}'));
    putArtifact('art_text', Buffer.from('héllo'), { encoding: 'utf-8', contentType: 'text/plain' });
    putArtifact('art_bin', Buffer.from([0, 1, 2]), { encoding: 'binary' });
    freeze();
    expect(readArtifact(dir, 'artifact://art_json', 'run_a')).toMatchObject({ ok: true, value: { payload: { a: 1 } } });
    expect(readArtifact(dir, 'artifact://art_text')).toMatchObject({ ok: true, value: { payload: 'héllo' } });
    const bin = readArtifact(dir, 'artifact://art_bin');
    expect(bin.ok && bin.value.payload).toEqual(new Uint8Array([0, 1, 2]));
    expect(readArtifact(dir, 'artifact://art_json', 'run_b')).toMatchObject({ ok: false, error: { code: 'artifact-wrong-run' } });
  });

  it('applies the checks in little-workflow order, each as a typed diagnostic', () => {
    putArtifact('art_notjson', null, {}, '{oops');
    putArtifact('art_otherid', Buffer.from('1'), { artifactId: 'art_else', name: '' });
    putArtifact('art_shape', Buffer.from('1'), { name: '' });
    putArtifact('art_noblob', null);
    putArtifact('art_hash', Buffer.from('1'), { sha256: sha(Buffer.from('2')) });
    putArtifact('art_size', Buffer.from('1'), { sizeBytes: 5 });
    freeze();
    const code = (ref: string) => {
      const r = readArtifact(dir, ref);
      return r.ok ? 'ok' : r.error.code;
    };
    // Every ref with the code it answers, compared whole so a failure shows every ref that moved.
    const expected: Array<[string, string]> = [
      ['artifact://../../etc/passwd', 'invalid-argument'],
      ['art_json', 'invalid-argument'],
      ['artifact://art_absent', 'artifact-missing'],
      ['artifact://art_notjson', 'artifact-corrupt'],
      ['artifact://art_otherid', 'artifact-hash-mismatch'],
      ['artifact://art_shape', 'artifact-corrupt'],
      ['artifact://art_noblob', 'artifact-missing'],
      ['artifact://art_hash', 'artifact-hash-mismatch'],
      ['artifact://art_size', 'artifact-corrupt'],
    ];
    expect(expected.map(([ref]) => [ref, code(ref)])).toEqual(expected);
    expect(readArtifactManifest(dir, 'artifact://art_noblob').ok).toBe(true);
  });

  it('never follows a symlink out of the data dir', () => {
    const outside = tempRoot();
    roots.push(outside);
    writeFileSync(join(outside, 'secret.json'), '{}');
    symlinkSync(join(outside, 'secret.json'), join(dir, 'artifacts', 'art_link.json'));
    freeze();
    expect(readArtifact(dir, 'artifact://art_link')).toMatchObject({ ok: false, error: { code: 'path-outside-data-dir' } });
  });
});

describe('workflow versions and outer loops', () => {
  it('extracts step ids, kinds and maxVisits from the LWIR, nested steps included', () => {
    mkdirSync(join(dir, 'workflow-versions'));
    const lwir = { metadata: { name: 'wf', version: '1' }, steps: [
      { id: 'draft', uses: 'ai.generate', maxVisits: 3 },
      { id: 'fan', uses: 'parallel', needs: ['draft'], steps: [{ id: 'score', uses: 'tool.call' }] },
      { id: 'pick', uses: 'decision' }, 'junk'] };
    writeFileSync(join(dir, 'workflow-versions', 'wfver_1.json'), JSON.stringify({ id: 'wfver_1', hash: 'sha256:x', lwir }) + '\n');
    writeFileSync(join(dir, 'workflow-versions', 'wfver_bad.json'), '[');
    freeze();
    const v = readWorkflowVersion(dir, 'wfver_1');
    expect(v.ok && v.value.steps.map((s) => [s.id, s.uses, s.maxVisits, s.parentId, s.needs])).toEqual([
      ['draft', 'ai.generate', 3, null, []], ['fan', 'parallel', null, null, ['draft']], ['score', 'tool.call', null, 'fan', []], ['pick', 'decision', null, null, []],
    ]);
    expect(readWorkflowVersion(dir, 'wfver_bad')).toMatchObject({ ok: false, error: { code: 'workflow-version-corrupt' } });
    expect(readWorkflowVersion(dir, 'wfver_nope')).toMatchObject({ ok: false, error: { code: 'workflow-version-missing' } });
    expect(readWorkflowVersion(dir, 'uncompiled')).toMatchObject({ ok: false, error: { code: 'workflow-version-missing' } });
    expect(readWorkflowVersion(dir, '../x')).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(listWorkflowVersionIds(dir)).toEqual({ ok: true, value: ['wfver_1', 'wfver_bad'] });
  });

  it('reads outer-loop manifests and flags bad cycle run ids', () => {
    mkdirSync(join(dir, 'outer-loops'));
    const manifest = { outerLoopId: 'ol_1', goal: { workflowDefinitionHash: 'h', description: 'd' }, maxCycles: 3,
      cycles: [{ cycleNumber: 1, runId: 'run_c1', workflowVersionId: 'uncompiled', status: 'failed', output: null }, { cycleNumber: 2, runId: 'nope' }],
      pendingCycleRunId: 'run_c3' };
    writeFileSync(join(dir, 'outer-loops', 'ol_1.json'), JSON.stringify(manifest) + '\n');
    writeFileSync(join(dir, 'outer-loops', 'ol_2.json'), '{"outerLoopId":"ol_2"}');
    freeze();
    const read = readOuterLoop(dir, 'ol_1');
    expect(read.ok && read.value.manifest.pendingCycleRunId).toBe('run_c3');
    expect(read.ok && read.value.diagnostics.map((d) => d.code)).toEqual(['invalid-run-id']);
    expect(readOuterLoop(dir, 'ol_2')).toMatchObject({ ok: false, error: { code: 'outer-loop-corrupt' } });
    expect(readOuterLoop(dir, 'ol_3')).toMatchObject({ ok: false, error: { code: 'outer-loop-missing' } });
    expect(readOuterLoop(dir, 'ol_/../x')).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    expect(listOuterLoopIds(dir)).toEqual({ ok: true, value: ['ol_1', 'ol_2'] });
  });
});

describe('lock owners', () => {
  it('names the lock dir sha256_ + hex sha256 of the JSON-quoted run id', () => {
    freeze();
    const hex = createHash('sha256').update('"run_abc"').digest('hex');
    expect(lockNameForRunId('run_abc')).toBe(`sha256_${hex}`);
  });

  it('live pid → running, dead pid → crashed, missing/unparsable owner → diagnostic, no dir → none', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    const lock = (runId: string, owner: string | null) => {
      const d = join(dir, 'locks', lockNameForRunId(runId));
      mkdirSync(d, { recursive: true });
      if (owner !== null) writeFileSync(join(d, 'owner.json'), owner);
    };
    lock('run_live', JSON.stringify({ createdAt: 'c', pid: process.pid, token: 't' }));
    lock('run_dead', JSON.stringify({ createdAt: 'c', pid: dead, token: 't' }));
    lock('run_noowner', null);
    lock('run_garbage', '{"pid":');
    lock('run_pid0', JSON.stringify({ createdAt: 'c', pid: 0, token: 't' }));
    mkdirSync(join(dir, 'locks', `${lockNameForRunId('run_live')}.recovering`));
    mkdirSync(join(dir, 'locks', `sha256_${'f'.repeat(64)}`));
    freeze();
    const state = (runId: string) => {
      const r = readRunLock(dir, runId);
      return r.ok ? [r.value.state, r.value.diagnostics.map((d) => d.code)] : r.error.code;
    };
    expect(state('run_live')).toEqual(['running', []]);
    expect(state('run_dead')).toEqual(['crashed', []]);
    expect(state('run_noowner')).toEqual(['unknown', ['lock-owner-unreadable']]);
    expect(state('run_garbage')).toEqual(['unknown', ['lock-owner-unreadable']]);
    expect(state('run_pid0')).toEqual(['unknown', ['lock-owner-unreadable']]);
    expect(state('run_free')).toEqual(['none', []]);
    expect(state('../x')).toBe('invalid-argument');
    expect(readRunLock(dir, 'run_live', () => false)).toMatchObject({ ok: true, value: { state: 'crashed', recovering: true } });
    const all = listRunLocks(dir, ['run_live', 'run_dead', 'run_free']);
    expect(all.ok && all.value.locks.map((l) => [l.runId, l.state])).toEqual(
      [['run_live', 'running'], ['run_dead', 'crashed']].sort((a, b) => (lockNameForRunId(a[0]) < lockNameForRunId(b[0]) ? -1 : 1)),
    );
    expect(all.ok && all.value.unmatched.length).toBe(4);
  });
});
