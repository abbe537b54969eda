/**
 * One trace item of a session: model and tool calls, runtime events (escalations, denied commands
 * with their reasons), file changes with their diffs (spooled ones fetched on demand; redacted
 * ones said so), persistent-dir commits; and the links of an item to the workflow event logs.
 */
import { useState } from 'react';
import type { ItemLink } from '../../../shared/harness-trace/session-link-targets';
import type { FileChangeItem, SessionItem } from '../../../shared/harness-trace/session-model';
import type { SessionFile } from '../../../shared/harness-trace/session-view-types';
import { formatDuration } from '../../../shared/format/duration';
import { api } from '../../api';
import { formatRoute } from '../../routing/route';
import { IDLE, LOADING, loaded, type Load } from '../../stores/load';
import { TraceText } from './trace-text';

/** The session a view shows, as its requests name it. */
export type SessionRoute = { sessionId: string; dir: string };

/** One item's line(s). */
export function ItemRow({ item, route }: { item: SessionItem; route: SessionRoute }) {
  switch (item.kind) {
    case 'model-call':
      return (
        <>
          <When at={item.startedAt} />
          <b>model call</b> {item.model} step {item.stepNumber ?? '?'} · {item.status}
          <Took from={item.startedAt} to={item.endedAt} />
          {item.redacted && <span className="session-flag"> · redacted content</span>}
          {item.error && <div className="session-error">{item.error}</div>}
          {item.responsePreview && <p className="session-preview">{item.responsePreview}</p>}
          {item.promptHash && <div className="muted mono small">prompt {item.promptHash}</div>}
        </>
      );
    case 'tool-call':
      return (
        <>
          <When at={item.startedAt} />
          <b>tool</b> {item.toolName} <span className="mono muted">{item.toolCallId}</span> ({item.caller}) · {item.status}
          <Took from={item.startedAt} to={item.endedAt} />
          {item.redacted && <span className="session-flag"> · redacted content</span>}
          {item.command && <div className="mono small">$ {item.command}</div>}
          {item.error && <div className="session-error">{item.error}</div>}
          {item.outputPreview && !item.spooled && <p className="session-preview">{item.outputPreview}</p>}
          {item.spooled && <SpooledFile route={route} path={item.spooled.path} label={`output spooled to ${item.spooled.path}`} />}
        </>
      );
    case 'runtime':
      return (
        <>
          <When at={item.at} />
          <b>{item.type.replace('harness.runtime.', '')}</b>
          {item.from && item.to && <span> {item.from} → {item.to}{item.trigger ? ` (${item.trigger})` : ''}</span>}
          {item.exitCode !== undefined && <span className={item.exitCode === 0 ? 'muted' : 'session-error'}> · exit {item.exitCode}</span>}
          {item.durationMs !== undefined && <span className="muted"> · {seconds(item.durationMs)}</span>}
          {item.command && <div className="mono small">$ {item.command}</div>}
          {item.reasons.length > 0 && <div>reasons: {item.reasons.join('; ')}</div>}
          {item.detail && <div>{item.detail}</div>}
          {item.error && <div className="session-error">{item.error}</div>}
          {item.outputs.map((o) =>
            o.redacted ? (
              <div key={o.stream} className="session-flag">{o.stream} redacted by the trace settings</div>
            ) : o.contentRef ? (
              <SpooledFile key={o.stream} route={route} path={o.contentRef} label={`full ${o.stream} (${o.bytes ?? '?'} bytes, spooled to ${o.contentRef})`} preview={o.preview} />
            ) : (
              <TraceText key={o.stream} text={o.preview} label={o.stream} />
            ),
          )}
        </>
      );
    case 'file-change':
      return <FileChange item={item} route={route} />;
    case 'outcome':
      return (
        <>
          <When at={item.at} />
          <b>outcome</b> <span className={`outcome-${item.status}`}>{item.retracted ? `${item.status} withdrawn` : item.status}</span>
          {item.score !== undefined && <span> · score {item.score}</span>} <span className="muted">from {item.source}{item.reporter ? ` (${item.reporter})` : ''}</span>
          <span className={`session-fate fate-${item.fate}`} title={FATE_TITLE[item.fate]}>{item.fate}</span>
          {item.detail && <div>{item.detail}</div>}
          <div className="muted mono small">
            {[item.reportKey && `key ${item.reportKey}`, item.stepPath && `step ${item.stepPath}`, item.promptHash && `prompt ${item.promptHash}`].filter(Boolean).join(' · ')}
          </div>
        </>
      );
    case 'persistent-dir':
      return (
        <>
          <When at={item.at} />
          <b>{item.type.replace('harness.persistent_dir.', 'persistent dir ')}</b> <span className="mono">{item.harnessDir}</span>
          {item.changeCounts && <span> · +{item.changeCounts.created} ~{item.changeCounts.updated} −{item.changeCounts.deleted}</span>}
          {item.changedPaths.length > 0 && (
            <ul className="session-paths mono small">
              {item.changedPaths.map((c) => (
                <li key={`${c.change}:${c.path}`}>{c.change === 'created' ? '+' : c.change === 'deleted' ? '−' : '~'} {c.path}</li>
              ))}
            </ul>
          )}
          {item.error && <div className="session-error">{item.error}</div>}
        </>
      );
    default:
      return (
        <>
          <When at={item.at} />
          <b>{item.type}</b> <span className="muted">#{item.sequence}</span>
          {item.error && <div className="session-error">{item.error}</div>}
        </>
      );
  }
}

