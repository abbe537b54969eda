/**
 * Where a thread of our own (discovery, the fleet index) gets its code: the built bundle
 * `out/main/<name>.js` where the app is built, or the TypeScript entry under tsx when a test asks
 * for the thread from source (`thread`); `auto` from source runs the work in the caller's thread,
 * since a fresh thread must first load the whole source tree through tsx (~2.5 s here).
 */
import { existsSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { appRoot, unpackedPath } from '../app-paths';

/** Where the work runs: a thread where the app is built (`auto`), always (`thread`), or never (`in-process`). */
export type ThreadMode = 'auto' | 'thread' | 'in-process';

/** The code of the thread `name` (a file of src-main/workers), or null: do the work in this thread. */
export function threadScript(name: string, mode: ThreadMode): { code: string; eval: boolean } | null {
  if (mode === 'in-process') return null;
  if (__filename.endsWith('.ts')) {
    return mode === 'thread' ? { code: `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, `${name}.ts`))});`, eval: true } : null;
  }
  const built = unpackedPath(join(appRoot(), 'out', 'main', `${name}.js`));
  return existsSync(built) ? { code: built, eval: false } : null;
}

/**
 * A one-answer thread's answer: `settle` resolves `result` the first time only and ends the
 * thread (its answer came, it failed, or the caller gave up on it).
 */
export function oneAnswer<T>(worker: Worker): { result: Promise<T>; settle(value: T): void } {
  let settle: (value: T) => void = () => undefined;
  const result = new Promise<T>((resolve) => {
    let done = false;
    settle = (value) => {
      if (done) return;
      done = true;
      resolve(value);
      void worker.terminate();
    };
  });
  return { result, settle };
}
