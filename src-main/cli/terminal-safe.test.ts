import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { sampleRun, tempRoot, writeClosedDataDir } from '../../test/support/store-test-fixtures';
import { terminalSafe } from './terminal-safe';

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

async function run(...argv: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  let stderr = '';
  let stdout = '';
  const code = await runCli(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stderr, stdout };
}

describe('terminalSafe', () => {
  it('keeps text on one line and shows controls and bidi overrides instead of obeying them', () => {
    expect(terminalSafe('a\nb\tc')).toBe('a\\nb\\tc');
    expect(terminalSafe('\u001b]0;pwned\u0007x')).toBe('\\u{1b}]0;pwned\\u{7}x');
    expect(terminalSafe('\u202egnp.exe')).toBe('\\u{202e}gnp.exe');
    expect(terminalSafe('plain café ✓')).toBe('plain café ✓');
  });
});

describe('CLI messages quoting hostile payloads (found by test/fuzz)', () => {
  it('a payload with a newline and an ESC sequence fails `events` with one safe line', async () => {
    const dir = join(tempRoot('li-term-'), '.little-workflow');
    roots.push(dir);
    mkdirSync(dir, { recursive: true });
    const events = sampleRun('run_term');
    await writeClosedDataDir(dir, [events[0], { runId: 'run_term', type: 'StepScheduled', payloadText: '\u001b[2J\nforged line' }]);
    const result = await run('events', 'run_term', '--data-dir', dir);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^SyntaxError: /);
    expect(result.stderr).not.toContain('\u001b');
  });

  it('a 10,000-level payload fails `events` and `report` with a one-line SyntaxError, not a RangeError', async () => {
    const dir = join(tempRoot('li-deep-'), '.little-workflow');
    roots.push(dir);
    await writeClosedDataDir(dir, [{ runId: 'run_deep', type: 'RunStarted', payloadText: `{"input":${'['.repeat(10_000)}${']'.repeat(10_000)}}` }]);
    for (const command of ['events', 'report', 'replay']) {
      const result = await run(command, 'run_deep', '--data-dir', dir);
      expect(result.code, command).toBe(1);
      expect(result.stderr, command).toMatch(/^SyntaxError: .*deeper than 1000 levels.*\n$/);
    }
  });
});
