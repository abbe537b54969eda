import { describe, expect, it } from 'vitest';
import { EARLY_PREPARE_SCRIPT } from '../../shared/early-prepare-script';
import { earlyScriptPlugin, earlyScriptTags } from './early-script';

describe('the early scripts of index.html', () => {
  it('puts the inline early prepare first, byte for byte (the CSP allows it by hash), then the early-run module', () => {
    expect(earlyScriptTags('assets/early-run-abc.js')).toEqual([
      { tag: 'script', children: EARLY_PREPARE_SCRIPT, injectTo: 'head-prepend' },
      { tag: 'script', attrs: { type: 'module', crossorigin: true, src: './assets/early-run-abc.js' }, injectTo: 'head-prepend' },
    ]);
  });

  it('fails the build when the renderer has no early-run entry', () => {
    const hook = earlyScriptPlugin('early-run').transformIndexHtml as { handler: (html: string, context: { bundle?: Record<string, unknown> }) => unknown };
    expect(() => hook.handler('', { bundle: {} })).toThrow(/no entry named early-run/);
    const bundle = { a: { type: 'chunk', isEntry: true, name: 'early-run', fileName: 'assets/early-run-x.js' } };
    expect(hook.handler('', { bundle })).toEqual(earlyScriptTags('assets/early-run-x.js'));
  });
});
