import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ok } from '../../shared/diagnostics';
import type { InspectorCore } from '../core/inspector-core';
import { PUSH_CHANNEL } from '../../shared/ipc-channels';
import { diagnostic, fail } from '../../shared/diagnostics';
import { exportRunWithDialog, formatForPath, requestRunExport, saveBundleWithDialog, type ExportMenuDeps } from './export-menu-action';

// Export report…: the run the request names, a save dialog, and a write to that path only.
const dataDir = mkdtempSync(join(tmpdir(), 'li-menu-data-'));
const ref = { dataDir, runId: 'run_1' };

function fakeCore(): InspectorCore {
  return {
    dataDirPaths: () => [dataDir],
    exportRun: vi.fn(async (r: { format: string }) =>
      ok({ format: r.format, fileName: 'x', mimeType: 'x', encoding: r.format === 'pdf' ? 'base64' : 'utf8', content: r.format === 'pdf' ? Buffer.from('%PDF').toString('base64') : '<html>' }),
    ),
  } as unknown as InspectorCore;
}

function deps(filePath: string | undefined) {
  const writeFile = vi.fn((_path: string, _data: string | Uint8Array) => undefined);
  const result = {
    showSaveDialog: vi.fn(async () => ({ canceled: filePath === undefined, filePath })),
    showMessage: vi.fn(),
    showError: vi.fn(),
    defaultDir: '/home/me/Documents',
    writeFile,
  };
  return result satisfies ExportMenuDeps;
}

describe('File > Export report…', () => {
  it('the menu asks the focused window to export the run it shows; without a window nothing is sent', () => {
    const send = vi.fn();
    expect(requestRunExport({ send })).toBe(true);
    expect(send).toHaveBeenCalledWith(PUSH_CHANNEL, { kind: 'menu.exportRun' });
    expect(requestRunExport(null)).toBe(false);
  });

  it('writes only to the chosen path, in the format of its extension', async () => {
    const d = deps('/tmp/out/report.pdf');
    const core = fakeCore();
    expect(await exportRunWithDialog(core, ref, d)).toBe('/tmp/out/report.pdf');
    expect(core.exportRun).toHaveBeenCalledWith({ ...ref, format: 'pdf' });
    expect(d.writeFile).toHaveBeenCalledTimes(1);
    expect(d.writeFile.mock.calls[0][0]).toBe('/tmp/out/report.pdf');
    expect(Buffer.from(d.writeFile.mock.calls[0][1] as Uint8Array).toString()).toBe('%PDF');
    expect((d.showSaveDialog as ReturnType<typeof vi.fn>).mock.calls[0][0].defaultPath).toBe('/home/me/Documents/run_1.report.html');
  });

  it('refuses a path inside a data dir and writes nothing; a cancelled dialog writes nothing', async () => {
    const inside = deps(join(dataDir, 'events', 'report.html'));
    expect(await exportRunWithDialog(fakeCore(), ref, inside)).toBeNull();
    expect(inside.showError).toHaveBeenCalledWith('Cannot export here', expect.stringContaining('never writes into a data dir'));
    expect(inside.writeFile).not.toHaveBeenCalled();
    const cancelled = deps(undefined);
    expect(await exportRunWithDialog(fakeCore(), ref, cancelled)).toBeNull();
    expect(cancelled.writeFile).not.toHaveBeenCalled();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('maps extensions to formats', () => {
    expect(['a.html', 'a.HTM', 'a.md', 'a.json', 'a.pdf', 'a'].map(formatForPath)).toEqual(['html', 'html', 'md', 'json', 'pdf', 'html']);
  });
});

describe('Share… (dialog.saveBundle)', () => {
  const bundleCore = (answer = ok({ fileName: 'run_1.bundle.html', mimeType: 'text/html; charset=utf-8' as const, content: '<!doctype html>bundle', omissions: {} as never, redaction: null })) =>
    ({ dataDirPaths: () => [dataDir], handlers: { 'run.bundle': vi.fn(async () => answer) } }) as unknown as InspectorCore;

  it('builds the bundle the request names (redaction, budget) and writes it only to the chosen path', async () => {
    const d = deps('/tmp/out/run_1.bundle.html');
    const core = bundleCore();
    const request = { ...ref, redact: { userRules: 'regex x /abc/' }, budgetBytes: 1000 };
    expect(await saveBundleWithDialog(core, request, d)).toBe('/tmp/out/run_1.bundle.html');
    expect(core.handlers['run.bundle']).toHaveBeenCalledWith(request);
    expect(d.showSaveDialog.mock.calls[0]).toEqual([expect.objectContaining({ defaultPath: '/home/me/Documents/run_1.bundle.html' })]);
    expect(d.writeFile.mock.calls).toEqual([['/tmp/out/run_1.bundle.html', '<!doctype html>bundle']]);
  });

  // Issue 30: a bundle saved as `.bundle` opened from file:// as text (Chromium types a file:// page by its extension).
  it('a name chosen without .html is saved with .html added, so it opens from file://', async () => {
    for (const [chosen, written] of [
      ['/tmp/out/run_1.bundle', '/tmp/out/run_1.bundle.html'],
      ['/tmp/out/shared', '/tmp/out/shared.html'],
      ['/tmp/out/run_1.HTM', '/tmp/out/run_1.HTM'],
    ] as const) {
      const d = deps(chosen);
      expect(await saveBundleWithDialog(bundleCore(), ref, d)).toBe(written);
      expect(d.writeFile.mock.calls.map(([path]) => path)).toEqual([written]);
    }
  });

  it('writes nothing when cancelled, inside a data dir, or when the bundle cannot be built', async () => {
    for (const [path, core] of [
      [undefined, bundleCore()],
      [join(dataDir, 'run.html'), bundleCore()],
      ['/tmp/out/x.html', bundleCore(fail(diagnostic('unsupported', 'The bundle viewer is not built')) as never)],
    ] as const) {
      const d = deps(path);
      expect(await saveBundleWithDialog(core, ref, d)).toBeNull();
      expect(d.writeFile).not.toHaveBeenCalled();
    }
  });
});
