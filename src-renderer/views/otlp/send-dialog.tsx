/**
 * The "Send to tracing backend…" dialog (docs/OTLP.md "In the app"): endpoint, protocol,
 * headers (secret values masked, never shown back), the GenAI conventions' version (1.45 or
 * the latest), message contents off by default, remember
 * or not; then progress per batch, the backend's refusal or silence in plain words, Cancel.
 */
import { useEffect, useRef, useState } from 'react';
import { looksSecret, type OtlpHeaderView, type OtlpSettingsView } from '../../../shared/otlp/otlp-app-types';
import { trapTab, useModalDialog } from '../../components/modal-dialog';
import { useLibraryStore } from '../../stores/library-store';
import { useOtlpSendStore, type SendForm } from '../../stores/otlp-send-store';
import { toast } from '../../stores/toast-store';
import { outcomeText, SendProgress } from './send-progress';
import './send-dialog.css';

/** Mounted once (app.tsx); shown while a selection is set. */
export function SendDialog() {
  const selection = useOtlpSendStore((s) => s.selection);
  const close = useOtlpSendStore((s) => s.close);
  const { dialog, onClose } = useModalDialog(selection !== null, close);
  // What a send did is also a toast: it is still there once the dialog is closed.
  const outcome = useOtlpSendStore((s) => s.outcome);
  useEffect(() => {
    if (outcome !== null && !(outcome.ok === false && outcome.error.code === 'cancelled')) toast(outcome.ok ? 'success' : 'error', outcomeText(outcome));
  }, [outcome]);

  return (
    <dialog
      ref={dialog}
      className="otlp-dialog"
      aria-labelledby="otlp-dialog-title"
      onClose={onClose}
      onCancel={(e) => {
        // Escape while sending would hide a send still running: Cancel it first.
        if (useOtlpSendStore.getState().jobId !== null) e.preventDefault();
      }}
      onKeyDown={trapTab}
    >
      {selection !== null && <SendFormView key={selection.label} label={selection.label} count={selection.runs.length} />}
    </dialog>
  );
}

type HeaderRow = OtlpHeaderView & { key: number };

