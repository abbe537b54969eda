import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchRoot } from '../../../test/support/scratch';
import { copyByReading } from './copy-by-reading';

describe('copyByReading', () => {
  it('copies every byte of a file bigger than one chunk, and an empty file as empty', () => {
    const root = scratchRoot('li-copy-');
    const big = Buffer.alloc(3 * 1024 * 1024 + 17);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) & 0xff;
    writeFileSync(join(root, 'big'), big);
    writeFileSync(join(root, 'empty'), '');
    copyByReading(join(root, 'big'), join(root, 'big-copy'));
    copyByReading(join(root, 'empty'), join(root, 'empty-copy'));
    expect(readFileSync(join(root, 'big-copy')).equals(big)).toBe(true);
    expect(readFileSync(join(root, 'empty-copy')).length).toBe(0);
  });

  it('refuses a missing source with ENOENT (the read recipe tells a vanished -wal by it)', () => {
    const root = scratchRoot('li-copy-');
    expect(() => copyByReading(join(root, 'missing'), join(root, 'copy'))).toThrow(expect.objectContaining({ code: 'ENOENT' }));
  });
});
