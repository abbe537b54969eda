/** The library's little-harness sessions: state, model and tool calls, failures, invalid lines; a row opens the session. */
import { useSessionListings } from '../../stores/sessions-store';
import { useRouteStore } from '../../stores/route-store';
import { OutcomesSection } from './outcomes-section';
import './sessions.css';
import { sessionStateWord } from '../../../shared/harness-trace/session-state';

/** Listed below the run table; fetched again whenever the opened folder changes. */
export function SessionsPanel({ root }: { root: string }) {
  const load = useSessionListings(root);
  const navigate = useRouteStore((s) => s.navigate);
  if (load.phase !== 'ready' || load.value.length === 0) return load.phase === 'error' ? <p className="error">{load.error.message}</p> : null;
  return (
    <section className="sessions-panel" aria-label="little-harness sessions">
      <h2>Harness sessions ({load.value.length})</h2>
      <table className="sessions-table">
        <thead>
          <tr>
            <th>Session</th>
            <th>State</th>
            <th className="num">Events</th>
            <th className="num">Model calls</th>
            <th className="num">Tool calls</th>
            <th className="num">Failures</th>
            <th className="num">Invalid lines</th>
            <th>Last event</th>
            <th>Folder</th>
          </tr>
        </thead>
        <tbody>
          {load.value.map((s) => (
            <tr key={`${s.harnessDir}/${s.pathKey}`} tabIndex={0} onClick={() => navigate({ view: 'session', sessionId: s.sessionId, dir: s.harnessDir })} onKeyDown={(e) => e.key === 'Enter' && navigate({ view: 'session', sessionId: s.sessionId, dir: s.harnessDir })}>
              <td className="mono">
                <a href={`#/session/${encodeURIComponent(s.sessionId)}?dir=${encodeURIComponent(s.harnessDir)}`}>{s.sessionId}</a>
              </td>
              <td>
                <span data-testid="session-state">{sessionStateWord(s.state)}</span>
                {s.tornTail && <span className="session-flag" title="The trace ends in a half-written line: the writer stopped mid-append"> · torn</span>}
                {s.problem !== null && s.counts !== null && <span className="session-flag" title={s.problem}> · status file unreadable</span>}
              </td>
              <td className="num">{s.counts?.events ?? '–'}</td>
              <td className="num">{s.counts ? withFailed(s.counts.modelCalls, s.counts.modelCallsFailed) : '–'}</td>
              <td className="num">{s.counts ? withFailed(s.counts.toolCalls, s.counts.toolCallsFailed) : '–'}</td>
              <td className={`num${s.counts && s.counts.failures > 0 ? ' bad' : ''}`}>{s.counts?.failures ?? '–'}</td>
              <td className={`num${s.counts && s.counts.invalidLines > 0 ? ' bad' : ''}`}>{s.counts?.invalidLines ?? '–'}</td>
              <td className="mono muted">{s.lastAt ?? s.problem ?? ''}</td>
              <td className="mono muted">{s.harnessDir}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {[...new Set(load.value.filter((s) => (s.counts?.outcomes ?? 0) > 0).map((s) => s.harnessDir))].map((dir) => (
        <OutcomesSection key={dir} harnessDir={dir} title={`Outcomes across the sessions of ${dir}`} />
      ))}
    </section>
  );
}

function withFailed(n: number, failed: number): string {
  return failed > 0 ? `${n} (${failed} failed)` : String(n);
}
