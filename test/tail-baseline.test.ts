/**
 * `tail`'s baseline (issue 30 item 2): `# following` is printed only once the first read of the
 * data dir succeeded, and every event committed after that line is printed exactly once; runs
 * that start after it are announced. A writer process appends from before the tail starts.
 *
 * The first case makes the first reads fail for a while (a driver that answers SQLITE_BUSY, as
 * the private copy of a big live log does while its writer checkpoints): the old tail printed
 * `# following` at once and took its baseline when a read first succeeded, so what was
 * committed in between was folded as history and never printed.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tailCommand } from '../src-main/cli/commands/tail';
import { defaultSqliteDriver, type SqliteDriver } from '../src-main/sources/little-workflow/sqlite-driver';
import type { EventEnvelope } from '../shared/events/envelope';
import { liveTestScope, readAll, until } from './support/live-support';
import { simpleRun, type ScriptWriter } from './support/live-writer';

const scope = liveTestScope();

/** A driver whose opens fail with SQLITE_BUSY while `busy()` says so. */
function busyWhile(busy: () => boolean): SqliteDriver {
  const real = defaultSqliteDriver();
  if (!real.ok) throw new Error(real.error.message);
  return {
    name: real.value.name,
    open(path, mode) {
      if (busy()) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
      return real.value.open(path, mode);
    },
  };
}

type TailRecord = { printed: EventEnvelope[]; notes: string[]; followingAt: number | null };

/** Start `tail --json` on `dir`; stop it with the returned abort. */
function startTail(dir: string, driver?: SqliteDriver) {
  const record: TailRecord = { printed: [], notes: [], followingAt: null };
  const abort = new AbortController();
  let pending = '';
  const done = tailCommand(
    ['--data-dir', dir, '--json'],
    {
      stdout: (text) => {
        pending += text;
        let nl;
        while ((nl = pending.indexOf('\n')) !== -1) {
          record.printed.push(JSON.parse(pending.slice(0, nl)) as EventEnvelope);
          pending = pending.slice(nl + 1);
        }
      },
      stderr: (text) => {
        if (record.followingAt === null && text.startsWith('# following')) record.followingAt = Date.now();
        record.notes.push(text);
      },
    },
    { signal: abort.signal, observer: { pollMs: 25, fullCheckMs: 200, ...(driver ? { driver } : {}) } },
  );
  return { record, stop: () => abort.abort(), done };
}

/**
 * The exactly-once check: no event printed twice; per run, what was printed is every event from
 * its first printed one to the end of the log (nothing lost after the baseline); every event
 * stamped after `# following` (the writer's `t` is taken just before its commit) was printed; a
 * run printed from sequence 1 was announced as new.
 */
function expectExactlyOnce(dir: string, record: TailRecord, runIds: readonly string[]): void {
  expect(record.followingAt).not.toBeNull();
  const keys = record.printed.map((e) => `${e.runId}#${e.sequence}`);
  expect(new Set(keys).size, 'no event printed twice').toBe(keys.length);
  for (const runId of runIds) {
    const log = readAll(dir, runId);
    const printed = record.printed.filter((e) => e.runId === runId).map((e) => e.sequence);
    const first = printed[0] ?? log.length + 1;
    expect(printed, `${runId}: every event after its first printed one`).toEqual(log.filter((e) => e.sequence >= first).map((e) => e.sequence));
    const late = log.filter((e) => typeof (e.payload as { t?: unknown }).t === 'number' && (e.payload as { t: number }).t > record.followingAt!);
    for (const event of late) expect(printed, `${runId} #${event.sequence} was committed after "# following"`).toContain(event.sequence);
    if (first === 1) expect(record.notes.join(''), `${runId} announced`).toContain(`# run ${runId} started (new)`);
  }
}

/** A data dir with history (a finished run), a writer on it, and a paced load started before the tail. */
async function liveDataDir(name: string): Promise<{ dir: string; writer: ScriptWriter; load: Promise<unknown> }> {
  const dir = join(scope.tempRoot('li-tail-baseline-'), name, '.little-workflow');
  const writer = await scope.writer(dir);
  await writer.append(simpleRun('run_history', 200, true), { oneTransaction: true });
  const load = writer.load({ runs: 3, perSecond: 300, durationMs: 900, runPrefix: `run_${name}_` });
  return { dir, writer, load };
}

describe('tail: the baseline exists before "# following", and everything after it is printed once', () => {
  it('first reads failing for a while: "# following" waits for the baseline; nothing committed after it is lost', async () => {
    const { dir, writer, load } = await liveDataDir('busy');
    const busyUntil = Date.now() + 400;
    const tail = startTail(dir, busyWhile(() => Date.now() < busyUntil));
    try {
      await load;
      await until(() => tail.record.followingAt !== null, 10_000, '# following');
      expect(tail.record.followingAt!).toBeGreaterThanOrEqual(busyUntil);
      // A run that starts after the baseline: announced, every event printed.
      await writer.append(simpleRun('run_after_baseline', 3, true));
      await until(() => tail.record.notes.join('').includes('# run run_after_baseline ended'), 10_000, 'the new run');
      await until(() => tail.record.printed.length > 0 && tail.record.printed.filter((e) => e.runId !== 'run_after_baseline').length >= 1, 5_000, 'load events');
      tail.stop();
      expect(await tail.done).toBe(0);
      const runs = ['run_busy_0', 'run_busy_1', 'run_busy_2', 'run_after_baseline'];
      expectExactlyOnce(dir, tail.record, runs);
      expect(tail.record.printed.filter((e) => e.runId === 'run_after_baseline').map((e) => e.sequence)).toEqual(readAll(dir, 'run_after_baseline').map((e) => e.sequence));
      expect(tail.record.printed.some((e) => e.runId === 'run_history'), 'history is not printed').toBe(false);
    } finally {
      tail.stop();
    }
  }, 30_000);

  it('over many trials with a writer from the first millisecond: exactly once, new runs announced', async () => {
    for (let trial = 0; trial < 6; trial += 1) {
      const name = `t${trial}`;
      const { dir, writer, load } = await liveDataDir(name);
      const tail = startTail(dir);
      try {
        await until(() => tail.record.followingAt !== null, 10_000, '# following');
        await load;
        await writer.append(simpleRun(`run_${name}_late`, 2, true));
        await until(() => tail.record.notes.join('').includes(`# run run_${name}_late ended`), 10_000, 'the late run');
        tail.stop();
        expect(await tail.done).toBe(0);
        expectExactlyOnce(dir, tail.record, [`run_${name}_0`, `run_${name}_1`, `run_${name}_2`, `run_${name}_late`]);
        expect(tail.record.notes.join('')).toContain(`# run run_${name}_late started (new)`);
      } finally {
        tail.stop();
        await writer.kill();
      }
    }
  }, 120_000);
});
