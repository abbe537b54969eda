/**
 * Export a run as a report, or share it as a bundle (one offline HTML file): in the desktop app
 * through the native save dialog, in browser mode as a download. What happened is a toast
 * ("Downloaded …", "Saved …", or the error), never text inside the header. Ctrl/Cmd+E exports
 * again in the format last chosen (HTML at first; the desktop menu has the accelerator).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatBytes } from '../../../shared/bundle/bundle-budget';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { api } from '../../api';
import { registerExport } from '../../keyboard/keyboard-registry';
import { useLibraryStore } from '../../stores/library-store';
import { toast } from '../../stores/toast-store';
import { downloadExport } from './download-export';
import type { RedactionChoice } from './redaction-options';

/** The report formats of browser mode (the desktop save dialog picks one by its file name). */
export const REPORT_FORMATS = [
  { value: 'html', label: 'HTML' },
  { value: 'md', label: 'Markdown' },
  { value: 'json', label: 'JSON' },
  { value: 'pdf', label: 'PDF' },
] as const;

export type ReportFormat = (typeof REPORT_FORMATS)[number]['value'];

/** What is running: nothing, a report export or a bundle. */
export type ExportBusy = 'export' | 'share' | null;

/** The export and share actions of `given` with the `redaction` choice. */
export function useRunExport(given: RunRef, redaction: RedactionChoice) {
  // The header builds a fresh object each render; keep one per run so the shortcut registers once.
  const { dataDir, runId } = given;
  const runRef = useMemo(() => ({ dataDir, runId }), [dataDir, runId]);
  const desktop = useLibraryStore((s) => s.appInfo?.mode === 'electron');
  const [busy, setBusy] = useState<ExportBusy>(null);
  const lastFormat = useRef<ReportFormat>('html');
  const redact = useMemo(() => (redaction.enabled ? { redact: { userRules: redaction.userRules } } : {}), [redaction]);

  const exportAs = useCallback(
    async (format: ReportFormat = lastFormat.current) => {
      lastFormat.current = format;
      setBusy('export');
      try {
        if (desktop) {
          const saved = await api['dialog.exportReport']({ ...runRef, ...redact });
          if (!saved.ok) toast('error', `Export failed: ${saved.error.message}`);
          else if (saved.value) toast('success', `Saved ${saved.value}`);
          return;
        }
        const result = await api['run.export']({ ...runRef, format, ...redact });
        if (!result.ok) {
          toast('error', `Export failed: ${result.error.message}`);
          return;
        }
        downloadExport(result.value);
        toast('success', `Downloaded ${result.value.fileName}`);
      } finally {
        setBusy(null);
      }
    },
    [desktop, runRef, redact],
  );

  const share = useCallback(async () => {
    setBusy('share');
    try {
      const request = { ...runRef, ...redact };
      if (desktop) {
        const saved = await api['dialog.saveBundle'](request);
        if (!saved.ok) toast('error', `Share failed: ${saved.error.message}`);
        else if (saved.value) toast('success', `Saved ${saved.value}`);
        return;
      }
      const built = await api['run.bundle'](request);
      if (!built.ok) {
        toast('error', `Share failed: ${built.error.message}`);
        return;
      }
      downloadExport({ ...built.value, encoding: 'utf8' });
      const omitted = built.value.omissions.eventBodies.count + built.value.omissions.artifacts.count;
      const redacted = built.value.redaction ? `, ${built.value.redaction.total.toLocaleString('en-US')} values redacted` : '';
      const cut = omitted ? `, ${omitted.toLocaleString('en-US')} payloads left out by the size budget` : '';
      toast('success', `Downloaded ${built.value.fileName} (${formatBytes(built.value.content.length)}${redacted}${cut})`);
    } finally {
      setBusy(null);
    }
  }, [desktop, runRef, redact]);

  useEffect(() => registerExport(() => void exportAs()), [exportAs]);

  return { desktop, busy, exportAs, share, runRef };
}
