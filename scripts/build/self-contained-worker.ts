/**
 * Keeps a worker script self-contained (a plugin of electron-vite's main build, one per worker
 * entry). The packaged app unpacks only the worker script (`out/main/run-detail-worker.js`)
 * from app.asar (a worker thread cannot start from inside the
 * archive), so a `require("./chunks/…")` in it would look for a file that
 * exists only inside app.asar. The CLI loads each command's chunk on demand (src-main/cli/run-cli.ts),
 * so the core is split into many chunks shared by every entry; this plugin puts one copy of each
 * chunk the worker requires, directly or through other chunks, inside it, each evaluated once on its
 * first require (CommonJS-style, with a cache, so a chunk required from ten places is neither copied
 * ten times nor run twice). index.js and cli.js keep requiring the chunks.
 */
import { posix } from 'node:path';
import type { Plugin } from 'vite';

const LOCAL_REQUIRE = /require\("(\.[^"]+)"\)/g;
const LOADER = '__inlinedChunk';

/** Inline into `entryFileName` every local chunk it requires. */
export function selfContainedWorkerPlugin(entryFileName: string): Plugin {
  return {
    name: 'little-inspector:self-contained-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle[entryFileName];
      if (worker === undefined || worker.type !== 'chunk') return;
      const bodies = new Map<string, string>();
      const rewrite = (code: string, fromFile: string): string =>
        code.replace(LOCAL_REQUIRE, (whole, relative: string) => {
          const fileName = posix.join(posix.dirname(fromFile), relative);
          const chunk = bundle[fileName];
          if (chunk === undefined || chunk.type !== 'chunk') return whole;
          if (!bodies.has(fileName)) {
            bodies.set(fileName, '');
            bodies.set(fileName, rewrite(chunk.code, fileName));
          }
          return `${LOADER}(${JSON.stringify(fileName)})`;
        });
      const code = rewrite(worker.code, worker.fileName);
      if (bodies.size === 0) return;
      // Function declarations only: they are hoisted, so the loader is defined before the worker's
      // first line runs, and appending it keeps any directive prologue of the worker first.
      const cases = [...bodies].map(([fileName, body]) => `\t\tcase ${JSON.stringify(fileName)}: return function (module, exports) {\n${body}\n};`);
      worker.code =
        `${code}\n// Chunks inlined by scripts/build/self-contained-worker.ts.\n` +
        `function ${LOADER}(fileName) {\n` +
        `\tconst cache = ${LOADER}.cache ?? (${LOADER}.cache = Object.create(null));\n` +
        `\tif (cache[fileName] !== undefined) return cache[fileName].exports;\n` +
        `\tconst module = (cache[fileName] = { exports: {} });\n` +
        `\t${LOADER}Body(fileName)(module, module.exports);\n` +
        `\treturn module.exports;\n}\n` +
        `function ${LOADER}Body(fileName) {\n\tswitch (fileName) {\n${cases.join('\n')}\n\t}\n\tthrow new Error('no inlined chunk ' + fileName);\n}\n`;
    },
  };
}
