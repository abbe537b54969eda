// The app bench's report: each figure the median of its rounds, the overview's rounds listed.
import { describe, expect, it } from 'vitest';
import { APP_GOALS, formatAppBench, medianTiming } from '../../e2e/perf/app-bench';
import type { OpenTiming } from '../../e2e/perf/app-open';

const open = (overviewMs: number, rssSettledMB: number): OpenTiming => ({
  headerMs: overviewMs / 4,
  overviewMs,
  findingsMs: overviewMs * 3,
  stepsFirstRowsMs: 80,
  stepsEndRowsMs: 90,
  eventsFirstRowsMs: 70,
  eventsEndRowsMs: 60,
  rssSettledMB,
  rssPeakMB: rssSettledMB * 2,
});

describe('app bench report', () => {
  it('takes each figure as the median of its rounds, field by field', () => {
    const rounds = [open(2600, 250), open(2100, 290), open(2300, 260)];
    expect(medianTiming(rounds)).toEqual({ ...open(2300, 260), rssSettledMB: 260, rssPeakMB: 520 });
    // Fields are not taken from one round: the median RSS comes from another round than the median overview.
    expect(medianTiming([open(2600, 250), open(2100, 290), open(2300, 300)]).rssSettledMB).toBe(290);
  });

  it('judges the median against the goal and lists every round of the overview', () => {
    const rounds = [open(2600, 250), open(2100, 290), open(2300, 260)];
    const lines = formatAppBench({ rows: [{ label: '200k cold', events: 200_000, timing: medianTiming(rounds), rounds }], goals: APP_GOALS });
    expect(lines.find((line) => line.includes('overview'))).toBe('    overview        2.30 s  (goal < 2.50 s: met), median of 3: 2.60 s, 2.10 s, 2.30 s');
    const missed = [open(2600, 250), open(2550, 290), open(2300, 260)];
    const missedLines = formatAppBench({ rows: [{ label: '200k cold', events: 200_000, timing: medianTiming(missed), rounds: missed }], goals: APP_GOALS });
    expect(missedLines.find((line) => line.includes('overview'))).toContain('2.55 s  (goal < 2.50 s: MISSED)');
  });

  it("shows the machine's bare read of the run (median of its rounds) and the overview as a multiple of it", () => {
    const rounds = [open(2600, 250), open(2100, 290), open(2300, 260)];
    const lines = formatAppBench({ rows: [{ label: '200k cold', events: 200_000, timing: medianTiming(rounds), rounds, bareMs: [1500, 1700, 1600] }], goals: APP_GOALS });
    expect(lines.find((line) => line.includes('machine'))).toBe('    machine         bare SELECT + JSON.parse of its rows 1.60 s (a whole process, median of 3): overview 1.44x that');
    // Without a bare read (the big run, or no built CLI) there is no such line.
    expect(formatAppBench({ rows: [{ label: 'big cold', events: 1_000_000, timing: medianTiming(rounds), rounds }], goals: APP_GOALS }).some((line) => line.includes('machine'))).toBe(false);
  });

  it('refuses a median of no rounds', () => {
    expect(() => medianTiming([])).toThrow(/no rounds/);
  });
});