function When({ at }: { at: string }) {
  return <time className="mono muted small session-when" dateTime={at}>{at.slice(11, 23)}</time>;
}

/** What the outcome fold made of a report (the "Outcomes of this session" numbers). */
const FATE_TITLE = {
  counted: 'counts in the success rates',
  superseded: 'a later report with the same key replaced it',
  retracted: 'a retraction: it withdraws the live report of its key when the status matches',
  cleared: 'withdrawn by a later retraction with the same key and status',
} as const;

const seconds = formatDuration;

/** How long a call took (its first and last event), when it ended. */
function Took({ from, to }: { from: string; to?: string }) {
  const ms = to === undefined ? NaN : Date.parse(to) - Date.parse(from);
  return Number.isFinite(ms) && ms >= 0 ? <span className="muted"> in {seconds(ms)}</span> : null;
}

function FileChange({ item, route }: { item: FileChangeItem; route: SessionRoute }) {
  const diff = item.diff;
  return (
    <>
      <When at={item.at} />
      <b>file {item.change}</b> <span className="mono">{item.path}</span>
      {item.beforeBytes !== undefined && item.afterBytes !== undefined && <span className="muted"> · {item.beforeBytes} → {item.afterBytes} bytes</span>}
      {diff?.kind === 'inline' && <TraceText text={diff.text} diff />}
      {diff?.kind === 'spooled' && <SpooledFile route={route} path={diff.contentRef} label={`full diff (${diff.bytes ?? '?'} bytes, spooled to ${diff.contentRef})`} preview={diff.preview} diff />}
      {diff?.kind === 'unavailable' && <div className={diff.reason === 'redacted' ? 'session-flag' : 'muted'}>{diff.reason === 'redacted' ? 'diff redacted by the trace settings' : `no diff: ${diff.reason.replace('_', ' ')}`}</div>}
    </>
  );
}

function SpooledFile({ route, path, label, preview, diff }: { route: SessionRoute; path: string; label: string; preview?: string; diff?: boolean }) {
  const [file, setFile] = useState<Load<SessionFile>>(IDLE);
  const open = () => {
    setFile(LOADING);
    void api['session.file']({ harnessDir: route.dir, sessionId: route.sessionId, path }).then((r) => setFile(loaded(r)));
  };
  return (
    <div>
      {file.phase === 'ready' ? (
        <TraceText text={`${file.value.text}${file.value.truncated ? '\n… (cut at 1 MB)' : ''}`} diff={diff} />
      ) : (
        <>
          {preview && <TraceText text={preview} diff={diff} />}
          <button type="button" onClick={open} disabled={file.phase === 'loading'}>
            Show {label}
          </button>
          {file.phase === 'error' && <span className="session-error"> {file.error.message}</span>}
        </>
      )}
    </div>
  );
}

/** Links of one item into the workflow event logs (the events.db events of the same occurrence, a run, a step). */
export function ItemLinks({ links }: { links: ItemLink[] }) {
  if (links.length === 0) return null;
  return (
    <div className="session-links small">
      events.db:{' '}
      {links.map((l, i) => (
        <a key={i} className="mono session-link" href={formatRoute(linkRoute(l))}>
          {l.text}
        </a>
      ))}
    </div>
  );
}

function linkRoute(l: ItemLink) {
  const base = { view: 'run' as const, runId: l.runId, dir: l.dataDir };
  if (l.sequence !== undefined) return { ...base, tab: 'events' as const, event: l.sequence };
  if (l.stepPath !== undefined) return { ...base, tab: 'steps' as const, step: l.stepPath };
  return { ...base, tab: 'overview' as const };
}
