/**
 * Issue 30: `events` read the whole log in one synchronous loop and handed every line to stdout,
 * so a slow pipe (a pager, `| ssh`, a reader that pauses) made the process buffer the whole
 * output in memory. Now it waits for stdout to drain: with a consumer that pauses, the stream
 * holds at most its buffer and one line, the command waits, and once the consumer goes on it
 * prints exactly what it prints to a fast one.
 */
import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeLargeRun } from '../scripts/generate-fixtures';
import { eventsCommand } from '../src-main/cli/commands/events';
import { terminalIo } from '../src-main/cli/terminal-safe';
import { cli } from './support/run-cli-captured';
import { newDataDir } from './support/scratch';

const HIGH_WATER = 4096;
const dataDir = newDataDir('li-events-backpressure-');
let runId: string;
let expected: string;

beforeAll(async () => {
  runId = writeLargeRun(dataDir, { events: 3000 });
  const fast = await cli('events', runId, '--data-dir', dataDir);
  expect(fast.code, fast.stderr).toBe(0);
  expected = fast.stdout;
});

/** A pipe whose reader takes nothing until `resume()`: every write's callback is held. */
function pausedPipe() {
  const chunks: string[] = [];
  const held: Array<() => void> = [];
  let flowing = false;
  const stream = new Writable({
    highWaterMark: HIGH_WATER,
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      chunks.push(chunk);
      if (flowing) setImmediate(callback);
      else held.push(callback);
    },
  });
  return {
    stream,
    text: () => chunks.join(''),
    resume: () => {
      flowing = true;
      held.splice(0).forEach((callback) => setImmediate(callback));
    },
  };
}

/** Let the event loop turn `n` times (the command's own awaits and the stream's callbacks run). */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('events paced by stdout', () => {
  it('the output is bigger than the pipe buffer many times over (the check below can fail)', () => {
    expect(expected.length).toBeGreaterThan(50 * HIGH_WATER);
  });

  it('with a reader that pauses: the stream holds one buffer, the command waits; resumed, it prints every line once', async () => {
    const pipe = pausedPipe();
    const stderr: string[] = [];
    const io = terminalIo(pipe.stream, { write: (t: string) => stderr.push(t) });
    let finished = false;
    const done = eventsCommand([runId, '--data-dir', dataDir], io).then((code) => {
      finished = true;
      return code;
    });
    await turns(20);
    // The old loop had queued all the output by now and returned; this one waits for 'drain'.
    expect(finished).toBe(false);
    const longestLine = Math.max(...expected.split('\n').map((line) => line.length + 1));
    expect(pipe.stream.writableLength).toBeGreaterThanOrEqual(HIGH_WATER);
    expect(pipe.stream.writableLength).toBeLessThanOrEqual(HIGH_WATER + longestLine);
    pipe.resume();
    expect(await done).toBe(0);
    await new Promise<void>((resolve) => pipe.stream.end(resolve));
    expect(pipe.text()).toBe(expected);
    expect(stderr).toEqual([]);
  });

  it('a consumer that never blocks (a file, a test capture) is never waited on', async () => {
    let out = '';
    const io = terminalIo({ write: (t: string) => ((out += t), true) }, { write: () => true });
    expect(await eventsCommand([runId, '--data-dir', dataDir, '--type', 'RunStarted'], io)).toBe(0);
    expect(out).toBe(expected.split('\n').filter((line) => line.includes('"type":"RunStarted"')).join('\n') + '\n');
  });
});
