/**
 * README's exit-code table, for every command: 2 when the data directory cannot be read, never
 * 0 ("No runs.") and never 1 (RunNotFoundError) for a folder whose events.db is garbage.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tailCommand } from '../src-main/cli/commands/tail';
import { cli } from './support/run-cli-captured';

let root: string;
let garbage: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'li-exit-'));
  garbage = join(root, 'a', '.little-workflow');
  mkdirSync(join(garbage, 'events'), { recursive: true });
  writeFileSync(join(garbage, 'events', 'events.db'), 'not an sqlite file '.repeat(500));
  // A second unreadable dir under the same root: `runs` over the root has nothing readable either.
  const other = join(root, 'b', '.little-workflow');
  mkdirSync(join(other, 'events'), { recursive: true });
  writeFileSync(join(other, 'events', 'events.db'), 'SQLite format 3\u0000 but truncated');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const COMMANDS: Array<{ name: string; argv: () => string[] }> = [
  { name: 'runs', argv: () => ['runs', '--data-dir', garbage] },
  { name: 'runs --json', argv: () => ['runs', '--json', '--data-dir', garbage] },
  { name: 'runs over a root of unreadable dirs', argv: () => ['runs', '--data-dir', root] },
  { name: 'fleet', argv: () => ['fleet', '--data-dir', garbage] },
  { name: 'fleet over a root of unreadable dirs', argv: () => ['fleet', '--json', '--data-dir', root] },
  { name: 'export-fleet', argv: () => ['export-fleet', '--format', 'parquet', '-o', join(root, 'out'), '--data-dir', garbage] },
  { name: 'check', argv: () => ['check', '--data-dir', garbage] },
  { name: 'check <run>', argv: () => ['check', 'run_x', '--data-dir', garbage] },
  { name: 'scan', argv: () => ['scan', '--data-dir', garbage] },
  { name: 'scan <run> --json', argv: () => ['scan', 'run_x', '--json', '--data-dir', garbage] },
  { name: 'events', argv: () => ['events', 'run_x', '--data-dir', garbage] },
  { name: 'replay', argv: () => ['replay', 'run_x', '--data-dir', garbage] },
  { name: 'report', argv: () => ['report', 'run_x', '--data-dir', garbage] },
  { name: 'compare', argv: () => ['compare', 'run_x', '--data-dir', garbage] },
  { name: 'export --format json', argv: () => ['export', 'run_x', '--format', 'json', '--data-dir', garbage] },
  { name: 'export --format md', argv: () => ['export', 'run_x', '--format', 'md', '--data-dir', garbage] },
];

describe('exit code 2 when the data directory cannot be read', () => {
  it.each(COMMANDS)('$name', async ({ argv }) => {
    const result = await cli(...argv());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/sqlite-not-a-database|sqlite/);
    expect(result.stdout).not.toContain('No runs.');
  });

  it('tail', async () => {
    let stderr = '';
    const code = await tailCommand(['--data-dir', garbage], { stdout: () => {}, stderr: (t) => void (stderr += t) }, { signal: AbortSignal.abort() }).catch(
      (error: unknown) => (error as { name?: string }).name === 'DataDirError' ? 2 : -1,
    );
    expect(code).toBe(2);
  });
});
