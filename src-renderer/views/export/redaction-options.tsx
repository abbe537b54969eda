/**
 * The run menu's redaction options: a switch (built-in rules), a box for the user's own rules
 * (the rules-file format of docs/REDACTION.md), and a preview of what Export (a report) or
 * Share… (a bundle) would take out of this run — rule, count, where, never the values — before
 * anything is saved.
 */
import { useEffect, useState } from 'react';
import { trapTab, useModalDialog } from '../../components/modal-dialog';
import { findingPlaces, redactionHeadline } from '../../../shared/redact/redaction-list';
import type { RedactionSummary } from '../../../shared/redact/redaction-types';
import type { RunRef } from '../../../shared/run/run-detail-types';
import { api } from '../../api';
import './redaction-dialog.css';

/** What the user chose: off, or the built-ins plus their rules text. */
export type RedactionChoice = { enabled: boolean; userRules: string };

const RULES_PLACEHOLDER = ['# one rule a line:', 'regex internal-host /corp-[0-9]{4}\\.example\\.com/i', 'json-path customer-id $..customerId'].join('\n');

/** Which output the preview lists: the report Export saves, or the bundle Share… saves. */
type PreviewTarget = 'report' | 'bundle';

type Preview = { phase: 'idle' | 'busy' } | { phase: 'done'; summary: RedactionSummary } | { phase: 'error'; message: string };

/**
 * The redaction dialog of the run header's menu: the switch, the user's rules and the preview,
 * in a native modal dialog (the backdrop covers the window, Escape closes, focus goes back to
 * the menu button). Shown while `open`.
 */
export function RedactionDialog({ runRef, value, onChange, open, onClose }: { runRef: RunRef; value: RedactionChoice; onChange(next: RedactionChoice): void; open: boolean; onClose(): void }) {
  const { dialog, onClose: closed } = useModalDialog(open, onClose);
  const [preview, setPreview] = useState<Preview>({ phase: 'idle' });
  // A report holds less than a bundle (which embeds every payload): each has its own list.
  const [target, setTarget] = useState<PreviewTarget>('report');
  // A preview belongs to one run, one rules text and one kind of output.
  useEffect(() => setPreview({ phase: 'idle' }), [runRef, value.userRules, target]);

  const runPreview = async () => {
    setPreview({ phase: 'busy' });
    const result = await api['run.redactionPreview']({ ...runRef, redact: { userRules: value.userRules }, for: target });
    setPreview(result.ok ? { phase: 'done', summary: result.value } : { phase: 'error', message: result.error.message });
  };

  return (
    <dialog ref={dialog} className="redaction-dialog" aria-labelledby="redaction-dialog-title" onClose={closed} onKeyDown={trapTab}>
      {open && (
        <div className="redaction-panel">
          <h2 id="redaction-dialog-title">Redaction</h2>
          <label className="redaction-toggle">
            <input type="checkbox" checked={value.enabled} onChange={(e) => onChange({ ...value, enabled: e.target.checked })} /> Redact secrets in exports and shares
          </label>
          <p className="redaction-help">Built-in rules take out API keys, auth headers, private keys, JWTs, emails and KEY=VALUE secrets. Add your own below.</p>
          <label htmlFor="redaction-rules">Your rules</label>
          <textarea id="redaction-rules" rows={4} spellCheck={false} placeholder={RULES_PLACEHOLDER} value={value.userRules} onChange={(e) => onChange({ ...value, userRules: e.target.value })} />
          <div className="redaction-preview-controls">
            <label>
              For{' '}
              <select value={target} onChange={(e) => setTarget(e.target.value as PreviewTarget)}>
                <option value="report">Export (the report)</option>
                <option value="bundle">Share… (the bundle: every payload)</option>
              </select>
            </label>
            <button type="button" onClick={() => void runPreview()} disabled={preview.phase === 'busy'}>
              {preview.phase === 'busy' ? 'Checking…' : 'Preview what will be redacted'}
            </button>
          </div>
          <PreviewResult preview={preview} />
          <div className="redaction-actions">
            <button type="button" onClick={() => dialog.current?.close()}>Done</button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function PreviewResult({ preview }: { preview: Preview }) {
  if (preview.phase === 'error') return <p className="export-error" role="alert">{preview.message}</p>;
  if (preview.phase !== 'done') return null;
  return (
    <div className="redaction-preview" role="status">
      <RedactionList summary={preview.summary} listed={6} />
    </div>
  );
}

/** The redaction list: its headline (unless the caller shows it), then rule, count and where per rule (never the values); shared with a bundle's page. */
export function RedactionList({ summary, listed, headline = true }: { summary: RedactionSummary; listed: number; headline?: boolean }) {
  return (
    <>
      {headline && <p>{redactionHeadline(summary)}</p>}
      {summary.findings.length > 0 && (
        <table>
          <thead>
            <tr><th scope="col">Rule</th><th scope="col">Values</th><th scope="col">Where</th></tr>
          </thead>
          <tbody>
            {summary.findings.map((f) => (
              <tr key={f.rule}><td><code>{f.rule}</code></td><td>{f.count}</td><td>{findingPlaces(f, listed)}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
