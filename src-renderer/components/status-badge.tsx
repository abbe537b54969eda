/** A run status badge that tells crashed apart from running, and marks inferred statuses. */
import type { RunSummary } from '../../shared/library';

export function StatusBadge({ run }: { run: Pick<RunSummary, 'status' | 'crashed' | 'statusInferred' | 'verdict'> }) {
  const label = run.crashed ? 'crashed' : run.status;
  const title = run.verdict ?? run.status;
  return (
    <span className={`badge badge-${label}`} title={title}>
      {label}
      {run.statusInferred && <span className="inferred" aria-label="inferred from its sessions">*</span>}
    </span>
  );
}
