/**
 * Export the open run as a report: in the desktop app through the native save dialog, in
 * browser mode as a download. Ctrl/Cmd+E does the same (the desktop menu has the accelerator).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { api } from '../../api';
import { registerExport } from '../../keyboard/keyboard-registry';
import { useLibraryStore } from '../../stores/library-store';
import { downloadExport } from './download-export';
import { RedactionOptions, type RedactionChoice } from './redaction-options';
import { ShareButton } from './share-button';
import './export-button.css';

const FORMATS = [
  { value: 'html', label: 'HTML' },
  { value: 'md', label: 'Markdown' },
  { value: 'json', label: 'JSON' },
  { value: 'pdf', label: 'PDF' },
] as const;

type Format = (typeof FORMATS)[number]['value'];

/** The run header's export control. */
export function ExportButton({ runRef: given }: { runRef: RunRef }) {
  // The header builds a fresh object each render; keep one per run so the shortcut registers once.
  const { dataDir, runId } = given;
  const runRef = useMemo(() => ({ dataDir, runId }), [dataDir, runId]);
  const desktop = useLibraryStore((s) => s.appInfo?.mode === 'electron');
  const [format, setFormat] = useState<Format>('html');
  const [redaction, setRedaction] = useState<RedactionChoice>({ enabled: false, userRules: '' });
  const [state, setState] = useState<{ phase: 'idle' | 'busy' | 'done' | 'error'; message?: string }>({ phase: 'idle' });

  const run = useCallback(async () => {
    setState({ phase: 'busy' });
    const redact = redaction.enabled ? { redact: { userRules: redaction.userRules } } : {};
    if (desktop) {
      const saved = await api['dialog.exportReport']({ ...runRef, ...redact });
      if (!saved.ok) setState({ phase: 'error', message: saved.error.message });
      else setState(saved.value ? { phase: 'done', message: `Saved ${saved.value}` } : { phase: 'idle' });
      return;
    }
    const result = await api['run.export']({ ...runRef, format, ...redact });
    if (!result.ok) {
      setState({ phase: 'error', message: result.error.message });
      return;
    }
    downloadExport(result.value);
    setState({ phase: 'done', message: `Downloaded ${result.value.fileName}` });
  }, [desktop, runRef, format, redaction]);

  useEffect(() => registerExport(() => void run()), [run]);

  return (
    <div className="export-control">
      {!desktop && (
        <>
          <label htmlFor="export-format" className="visually-hidden">Report format</label>
          <select id="export-format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
            {FORMATS.map((f) => (
              <option key={f.value} value={f.value}>{f.label}</option>
            ))}
          </select>
        </>
      )}
      <button type="button" onClick={() => void run()} disabled={state.phase === 'busy'} title="Export this run as a report (Ctrl/Cmd+E)">
        {state.phase === 'busy' ? 'Exporting…' : desktop ? 'Export report…' : 'Export'}
      </button>
      <ShareButton runRef={runRef} redaction={redaction} />
      <RedactionOptions runRef={runRef} value={redaction} onChange={setRedaction} />
      <span className={state.phase === 'error' ? 'export-status export-error' : 'export-status'} role="status">
        {state.message ?? ''}
      </span>
    </div>
  );
}
