/** Spawns the scripted live writer (`scripts/fixtures/live-writer.ts`) for e2e specs and follows its output. */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const SCRIPT = join(root, 'scripts', 'fixtures', 'live-writer.ts');

/** A running writer: its stdout lines so far, and a promise of its exit. */
export type WriterProcess = {
  child: ChildProcess;
  /** Highest sequence the writer reported appending. */
  lastSequence(): number;
  done(): boolean;
  paused(): boolean;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL it (no cleanup: a dead-pid lock and `-wal`/`-shm` stay behind) and wait for the exit. */
  kill(): Promise<void>;
};

/** Start `live-writer.ts --data-dir … --run-id … [args]` with Node and tsx. */
export function startWriter(dataDir: string, runId: string, args: string[] = []): WriterProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--data-dir', dataDir, '--run-id', runId, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let last = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const match of out.matchAll(/"sequence":(\d+)/g)) last = Math.max(last, Number(match[1]));
  });
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(({ code }) => {
    if (code !== null && code !== 0) console.error(`live writer ${runId} exited ${code}: ${err}`);
  });
  return {
    child,
    lastSequence: () => last,
    done: () => out.includes('"done":true'),
    paused: () => out.includes('"paused":true'),
    exited,
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}
