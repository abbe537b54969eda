/** Per-step charts: cost (unpriced steps hatched and labelled n/a, never a 0 bar) and tokens by kind. */
import { Bar, BarChart, CartesianGrid, LabelList, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCostFacts, formatCount } from '../../format';
import { CHART, ChartFrame, HATCH_ID } from './chart-frame';
import { CHART_STEP_LIMIT, topBy, type StepCostDatum } from '../../../shared/costs/cost-data';
const BAR = 20;

function heightFor(rows: number): number {
  return Math.max(120, rows * BAR + 50);
}

function costLabel(d: StepCostDatum): string {
  return formatCostFacts(d);
}

/**
 * Cost per step (horizontal bars, top steps by cost, unpriced ones always included). `data`
 * is the top rows main picked; `total` and `excludedCalls` count all steps (main counts them).
 */
export function StepCostChart({ data, total, excludedCalls }: { data: StepCostDatum[]; total: number; excludedCalls: number }) {
  const unpriced = data.filter((d) => d.costUsd === null);
  const priced = topBy(data.filter((d) => d.costUsd !== null), (d) => d.costUsd ?? 0, Math.max(0, CHART_STEP_LIMIT - unpriced.length));
  const max = Math.max(0, ...priced.map((d) => d.costUsd ?? 0));
  const domainMax = max > 0 ? max : 1;
  // Unpriced rows get a hatched band across the whole axis (stacked on a null cost), so the
  // row is visibly "unknown" rather than a bar of some length, and never a 0-length bar.
  const rows = [...priced, ...unpriced.slice(0, CHART_STEP_LIMIT)].map((d) => ({ ...d, label: costLabel(d), pricedLabel: d.costUsd === null ? undefined : costLabel(d), naLabel: d.costUsd === null ? costLabel(d) : undefined, naBand: d.costUsd === null ? domainMax : null }));
  const summary = rows.map((d) => `${d.stepPath} ${d.label}`).join('; ');
  return (
    <ChartFrame
      title="Cost per step"
      summary={summary || 'no model calls'}
      height={heightFor(rows.length)}
      note={
        <>
          {total > rows.length && <span>Top {rows.length} of {total.toLocaleString('en-US')} steps with model calls (all are in the report table). </span>}
          {excludedCalls > 0 && <span className="unpriced-note"><span className="hatch-swatch" aria-hidden="true" /> {excludedCalls} unpriced call{excludedCalls === 1 ? '' : 's'} excluded: hatched rows have no known cost, not $0.</span>}
        </>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 150, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke={CHART.grid} />
          <XAxis type="number" domain={[0, domainMax]} tick={max > 0 ? CHART.axis : false} stroke={CHART.grid} tickFormatter={(v: number) => `$${v.toPrecision(2)}`} />
          <YAxis type="category" dataKey="stepPath" width={150} tick={CHART.axis} stroke={CHART.grid} interval={0} />
          <Tooltip
            cursor={{ fill: 'var(--bg-alt)' }}
            content={({ active, payload }) => {
              const d = payload?.[0]?.payload as (StepCostDatum & { label: string }) | undefined;
              return active && d ? <div className="chart-tip"><span className="mono">{d.stepPath}</span>: {d.label}</div> : null;
            }}
          />
          <Bar dataKey="costUsd" className="cost-bar" stackId="cost" fill={CHART.cost} isAnimationActive={false} barSize={14}>
            <LabelList dataKey="pricedLabel" position="right" className="bar-label" />
          </Bar>
          <Bar dataKey="naBand" className="na-band" stackId="cost" fill={`url(#${HATCH_ID})`} isAnimationActive={false} barSize={14}>
            <LabelList dataKey="naLabel" position="right" className="bar-label" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

const KINDS = [
  { key: 'uncachedInput', name: 'input (uncached)', color: 'var(--tok-uncached)' },
  { key: 'cachedInput', name: 'input (cached)', color: 'var(--tok-cached)' },
  { key: 'outputNonReasoning', name: 'output (non-reasoning)', color: 'var(--tok-output)' },
  { key: 'reasoning', name: 'reasoning (part of output)', color: 'var(--tok-reasoning)' },
] as const;

/** Tokens per step stacked by kind; the four kinds partition input + output exactly. `total` counts all steps with calls. */
export function StepTokensChart({ data, total }: { data: StepCostDatum[]; total: number }) {
  const rows = topBy(data, (d) => d.totalTokens, CHART_STEP_LIMIT);
  const summary = rows.map((d) => `${d.stepPath}: ${KINDS.map((k) => `${formatCount(d[k.key])} ${k.name}`).join(', ')}`).join('; ');
  return (
    <ChartFrame
      title="Tokens per step by kind"
      summary={summary || 'no model calls'}
      height={heightFor(rows.length) + 24}
      note={<span>Reasoning tokens are a subset of output: output is drawn as non-reasoning + reasoning, and cached input as a part of input, so nothing is counted twice.{total > rows.length ? ` Top ${rows.length} of ${total.toLocaleString('en-US')} steps by tokens.` : ''}</span>}
      table={
        <table className="data-table">
          <thead><tr><th>step</th>{KINDS.map((k) => <th key={k.key} className="num">{k.name}</th>)}</tr></thead>
          <tbody>{rows.map((d) => <tr key={d.stepPath}><td className="mono">{d.stepPath}</td>{KINDS.map((k) => <td key={k.key} className="num">{formatCount(d[k.key])}</td>)}</tr>)}</tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke={CHART.grid} />
          <XAxis type="number" tick={CHART.axis} stroke={CHART.grid} tickFormatter={(v: number) => formatCount(v)} />
          <YAxis type="category" dataKey="stepPath" width={150} tick={CHART.axis} stroke={CHART.grid} interval={0} />
          <Tooltip contentStyle={CHART.tooltip} cursor={{ fill: 'var(--bg-alt)' }} formatter={(v) => formatCount(Number(v))} />
          <Legend itemSorter={null} wrapperStyle={{ fontSize: 11 }} formatter={(value: string) => <span className="legend-text">{value}</span>} />
          {KINDS.map((k) => <Bar key={k.key} dataKey={k.key} name={k.name} stackId="tokens" fill={k.color} isAnimationActive={false} barSize={14} />)}
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
