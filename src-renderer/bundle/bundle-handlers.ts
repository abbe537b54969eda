/**
 * A bundle's answers to every channel, from the data the page carries: the run's model served by
 * the same code main serves it with (shared/run/run-model.ts), the events from the embedded rows
 * and bodies, the rest `unsupported` with a sentence saying why (a bundle is a read-only snapshot).
 */
import type { BundleData } from './bundle-blocks';
import type { BundleHandlers } from './bundle-api';
import { createBundleEvents } from './bundle-events';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';
import { createRunModel } from '../../shared/run/run-model';
import { buildTurnRows } from '../../shared/run/turn-rows';
import type { RunRef } from '../../shared/run/run-detail-types';

const NOT_IN_BUNDLE = (what: string) => fail(diagnostic('unsupported', `${what} is not available in a shared bundle: it is a read-only snapshot of one run.`));

/** The handlers over `data`; every call fails with the read's error when the page could not be read. */
export function bundleHandlers(data: Result<BundleData>): BundleHandlers {
  if (!data.ok) {
    const failed = async () => data;
    return new Proxy({} as BundleHandlers, { get: () => failed });
  }
  const { model: bundle, rows, bodies } = data.value;
  const { detail, snapshot, info } = bundle;
  const model = createRunModel({ detail, turnRows: buildTurnRows(detail.harness), costs: bundle.costs });
  const events = createBundleEvents(detail.ref.runId, rows, bodies);
  const artifacts = new Map(bundle.artifacts.map((a) => [a.ref, a]));
  setStartRoute(detail.ref.runId);

  /** `answer()` for the bundled run as exported, `run-not-found` for any other; "as of an event" is not served here. */
  const forRun = async <T>(ref: RunRef & { at?: number }, answer: () => Result<T> | Promise<Result<T>>): Promise<Result<T>> => {
    if (ref.dataDir !== detail.ref.dataDir || ref.runId !== detail.ref.runId) return fail(diagnostic('run-not-found', `Run not found: ${ref.runId} (this bundle holds ${detail.ref.runId})`, { runId: ref.runId }));
    // The page holds the run's model as exported, not a fold per event.
    if (ref.at !== undefined) return NOT_IN_BUNDLE('Time travel (as of an event)');
    return answer();
  };
  const orMissing = <T>(value: T | null, what: string): Result<T> => (value === null ? fail(diagnostic('item-not-found', `No ${what} in run ${detail.ref.runId}`, { runId: detail.ref.runId })) : ok(value));

  return {
    'app.info': async () => ok({ name: 'Little Inspector', version: info.inspectorVersion, mode: 'bundle', initialPath: null, recent: [], bundle: info }),
    'library.open': async () => NOT_IN_BUNDLE('Opening a folder'),
    'library.current': async () => ok(snapshot),
    'library.refresh': async () => ok(snapshot),
    'library.cancelOpen': async () => ok(false),
    'dialog.openDirectory': async () => NOT_IN_BUNDLE('Opening a folder'),
    'dialog.exportReport': async () => NOT_IN_BUNDLE('Exporting'),
    'dialog.saveBundle': async () => NOT_IN_BUNDLE('Sharing'),
    'pricing.load': async () => NOT_IN_BUNDLE('Loading a price table (costs are priced as exported)'),
    'run.detail': (ref) => forRun(ref, () => ok(model.head())),
    // The page carries its run's model: nothing to start.
    'run.prepare': async () => ok(null),
    'run.slice': ({ spec, ...ref }) => forRun(ref, () => ok(spec.section === 'events' ? events.slice(spec) : model.slice(spec))),
    'run.step': ({ stepPath, ...ref }) => forRun(ref, () => orMissing(model.step(stepPath), `step ${JSON.stringify(stepPath)}`)),
    'run.harness': ({ kind, id, ...ref }) => forRun(ref, () => orMissing(model.harness({ kind, id }), `${kind} ${id}`)),
    'run.costs': (ref) => forRun(ref, () => ok(model.costs())),
    'run.timeline': (ref) => forRun(ref, () => ok(model.timeline())),
    'run.reportText': (ref) => forRun(ref, () => (bundle.reportText === null ? fail(diagnostic('unsupported', `Run ${detail.ref.runId} has no report: ${detail.reportError ?? 'it could not be built'}`)) : ok(bundle.reportText))),
    'run.findings': (ref) => forRun(ref, async () => ok(await model.findings())),
    'run.event': ({ sequence, ...ref }) => forRun(ref, () => events.event(sequence)),
    'run.artifact': ({ ref: artifactRef, ...ref }) =>
      forRun(ref, () => {
        const artifact = artifacts.get(artifactRef);
        if (!artifact) return fail(diagnostic('artifact-missing', `Artifact ${artifactRef} is not in this bundle`));
        if ('error' in artifact) return fail(artifact.error);
        if ('omittedBytes' in artifact) {
          return fail(diagnostic('unsupported', `The content of artifact ${artifactRef} (${artifact.omittedBytes.toLocaleString('en-US')} bytes) was left out of this bundle by its size budget.`));
        }
        return ok({ manifest: artifact.manifest, payload: artifact.payload });
      }),
    'run.export': async () => NOT_IN_BUNDLE('Exporting'),
    'run.redactionPreview': async () => NOT_IN_BUNDLE('A redaction preview'),
    'notes.list': (ref) => forRun(ref, () => ok({ notes: info.notes ?? [], problem: null })),
    'notes.put': async () => NOT_IN_BUNDLE('Writing a note (the notes it carries are read-only)'),
    'notes.delete': async () => NOT_IN_BUNDLE('Deleting a note (the notes it carries are read-only)'),
    'otlp.settings': async () => NOT_IN_BUNDLE('Sending to a tracing backend'),
    'otlp.send': async () => NOT_IN_BUNDLE('Sending to a tracing backend'),
    'otlp.cancel': async () => NOT_IN_BUNDLE('Sending to a tracing backend'),
    // A bundle's page has no state folder: its theme follows the OS (or the page's cached choice).
    'settings.theme': async () => ok({ theme: 'system' as const, problem: null }),
    'settings.setTheme': async () => NOT_IN_BUNDLE('Keeping a theme'),
    'run.bundle': async () => NOT_IN_BUNDLE('Sharing'),
    'run.compare': async () => NOT_IN_BUNDLE('The replay-vs-live comparison'),
    // A bundle's payloads may be cut by its budget: a scan of what is left would miss repeats.
    'run.scan': async () => NOT_IN_BUNDLE('The behaviour scan'),
    'library.scan': async () => NOT_IN_BUNDLE('The behaviour scan'),
    'run.diff': async () => NOT_IN_BUNDLE('Comparing two runs'),
    'job.get': async () => NOT_IN_BUNDLE('The job view (a bundle holds one run)'),
    'run.seek': async () => NOT_IN_BUNDLE('Time travel (as of an event)'),
    'sessions.outcomes': async () => NOT_IN_BUNDLE('Harness outcomes'),
    'fleet.search': async () => NOT_IN_BUNDLE('Searching the fleet'),
    'fleet.indexStatus': async () => NOT_IN_BUNDLE('The fleet index'),
    'sessions.list': async () => ok([]),
    'fleet.summary': async () => ok(null),
    'fleet.sql': async () => NOT_IN_BUNDLE('The SQL console'),
    'fleet.tables': async () => NOT_IN_BUNDLE('The SQL console'),
    'session.view': async () => NOT_IN_BUNDLE('A harness session'),
    'session.file': async () => NOT_IN_BUNDLE('A harness session file'),
  };
}

/** A bundle opened without an address shows its run, not a run list of one. */
function setStartRoute(runId: string): void {
  if (typeof window === 'undefined') return;
  const hash = window.location.hash;
  if (hash !== '' && hash !== '#' && hash !== '#/') return;
  window.history.replaceState(window.history.state, '', `#/run/${encodeURIComponent(runId)}`);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}
