/** Cumulative priced cost over time, one step per responded model call. */
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCost } from '../../format';
import { CHART, ChartFrame } from './chart-frame';
import type { CallCost, CumulativePoint } from '../../../shared/costs/cost-data';

/** Rows of the data table behind the chart (the chart itself draws every point). */
const TABLE_LIMIT = 200;

function clock(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

// Short runs need milliseconds on the axis, or every tick reads the same second.
function tickClock(spanMs: number): (ms: number) => string {
  return spanMs < 10_000 ? (ms) => new Date(ms).toISOString().slice(14, 23) : clock;
}

/** `points` may be thinned (the last is the exact total); `calls` may be the first of `callCount` priced-or-not calls. */
type Props = { points: CumulativePoint[]; unpricedCalls: number; calls: CallCost[]; callCount?: number; missingCalls: number; startMs: number | null; endMs: number | null };

/** The run's span as the x axis: $0 at the first event, the total held to the last. */
export function spanPoints(points: CumulativePoint[], startMs: number | null, endMs: number | null): CumulativePoint[] {
  if (points.length === 0) return points;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const start = startMs !== null && startMs < first.ms ? startMs : first.ms - 1000;
  const end = endMs !== null && endMs > last.ms ? endMs : last.ms + 1000;
  return [{ ms: start, cumulativeUsd: 0, callUsd: 0, model: '' }, ...points, { ...last, ms: end, callUsd: 0 }];
}

/** The area chart, or an honest empty state when no call could be priced. */
export function CumulativeChart({ points, unpricedCalls, calls, callCount = calls.length, missingCalls, startMs, endMs }: Props) {
  const total = points[points.length - 1]?.cumulativeUsd ?? null;
  const drawn = spanPoints(points, startMs, endMs);
  const spanMs = drawn.length > 0 ? drawn[drawn.length - 1]!.ms - drawn[0]!.ms : 0;
  const summary = total === null
    ? 'no priced model call'
    : `${callCount - unpricedCalls} priced calls from ${clock(points[0]!.ms)} to ${clock(points[points.length - 1]!.ms)} UTC, reaching ${formatCost(total)}`;
  const note = (
    <>
      {unpricedCalls > 0 && <span className="unpriced-note">{unpricedCalls} unpriced call{unpricedCalls === 1 ? '' : 's'} excluded (no known price; not counted as $0). </span>}
      {missingCalls > 0 && <span>{missingCalls} model call{missingCalls === 1 ? '' : 's'} without a harness turn time (e.g. <code>ModelCallCompleted</code>) are in the totals but not on this time axis.</span>}
    </>
  );
  return (
    <ChartFrame
      title="Cumulative cost over time"
      summary={summary}
      height={180}
      note={note}
      table={
        <table className="data-table">
          <thead><tr><th>responded (UTC)</th><th>model</th><th>step</th><th className="num">call cost</th></tr></thead>
          <tbody>
            {calls.slice(0, TABLE_LIMIT).map((c, i) => (
              <tr key={i}><td className="mono">{c.respondedAt}</td><td className="mono">{c.model}</td><td className="mono">{c.stepPath ?? '—'}</td><td className="num">{formatCost(c.priced.costUsd)}</td></tr>
            ))}
          </tbody>
          {callCount > Math.min(calls.length, TABLE_LIMIT) && <caption className="muted">first {Math.min(calls.length, TABLE_LIMIT)} of {callCount} calls</caption>}
        </table>
      }
    >
      {points.length === 0 ? (
        <p className="empty chart-empty">No priced model call to draw{unpricedCalls > 0 ? ': every call is unpriced (n/a)' : ''}.</p>
      ) : (
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={drawn} margin={{ top: 8, right: 28, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHART.grid} vertical={false} />
            <XAxis dataKey="ms" type="number" scale="time" domain={['dataMin', 'dataMax']} tick={CHART.axis} stroke={CHART.grid} tickFormatter={tickClock(spanMs)} />
            <YAxis tick={CHART.axis} stroke={CHART.grid} width={70} tickFormatter={(v: number) => `$${v.toPrecision(2)}`} />
            <Tooltip contentStyle={CHART.tooltip} labelFormatter={(v) => `${clock(Number(v))} UTC`} formatter={(v) => [formatCost(Number(v)), 'cumulative']} />
            <Area type="stepAfter" dataKey="cumulativeUsd" stroke={CHART.cost} fill={CHART.cost} fillOpacity={0.25} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      )}
    </ChartFrame>
  );
}