function SendFormView({ label, count }: { label: string; count: number }) {
  const { settings, jobId, progress, outcome, send, cancel, close } = useOtlpSendStore();
  const desktop = useLibraryStore((s) => s.appInfo?.mode === 'electron');
  const view: OtlpSettingsView | null = settings.phase === 'ready' ? settings.value.settings : null;
  const [form, setForm] = useState<(Omit<SendForm, 'headers'> & { headers: HeaderRow[] }) | null>(null);
  const nextKey = useRef(0);
  useEffect(() => {
    // Fill the form once from main's settings; later refreshes (after a send) keep what the user typed.
    if (view !== null && form === null) {
      setForm({
        endpoint: view.endpoint,
        protocol: view.protocol,
        content: view.content,
        semconv: view.semconv,
        redact: true,
        remember: view.remembered || (desktop && view.stateDir !== null && view.endpoint === ''),
        headers: view.headers.map((h) => ({ ...h, key: nextKey.current++ })),
      });
    }
  }, [view, form, desktop]);
  const sending = jobId !== null;
  const patch = (change: Partial<NonNullable<typeof form>>) => setForm((f) => (f === null ? f : { ...f, ...change }));
  const setHeader = (key: number, change: Partial<HeaderRow>) => patch({ headers: form!.headers.map((h) => (h.key === key ? { ...h, ...change } : h)) });

  return (
    <form
      className="otlp-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (form === null) return;
        const headers = form.headers.filter((h) => h.name.trim() !== '').map(({ name, secret, value }) => ({ name: name.trim(), secret, value }));
        void send({ ...form, endpoint: form.endpoint.trim(), headers });
      }}
    >
      <header className="otlp-header">
        <h2 id="otlp-dialog-title">Send to tracing backend</h2>
        <span className="muted">{label}</span>
      </header>
      {settings.phase === 'loading' && <p role="status">Loading settings…</p>}
      {settings.phase === 'error' && <p role="alert" className="error">{settings.error.message}</p>}
      {settings.phase === 'ready' && settings.value.problem && (
        <p role="alert" className="error">
          The saved settings could not be used: {settings.value.problem.message}
        </p>
      )}
      {form !== null && (
        <fieldset disabled={sending} className="otlp-fields">
          <label htmlFor="otlp-endpoint">Endpoint (OTLP/HTTP)</label>
          <input
            id="otlp-endpoint"
            type="url"
            value={form.endpoint}
            placeholder="http://localhost:4318"
            spellCheck={false}
            onChange={(e) => patch({ endpoint: e.target.value })}
            aria-describedby="otlp-endpoint-help"
          />
          <p id="otlp-endpoint-help" className="muted otlp-help">
            A base URL gets <code>/v1/traces</code> appended; empty sends to <code>http://localhost:4318/v1/traces</code>.
          </p>
          <label htmlFor="otlp-protocol">Protocol</label>
          <select id="otlp-protocol" value={form.protocol} onChange={(e) => patch({ protocol: e.target.value as SendForm['protocol'] })}>
            <option value="http/protobuf">http/protobuf</option>
            <option value="http/json">http/json</option>
          </select>
          <label htmlFor="otlp-semconv">GenAI conventions</label>
          <select id="otlp-semconv" value={form.semconv} onChange={(e) => patch({ semconv: e.target.value as SendForm['semconv'] })} aria-describedby="otlp-semconv-help">
            <option value="1.45">1.45 (semantic-conventions 1.45, the default)</option>
            <option value="latest">latest (semantic-conventions-genai v0.1.0)</option>
          </select>
          <p id="otlp-semconv-help" className="muted otlp-help">
            Latest sets <code>gen_ai.conversation.id</code> (the harness session) for agent timelines such as Honeycomb&apos;s, and drops the names it replaced (docs/OTLP.md).
          </p>
          <span className="otlp-label">Headers</span>
          <div className="otlp-headers">
            {form.headers.map((h, i) => (
              <div className="otlp-header-row" key={h.key}>
                <input aria-label={`Header ${i + 1} name`} value={h.name} placeholder="Authorization" spellCheck={false} onChange={(e) => setHeader(h.key, { name: e.target.value, secret: h.secret || looksSecret(e.target.value) })} />
                <input
                  aria-label={`Header ${i + 1} value`}
                  type={h.secret ? 'password' : 'text'}
                  autoComplete="off"
                  spellCheck={false}
                  value={h.value ?? ''}
                  placeholder={h.value === null ? 'kept: type to replace' : 'value'}
                  onChange={(e) => setHeader(h.key, { value: e.target.value })}
                />
                <label className="otlp-inline">
                  <input type="checkbox" checked={h.secret} onChange={(e) => setHeader(h.key, { secret: e.target.checked })} /> secret
                </label>
                <button type="button" aria-label={`Remove header ${i + 1}`} onClick={() => patch({ headers: form.headers.filter((x) => x.key !== h.key) })}>
                  Remove
                </button>
              </div>
            ))}
            <button type="button" className="otlp-add-header" onClick={() => patch({ headers: [...form.headers, { name: '', value: '', secret: true, key: nextKey.current++ }] })}>
              Add header
            </button>
          </div>
          <label className="otlp-inline otlp-wide">
            <input type="checkbox" checked={form.content} onChange={(e) => patch({ content: e.target.checked })} /> Include message contents (prompts, answers, tool
            arguments and results). Off: only names, timings, tokens and costs leave this machine.
          </label>
          <label className="otlp-inline otlp-wide">
            <input type="checkbox" checked={form.redact === true} onChange={(e) => patch({ redact: e.target.checked })} /> Redact secrets (API keys, auth headers, private keys,
            JWTs, emails, KEY=VALUE secrets) in span names and attributes before they leave.
          </label>
          <label className="otlp-inline otlp-wide">
            <input type="checkbox" checked={form.remember} disabled={view?.stateDir === null} onChange={(e) => patch({ remember: e.target.checked })} /> Remember these
            settings{view?.stateDir ? ` in ${view.stateDir}` : ''} (secret values included, in a file only you can read). Unticked: kept until{' '}
            {desktop ? 'the app quits' : 'the server stops'}.
          </label>
        </fieldset>
      )}
      <SendProgress progress={progress} sending={sending} outcome={outcome} />
      <footer className="otlp-actions">
        {sending ? (
          <button type="button" onClick={() => void cancel()}>
            Cancel sending
          </button>
        ) : (
          <button type="submit" disabled={form === null}>
            Send {count === 1 ? 'run' : `${count.toLocaleString('en-US')} runs`}
          </button>
        )}
        <button type="button" onClick={close} disabled={sending}>
          Close
        </button>
      </footer>
    </form>
  );
}
