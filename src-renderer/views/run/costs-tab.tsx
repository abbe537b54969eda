/**
 * The run view's costs tab: per-step cost and tokens, cumulative cost over time, cost per
 * model, the `little report` table (copyable as the CLI's text) and the price table used.
 * Unpriced calls are never drawn as zero: they are hatched, labelled n/a and counted. The
 * charts' data is aggregated in main (`run.costs`); report rows come by window.
 */
import { Suspense } from 'react';
import { formatCost } from '../../format';
import { useRunCosts } from '../../stores/run-pieces';
import { HatchDefs } from '../costs/chart-frame';
import { CumulativeChart, StepCostChart, StepTokensChart } from '../costs/lazy-charts';
import { ModelCosts } from '../costs/model-costs';
import { PriceTableNote } from '../costs/price-table-note';
import { ReportTable } from '../costs/report-table';
import type { TabProps } from './tab-props';
import { boundaryInFlightCalls } from '../../../shared/fold/crash/in-flight-calls';
import '../costs/costs.css';

function timeOf(iso: string | null): number | null {
  const ms = iso === null ? NaN : Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** The costs tab. */
export function CostsTab({ detail }: TabProps) {
  const { report, ref } = detail;
  const totalCalls = detail.state.usage.pricedCalls + detail.state.usage.unpricedCalls;
  const costs = useRunCosts(ref, detail.build, report !== null && totalCalls > 0);

  if (report === null) {
    return (
      <div role="alert" className="error">
        No cost report for this run: {detail.reportError ?? 'the report could not be built'}.
      </div>
    );
  }
  if (totalCalls === 0) {
    const inFlight = boundaryInFlightCalls(detail);
    return (
      <div className="costs-tab">
        {inFlight > 0 ? (
          <p className="empty" data-testid="costs-in-flight">
            Cost unknown: the log ends inside {inFlight === 1 ? 'a model call' : `${inFlight.toLocaleString('en-US')} model calls`} (in flight, see Turns &amp; tools), and no call was answered. What{' '}
            {inFlight === 1 ? 'it' : 'they'} cost was never recorded: not $0.
          </p>
        ) : (
          <p className="empty">This run recorded no model calls: nothing was spent ({formatCost(0)} measured).</p>
        )}
        <ReportTable detail={detail} report={report} />
      </div>
    );
  }
  const model = costs.phase === 'ready' ? costs.value : null;
  return (
    <div className="costs-tab">
      <HatchDefs />
      <div className="costs-charts">
        {costs.phase === 'error' ? (
          <p className="error" role="alert">The charts could not be built: {costs.error.message}</p>
        ) : model === null ? (
          <p className="loading" role="status">Adding up {totalCalls.toLocaleString('en-US')} model calls…</p>
        ) : (
          <>
            <Suspense fallback={<p className="loading" role="status">Loading the charts…</p>}>
              <StepCostChart data={model.stepCosts} total={model.stepsWithCalls} excludedCalls={model.unpricedStepCalls} />
              <CumulativeChart
                points={model.points}
                unpricedCalls={model.unpricedCalls}
                calls={model.firstCalls}
                callCount={model.callCount}
                missingCalls={Math.max(0, totalCalls - model.callCount)}
                startMs={timeOf(detail.firstRecordedAt)}
                endMs={timeOf(detail.lastRecordedAt)}
              />
              <StepTokensChart data={model.stepTokens} total={model.stepsWithCalls} />
            </Suspense>
            <ModelCosts models={model.models} />
          </>
        )}
      </div>
      <div className="costs-side">
        <ReportTable detail={detail} report={report} />
        <PriceTableNote pricing={detail.pricing} models={model?.models ?? []} />
      </div>
    </div>
  );
}
