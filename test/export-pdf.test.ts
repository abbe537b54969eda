import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath } from '../src-main/export/pdf-playwright';
import { hashTree } from './support/store-test-fixtures';
import { cli } from './support/run-cli-captured';
import { EXPORT_FIXTURES, exportFixture, type ExportFixtureName } from './support/export-fixtures';

// PDF through Chromium (Playwright), pages rasterised with pdftoppm and checked for ink.
const hasPdftoppm = spawnSync('pdftoppm', ['-v']).error === undefined;
const hasChromium = existsSync(chromiumPath());
const reason = !hasChromium ? ' (skipped: no Chromium)' : !hasPdftoppm ? ' (skipped: pdftoppm missing; install poppler-utils)' : '';
const names = Object.keys(EXPORT_FIXTURES) as ExportFixtureName[];
let out: string;

beforeAll(() => void (out = mkdtempSync(join(tmpdir(), 'li-export-pdf-'))));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Width, height and RGB bytes of a binary PPM (P6) file. */
function readPpm(path: string): { width: number; height: number; pixels: Buffer } {
  const data = readFileSync(path);
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 50).toString('latin1'));
  if (!header) throw new Error(`${path} is not a binary PPM`);
  return { width: Number(header[1]), height: Number(header[2]), pixels: data.subarray(header[0].length) };
}

describe.skipIf(reason !== '')(`PDF export${reason}`, () => {
  it.each(names)('%s: a PDF whose pages have ink, data dir untouched', async (name) => {
    const run = exportFixture(name);
    const hashes = hashTree(run.dir);
    const pdf = join(out, `${name}.pdf`);
    const result = await cli('export', run.runId, '--format', 'pdf', '--data-dir', run.dir, '-o', pdf);
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    const raster = spawnSync('pdftoppm', ['-r', '30', pdf, join(out, name)]);
    expect(raster.status, raster.stderr?.toString()).toBe(0);
    const pages = readdirSync(out).filter((f) => f.startsWith(`${name}-`) && f.endsWith('.ppm'));
    expect(pages.length).toBeGreaterThanOrEqual(1);
    const first = readPpm(join(out, pages.sort()[0]));
    let ink = 0;
    for (let i = 0; i < first.pixels.length; i += 3) if (first.pixels[i] + first.pixels[i + 1] + first.pixels[i + 2] < 600) ink += 1;
    expect(ink / (first.width * first.height)).toBeGreaterThan(0.01);
    expect(hashTree(run.dir)).toEqual(hashes);
  });
});
