/**
 * `little-inspector runs | head -1`: the reader closes the pipe after the first line, and the
 * CLI's next write fails with EPIPE. The process must end quietly with 0, not with Node's
 * "Unhandled 'error' event" stack trace and 1 (it did before endQuietlyOnBrokenPipe).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { tsxNodeArgs } from '../scripts/fixtures/scenarios/wal';
import { sampleRun, writeClosedDataDir } from './support/store-test-fixtures';
import { newDataDir } from './support/scratch';

const CLI = fileURLToPath(new URL('../src-main/cli/main.ts', import.meta.url));

let dataDir: string;
beforeAll(async () => {
  dataDir = newDataDir();
  // Enough rows that the output outgrows the pipe's buffer after its reader is gone.
  const runs = Array.from({ length: 400 }, (_, i) => sampleRun(`run_pipe_${String(i).padStart(4, '0')}`)).flat();
  await writeClosedDataDir(dataDir, runs);
}, 120_000);

describe('a reader that goes away', () => {
  it('ends `runs` quietly with 0 when stdout closes after the first chunk', async () => {
    const child = spawn(process.execPath, tsxNodeArgs(CLI, ['runs', '--data-dir', dataDir]), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read one chunk, then close our end, as `head -1` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(stderr).not.toMatch(/Unhandled 'error' event|EPIPE/);
    expect(code).toBe(0);
  }, 120_000);
});
