import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspectorCore } from '../core/inspector-core';
import { loadPriceTableFile, MAX_PRICE_TABLE_BYTES } from './price-table-file';

let dir: string;
const SECRET = 'root:$6$s3cr3tHash:19000:0:99999:7:::';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'li-ptf-'));
  mkdirSync(join(dir, 'tables'));
  writeFileSync(join(dir, 'shadow'), `${SECRET}\ndaemon:*:19000:0:99999:7:::\n`);
  writeFileSync(join(dir, 'keys.json'), JSON.stringify({ [SECRET]: { pricing: { input: 1, output: 1 } }, 'a/b': { pricing: { input: SECRET, output: 1 }, [SECRET]: 1 } }));
  writeFileSync(join(dir, 'wrapped.json'), JSON.stringify({ format: SECRET, id: SECRET, name: 'n', entries: {}, [SECRET]: 1 }));
  writeFileSync(join(dir, 'tables', 'ok.json'), JSON.stringify({ 'openai/x': { pricing: { input: 1, output: 2 } } }));
  symlinkSync(join(dir, 'shadow'), join(dir, 'tables', 'link-out.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('loadPriceTableFile', () => {
  it.each(['shadow', 'keys.json', 'wrapped.json'])('never echoes file content in its error: %s', (file) => {
    const loaded = loadPriceTableFile(join(dir, file));
    expect(loaded.ok).toBe(false);
    const text = JSON.stringify(loaded);
    expect(text).not.toContain('s3cr3t');
    expect(text).not.toContain('root:');
  });

  it('names keys by position, so a bad entry can still be found', () => {
    const loaded = loadPriceTableFile(join(dir, 'keys.json'));
    expect(!loaded.ok && loaded.error.message).toContain('entry #1: keys must look like provider/model');
    expect(!loaded.ok && loaded.error.message).toContain('entry #2.pricing.input: expected number');
  });

  it('reads with a byte cap whatever stat says (procfs reports size 0)', () => {
    // /proc/self/environ and friends report 0 bytes; /dev/zero is no regular file; a FIFO never blocks.
    const zero = loadPriceTableFile('/proc/self/maps');
    expect(zero.ok).toBe(false);
    expect(JSON.stringify(zero)).not.toMatch(/r-xp|\[heap\]/);
    expect(loadPriceTableFile('/dev/zero').ok).toBe(false);
    const big = join(dir, 'big.json');
    writeFileSync(big, ' '.repeat(MAX_PRICE_TABLE_BYTES + 1));
    const tooBig = loadPriceTableFile(big);
    expect(!tooBig.ok && tooBig.error.message).toContain('larger than');
  });

  it('refuses files outside the allowed folders, symlinks out included, and loads those inside', () => {
    const rules = { allowedFolders: [join(dir, 'tables')] };
    expect(loadPriceTableFile(join(dir, 'tables', 'ok.json'), rules).ok).toBe(true);
    for (const path of [join(dir, 'shadow'), join(dir, 'tables', 'link-out.json'), join(dir, 'tables', '..', 'shadow'), '/etc/passwd']) {
      const loaded = loadPriceTableFile(path, rules);
      expect(loaded.ok, path).toBe(false);
      expect(!loaded.ok && loaded.error.message).toContain('not inside a price-table folder');
    }
    const none = loadPriceTableFile(join(dir, 'tables', 'ok.json'), { allowedFolders: [] });
    expect(!none.ok && none.error.message).toContain('--price-tables');
  });
});

describe('pricing.load in browser mode', () => {
  it('loads only from the server\'s price-table folders', async () => {
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: false, priceTableFolders: [join(dir, 'tables')] });
    try {
      writeFileSync(join(dir, 'outside.json'), JSON.stringify({ 'openai/x': { pricing: { input: 1, output: 2 } } }));
      const outside = await core.handlers['pricing.load']({ path: join(dir, 'outside.json') });
      expect(!outside.ok && outside.error.message).toContain('not inside a price-table folder');
      expect((await core.handlers['pricing.load']({ path: join(dir, 'tables', 'ok.json') })).ok).toBe(true);
    } finally {
      core.close();
    }
  });
});
