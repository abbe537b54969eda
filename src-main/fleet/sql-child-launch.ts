/**
 * How the SQL console's child process is started (sql-budget.ts). A child process, not a worker
 * thread: neither SQLite driver can interrupt a running statement, and a worker thread's
 * `terminate()` waits for native code to return (measured: a `count(*)` over an endless recursive
 * CTE kept a core busy after terminate, and held the process's exit), while a killed process stops
 * at once. Node (the CLI, browser mode, tests) forks the script; Electron's main process cannot
 * fork itself as Node (the RunAsNode fuse is off), so src-main/electron sets a launcher that uses
 * `utilityProcess` (setSqlChildLauncher).
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { appRoot, unpackedPath } from '../app-paths';

/** A started child: send it one job, hear its messages and its end, kill it. */
export type SqlChild = {
  send(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the child is gone (exit code, or null when killed); `stderr`: its last words. */
  onExit(listener: (code: number | null, stderr: string) => void): void;
  kill(): void;
};

/** Starts the child script at `path`. */
export type SqlChildLauncher = (path: string) => Promise<SqlChild>;

const STDERR_KEPT = 2000;

/** The Node launcher: `child_process.fork`, TypeScript under tsx when running from source. */
export const forkLauncher: SqlChildLauncher = async (path) => {
  const fromSource = path.endsWith('.ts');
  const execArgv = fromSource ? ['--require', createRequire(__filename).resolve('tsx/cjs')] : [];
  const child = fork(path, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT)));
  return {
    send: (message) => void child.send(message as object),
    onMessage: (listener) => void child.on('message', listener),
    onExit: (listener) => void child.once('exit', (code) => listener(code, stderr)),
    kill: () => void child.kill('SIGKILL'),
  };
};

let launcher: SqlChildLauncher = forkLauncher;

/** Use `next` to start SQL children from now on (Electron's main process: utilityProcess). */
export function setSqlChildLauncher(next: SqlChildLauncher): void {
  launcher = next;
}

/** The child's script: the TypeScript entry from source, else the built, self-contained bundle. */
export function sqlChildScript(): string | null {
  if (__filename.endsWith('.ts')) return join(__dirname, 'sql-child.ts');
  const built = unpackedPath(join(appRoot(), 'out', 'main', 'fleet-sql-child.js'));
  return existsSync(built) ? built : null;
}

/** Start a child with the launcher in use. */
export function launchSqlChild(path: string): Promise<SqlChild> {
  return launcher(path);
}
