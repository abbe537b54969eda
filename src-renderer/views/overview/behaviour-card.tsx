/**
 * The Overview's "Behaviour" card: the run's behavioural findings (docs/SCAN.md) — kind,
 * severity, one line and the events that show it, each linked to its event, its step and, for a
 * harness finding, the turns. The card keeps its frame while the scan runs or when it fails.
 */
import type { RunHead } from '../../../shared/run/run-head-types';
import type { ScanFinding } from '../../../shared/scan/scan-types';
import { EventLink, type RunAddress } from '../../components/run-links';
import { formatRoute, runBase } from '../../routing/route';
import { useRunScan } from '../../stores/scan-store';
import { findingEvidence, findingOpensTurns, formatFindingCost } from './behaviour-facts';

/** The Behaviour card of run `detail`. */
export function BehaviourCard({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const scan = useRunScan(detail.ref, detail.build);
  const heading = (
    <h3 id="ov-behaviour-h">
      Behaviour{scan.phase === 'ready' && ` (${scan.value.findings.length})`}
    </h3>
  );
  if (scan.phase !== 'ready') {
    return (
      <section className="ov-card ov-wide ov-behaviour" aria-labelledby="ov-behaviour-h" aria-busy={scan.phase === 'loading'}>
        {heading}
        {scan.phase === 'error' ? (
          <p className="error" role="alert">The behaviour scan could not run: {scan.error.message}</p>
        ) : (
          <p className="loading" role="status">Scanning for repeated calls, retry storms, limits and resumes…</p>
        )}
      </section>
    );
  }
  const { findings } = scan.value;
  return (
    <section className="ov-card ov-wide ov-behaviour" aria-labelledby="ov-behaviour-h">
      {heading}
      {findings.length === 0 ? (
        <p className="empty">No findings: no repeated calls or requests, retry storms, limits hit or re-run work.</p>
      ) : (
        <ul className="ov-behaviour-list">
          {findings.map((finding, i) => (
            <FindingItem key={`${finding.kind}-${finding.sequences[0] ?? 'x'}-${i}`} finding={finding} at={at} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FindingItem({ finding, at }: { finding: ScanFinding; at: RunAddress }) {
  const { shown, more } = findingEvidence(finding);
  const cost = formatFindingCost(finding.costUsd);
  return (
    <li className={`ov-behaviour-item ov-sev-${finding.severity}`} data-kind={finding.kind}>
      <div className="ov-behaviour-line">
        <span className={`ov-sev-badge ov-sev-badge-${finding.severity}`}>{finding.severity}</span> <span className="mono ov-code">{finding.kind}</span> {finding.message}
        {cost && <span className="muted"> · {cost}</span>}
      </div>
      <div className="ov-behaviour-evidence">
        {shown.length > 0 && <span className="muted">Events </span>}
        {shown.map((sequence) => (
          <EventLink key={sequence} at={at} sequence={sequence} />
        ))}
        {more > 0 && <span className="muted"> and {more} more</span>}
        {finding.stepPath !== null && (
          <>
            {' · '}
            <a href={formatRoute({ ...runBase(at), tab: 'steps', step: finding.stepPath })} className="mono" title="Open the step">
              step {finding.stepPath}
            </a>
          </>
        )}
        {findingOpensTurns(finding) && (
          <>
            {' · '}
            <a href={formatRoute({ ...runBase(at), tab: 'turns' })}>turns</a>
          </>
        )}
      </div>
      <div className="ov-behaviour-hint muted">{finding.hint}</div>
    </li>
  );
}
