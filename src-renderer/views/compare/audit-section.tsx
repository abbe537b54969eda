/** The resume audit half of Compare: each crash-and-resume boundary, its pinned plan, and its items. */
import type { AuditItem, BoundaryAudit, ResumeAudit } from '../../../shared/compare/resume-audit';
import type { HarnessRefs } from '../../../shared/run/run-head-types';
import { EventLink, type RunAddress } from '../../components/run-links';
import { ResumePlanList } from '../crash/resume-plan-list';
import { ageLabel } from '../../stores/live-reducer';

type Props = { audit: ResumeAudit; harness: HarnessRefs; at: RunAddress };

const WHY: Record<BoundaryAudit['why'][number], string> = { 'resume-marker': 'resume marker', gap: 'time gap', given: 'lock changed hands' };

/** Audit summary and every boundary. */
export function AuditSection({ audit, harness, at }: Props) {
  return (
    <section className="cmp-section" aria-labelledby="cmp-audit">
      <h3 id="cmp-audit">Resume audit</h3>
      {audit.boundaries.length === 0 ? (
        <p className="muted" data-audit="none">No resume in this log: nothing to audit.</p>
      ) : (
        <p className={audit.ok ? 'cmp-audit-ok' : 'cmp-audit-bad'} data-audit={audit.ok ? 'ok' : 'violations'}>
          {audit.boundaries.length} resume{audit.boundaries.length === 1 ? '' : 's'} ·{' '}
          <strong data-violations={audit.violations}>{audit.violations} violation{audit.violations === 1 ? '' : 's'}</strong> ·{' '}
          <span data-expected={audit.expected}>{audit.expected} expected item{audit.expected === 1 ? '' : 's'}</span>
        </p>
      )}
      {audit.boundaries.map((boundary) => (
        <Boundary key={boundary.boundarySequence} boundary={boundary} harness={harness} at={at} />
      ))}
    </section>
  );
}

function Boundary({ boundary, harness, at }: { boundary: BoundaryAudit; harness: HarnessRefs; at: RunAddress }) {
  const gap = boundary.gapMs === null ? null : ageLabel(Math.round(boundary.gapMs / 1000));
  return (
    <article className="cmp-boundary" aria-label={`Resume after event ${boundary.boundarySequence}`}>
      <h4>
        Crash after <EventLink at={at} sequence={boundary.boundarySequence} />, resumed at <EventLink at={at} sequence={boundary.resumedAtSequence} />
        <span className="muted"> · {boundary.why.map((why) => WHY[why]).join(' + ')}{gap ? ` · ${gap} down` : ''}</span>
      </h4>
      <details className="cmp-plan">
        <summary>Pinned resume plan{boundary.verdict ? ` (prefix verdict: ${boundary.verdict.kind})` : ''}</summary>
        {boundary.plan ? <ResumePlanList plan={boundary.plan} harness={harness} at={at} /> : <p className="cmp-error">The prefix could not be folded: {boundary.planError}</p>}
      </details>
      {boundary.items.length === 0 ? (
        <p className="muted">Nothing the resumed process wrote touches what was committed before the crash.</p>
      ) : (
        <ul className="cmp-items">
          {boundary.items.map((item, index) => <Item key={`${item.sequence}-${item.kind}-${index}`} item={item} at={at} />)}
        </ul>
      )}
    </article>
  );
}

function Item({ item, at }: { item: AuditItem; at: RunAddress }) {
  return (
    <li className={`cmp-item cmp-${item.status}`} data-status={item.status}>
      <span className={`cmp-tag cmp-tag-${item.status}`}>
        <span aria-hidden="true">{item.status === 'violation' ? '✕' : '✓'}</span> {item.status}
      </span>
      <EventLink at={at} sequence={item.sequence} />
      <span className="mono cmp-kind">{item.kind}</span>
      <span className="cmp-message">{item.message}</span>
      {item.originalSequence !== undefined && <span className="muted">(repeats or continues <EventLink at={at} sequence={item.originalSequence} />)</span>}
    </li>
  );
}
