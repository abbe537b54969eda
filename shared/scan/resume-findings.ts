/**
 * Resumes: work re-run although it was committed (the resume audit's violations,
 * shared/compare/resume-audit.ts, the same audit `compare` prints) and long stretches in which
 * nothing was written before the run went on (a crash noticed late, a resume that waited). The
 * scan streams the log and only asks for the audit — which needs the whole log at once — when
 * the stream saw what the audit takes for a boundary (a session started again while its place's
 * previous session was open, or a recordedAt gap of at least the audit's 60 s).
 */
import type { ResumeAudit } from '../compare/resume-audit';
import { isoMs } from '../time/iso-ms';
import { usd, type ScanContext } from './scan-context';
import type { ScanFinding } from './scan-types';

/** A gap the audit takes for a boundary (its default `gapMs`). */
export const AUDIT_GAP_MS = 60_000;
/** A gap that makes a long-resume-gap finding. */
export const LONG_GAP_MS = 60 * 60_000;

export class ResumeFindings {
  /** True once the stream saw a boundary the audit would look at. */
  needsAudit = false;
  private lastMs: number | null = null;
  private lastSequence = 0;
  private readonly gaps: Array<{ from: number; to: number; ms: number }> = [];

  constructor(private readonly ctx: ScanContext) {}

  /** A session started again at a place whose previous session never ended. */
  resumedSession(): void {
    this.needsAudit = true;
  }

  /** The next row of the log (every row, in sequence order): when it was written. */
  time(sequence: number, recordedAt: string): void {
    const ms = isoMs(recordedAt);
    if (Number.isFinite(ms)) {
      if (this.lastMs !== null) {
        const gap = ms - this.lastMs;
        if (gap >= AUDIT_GAP_MS) this.needsAudit = true;
        if (gap >= LONG_GAP_MS) this.gaps.push({ from: this.lastSequence, to: sequence, ms: gap });
      }
      this.lastMs = ms;
    }
    this.lastSequence = sequence;
  }

  finish(out: ScanFinding[]): void {
    for (const gap of this.gaps) {
      out.push(
        this.ctx.finding('long-resume-gap', 'warning', {
          message: `Nothing was written for ${duration(gap.ms)} between #${gap.from} and #${gap.to} before the run went on`,
          sequences: [gap.from, gap.to],
          hint: 'A run that stands still this long was usually dead until someone resumed it: check how crashes are noticed and resumed (the lock owner\'s process, the supervisor).',
        }),
      );
    }
  }

  /** The audit's violations as findings. */
  auditFindings(audit: ResumeAudit, out: ScanFinding[]): void {
    for (const boundary of audit.boundaries) {
      for (const item of boundary.items) {
        if (item.status !== 'violation') continue;
        const priced = item.callId === undefined ? undefined : this.ctx.callCost(item.callId);
        const cost = item.kind === 'model-reinvoked' && priced !== undefined ? priced : null;
        out.push(
          this.ctx.finding('resume-reran-committed-work', 'error', {
            message: `After the crash at #${boundary.boundarySequence}: ${item.message}${cost === null ? '' : ` (${usd(cost)})`}`,
            stepPath: item.stepPath ?? null,
            sequences: item.originalSequence === undefined ? [item.sequence] : [item.originalSequence, item.sequence],
            costUsd: cost,
            hint: 'A resume must replay committed results, not run them again: `little-inspector compare <run>` shows the replay plan at this boundary; a re-run side effect (a tool that writes) may have happened twice.',
          }),
        );
      }
    }
  }
}

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 120) return `${minutes} min`;
  const hours = ms / 3_600_000;
  return hours < 48 ? `${hours.toFixed(1)} h` : `${(hours / 24).toFixed(1)} days`;
}
