/**
 * Fixture generator: `npm run fixtures [-- <outRoot>]` (default `examples/`).
 *
 * Writes `<outRoot>/demo/` (the app's default view) and `<outRoot>/fixtures/<group>/.little-workflow`
 * data dirs for tests, plus `<outRoot>/fixtures/manifest.json` listing every run (path, runId,
 * what it shows, expected folded status, crashed). Deletes and regenerates only those two folders.
 * Deterministic: same rows on every run (fixed clock, seeded ids), except the wal-killed lock pid.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import {
  writeBrokenScenario,
  writeCleanScenario,
  writeCompletedScenario,
  writeCrashedScenario,
  writeDemo,
  writeFailedScenario,
  harnessScenarioSessions,
  writeHarnessScenario,
  writeHarnessLinkedSession,
  writeHarnessSessionsScenario,
  writeJobScenario,
  writeLargeOutputScenario,
  writeOrchestratedScenario,
  writeOuterLoopScenario,
  writePricingScenario,
  writeRedactionScenario,
  writeResumedScenario,
  writeStepsScenario,
  writeWalKilledScenario,
  type ScenarioRun,
} from './fixtures/scenarios';
import { writeLoopctlScenario } from './fixtures/loopctl/loopctl-scenario';

export { writeLargeRun } from './fixtures/scenarios/large-run';

/** Sync scenario groups: folder name under `fixtures/` → writer of its data dir. */
export const SCENARIO_GROUPS: Record<string, (dataDir: string) => ScenarioRun[]> = {
  completed: writeCompletedScenario,
  failed: writeFailedScenario,
  crashed: writeCrashedScenario,
  resumed: writeResumedScenario,
  steps: writeStepsScenario,
  orchestrated: writeOrchestratedScenario,
  'outer-loop': writeOuterLoopScenario,
  pricing: writePricingScenario,
  'large-output': writeLargeOutputScenario,
  broken: writeBrokenScenario,
  clean: writeCleanScenario,
  redaction: writeRedactionScenario,
  job: writeJobScenario,
};

/** One manifest row: data dir relative to the output root. */
export type ManifestRow = ScenarioRun & { group: string };

/** Regenerate `<outRoot>/demo` and `<outRoot>/fixtures`; returns the manifest rows. */
export async function generateFixtures(outRoot = 'examples'): Promise<ManifestRow[]> {
  const root = resolve(outRoot);
  const demo = join(root, 'demo');
  const fixtures = join(root, 'fixtures');
  rmSync(demo, { recursive: true, force: true });
  rmSync(fixtures, { recursive: true, force: true });
  mkdirSync(fixtures, { recursive: true });
  const rows: ManifestRow[] = [];
  const add = (group: string, runs: ScenarioRun[]) => rows.push(...runs.map((r) => ({ ...r, group, dataDir: relative(root, r.dataDir) })));
  add('demo', writeDemo(demo));
  for (const [group, write] of Object.entries(SCENARIO_GROUPS)) add(group, write(join(fixtures, group, '.little-workflow')));
  const harnessRoot = join(fixtures, 'harness', '.little-harness');
  add('harness', writeHarnessScenario(harnessRoot));
  add('wal-killed', await writeWalKilledScenario(join(fixtures, 'wal-killed', '.little-workflow')));
  add('loopctl', writeLoopctlScenario(join(fixtures, 'loopctl')));
  // Harness sessions are not runs of a data dir: they get their own list (readers of `runs` open each row as a run).
  const harnessSessions = join(fixtures, 'sessions', '.little-harness');
  const linked = writeHarnessLinkedSession(harnessSessions);
  // The workflow-tool run inside sess_workflow's world is a run like any other.
  add('sessions', linked.runs);
  // Every session under fixtures/ (each is a row of `runs` too): the harness tree's and the sessions group's.
  const sessions = [...harnessScenarioSessions(harnessRoot), ...writeHarnessSessionsScenario(harnessSessions), linked.session].map((s) => ({
    ...s,
    harnessRoot: relative(root, s.harnessRoot),
    group: s.harnessRoot === harnessRoot ? 'harness' : 'sessions',
  }));
  writeFileSync(join(fixtures, 'manifest.json'), `${JSON.stringify({ generator: 'scripts/generate-fixtures.ts', runs: rows, sessions }, null, 2)}\n`);
  return rows;
}

if (process.argv[1] !== undefined && /generate-fixtures\.ts$/.test(process.argv[1])) {
  const started = Date.now();
  generateFixtures(process.argv[2] ?? 'examples').then(
    (rows) => console.log(`wrote ${rows.length} runs in ${Date.now() - started} ms`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
