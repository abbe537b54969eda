/** Everything the run view can ask of a run model (head, timeline head, every list in full, costs, report text). */
import { buildRunDetail } from '../../shared/run/build-run-detail';
import { createRunModel, prepareRunModel } from '../../shared/run/run-model';

/** Build the model for `input` and ask it everything, at `now`. */
export function servedModel(input: Parameters<typeof buildRunDetail>[0], now: Date) {
  const model = createRunModel(prepareRunModel(buildRunDetail(input), input.table, now));
  const all = (section: 'steps' | 'timeline' | 'turns' | 'report' | 'skipped') =>
    model.slice(section === 'timeline' ? { section, from: 0, count: 1e6, fold: { allCollapsed: false, ids: [] } } : { section, from: 0, count: 1e6 });
  return { head: model.head(), timelineHead: model.timeline(), steps: all('steps'), timeline: all('timeline'), turns: all('turns'), report: all('report'), skipped: all('skipped'), costs: model.costs(), text: model.reportText() };
}
