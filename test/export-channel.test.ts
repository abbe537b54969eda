import { describe, expect, it, vi } from 'vitest';
import { MAX_CONCURRENT_PDF_EXPORTS } from '../src-main/export/export-service';
import { EXAMPLES } from './support/fixture-manifest';
import { openedCore } from './support/opened-core';
import { exportFixture } from './support/export-fixtures';

// The `run.export` channel, and `dialog.exportReport`, which names its run (no "last opened run").
const openCore = (renderPdf?: (html: string) => Promise<Uint8Array>, exportReportDialog?: (ref: { dataDir: string; runId: string }) => Promise<string | null>) =>
  openedCore(EXAMPLES, { renderPdf, exportReportDialog });

describe('run.export', () => {
  const run = exportFixture('failed');
  const ref = { dataDir: run.dir, runId: run.runId };

  it('returns each text format as UTF-8 with a suggested file name', async () => {
    const core = await openCore();
    for (const format of ['html', 'md', 'json'] as const) {
      const result = await core.handlers['run.export']({ ...ref, format });
      if (!result.ok) throw new Error(result.error.message);
      expect(result.value).toMatchObject({ format, encoding: 'utf8', fileName: `${run.runId}.report.${format}` });
      expect(result.value.content).toContain(run.runId);
    }
  });

  it('returns the PDF as base64 from the injected renderer, printed from the expanded HTML', async () => {
    const renderPdf = vi.fn(async (_html: string) => new TextEncoder().encode('%PDF-1.7 test'));
    const core = await openCore(renderPdf);
    const result = await core.handlers['run.export']({ ...ref, format: 'pdf', maxText: 100 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.encoding).toBe('base64');
    expect(Buffer.from(result.value.content, 'base64').toString()).toBe('%PDF-1.7 test');
    expect(renderPdf.mock.calls[0][0]).toContain('<details class="step" open>');
  });

  it('runs at most MAX_CONCURRENT_PDF_EXPORTS PDF exports at once; more are refused, not queued', async () => {
    const releases: Array<() => void> = [];
    const renderPdf = vi.fn((_html: string) => new Promise<Uint8Array>((done) => releases.push(() => done(new TextEncoder().encode('%PDF')))));
    const core = await openCore(renderPdf);
    try {
      const running = Array.from({ length: MAX_CONCURRENT_PDF_EXPORTS }, () => core.handlers['run.export']({ ...ref, format: 'pdf' }));
      await vi.waitFor(() => expect(renderPdf).toHaveBeenCalledTimes(MAX_CONCURRENT_PDF_EXPORTS));
      const refused = await core.handlers['run.export']({ ...ref, format: 'pdf' });
      expect(!refused.ok && refused.error.message).toContain('already running');
      // Text exports are not limited.
      expect((await core.handlers['run.export']({ ...ref, format: 'html' })).ok).toBe(true);
      releases.forEach((release) => release());
      expect((await Promise.all(running)).every((r) => r.ok)).toBe(true);
      const again = core.handlers['run.export']({ ...ref, format: 'pdf' });
      await vi.waitFor(() => expect(renderPdf).toHaveBeenCalledTimes(MAX_CONCURRENT_PDF_EXPORTS + 1));
      releases.at(-1)!();
      expect((await again).ok).toBe(true);
    } finally {
      core.close();
    }
  });

  it('says PDF is unsupported where no renderer exists, and refuses runs outside the library', async () => {
    const core = await openCore();
    const pdf = await core.handlers['run.export']({ ...ref, format: 'pdf' });
    expect(!pdf.ok && pdf.error.code).toBe('unsupported');
    const foreign = await core.handlers['run.export']({ dataDir: '/etc', runId: run.runId, format: 'html' });
    expect(!foreign.ok && foreign.error.code).toBe('invalid-argument');
  });

  it('dialog.exportReport saves the run the request names, whatever run was opened last', async () => {
    const dialog = vi.fn(async (r: { dataDir: string; runId: string }) => `/tmp/${r.runId}.html`);
    const core = await openCore(undefined, dialog);
    const other = exportFixture('completed');
    await core.handlers['run.detail']({ dataDir: other.dir, runId: other.runId });
    expect(await core.handlers['dialog.exportReport'](ref)).toEqual({ ok: true, value: `/tmp/${run.runId}.html` });
    expect(dialog).toHaveBeenCalledWith(ref);
    expect(core.dataDirPaths()).toContain(run.dir);
    // Browser mode has no save dialog: it says so instead of writing anywhere.
    const browser = await openCore();
    const refused = await browser.handlers['dialog.exportReport'](ref);
    expect(!refused.ok && refused.error.code).toBe('unsupported');
  });
});
