/** "Chart this": a query result's x and y columns (numeric y only) as a recharts bar or line chart. */
import { useMemo, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FleetSqlAnswer } from '../../../shared/fleet/fleet-sql-types';
import { CHART } from '../costs/chart-frame';

export function SqlChart({ answer }: { answer: FleetSqlAnswer }) {
  const numeric = useMemo(() => answer.columns.map((_, i) => answer.rows.some((r) => typeof r[i] === 'number')), [answer]);
  const [x, setX] = useState(0);
  const [y, setY] = useState(() => Math.max(0, numeric.findIndex((n, i) => n && i > 0)));
  const [kind, setKind] = useState<'bar' | 'line'>('bar');
  // Only rows whose y is a number: a NULL (an unknown cost) is left out, never drawn as 0.
  const data = useMemo(() => answer.rows.filter((r) => typeof r[y] === 'number').slice(0, 2000).map((r) => ({ x: String(r[x] ?? 'NULL'), y: r[y] as number })), [answer, x, y]);
  const left = answer.rows.length - data.length;
  const pick = (label: string, value: number, set: (n: number) => void, only?: boolean[]) => (
    <label>
      {label}{' '}
      <select aria-label={`${label} column`} value={value} onChange={(e) => set(Number(e.target.value))}>
        {answer.columns.map((c, i) => (only === undefined || only[i] ? <option key={i} value={i}>{c}</option> : null))}
      </select>
    </label>
  );
  return (
    <figure className="chart sql-chart" data-testid="sql-chart">
      <div className="sql-chart-controls">
        {pick('x', x, setX)} {pick('y', y, setY, numeric)}
        <label>as <select aria-label="chart kind" value={kind} onChange={(e) => setKind(e.target.value as 'bar' | 'line')}><option value="bar">bars</option><option value="line">line</option></select></label>
        {left > 0 && <span className="muted">{left} row{left === 1 ? '' : 's'} without a number in {answer.columns[y]} left out</span>}
      </div>
      <div className="chart-canvas" style={{ height: 260 }} role="img" aria-label={`${answer.columns[y]} by ${answer.columns[x]}`}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'bar' ? (
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={CHART.grid} />
              <XAxis dataKey="x" tick={CHART.axis} stroke={CHART.grid} />
              <YAxis tick={CHART.axis} stroke={CHART.grid} />
              <Tooltip contentStyle={CHART.tooltip} />
              <Bar dataKey="y" name={answer.columns[y]} fill={CHART.cost} isAnimationActive={false} />
            </BarChart>
          ) : (
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={CHART.grid} />
              <XAxis dataKey="x" tick={CHART.axis} stroke={CHART.grid} />
              <YAxis tick={CHART.axis} stroke={CHART.grid} />
              <Tooltip contentStyle={CHART.tooltip} />
              <Line dataKey="y" name={answer.columns[y]} stroke={CHART.cost} dot={false} isAnimationActive={false} />
            </LineChart>
          )}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
