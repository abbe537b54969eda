/**
 * The renderer's early script (src-renderer/early-run.ts) as an entry of its own, put first in
 * index.html. Vite joins every module script of an HTML page into one entry, which runs only
 * once the whole ~2 MB bundle is loaded and parsed: the early request then left ~0.2 s after the
 * page started instead of at once (measured on the 200,000-event run's deep link).
 */
import type { Plugin } from 'vite';

/** Put the built entry named `name` (a rollup input of the renderer build) first in index.html's head. */
export function earlyScriptPlugin(name: string): Plugin {
  return {
    name: 'little-inspector:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.isEntry && item.name === name);
        if (entry === undefined) throw new Error(`the renderer build has no entry named ${name}`);
        return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src: `./${entry.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
  };
}
