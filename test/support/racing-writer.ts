/**
 * A writer child that opens `events.db` in WAL mode, reads, and closes again every ~50 ms,
 * as a short-lived `little` command does: each open creates `-wal` and `-shm`, each clean
 * close checkpoints and deletes both. Readers racing it must never create, chown or touch
 * either file.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const CHILD = `
const Database = require(process.argv[1]);
const dbPath = process.argv[2];
let stop = false;
let cycles = 0;
process.on('SIGTERM', () => { stop = true; });
(async () => {
  while (!stop) {
    const db = new Database(dbPath);
    db.pragma('journal_mode = WAL');
    db.prepare('SELECT count(*) FROM sqlite_master').get();
    db.close();
    cycles += 1;
    if (cycles === 1) process.stdout.write('ready\\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.stdout.write('cycles ' + cycles + '\\n');
})();
`;

/** A running racing writer; `stop()` resolves with how many open/close cycles it made. */
export type RacingWriter = { stop(): Promise<number>; child: ChildProcess };

/** Start racing `dbPath`; resolves after its first cycle. */
export async function startRacingWriter(dbPath: string): Promise<RacingWriter> {
  const betterSqlite = join(__dirname, '..', '..', 'node_modules', 'better-sqlite3');
  const child = spawn(process.execPath, ['-e', CHILD, betterSqlite, dbPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (output.includes('ready')) {
        clearInterval(check);
        resolve();
      }
    }, 10);
    child.once('exit', (code) => {
      clearInterval(check);
      reject(new Error(`racing writer exited early (${code})`));
    });
  });
  return {
    child,
    stop: () =>
      new Promise<number>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve(Number(/cycles (\d+)/.exec(output)?.[1] ?? 0)));
        child.kill('SIGTERM');
      }),
  };
}
