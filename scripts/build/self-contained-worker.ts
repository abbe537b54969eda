/**
 * Keeps the run-detail worker script self-contained (a plugin of electron-vite's main build). The
 * packaged app unpacks only `out/main/run-detail-worker.js` from app.asar (a worker thread cannot
 * start from inside the archive), so a `require("./chunks/…")` in it would look for a file that
 * exists only inside app.asar. Rolldown moves its runtime helpers (`__exportAll`, `__toESM`: zod's
 * namespace export needs them, and the worker reads little-harness traces with zod) into a chunk
 * shared by every entry; this plugin puts a copy of each chunk the worker requires inside it.
 * index.js and cli.js still share one bundle of the core (they keep requiring the chunks).
 */
import { posix } from 'node:path';
import type { Plugin } from 'vite';

const LOCAL_REQUIRE = /require\("(\.[^"]+)"\)/g;

/** Inline into `entryFileName` every local chunk it requires (each evaluated once, CommonJS-style). */
export function selfContainedWorkerPlugin(entryFileName: string): Plugin {
  return {
    name: 'little-inspector:self-contained-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle[entryFileName];
      if (worker === undefined || worker.type !== 'chunk') return;
      const inline = (code: string, fromFile: string, seen: Set<string>): string =>
        code.replace(LOCAL_REQUIRE, (whole, relative: string) => {
          const fileName = posix.join(posix.dirname(fromFile), relative);
          const chunk = bundle[fileName];
          if (chunk === undefined || chunk.type !== 'chunk' || seen.has(fileName)) return whole;
          const body = inline(chunk.code, fileName, new Set([...seen, fileName]));
          return `((module) => { const exports = module.exports; ${body}\n; return module.exports; })({ exports: {} })`;
        });
      worker.code = inline(worker.code, worker.fileName, new Set([worker.fileName]));
    },
  };
}
