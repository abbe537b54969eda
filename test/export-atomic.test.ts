/**
 * Export writes (issue 13 item 8): temp + rename, the main file before its sidecar, and a
 * typed error (exit 2) instead of a raw `Error: EISDIR/ENOSPC`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFilesAtomic } from '../src-main/export/atomic-write';
import { exportFixture } from './support/export-fixtures';
import { cli } from './support/run-cli-captured';

let out: string;
beforeAll(() => void (out = mkdtempSync(join(tmpdir(), 'li-export-atomic-'))));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const run = exportFixture('completed');
const exportTo = (format: string, target: string) => cli('export', run.runId, '--format', format, '--data-dir', run.dir, '-o', target);

/** A 64 KiB tmpfs: a real full disk. Needs CAP_SYS_ADMIN (root in this container). */
function smallDisk(): string | null {
  const mount = join(out, 'full');
  mkdirSync(mount, { recursive: true });
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount], { stdio: 'ignore' });
    return mount;
  } catch {
    return null;
  }
}

describe('export writes', () => {
  it('-o <a folder>: exit 2 with a typed message, and no orphan sidecar next to it', async () => {
    const folder = join(out, 'report');
    mkdirSync(folder);
    for (const format of ['md', 'html', 'json']) {
      const result = await exportTo(format, folder);
      expect(result.code, format).toBe(2);
      expect(result.stderr, format).toMatch(/^little-inspector export: invalid-argument: .* is a folder; give a file name/);
      expect(result.stderr, format).not.toMatch(/Error: E[A-Z]+/);
    }
    expect(readdirSync(out).sort()).toEqual(['report']);
  });

  it('an existing report is replaced whole and the md report comes with its timeline; no temp file stays', async () => {
    const target = join(out, 'run.md');
    writeFileSync(target, 'old report');
    const result = await exportTo('md', target);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toContain('run.timeline.svg');
    expect(existsSync(join(out, 'run.timeline.svg'))).toBe(true);
    // The main file is announced (and renamed into place) before its sidecar.
    expect(result.stderr.indexOf('run.md')).toBeLessThan(result.stderr.indexOf('run.timeline.svg'));
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('stages every file before renaming any: a sidecar that cannot be written leaves the main file untouched', () => {
    const main = join(out, 'pair.md');
    writeFileSync(main, 'previous');
    mkdirSync(join(out, 'pair.timeline.svg'));
    const written = writeFilesAtomic([{ path: main, data: 'new' }, { path: join(out, 'pair.timeline.svg'), data: '<svg/>' }]);
    expect(written.ok).toBe(false);
    expect(readFileSync(main, 'utf8')).toBe('previous');
    expect(readdirSync(out).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a full disk: exit 2 with a typed message, no partial file (skipped where tmpfs cannot be mounted)', async (context) => {
    const disk = smallDisk();
    if (disk === null) return context.skip();
    try {
      writeFileSync(join(disk, 'filler'), Buffer.alloc(60 * 1024));
      const result = await exportTo('html', join(disk, 'run.html'));
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^little-inspector export: permission-denied: No space left to write .*run\.html; nothing was written/);
      expect(readdirSync(disk)).toEqual(['filler']);
    } finally {
      execFileSync('umount', [disk], { stdio: 'ignore' });
    }
  });
});
