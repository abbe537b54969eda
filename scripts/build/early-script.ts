/**
 * The renderer's early script, first in index.html's head: the inline early prepare
 * (shared/early-prepare-script.ts), byte for byte (the CSP allows it by its hash). It names a deep
 * link's run to the server as the HTML is parsed, so the fold starts before any of the page's
 * scripts is fetched. A module script of its own that also asked the library and the run's head
 * before the app ran, and handed the app its transport, was measured and deleted (issue 32:
 * docs/PERFORMANCE.md, "early request"): with the inline prepare first it gained nothing.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';
import { EARLY_PREPARE_SCRIPT } from '../../shared/early-prepare-script';

/** The tags to put first in index.html's head. */
export function earlyScriptTags(): HtmlTagDescriptor[] {
  return [{ tag: 'script', children: EARLY_PREPARE_SCRIPT, injectTo: 'head-prepend' }];
}

/** Put the inline early prepare first in index.html's head. */
export function earlyScriptPlugin(): Plugin {
  return {
    name: 'little-inspector:early-script',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: () => earlyScriptTags() },
  };
}
