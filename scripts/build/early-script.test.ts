import { describe, expect, it } from 'vitest';
import { EARLY_PREPARE_SCRIPT } from '../../shared/early-prepare-script';
import { earlyScriptPlugin, earlyScriptTags } from './early-script';

describe('the early script of index.html', () => {
  it('puts the inline early prepare first, byte for byte (the CSP allows it by hash), and nothing else', () => {
    expect(earlyScriptTags()).toEqual([{ tag: 'script', children: EARLY_PREPARE_SCRIPT, injectTo: 'head-prepend' }]);
    const hook = earlyScriptPlugin().transformIndexHtml as { handler: (html: string, context: object) => unknown };
    expect(hook.handler('', {})).toEqual(earlyScriptTags());
  });
});
