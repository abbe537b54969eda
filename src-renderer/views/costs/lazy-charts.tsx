/**
 * The cost charts, loaded when the costs tab first draws them. recharts and the d3 helpers it
 * pulls in were about half of the renderer's code (~1.1 MB of 2.3 MB before minifying), and the
 * page a deep link opens (the overview) draws no chart: without them the browser has less to
 * parse and run on a fresh load, while the run's fold competes for the same cores.
 */
import { lazy, type ComponentType } from 'react';

/** A chart whose code could not be loaded says so where it would have been drawn (the tab stays usable). */
function unloaded(error: unknown): ComponentType<never> {
  const message = error instanceof Error ? error.message : String(error);
  return function ChartNotLoaded() {
    return (
      <p className="error" role="alert">
        The chart's code could not be loaded: {message}
      </p>
    );
  };
}

/** `pick` of the module `load` imports, as a lazy component. */
function lazyChart<P extends object, M>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(() => load().then((module) => ({ default: pick(module) }), (error: unknown) => ({ default: unloaded(error) as ComponentType<P> })));
}

const stepCharts = () => import('./step-charts');
const cumulativeChart = () => import('./cumulative-chart');

export const StepCostChart = lazyChart(stepCharts, (m) => m.StepCostChart);
export const StepTokensChart = lazyChart(stepCharts, (m) => m.StepTokensChart);
export const CumulativeChart = lazyChart(cumulativeChart, (m) => m.CumulativeChart);
