/**
 * Export report… in the desktop app. Requests name their run: the run view's export button
 * sends `dialog.exportReport({dataDir, runId})`, and File > Export report… asks the focused
 * window to do what its export button does (the window knows which run it shows; main keeps
 * no "last opened run"). The save dialog picks the path and the format (by extension); the
 * file is written only there, and never inside an opened data dir.
 */
import { extname, join } from 'node:path';
import type { ExportFormat } from '../../shared/report-export/report-document-types';
import { exportFileName } from '../../shared/report-export/run-export-types';
import { PUSH_CHANNEL } from '../../shared/ipc-channels';
import type { PushMessage } from '../../shared/contract';
import type { RunRef } from '../../shared/run/run-detail-types';
import { runIdInFileName, type RedactionRequest } from '../../shared/redact/redaction-request';
import type { BundleChannelRequest, InspectorCore } from '../core/inspector-core';
import { bundleFileName, bundleOutputPath } from '../../shared/bundle/run-bundle-types';
import { ok, type Result } from '../../shared/diagnostics';
import { writeFilesAtomic } from '../export/atomic-write';
import { dataDirContaining } from '../app-folders/inside-data-dir';

/** What the action needs from Electron (injected so it is testable without a window). */
export type ExportMenuDeps = {
  showSaveDialog(options: { title: string; defaultPath: string; filters: { name: string; extensions: string[] }[] }): Promise<{ canceled: boolean; filePath?: string }>;
  showMessage(title: string, message: string): void;
  showError(title: string, message: string): void;
  /** Folder the dialog starts in (the user's documents folder). */
  defaultDir: string;
  writeFile?: (path: string, data: string | Uint8Array) => void;
};

const FILTERS = [
  { name: 'HTML report', extensions: ['html'] },
  { name: 'PDF', extensions: ['pdf'] },
  { name: 'Markdown', extensions: ['md'] },
  { name: 'JSON', extensions: ['json'] },
];

/** The export format for a chosen file name (by extension; HTML when it says nothing we know). */
export function formatForPath(path: string): ExportFormat {
  const ext = extname(path).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.md' || ext === '.markdown') return 'md';
  if (ext === '.json') return 'json';
  return 'html';
}

/** The menu's request to a window: export the run you show (as your export button would). */
export const MENU_EXPORT_MESSAGE: PushMessage = { kind: 'menu.exportRun' };

/** File > Export report…: ask `focused` (the focused window's contents) to export its run; false without a window. */
export function requestRunExport(focused: { send(channel: string, message: PushMessage): void } | null): boolean {
  if (focused === null) return false;
  focused.send(PUSH_CHANNEL, MENU_EXPORT_MESSAGE);
  return true;
}

/** `dialog.exportReport` for `run`: resolves to the written path, or null when nothing was written. */
export async function exportRunWithDialog(core: Pick<InspectorCore, 'dataDirPaths' | 'exportRun'>, run: RunRef & { redact?: RedactionRequest }, deps: ExportMenuDeps): Promise<string | null> {
  return saveWithDialog(core, run, deps, {
    title: 'Export run report',
    fileName: exportFileName(runIdInFileName(run.runId, run.redact), 'html'),
    filters: FILTERS,
    what: 'the report',
    // Redaction (docs/REDACTION.md) as the export control asked; the format follows the extension.
    build: async (path) => {
      const result = await core.exportRun({ dataDir: run.dataDir, runId: run.runId, format: formatForPath(path), ...(run.redact === undefined ? {} : { redact: run.redact }) });
      if (!result.ok) return result;
      return ok(result.value.encoding === 'base64' ? new Uint8Array(Buffer.from(result.value.content, 'base64')) : result.value.content);
    },
  });
}

/** What one save through the dialog writes: its title, suggested name, filters, the bytes for the chosen path, and the path it is written to (default: the chosen one). */
export type DialogSave = { title: string; fileName: string; filters: { name: string; extensions: string[] }[]; what: string; build(path: string): Promise<Result<string | Uint8Array>>; pathFor?(chosen: string): string };

/** Ask for a path (never inside a data dir), build the file for it, write it atomically; the written path, or null. */
export async function saveWithDialog(core: Pick<InspectorCore, 'dataDirPaths'>, run: RunRef, deps: ExportMenuDeps, save: DialogSave): Promise<string | null> {
  const choice = await deps.showSaveDialog({ title: save.title, defaultPath: join(deps.defaultDir, save.fileName), filters: save.filters });
  if (choice.canceled || choice.filePath === undefined || choice.filePath === '') return null;
  const path = save.pathFor ? save.pathFor(choice.filePath) : choice.filePath;
  const inside = dataDirContaining(path, [...core.dataDirPaths(), run.dataDir]);
  if (inside !== null) {
    deps.showError('Cannot export here', `${path} is inside the data dir ${inside}. Little Inspector never writes into a data dir; pick another folder.`);
    return null;
  }
  const data = await save.build(path);
  if (!data.ok) {
    deps.showError(`Cannot export ${save.what}`, data.error.message);
    return null;
  }
  if (deps.writeFile) {
    try {
      deps.writeFile(path, data.value);
    } catch (error) {
      deps.showError(`Cannot write ${save.what}`, `${path}\n\n${(error as Error).message}`);
      return null;
    }
    return path;
  }
  const written = writeFilesAtomic([{ path, data: data.value }]);
  if (!written.ok) {
    deps.showError(`Cannot write ${save.what}`, written.error.message);
    return null;
  }
  return path;
}

/** `dialog.saveBundle` for `request` (Share…): the bundle built with its redaction and budget, saved where the user chose. */
export async function saveBundleWithDialog(core: Pick<InspectorCore, 'dataDirPaths' | 'handlers'>, request: BundleChannelRequest, deps: ExportMenuDeps): Promise<string | null> {
  return saveWithDialog(core, request, deps, {
    title: 'Share run as a bundle',
    fileName: bundleFileName(runIdInFileName(request.runId, request.redact)),
    filters: [{ name: 'Bundle (HTML)', extensions: ['html'] }],
    what: 'the bundle',
    // A name typed without .html (the Linux dialog adds none) would not open from file://.
    pathFor: bundleOutputPath,
    build: async () => {
      const built = await core.handlers['run.bundle'](request);
      return built.ok ? ok(built.value.content) : built;
    },
  });
}
