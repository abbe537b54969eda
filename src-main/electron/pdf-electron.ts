/**
 * PDF from report HTML inside the desktop app: the HTML goes to a private temp file (never a
 * data dir), a hidden hardened window with JavaScript disabled loads it, and
 * `webContents.printToPDF` prints it. The window and the temp file are removed afterwards.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createExportWindow } from './window-factory';

/** Print `html` to A4 PDF bytes with Electron's Chromium. */
export async function printReportToPdf(html: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'little-inspector-export-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, html, { mode: 0o600 });
  const url = pathToFileURL(file).href;
  const window = createExportWindow(url);
  try {
    await window.loadURL(url);
    const pdf = await window.webContents.printToPDF({ printBackground: true, pageSize: 'A4', preferCSSPageSize: true });
    return new Uint8Array(pdf);
  } finally {
    if (!window.isDestroyed()) window.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}
