/** Where the run sits: parent run, sub-runs, workflow version, outer loop, lock owner, data dir. */
import type { RunHead } from '../../../shared/run/run-head-types';
import { RunLink, type RunAddress } from '../../components/run-links';
import { formatTime } from '../../format';
import { lockPhrase } from '../crash/boundary-sentence';

/** The relations card. */
export function RelationsCard({ detail, at }: { detail: RunHead; at: RunAddress }) {
  const parent = detail.summary.parentRunId ?? detail.harness.parentRunId ?? null;
  const { subRuns } = detail.harness;
  const { lock } = detail;
  return (
    <section className="ov-card ov-span2" aria-labelledby="ov-rel-h">
      <h3 id="ov-rel-h">Run</h3>
      <dl className="ov-dl">
        <dt>Workflow version</dt>
        <dd className="mono">{detail.state.workflowVersionId ?? detail.summary.workflowVersionId ?? '—'}</dd>
        <dt>Parent run</dt>
        <dd>{parent ? <RunLink runId={parent} dir={at.dir} /> : <span className="muted">none</span>}</dd>
        <dt>Sub-runs</dt>
        <dd>
          {subRuns.length === 0 ? (
            <span className="muted">none</span>
          ) : (
            <ul className="ov-plain">
              {subRuns.map((s) => (
                <li key={s.runId}>
                  <RunLink runId={s.runId} dir={at.dir} /> <span className="muted">{s.toolName}{s.reportedStatus ? ` · ${s.reportedStatus}` : ''}</span>
                </li>
              ))}
            </ul>
          )}
        </dd>
        {detail.summary.outerLoopId && (
          <>
            <dt>Outer loop</dt>
            <dd className="mono">{detail.summary.outerLoopId}</dd>
          </>
        )}
        <dt>Lock owner</dt>
        <dd>
          {lockPhrase(lock)}
          {lock.createdAt && <span className="muted"> · since {formatTime(lock.createdAt)}</span>}
        </dd>
        <dt>Data dir</dt>
        <dd className="mono ov-path">{detail.ref.dataDir}</dd>
      </dl>
    </section>
  );
}
