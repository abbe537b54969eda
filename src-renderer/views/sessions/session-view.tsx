/**
 * One little-harness session: doctor's summary, then its trace in order — model and tool calls,
 * runtime events (escalations, denied commands with their reasons), file changes with their
 * diffs (spooled ones fetched on demand; redacted ones said so), persistent-dir commits — and
 * the lines that could not be read.
 */
import { useEffect, useState } from 'react';
import type { FileChangeItem, SessionItem } from '../../../shared/harness-trace/session-model';
import type { SessionFile, SessionView as SessionViewModel } from '../../../shared/harness-trace/session-view-types';
import { api } from '../../api';
import { IDLE, LOADING, loaded, type Load } from '../../stores/load';
import './sessions.css';

type SessionRoute = { sessionId: string; dir: string };

/** The session screen. */
export function SessionView({ route }: { route: SessionRoute }) {
  const [load, setLoad] = useState<Load<SessionViewModel>>(IDLE);
  useEffect(() => {
    let live = true;
    setLoad(LOADING);
    void api['session.view']({ harnessDir: route.dir, sessionId: route.sessionId }).then((r) => live && setLoad(loaded(r)));
    return () => {
      live = false;
    };
  }, [route.dir, route.sessionId]);
  if (load.phase === 'error') return <p role="alert" className="error">{load.error.message}</p>;
  if (load.phase !== 'ready') return <p className="muted">Reading the session…</p>;
  const v = load.value;
  const d = v.doctor;
  return (
    <section className="session-view" aria-label={`Session ${v.listing.sessionId}`}>
      <p>
        <a href="#/">← Library</a>
      </p>
      <h2 className="mono">{v.listing.sessionId}</h2>
      <p className="muted">
        {v.listing.state ?? 'unknown state'} · {v.listing.harnessDir}/sessions/{v.listing.pathKey} · {v.listing.firstAt ?? '–'} → {v.listing.lastAt ?? '–'}
      </p>
      <dl className="session-doctor" aria-label="doctor">
        <Stat label="events" value={d.eventCount} />
        <Stat label="invalid lines" value={d.invalidEventCount} bad={d.invalidEventCount > 0} />
        <Stat label="failures" value={d.failureCount} bad={d.failureCount > 0} />
        <Stat label="spooled outputs" value={d.spooledOutputCount} />
        <Stat label="content refs" value={d.contentRefCount} />
        <Stat label="redacted events" value={d.redactionCount} />
      </dl>
      {v.tornTail && (
        <p className="session-torn" role="note">
          The trace ends in a half-written line (line {v.tornTail.line}, {v.tornTail.bytes} bytes): the writer stopped mid-append. Everything before it is read.
        </p>
      )}
      <ol className="session-items">
        {v.items.map((item, i) => (
          <li key={i} className={`session-item kind-${item.kind}${isBad(item) ? ' bad' : ''}`}>
            <ItemRow item={item} route={route} />
          </li>
        ))}
      </ol>
      {v.invalidLines.length > 0 && (
        <section aria-label="Invalid lines">
          <h3>Lines little-harness rejects ({v.invalidLines.length})</h3>
          <ul className="session-invalid">
            {v.invalidLines.map((l) => (
              <li key={l.line}>
                <span className="mono">line {l.line}</span>: {l.reason}
                <pre>{l.text}</pre>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function Stat({ label, value, bad }: { label: string; value: number; bad?: boolean }) {
  return (
    <div className={bad ? 'bad' : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function isBad(item: SessionItem): boolean {
  if (item.kind === 'model-call' || item.kind === 'tool-call') return item.status === 'failed';
  if (item.kind === 'runtime') return item.type.endsWith('.failed') || item.type.endsWith('.error') || item.type.endsWith('.denied') || item.type.endsWith('.unavailable');
  if (item.kind === 'persistent-dir') return item.type.endsWith('.failed');
  return item.kind === 'event' && item.failed;
}

function ItemRow({ item, route }: { item: SessionItem; route: SessionRoute }) {
  switch (item.kind) {
    case 'model-call':
      return (
        <>
          <When at={item.startedAt} />
          <b>model call</b> {item.model} step {item.stepNumber ?? '?'} · {item.status}
          {item.redacted && <span className="session-flag"> · redacted content</span>}
          {item.error && <div className="session-error">{item.error}</div>}
          {item.promptHash && <div className="muted mono small">prompt {item.promptHash}</div>}
        </>
      );
    case 'tool-call':
      return (
        <>
          <When at={item.startedAt} />
          <b>tool</b> {item.toolName} <span className="mono muted">{item.toolCallId}</span> ({item.caller}) · {item.status}
          {item.command && <div className="mono small">$ {item.command}</div>}
          {item.error && <div className="session-error">{item.error}</div>}
          {item.spooled && <SpooledFile route={route} path={item.spooled.path} label={`output spooled to ${item.spooled.path}`} />}
        </>
      );
    case 'runtime':
      return (
        <>
          <When at={item.at} />
          <b>{item.type.replace('harness.runtime.', '')}</b>
          {item.from && item.to && <span> {item.from} → {item.to}{item.trigger ? ` (${item.trigger})` : ''}</span>}
          {item.command && <div className="mono small">$ {item.command}</div>}
          {item.reasons.length > 0 && <div>reasons: {item.reasons.join('; ')}</div>}
          {item.detail && <div>{item.detail}</div>}
          {item.error && <div className="session-error">{item.error}</div>}
        </>
      );
    case 'file-change':
      return <FileChange item={item} route={route} />;
    case 'persistent-dir':
      return (
        <>
          <When at={item.at} />
          <b>{item.type.replace('harness.persistent_dir.', 'persistent dir ')}</b> <span className="mono">{item.harnessDir}</span>
          {item.changeCounts && <span> · +{item.changeCounts.created} ~{item.changeCounts.updated} −{item.changeCounts.deleted}</span>}
          {item.error && <div className="session-error">{item.error}</div>}
        </>
      );
    default:
      return (
        <>
          <When at={item.at} />
          <b>{item.type}</b> <span className="muted">#{item.sequence}</span>
        </>
      );
  }
}

function When({ at }: { at: string }) {
  return <time className="mono muted small session-when">{at.slice(11, 23)}</time>;
}

function FileChange({ item, route }: { item: FileChangeItem; route: SessionRoute }) {
  const diff = item.diff;
  return (
    <>
      <When at={item.at} />
      <b>file {item.change}</b> <span className="mono">{item.path}</span>
      {item.beforeBytes !== undefined && item.afterBytes !== undefined && <span className="muted"> · {item.beforeBytes} → {item.afterBytes} bytes</span>}
      {diff?.kind === 'inline' && <pre className="session-diff" tabIndex={0}>{diff.text}</pre>}
      {diff?.kind === 'spooled' && <SpooledFile route={route} path={diff.contentRef} label={`full diff (${diff.bytes ?? '?'} bytes, spooled to ${diff.contentRef})`} preview={diff.preview} />}
      {diff?.kind === 'unavailable' && <div className={diff.reason === 'redacted' ? 'session-flag' : 'muted'}>{diff.reason === 'redacted' ? 'diff redacted by the trace settings' : `no diff: ${diff.reason.replace('_', ' ')}`}</div>}
    </>
  );
}

function SpooledFile({ route, path, label, preview }: { route: SessionRoute; path: string; label: string; preview?: string }) {
  const [file, setFile] = useState<Load<SessionFile>>(IDLE);
  const open = () => {
    setFile(LOADING);
    void api['session.file']({ harnessDir: route.dir, sessionId: route.sessionId, path }).then((r) => setFile(loaded(r)));
  };
  return (
    <div>
      {file.phase === 'ready' ? (
        <pre className="session-diff" tabIndex={0}>{file.value.text}{file.value.truncated ? '\n… (cut at 1 MB)' : ''}</pre>
      ) : (
        <>
          {preview && <pre className="session-diff" tabIndex={0}>{preview}</pre>}
          <button type="button" onClick={open} disabled={file.phase === 'loading'}>
            Show {label}
          </button>
          {file.phase === 'error' && <span className="session-error"> {file.error.message}</span>}
        </>
      )}
    </div>
  );
}
