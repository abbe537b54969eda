/** Integrity findings grouped by severity, each linked to the event it is about. */
import type { Diagnostic } from '../../../shared/diagnostics';
import type { RunHead } from '../../../shared/run/run-head-types';
import { EventLink, type RunAddress } from '../../components/run-links';
import { useRunFindings } from '../../stores/run-pieces';
import { findingsBySeverity } from './overview-facts';

/** The findings card; says plainly when the log checked out clean, and while it is being checked. */
export function FindingsCard({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const { ref } = detail;
  // A big run's head comes before its check (every eventId recomputed): wait for it here.
  const checked = useRunFindings(ref, detail.build, detail.findings === null);
  const findings: Diagnostic[] | null = detail.findings ?? (checked.phase === 'ready' ? checked.value : null);
  if (findings === null) {
    return (
      <section className="ov-card ov-wide" aria-labelledby="ov-findings-h" aria-busy={checked.phase === 'loading'}>
        <h3 id="ov-findings-h">Integrity findings</h3>
        {checked.phase === 'error' ? (
          <p className="error" role="alert">The check could not run: {checked.error.message}</p>
        ) : (
          <p className="loading" role="status">Checking sequences, event ids, artifacts and manifests…</p>
        )}
      </section>
    );
  }
  const groups = findingsBySeverity(findings);
  return (
    <section className="ov-card ov-wide" aria-labelledby="ov-findings-h">
      <h3 id="ov-findings-h">Integrity findings ({findings.length})</h3>
      {groups.length === 0 ? (
        <p className="empty">None: sequences, event ids, payloads, artifacts and manifests check out.</p>
      ) : (
        groups.map((group) => (
          <div key={group.severity} className={`ov-findings ov-sev-${group.severity}`}>
            <h4>
              {group.severity === 'error' ? 'Errors' : group.severity === 'warning' ? 'Warnings' : 'Notes'} ({group.items.length})
            </h4>
            <ul>
              {group.items.map((f, i) => (
                <li key={`${f.code}-${f.sequence ?? 'x'}-${i}`}>
                  <span className="mono ov-code">{f.code}</span> {f.message} {f.sequence !== undefined && <EventLink at={at} sequence={f.sequence} />}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
