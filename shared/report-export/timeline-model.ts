/**
 * The step timeline of the report, from the step attempts: one row per step, one bar per
 * attempt, open-ended bars for attempts still running when the log stops, and the silent
 * stretches before each resume as breaks.
 */
import type { ResumeMarker } from '../fold/harness/harness-types';
import type { StepDetail } from '../run/run-detail-types';
import { formatDuration, parseTime } from './report-time';
import type { TimelineBreak, TimelineModel, TimelineRow } from './report-document-types';

/** What the timeline is built from (a subset of RunDetail). */
export type TimelineInput = {
  steps: readonly Pick<StepDetail, 'stepPath' | 'status' | 'attempts'>[];
  resumes: readonly ResumeMarker[];
  runStartedAt?: string | null;
  runFinishedAt?: string | null;
  firstRecordedAt: string | null;
  lastRecordedAt: string | null;
};

/** Build the timeline model; times are ms after the earliest known instant of the run. */
export function buildTimeline(input: TimelineInput): TimelineModel {
  const starts = [input.firstRecordedAt, input.runStartedAt, ...input.steps.flatMap((s) => s.attempts.map((a) => a.startedAt))];
  const origin = minTime(starts);
  if (origin === null) return { origin: null, endMs: 0, rows: input.steps.map((s) => ({ stepPath: s.stepPath, label: s.stepPath, depth: 0, status: s.status, bars: [] })), breaks: [] };
  const ends = [input.lastRecordedAt, input.runFinishedAt, ...input.steps.flatMap((s) => s.attempts.flatMap((a) => [a.startedAt, a.finishedAt]))];
  const endMs = Math.max(0, (maxTime(ends) ?? origin) - origin);
  const rows: TimelineRow[] = input.steps.map((step) => ({
    stepPath: step.stepPath,
    label: step.stepPath,
    depth: 0,
    status: step.status,
    bars: step.attempts.flatMap((attempt) => {
      const start = parseTime(attempt.startedAt);
      if (start === null) return [];
      const finish = parseTime(attempt.finishedAt);
      const open = finish === null;
      return [{ attemptId: attempt.attemptId, status: attempt.status, startMs: start - origin, endMs: open ? endMs : Math.max(start, finish) - origin, open }];
    }),
  }));
  return { origin: new Date(origin).toISOString(), endMs, rows, breaks: resumeBreaks(input.resumes, origin, endMs) };
}

/** The gap before each resume (merged when they overlap), clamped to the timeline. */
function resumeBreaks(resumes: readonly ResumeMarker[], origin: number, endMs: number): TimelineBreak[] {
  const gaps = resumes
    .map((r) => ({ from: parseTime(r.previousEventAt), to: parseTime(r.recordedAt) }))
    .filter((g): g is { from: number; to: number } => g.from !== null && g.to !== null && g.to > g.from)
    .map((g) => ({ startMs: Math.max(0, g.from - origin), endMs: Math.min(endMs, g.to - origin) }))
    .filter((g) => g.endMs > g.startMs)
    .sort((a, b) => a.startMs - b.startMs);
  const merged: { startMs: number; endMs: number }[] = [];
  for (const gap of gaps) {
    const last = merged.at(-1);
    if (last !== undefined && gap.startMs <= last.endMs) last.endMs = Math.max(last.endMs, gap.endMs);
    else merged.push({ ...gap });
  }
  return merged.map((g) => ({ ...g, gapMs: g.endMs - g.startMs, label: `resumed after ${formatDuration(g.endMs - g.startMs)}` }));
}

function minTime(values: readonly (string | null | undefined)[]): number | null {
  let best: number | null = null;
  for (const v of values) {
    const ms = parseTime(v);
    if (ms !== null && (best === null || ms < best)) best = ms;
  }
  return best;
}

function maxTime(values: readonly (string | null | undefined)[]): number | null {
  let best: number | null = null;
  for (const v of values) {
    const ms = parseTime(v);
    if (ms !== null && (best === null || ms > best)) best = ms;
  }
  return best;
}
