/**
 * Share…: the open run as one self-contained offline HTML file (a bundle: the run views and the
 * run's data), redacted with the export control's choice (built-in rules, the user's rules, the
 * preview). In the desktop app through the native save dialog, in browser mode as a download,
 * like the report export next to it.
 */
import { useState } from 'react';
import { formatBytes } from '../../../shared/bundle/bundle-budget';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { api } from '../../api';
import { useLibraryStore } from '../../stores/library-store';
import { downloadExport } from './download-export';
import type { RedactionChoice } from './redaction-options';

type ShareState = { phase: 'idle' | 'busy' | 'done' | 'error'; message?: string };

/** The export control's share button; `redaction` is the control's redaction choice. */
export function ShareButton({ runRef, redaction }: { runRef: RunRef; redaction: RedactionChoice }) {
  const desktop = useLibraryStore((s) => s.appInfo?.mode === 'electron');
  const [state, setState] = useState<ShareState>({ phase: 'idle' });

  const share = async () => {
    setState({ phase: 'busy' });
    const request = { dataDir: runRef.dataDir, runId: runRef.runId, ...(redaction.enabled ? { redact: { userRules: redaction.userRules } } : {}) };
    if (desktop) {
      const saved = await api['dialog.saveBundle'](request);
      if (!saved.ok) setState({ phase: 'error', message: saved.error.message });
      else setState(saved.value ? { phase: 'done', message: `Saved ${saved.value}` } : { phase: 'idle' });
      return;
    }
    const built = await api['run.bundle'](request);
    if (!built.ok) {
      setState({ phase: 'error', message: built.error.message });
      return;
    }
    downloadExport({ ...built.value, encoding: 'utf8' });
    const omitted = built.value.omissions.eventBodies.count + built.value.omissions.artifacts.count;
    const redacted = built.value.redaction ? `, ${built.value.redaction.total.toLocaleString('en-US')} values redacted` : '';
    const cut = omitted ? `, ${omitted.toLocaleString('en-US')} payloads left out by the size budget` : '';
    setState({ phase: 'done', message: `Downloaded ${built.value.fileName} (${formatBytes(built.value.content.length)}${redacted}${cut})` });
  };

  return (
    <div className="share-control">
      <button type="button" onClick={() => void share()} disabled={state.phase === 'busy'} title="Save this run and its views as one HTML file that opens offline in any browser (redacted when Redact secrets is on)">
        {state.phase === 'busy' ? 'Bundling…' : 'Share…'}
      </button>
      <span className={state.phase === 'error' ? 'export-status export-error' : 'export-status'} role="status">
        {state.message ?? ''}
      </span>
    </div>
  );
}
