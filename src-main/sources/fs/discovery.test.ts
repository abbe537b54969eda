import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDataDir } from '../little-workflow/data-dir-reader';
import { discover } from './discovery';
import { fsDiagnostic } from './fs-diagnostics';
import { hashTree, sampleRun, writeClosedDataDir, writeCrashedDataDir } from '../../../test/support/store-test-fixtures';
import { scratchRoot } from '../../../test/support/scratch';

const newRoot = () => scratchRoot();
const codes = (d: { diagnostics: { code: string }[] }) => d.diagnostics.map((x) => x.code);

describe('discover', () => {
  it('reports missing path, file path, empty folder and folder without a data dir', () => {
    const root = newRoot();
    writeFileSync(join(root, 'file.txt'), 'x');
    mkdirSync(join(root, 'empty'));
    mkdirSync(join(root, 'plain', 'sub'), { recursive: true });
    expect(codes(discover(join(root, 'missing')))).toEqual(['path-not-found']);
    expect(codes(discover(join(root, 'file.txt')))).toEqual(['path-not-directory']);
    expect(codes(discover(join(root, 'empty')))).toEqual(['empty-dir']);
    expect(codes(discover(join(root, 'plain')))).toEqual(['not-a-data-dir']);
  });

  it('maps EACCES/EPERM to permission-denied (root cannot be denied a read here, so the mapping is tested)', () => {
    expect(fsDiagnostic(Object.assign(new Error('x'), { code: 'EACCES' }), '/p').code).toBe('permission-denied');
    expect(fsDiagnostic(Object.assign(new Error('x'), { code: 'EPERM' }), '/p').code).toBe('permission-denied');
  });

  it('finds the data dir itself, a folder holding one, and harness session/dynamic worlds, changing nothing', async () => {
    const root = newRoot();
    const project = join(root, 'project');
    await writeClosedDataDir(join(project, '.little-workflow'), sampleRun('run_top'));
    const sessions = join(project, '.little-harness', 'sessions');
    await writeCrashedDataDir(join(sessions, 'sess-1', 'workflows'), [...sampleRun('run_s1'), ...sampleRun('run_s2')]);
    await writeClosedDataDir(join(sessions, 'sess-1', 'dynamic-workflows', 'run_dyn'), sampleRun('run_dyn'));
    mkdirSync(join(project, 'node_modules', 'pkg', '.little-workflow', 'events'), { recursive: true });
    const before = hashTree(root);

    const self = discover(join(project, '.little-workflow'));
    expect(self.dataDirs.map((d) => [d.label, d.kind, d.runCount])).toEqual([['.', 'workflow', 1]]);

    const found = discover(project);
    expect(found.diagnostics).toEqual([]);
    expect(found.dataDirs.map((d) => [d.label, d.kind, d.sessionKey, d.format, d.runCount])).toEqual([
      ['.little-harness/sessions/sess-1/dynamic-workflows/run_dyn', 'harness-dynamic', 'sess-1', 'sqlite', 1],
      ['.little-harness/sessions/sess-1/workflows', 'harness-session', 'sess-1', 'sqlite', 2],
      ['.little-workflow', 'workflow', null, 'sqlite', 1],
    ]);
    expect(discover(root, { maxDepth: 1 }).dataDirs).toEqual([]);
    expect(hashTree(root)).toEqual(before);
  });

  it('skips symlinks that leave the root, follows ones inside it once', async () => {
    const root = newRoot();
    const outside = newRoot();
    await writeClosedDataDir(join(outside, 'elsewhere'), sampleRun('run_out'));
    await writeClosedDataDir(join(root, 'a', 'dd'), sampleRun('run_in'));
    symlinkSync(join(outside, 'elsewhere'), join(root, 'escape'));
    symlinkSync(join(root, 'a'), join(root, 'b-link'));
    const found = discover(root);
    expect(found.dataDirs.map((d) => d.label)).toEqual(['a/dd']);
    expect(codes(found)).toContain('path-outside-data-dir');
  });

  it('reads a legacy JSONL data dir whose lines are envelopes, and flags unconfirmed ones', () => {
    const root = newRoot();
    const good = join(root, 'good');
    mkdirSync(join(good, 'events'), { recursive: true });
    const lines = [
      { eventId: 'evt_1', runId: 'run_old', sequence: 1, type: 'RunStarted', recordedAt: 't1', payload: { label: 'old', tags: ['x'] } },
      { eventId: 'evt_2', runId: 'run_old', sequence: 2, type: 'RunCompleted', recordedAt: 't2', payload: {} },
    ];
    writeFileSync(join(good, 'events', 'run_old.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    const bad = join(root, 'bad');
    mkdirSync(join(bad, 'events'), { recursive: true });
    writeFileSync(join(bad, 'events', 'run_x.jsonl'), '{"hello":1}\n');
    const before = hashTree(root);

    const found = discover(root);
    expect(found.dataDirs.map((d) => [d.label, d.format, d.runCount, codes(d)])).toEqual([
      ['bad', 'jsonl-legacy', 0, ['legacy-format-unconfirmed']],
      ['good', 'jsonl-legacy', 1, []],
    ]);
    const reader = openDataDir(good);
    if (!reader.ok) throw new Error(reader.error.message);
    const runs = reader.value.listRuns();
    expect(runs.ok && runs.value.runs[0]).toMatchObject({ runId: 'run_old', eventCount: 2, status: 'completed', label: 'old', tags: ['x'] });
    const events = [...reader.value.readEvents('run_old', 1)];
    expect(events).toMatchObject([{ ok: true, event: { sequence: 2, type: 'RunCompleted' } }]);
    expect(hashTree(root)).toEqual(before);
  });
});
