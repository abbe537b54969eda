/** The four runs the export tests render (crashed, resumed, failed, completed), by their manifest text. */
import { fixtureRun } from './fixture-manifest';

/** Fixture name → manifest text of the run. */
export const EXPORT_FIXTURES = {
  crashed: 'crashed model-call-in-flight',
  resumed: 'resumed after model-call-in-flight',
  failed: 'failed step_failed: tool.call fails terminally',
  completed: 'completed: planner prelude',
} as const;

/** The fixture names. */
export type ExportFixtureName = keyof typeof EXPORT_FIXTURES;

/** The manifest row (with `dir`) of one export fixture. */
export function exportFixture(name: ExportFixtureName) {
  return fixtureRun(EXPORT_FIXTURES[name]);
}
