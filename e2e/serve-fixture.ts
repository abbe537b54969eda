/** A Playwright fixture that runs `little-inspector serve` on a data dir and hands out its URL. */
import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..');

/** A running browser-mode server. */
export type Served = { url: string; origin: string; token: string; /** The server process (benches sample its memory). */ pid: number; stop(): Promise<void> };

/**
 * Start the built CLI's `serve` on `dataDir` (port 0, plus `args`) and wait for the URL line.
 * Its state folder (notes, settings) is a fresh temp folder unless `args` names one: no spec
 * touches the real home's.
 */
export async function serve(dataDir: string, args: readonly string[] = []): Promise<Served> {
  const state = args.includes('--state-dir') ? [] : ['--state-dir', mkdtempSync(join(tmpdir(), 'li-e2e-state-'))];
  // Fold checkpoints likewise: a fresh temp cache folder unless `args` says otherwise.
  const cache = args.includes('--cache-dir') || args.includes('--no-cache') ? [] : ['--cache-dir', mkdtempSync(join(tmpdir(), 'li-e2e-cache-'))];
  const child: ChildProcess = spawn(process.execPath, [join(root, 'out/main/cli.js'), 'serve', dataDir, '--port', '0', ...state, ...cache, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not print a URL in 20 s:\n${output}`)), 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
  const parsed = new URL(url);
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token')!,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A worker fixture: one server on `dataDir` (plus `args`) for all of a worker's tests, stopped
 * when the worker ends. `base.extend<{}, { name: Served }>({ name: servedOnce(dir) })`.
 */
export function servedOnce(dataDir: string, args: readonly string[] = []): [(fixtures: {}, use: (served: Served) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  return [
    async ({}, use) => {
      const served = await serve(dataDir, args);
      await use(served);
      await served.stop();
    },
    { scope: 'worker' },
  ];
}

/** Test with a server on the bundled example data. */
export const test = base.extend<{}, { demo: Served }>({ demo: servedOnce(join(root, 'examples/demo')) });

export { expect } from '@playwright/test';
