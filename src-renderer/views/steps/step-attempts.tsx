/** The attempts table of a step: id, status, start, end, duration, error. */
import type { StepDetail } from '../../../shared/run/run-detail-types';
import { itemDisplayStatus } from '../../../shared/status/display-status';
import type { JsonPreview } from '../../../shared/run/json-preview';
import { JsonView } from '../../components/json-view';
import { clockTime, formatDuration, msBetween } from '../timeline/timeline-format';

/** Error message line of an attempt error preview, when it has one. */
function errorLine(error: unknown): string | null {
  const preview = error as JsonPreview | undefined;
  if (!preview || preview.truncated) return null;
  const value = preview.value as { name?: unknown; message?: unknown; causeCode?: unknown } | null;
  if (!value || typeof value !== 'object') return null;
  return [value.name, value.causeCode, value.message].filter((v) => typeof v === 'string').join(' · ') || null;
}

/** The value of a preview (its text when cut). */
function previewValue(error: unknown): unknown {
  const preview = error as JsonPreview;
  return preview.truncated ? preview.text : preview.value;
}

/** Every attempt; an open attempt's end is "open" (no terminal event). */
export function StepAttempts({ step, lastRecordedAt, crashed }: { step: StepDetail; lastRecordedAt: string | null; crashed: boolean }) {
  if (step.attempts.length === 0) return <p className="muted">No attempt started (scheduled only).</p>;
  return (
    <table className="step-table">
      <thead>
        <tr>
          <th scope="col">attempt</th>
          <th scope="col">status</th>
          <th scope="col">started</th>
          <th scope="col">finished</th>
          <th scope="col" className="num">
            duration
          </th>
        </tr>
      </thead>
      <tbody>
        {step.attempts.map((a) => {
          const open = a.finishedAt === undefined;
          const status = itemDisplayStatus(a.status, crashed);
          const line = errorLine(a.error);
          return [
            <tr key={a.attemptId}>
              <td className="mono">{a.attemptId}</td>
              <td>
                <span className={`badge badge-${status}`}>{status}</span>
              </td>
              <td className="mono">{clockTime(a.startedAt)}</td>
              <td className="mono">{open ? <span className="muted">open{crashed ? ' at the crash' : ''}</span> : clockTime(a.finishedAt)}</td>
              <td className="num">
                {formatDuration(msBetween(a.startedAt, a.finishedAt ?? lastRecordedAt ?? undefined))}
                {open ? '+' : ''}
              </td>
            </tr>,
            a.error !== undefined ? (
              <tr key={`${a.attemptId}-error`} className="step-attempt-error">
                <td colSpan={5}>
                  {line && <p className="step-error-text">{line}</p>}
                  <details>
                    <summary>error of {a.attemptId}</summary>
                    <JsonView value={previewValue(a.error)} label={`Error of ${a.attemptId}`} expandDepth={2} />
                  </details>
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </table>
  );
}
