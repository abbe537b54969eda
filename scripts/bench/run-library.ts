/**
 * A data dir of many small runs for the run-list benchmark, written with the fixture
 * writer library in one transaction: mostly completed, some failed, some without a
 * terminal event (half of those with a dead-owner lock), a few with priced model calls.
 */
import {
  completeRun,
  failRun,
  openWorld,
  planWorkerStep,
  seededRunId,
  startRun,
  writeStepOutput,
  writeWorkerStep,
  writeWorkflowVersion,
  type RegisteredVersion,
  type RunWriter,
} from '../fixtures/writer';
import { GPT_4O_MINI } from '../fixtures/scenarios/models';
import { FETCH, fetchSummarize, SUMMARIZE } from '../fixtures/scenarios/workflows';

/** What kind of run the i-th run of the library is. */
export type LibraryRunKind = 'completed' | 'failed' | 'open';

/** How many runs of each kind were written, and how many carry model calls. */
export type RunLibraryMix = Record<LibraryRunKind, number> & { withModelCalls: number; events: number };

/** The shape of run `index`: 80% completed, 10% failed, 10% open; every 25th uses a model. */
export function libraryRunShape(index: number): { kind: LibraryRunKind; model: boolean } {
  const slot = index % 20;
  const kind: LibraryRunKind = slot < 16 ? 'completed' : slot < 18 ? 'failed' : 'open';
  return { kind, model: index % 25 === 3 };
}

/** Write `runs` runs into the data dir `dataDir` (created if needed); returns the mix. */
export function writeRunLibrary(dataDir: string, runs: number): RunLibraryMix {
  const world = openWorld(dataDir);
  const mix: RunLibraryMix = { completed: 0, failed: 0, open: 0, withModelCalls: 0, events: 0 };
  try {
    const input = { url: 'https://example.com/bench' };
    const version = writeWorkflowVersion(dataDir, fetchSummarize('bench-library'), input, 'bench-library');
    world.store.transaction(() => {
      for (let index = 0; index < runs; index += 1) {
        const shape = libraryRunShape(index);
        const run = world.run(seededRunId(`bench-library/${index}`));
        writeLibraryRun(run, version, index, shape.kind, shape.model);
        mix[shape.kind] += 1;
        if (shape.model) mix.withModelCalls += 1;
        mix.events += run.written.length;
      }
    });
  } finally {
    world.close();
  }
  return mix;
}

function writeLibraryRun(run: RunWriter, version: RegisteredVersion, index: number, kind: LibraryRunKind, model: boolean): void {
  startRun(run, version, { input: { url: `https://example.com/${index}` }, label: `bench ${index}`, tags: ['bench', kind] });
  const step = model ? SUMMARIZE : FETCH;
  const failure = kind === 'failed' ? { name: 'StepFailedError', message: 'upstream 503', causeCode: 'step_failed', retriable: false } : undefined;
  const plan = planWorkerStep(run, {
    version,
    step,
    stepPath: step.id,
    output: model ? { summary: `summary ${index}` } : { status: 200, body: `page ${index}` },
    ...(model ? { model: GPT_4O_MINI } : { tool: { name: 'web.fetch', args: { url: `https://example.com/${index}` }, result: { status: 200 } } }),
    ...(failure === undefined ? {} : { failure }),
  });
  if (kind === 'open') {
    // Stopped mid-call: no terminal event; half of them leave a lock whose owner is dead.
    writeWorkerStep(run, plan, { until: 'call' });
    if (index % 2 === 0) run.deadLock();
    return;
  }
  if (failure !== undefined) {
    writeWorkerStep(run, plan);
    failRun(run, version.workflowVersionId, { ...failure, failedStepPath: step.id });
    return;
  }
  writeWorkerStep(run, plan, { until: 'sessionDone' });
  const outputRef = writeStepOutput(run, { stepPath: step.id, step, attempt: 1, output: plan.output });
  completeRun(run, version.workflowVersionId, plan.output, outputRef, step.id);
}
