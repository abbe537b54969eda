/**
 * `little-harness outcomes` in the app: success rates of `outcome.reported` events by prompt
 * hash and step path (main folds them: `sessions.outcomes`), across a harness dir's sessions
 * or for one session.
 */
import { useEffect, useState } from 'react';
import type { KeyedOutcomeRate, OutcomeRate, OutcomesReport } from '../../../shared/harness-trace/outcomes';
import { api } from '../../api';
import { IDLE, LOADING, loaded, type Load } from '../../stores/load';

/** The outcomes of `harnessDir` (all its sessions, or `sessionId`'s); `version` changes read it again. */
export function OutcomesSection({ harnessDir, sessionId, title, version = 0 }: { harnessDir: string; sessionId?: string; title: string; version?: number }) {
  const [load, setLoad] = useState<Load<OutcomesReport>>(IDLE);
  useEffect(() => {
    let live = true;
    setLoad((l) => (l.phase === 'ready' ? l : LOADING));
    void api['sessions.outcomes']({ harnessDir, ...(sessionId === undefined ? {} : { sessionId }) }).then((r) => live && setLoad(loaded(r)));
    return () => {
      live = false;
    };
  }, [harnessDir, sessionId, version]);
  if (load.phase === 'error') return <p className="session-error">Outcomes could not be read: {load.error.message}</p>;
  if (load.phase !== 'ready') return null;
  const r = load.value;
  return (
    <section className="session-outcomes" aria-label={title}>
      <h3>{title}</h3>
      <p className="small">
        {r.eventCount} report{r.eventCount === 1 ? '' : 's'}: {r.countedCount} counted, {r.supersededCount} superseded, {r.retractedCount} retracted, {r.clearedCount} cleared
        {r.invalidEventCount > 0 ? ` · ${r.invalidEventCount} invalid line${r.invalidEventCount === 1 ? '' : 's'} skipped` : ''}
        {r.unattributed.withoutPromptHash + r.unattributed.withoutStepPath > 0 ? ` · without prompt hash ${r.unattributed.withoutPromptHash}, without step path ${r.unattributed.withoutStepPath}` : ''}
      </p>
      {r.unreadSessions !== undefined && r.unreadSessions.length > 0 ? (
        <p className="small session-error" role="note">
          Not counted ({r.unreadSessions.length} session{r.unreadSessions.length === 1 ? '' : 's'} whose trace could not be read):{' '}
          {r.unreadSessions.map((u) => `${u.pathKey} (${u.message})`).join('; ')}
        </p>
      ) : null}
      <table className="sessions-table">
        <thead>
          <tr>
            <th>By</th>
            <th>Key</th>
            <th className="num">n</th>
            <th className="num">success</th>
            <th className="num">failure</th>
            <th className="num">partial</th>
            <th className="num">success rate</th>
          </tr>
        </thead>
        <tbody>
          <RateRow by="all" rate={{ key: 'overall', ...r.overall }} />
          {r.byPromptHash.map((k) => (
            <RateRow key={`p:${k.key}`} by="prompt hash" rate={k} />
          ))}
          {r.byStepPath.map((k) => (
            <RateRow key={`s:${k.key}`} by="step path" rate={k} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function RateRow({ by, rate }: { by: string; rate: KeyedOutcomeRate }) {
  return (
    <tr>
      <td>{by}</td>
      <td className="mono" title={rate.key}>{rate.key.length > 24 ? `${rate.key.slice(0, 21)}…` : rate.key}</td>
      <td className="num">{rate.n}</td>
      <td className="num">{rate.success}</td>
      <td className="num">{rate.failure}</td>
      <td className="num">{rate.partial}</td>
      <td className="num">{formatRate(rate)}</td>
    </tr>
  );
}

function formatRate(rate: OutcomeRate): string {
  return rate.successRate === null ? '–' : `${(rate.successRate * 100).toFixed(1)}%`;
}
