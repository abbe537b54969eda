/** A run status badge that tells crashed apart from running, and marks inferred statuses. */
import type { RunSummary } from '../../shared/library';
import { runDisplayStatus } from '../../shared/status/display-status';

const GLYPH: Record<string, string> = { completed: '✓', failed: '✕', running: '●', crashed: '!', pending: '○' };

/**
 * The status as a word plus a glyph (never colour alone); the verdict is the tooltip. An
 * inferred status (from sessions, not a terminal event) gets an asterisk, also said in words.
 * A little-harness session's row says its own state's word (`word`: "idle", not "completed").
 */
export function StatusBadge({ run, word }: { run: Pick<RunSummary, 'status' | 'crashed' | 'statusInferred' | 'verdict'>; word?: string }) {
  const label = runDisplayStatus(run);
  const counted = word !== undefined && word !== label ? `${word}: counted as ${label}` : null;
  const title = [run.verdict ?? counted ?? label, run.statusInferred ? 'inferred from its sessions (no run terminal event)' : null].filter(Boolean).join(' · ');
  return (
    <span className={`badge badge-${label}`} title={title}>
      <span className="badge-glyph" aria-hidden="true">{GLYPH[label]}</span>
      {word ?? label}
      {run.statusInferred && (
        <>
          <span className="inferred" aria-hidden="true">*</span>
          <span className="visually-hidden"> (inferred)</span>
        </>
      )}
    </span>
  );
}
