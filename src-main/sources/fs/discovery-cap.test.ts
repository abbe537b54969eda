/**
 * Large roots (issue 13 item 3, the part done): discovery stops after a folder budget and says
 * so, in the library snapshot (the UI shows it) and in `runs`, instead of walking every
 * folder of a huge root on every load.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRun, writeClosedDataDir } from '../../../test/support/store-test-fixtures';
import { cli } from '../../../test/support/run-cli-captured';
import { DEFAULT_MAX_FOLDERS, discover } from './discovery';

let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'li-big-root-'));
  // 6,000 folders (60 × 100): past the budget; and a data dir listed before them.
  await writeClosedDataDir(join(root, 'a-project', '.little-workflow'), sampleRun('run_first'));
  for (let i = 0; i < 60; i += 1) {
    for (let j = 0; j < 100; j += 1) mkdirSync(join(root, `b${String(i).padStart(3, '0')}`, `f${j}`), { recursive: true });
  }
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('discovery of a root with 6,000 folders', () => {
  it(`stops after ${DEFAULT_MAX_FOLDERS} folders with a "stopped after N folders" note, keeping what it found`, () => {
    const found = discover(root, { countRuns: false });
    expect(found.dataDirs.map((d) => d.label)).toEqual(['a-project/.little-workflow']);
    const note = found.diagnostics.find((d) => d.code === 'discovery-stopped');
    expect(note?.severity).toBe('warning');
    expect(note?.message).toContain(`Stopped after ${DEFAULT_MAX_FOLDERS.toLocaleString('en-US')} folders`);
  });

  it('a root within the budget gets no note', () => {
    const found = discover(join(root, 'a-project'), { countRuns: false });
    expect(found.diagnostics.filter((d) => d.code === 'discovery-stopped')).toEqual([]);
  });

  it('`runs` lists what was found and says discovery stopped', async () => {
    const result = await cli('runs', '--data-dir', root);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('run_first');
    expect(result.stderr).toMatch(/warning: discovery-stopped: Stopped after [\d,]+ folders/);
  });
});
