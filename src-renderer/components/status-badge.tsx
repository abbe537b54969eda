/** A run status badge that tells crashed apart from running. */
import type { RunStatus } from '../../shared/library';

export function StatusBadge({ status, crashed }: { status: RunStatus; crashed: boolean }) {
  const label = crashed ? 'crashed' : status;
  return (
    <span className={`badge badge-${label}`} title={crashed ? 'stopped mid-flight (no live owner, no terminal event)' : status}>
      {label}
    </span>
  );
}
