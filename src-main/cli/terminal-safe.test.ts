import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';
import { sampleRun, tempRoot, writeClosedDataDir } from '../../test/support/store-test-fixtures';
import { terminalIo, terminalSafe } from './terminal-safe';
import { formatTailLine } from './commands/tail';

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

describe('terminal escapes never reach a terminal (issue 13 item 6)', () => {
  const ESC_TITLE = '\u001b]0;pwned\u0007';

  it('terminalIo escapes controls on a TTY and passes bytes through to a pipe', () => {
    const tty: string[] = [];
    const pipe: string[] = [];
    const io = terminalIo({ isTTY: true, write: (t) => tty.push(t) }, { isTTY: false, write: (t) => pipe.push(t) });
    io.stdout(`a${ESC_TITLE}b\n\tc\r\n`);
    io.stderr(`a${ESC_TITLE}b\n`);
    expect(tty.join('')).toBe('a\\u{1b}]0;pwned\\u{7}b\n\tc\\u{d}\n');
    expect(pipe.join('')).toBe(`a${ESC_TITLE}b\n`);
  });

  it('tail text lines show a hostile step path instead of obeying it', () => {
    const line = formatTailLine({ runId: 'run_1', sequence: 2, type: 'StepStarted', recordedAt: 't', payload: { stepPath: `x${ESC_TITLE}\nforged` } } as never);
    expect(line).not.toContain('\u001b');
    expect(line.split('\n')).toHaveLength(2);
  });

  it('runs prints a hostile folder name in its diagnostics escaped', async () => {
    const root = tempRoot('li-term-runs-');
    roots.push(root);
    const evil = join(root, `evil${ESC_TITLE}`, '.little-workflow');
    mkdirSync(join(evil, 'events'), { recursive: true });
    writeFileSync(join(evil, 'events', 'events.db'), 'not a database at all, just garbage bytes '.repeat(200));
    await writeClosedDataDir(join(root, 'good', '.little-workflow'), sampleRun('run_good'));
    const result = await run('runs', '--data-dir', root);
    expect(result.stderr).toContain('evil\\u{1b}]0;pwned\\u{7}');
    expect(result.stderr + result.stdout).not.toContain('\u001b');
  });

  it('a price table cannot name itself or its keys with terminal controls', async () => {
    const root = tempRoot('li-term-price-');
    roots.push(root);
    const wrapped = join(root, 'wrapped.json');
    writeFileSync(wrapped, JSON.stringify({ format: 'little-inspector/price-table@1', id: 'x', name: `n${ESC_TITLE}`, entries: { [`a/b${ESC_TITLE}`]: { pricing: { input: 1, output: 1 } } } }));
    const refused = await run('pricing', '--price-table', wrapped);
    expect(refused.code).toBe(2);
    expect(refused.stderr).not.toContain('\u001b');
    const bare = join(root, `bare${ESC_TITLE}.json`);
    writeFileSync(bare, JSON.stringify({ 'a/b': { pricing: { input: 1, output: 1 } } }));
    const named = await run('pricing', '--price-table', bare);
    expect(named.code).toBe(0);
    expect(named.stdout + named.stderr).not.toContain('\u001b');
  });
});
