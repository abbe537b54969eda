/**
 * The renderer's early scripts, first in index.html's head:
 * - the inline early prepare (shared/early-prepare-script.ts), byte for byte (the CSP allows it
 *   by its hash): it names a deep link's run to the server as the HTML is parsed;
 * - the early-run entry (src-renderer/early-run.ts) as a module of its own. Vite joins every
 *   module script of an HTML page into one entry, which runs only once the whole ~2 MB bundle is
 *   loaded and parsed: the early request then left ~0.2 s after the page started instead of at
 *   once (measured on the 200,000-event run's deep link).
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { EARLY_PREPARE_SCRIPT } from '../../shared/early-prepare-script';

/** The tags to put first in index.html's head, given the built entry file named `name`'s file name. */
export function earlyScriptTags(entryFileName: string): HtmlTagDescriptor[] {
  return [
    { tag: 'script', children: EARLY_PREPARE_SCRIPT, injectTo: 'head-prepend' },
    { tag: 'script', attrs: { type: 'module', crossorigin: true, src: `./${entryFileName}` }, injectTo: 'head-prepend' },
  ];
}

/** Put the inline early prepare, then the built entry named `name` (a rollup input of the renderer build), first in index.html's head. */
export function earlyScriptPlugin(name: string): Plugin {
  return {
    name: 'little-inspector:early-script',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const entry = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.isEntry && item.name === name);
        if (entry === undefined) throw new Error(`the renderer build has no entry named ${name}`);
        return earlyScriptTags(entry.fileName);
      },
    },
  };
}
