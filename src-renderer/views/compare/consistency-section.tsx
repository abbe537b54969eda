/** The consistency half of Compare: equal, or the first divergent event and the differing fields side by side. */
import type { ComparisonSource, RunComparison } from '../../../shared/compare/run-comparison';
import { EventLink, type RunAddress } from '../../components/run-links';

type Props = { report: RunComparison['consistency']; source: ComparisonSource; at: RunAddress };

/** Consistency verdict and differences. */
export function ConsistencySection({ report, source, at }: Props) {
  const left = source === 'live' ? 'live (incremental)' : 'incremental';
  return (
    <section className="cmp-section" aria-labelledby="cmp-consistency">
      <h3 id="cmp-consistency">Replay vs live consistency</h3>
      {report.equal ? (
        <p className="cmp-verdict cmp-equal" data-consistency="equal">
          <span className="cmp-glyph" aria-hidden="true">✓</span> Equal: the {left} fold of {report.events} events matches the full fold
          (run state and harness view).
        </p>
      ) : (
        <div className="cmp-verdict cmp-divergent" data-consistency="divergent">
          <p>
            <span className="cmp-glyph" aria-hidden="true">✕</span> <strong>Divergent</strong>: the {left} fold differs from the full fold
            {report.differences.length > 0 ? ` in ${report.differences.length}${report.differences.length >= 50 ? '+' : ''} place${report.differences.length === 1 ? '' : 's'}` : ''}.
          </p>
          {report.firstDivergent && (
            <p>
              First divergent event: <EventLink at={at} sequence={report.firstDivergent.sequence} />{' '}
              <span className="mono">{report.firstDivergent.type}</span> <span className="muted mono">{report.firstDivergent.eventId}</span>
            </p>
          )}
          {report.errors.map((error) => (
            <p key={error.side} className="cmp-error">The {error.side} fold threw {error.message}</p>
          ))}
        </div>
      )}
      {report.differences.length > 0 && (
        <table className="cmp-diff">
          <caption className="visually-hidden">Differing fields</caption>
          <thead>
            <tr><th scope="col">field</th><th scope="col">kind</th><th scope="col">{left}</th><th scope="col">full fold (replay)</th></tr>
          </thead>
          <tbody>
            {report.differences.map((difference, index) => (
              <tr key={`${difference.path}-${index}`}>
                <td className="mono cmp-path">{difference.path}</td>
                <td>{difference.kind}</td>
                <td className="mono cmp-value">{difference.left ?? <span className="muted">absent</span>}</td>
                <td className="mono cmp-value">{difference.right ?? <span className="muted">absent</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
