/**
 * The Fleet view's charts (recharts, loaded with the view): runs by status, and cost, tokens and
 * runs by workflow version, model and day. Every bar is a link to the runs it counts where the
 * run list can filter them (fleet-links.ts); a cost bar of unpriced calls only is labelled
 * unknown, never drawn as 0.
 */
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FleetGroup, FleetGrouping, FleetView } from '../../../shared/fleet/fleet-summary-types';
import { CHART, ChartFrame } from '../costs/chart-frame';
import { costText, groupHref, statusHref } from './fleet-links';

const STATUS_ORDER = ['completed', 'failed', 'running', 'pending'] as const;

type Datum = { key: string; value: number; label: string; href: string | null; axis?: string };

// A bar of no length gets no label from recharts: its figure (0 runs, an unknown cost) goes beside its name instead.
const withAxis = (data: Datum[]): Datum[] => data.map((d) => ({ ...d, axis: d.value > 0 ? d.key : `${d.key} · ${d.label}` }));

function BarsChart({ title, data, testId }: { title: string; data: Datum[]; testId: string }) {
  const rows = withAxis(data);
  const height = Math.max(120, data.length * 24 + 40);
  return (
    <div data-testid={testId}>
      <ChartFrame
        title={title}
        summary={data.map((d) => `${d.key}: ${d.label}`).join('; ') || 'nothing'}
        height={height}
        table={
          <table className="fleet-table">
            <tbody>
              {data.map((d) => (
                <tr key={d.key}>
                  <td className="mono">{d.href ? <a href={d.href}>{d.key}</a> : d.key}</td>
                  <td>{d.label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 170, bottom: 4, left: 4 }} accessibilityLayer={false}>
            <CartesianGrid horizontal={false} stroke={CHART.grid} />
            <XAxis type="number" tick={CHART.axis} stroke={CHART.grid} />
            <YAxis type="category" dataKey="axis" width={230} tick={CHART.axis} stroke={CHART.grid} interval={0} />
            <Tooltip cursor={{ fill: 'var(--bg-alt)' }} contentStyle={CHART.tooltip} formatter={(_v, _n, item) => [(item.payload as Datum).label, '']} />
            <Bar
              dataKey="value"
              fill={CHART.cost}
              isAnimationActive={false}
              barSize={14}
              cursor="pointer"
              onClick={(entry: unknown) => {
                const href = (entry as { payload?: Datum }).payload?.href;
                if (href) window.location.hash = href;
              }}
            >
              <LabelList dataKey="label" position="right" className="bar-label" />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </div>
  );
}

/** Runs by status (crashed runs as a bar of their own: the run list shows them apart). */
export function StatusChart({ view }: { view: FleetView }) {
  const data: Datum[] = [
    ...STATUS_ORDER.map((s) => ({ key: s, value: view.byStatus[s], label: String(view.byStatus[s]), href: statusHref(s) })),
    { key: 'crashed', value: view.crashed, label: `${view.crashed} (of the above)`, href: statusHref('crashed') },
  ];
  return <BarsChart title="Runs by status" data={data} testId="fleet-status-chart" />;
}

const groupDatum = (by: FleetGrouping, g: FleetGroup, value: number, label: string): Datum => ({ key: g.key, value, label, href: groupHref(by, g.key) });

/** Cost of each group: priced cost as the bar; unknown cost labelled, its bar empty. */
export function GroupCostChart({ view, by, title }: { view: FleetView; by: FleetGrouping; title: string }) {
  const data = view.groupsBy[by].map((g) => groupDatum(by, g, g.costUsd ?? 0, costText(g.costUsd, g.unpricedCalls)));
  return <BarsChart title={title} data={data} testId={`fleet-cost-${by}`} />;
}

/** Runs of each group, with their failed and crashed share. */
export function GroupRunsChart({ view, by, title }: { view: FleetView; by: FleetGrouping; title: string }) {
  const data = view.groupsBy[by].map((g) => groupDatum(by, g, g.runs, `${g.runs} runs · ${g.byStatus.failed} failed · ${g.crashed} crashed`));
  return <BarsChart title={title} data={data} testId={`fleet-runs-${by}`} />;
}

/** Tokens (input + output) of each group. */
export function GroupTokensChart({ view, by, title }: { view: FleetView; by: FleetGrouping; title: string }) {
  const data = view.groupsBy[by].map((g) => groupDatum(by, g, g.inputTokens + g.outputTokens, `${g.inputTokens.toLocaleString('en-US')} in · ${g.outputTokens.toLocaleString('en-US')} out`));
  return <BarsChart title={title} data={data} testId={`fleet-tokens-${by}`} />;
}
