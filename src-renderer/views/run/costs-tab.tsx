/**
 * The run view's costs tab: per-step cost and tokens, cumulative cost over time, cost per
 * model, the `little report` table (copyable as the CLI's text) and the price table used.
 * Unpriced calls are never drawn as zero: they are hatched, labelled n/a and counted.
 */
import { useMemo } from 'react';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { HatchDefs } from '../costs/chart-frame';
import { costByModel, cumulativeCost, pricedTurns, stepCostData } from '../costs/cost-data';
import { CumulativeChart } from '../costs/cumulative-chart';
import { ModelCosts } from '../costs/model-costs';
import { PriceTableNote } from '../costs/price-table-note';
import { ReportTable } from '../costs/report-table';
import { StepCostChart, StepTokensChart } from '../costs/step-charts';
import type { TabProps } from './tab-props';
import '../costs/costs.css';

function timeOf(iso: string | null): number | null {
  const ms = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** The costs tab. */
export function CostsTab({ detail }: TabProps) {
  const report = detail.report;
  const steps = useMemo(() => (report ? stepCostData(report) : []), [report]);
  const calls = useMemo(() => pricedTurns(detail.harness.modelTurns, BUNDLED_PRICE_TABLE), [detail.harness.modelTurns]);
  const cumulative = useMemo(() => cumulativeCost(calls), [calls]);
  const models = useMemo(() => costByModel(calls), [calls]);
  const bundled = detail.pricing.source === 'bundled';
  const totalCalls = detail.state.usage.pricedCalls + detail.state.usage.unpricedCalls;

  if (report === null) {
    return (
      <div role="alert" className="error">
        No cost report for this run: {detail.reportError ?? 'the report could not be built'}.
      </div>
    );
  }
  if (totalCalls === 0) {
    return (
      <div className="costs-tab">
        <p className="empty">This run recorded no model calls: nothing was spent ($0 measured).</p>
        <ReportTable report={report} />
      </div>
    );
  }
  return (
    <div className="costs-tab">
      <HatchDefs />
      <div className="costs-charts">
        <StepCostChart data={steps} />
        {bundled ? (
          <CumulativeChart points={cumulative.points} unpricedCalls={cumulative.unpricedCalls} calls={calls} missingCalls={Math.max(0, totalCalls - calls.length)} startMs={timeOf(detail.firstRecordedAt)} endMs={timeOf(detail.lastRecordedAt)} />
        ) : (
          <p className="muted chart-note">The cumulative and per-model views price each call in the app with the bundled table; they are hidden while your own table is in use.</p>
        )}
        <StepTokensChart data={steps} />
        {bundled && <ModelCosts models={models} />}
      </div>
      <div className="costs-side">
        <ReportTable report={report} />
        <PriceTableNote pricing={detail.pricing} models={models} />
      </div>
    </div>
  );
}
