/**
 * Run-level handlers of the core: every request names a data dir of the opened library and
 * a run id; both are checked before anything touches the disk.
 */
import { existsSync } from 'node:fs';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../shared/events/envelope';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { jsonPreview, type JsonPreview } from '../../shared/run/json-preview';
import type { RunDetail, RunRef } from '../../shared/run/run-detail-types';
import type { CostsModel, HarnessRefs, HarnessSelection, RunHead, RunHeadCore, Slice, SliceSpec, StepView, TimelineHead } from '../../shared/run/run-head-types';
import type { LibrarySnapshot, RunSummary } from '../../shared/library';
import type { EventEnvelope } from '../../shared/events/envelope';
import type { ArtifactManifest } from '../sources/little-workflow/artifacts';
import type { DataDirInfo } from '../../shared/library';
import type { ReportBodies } from '../../shared/report-export/harness-section';
import { createRunModel, findingsOfCheck, type RunModel } from '../../shared/run/run-model';
import { captureLive } from './run-compare';
import type { RunComparison } from '../../shared/compare/run-comparison';
import type { RunDiffView } from '../../shared/compare/run-diff-view';
import type { Job } from '../../shared/job/job-types';
import type { LiveRunSnapshot, RunSource } from '../sources/run-source';
import type { EventRead } from '../sources/little-workflow/store-types';
import { createSourceRegistry } from '../sources/registry';
import type { RunBuilds } from './run-builds';
import { createEventsSlicer, eventsRun, sourceEventLog, type EventsSliceSpec } from './events-slice';
import { RUN_KEY_SEPARATOR, runItemKey } from '../../shared/run/run-key';
import { runAtAddress } from '../../shared/run-address';

/** Largest artifact payload preview sent to the UI, in JSON characters. */
export const MAX_ARTIFACT_PREVIEW = 2_000_000;

/** What the run handlers need from the core; `pool` builds details (the composition's worker pool). */
/** `cacheDir`: where fold checkpoints are kept (null or absent: in the worker's memory only). */
export type RunServiceContext = { snapshot(): LibrarySnapshot | null; table(): PriceTable; pool: RunBuilds; cacheDir?: string | null };

/** Run models kept in main (each holds the detail's lists, packed: ~25 MB for a 200,000-event run). */
const MODEL_CACHE_LIMIT = 3;
/**
 * Events the kept models may hold together: past it the least recent are dropped (the open run's
 * always stays), so main's memory follows the run on screen, not the last three big runs opened.
 */
export const MODEL_CACHE_EVENTS = 250_000;

/** Suffix of the cache key of a run's model over its whole log. */
const AT_NOW = `${RUN_KEY_SEPARATOR}now`;

/** The cache key of `ref`'s model: the run, and the event it is evaluated at (time travel) or "now". */
function modelKey(ref: RunRef): string {
  return runItemKey(ref, ref.at === undefined ? 'now' : `at:${ref.at}`);
}

/** One build of a run's model as its stages arrive: the head first, the model (lists) when built. */
/** `checked`: the integrity check's own answer (`cancelled` when the worker stopped it for a later move). */
type StagedBuild = { head: RunHeadCore; build: number; model: Promise<Result<RunModel>>; checked: Promise<Result<Diagnostic[]>>; ready: RunModel | null };

function map<T, U>(result: Result<T>, f: (value: T) => U): Result<U> {
  return result.ok ? ok(f(result.value)) : result;
}

function then<T, U>(result: Result<T>, f: (value: T) => Result<U>): Result<U> {
  return result.ok ? f(result.value) : result;
}

/** `value`, or the diagnostic when it is null. */
function orFail<T>(value: T | null, missing: () => Diagnostic): Result<T> {
  return value === null ? fail(missing()) : ok(value);
}

/** The run-level operations, each validated against the opened library. */
export function createRunService(context: RunServiceContext) {
  // Builds by run, most recently used last; a pending build is shared by concurrent requests.
  const cache = new Map<string, { key: string; events: number; staged: Promise<Result<StagedBuild>>; settled: boolean }>();
  const cachedEvents = () => [...cache.values()].reduce((sum, entry) => sum + entry.events, 0);
  const forgetDataDir = (dataDir: string) => {
    for (const id of [...cache.keys()]) if (id.startsWith(`${dataDir}${RUN_KEY_SEPARATOR}`)) cache.delete(id);
  };

  const { pool } = context;
  // One source per format; little-workflow details are built in the pool's worker thread.
  const sources = createSourceRegistry({
    buildDetail: (dataDir, runId, detailContext) => pool.detail(dataDir, runId, detailContext),
    compareLog: (dataDir, runId, live, upto) => pool.compare(dataDir, runId, captureLive(live, context.table()), upto),
  });

  // Only data dirs of the opened library, and only ids little-workflow itself would accept.
  const checkRef = (ref: RunRef): Result<{ snapshot: LibrarySnapshot; dir: DataDirInfo }> => {
    const snapshot = context.snapshot();
    if (snapshot === null) return fail(diagnostic('invalid-argument', 'No data directory is open'));
    const dir = snapshot.dataDirs.find((d) => d.path === ref.dataDir);
    if (dir === undefined) return fail(diagnostic('invalid-argument', `${ref.dataDir} is not a data dir of the opened library`, { path: ref.dataDir }));
    if (!RUN_ID_PATTERN.test(ref.runId)) return fail(diagnostic('invalid-run-id', `${JSON.stringify(ref.runId)} is not a little-workflow run id`));
    // A data dir deleted or moved since the open: its cached builds would answer from the past.
    // One stat per request says so, drops them, and every run operation answers why.
    if (!existsSync(dir.path)) {
      forgetDataDir(dir.path);
      return fail(diagnostic('path-not-found', `The data dir ${dir.path} is gone (deleted or moved since it was opened); open its folder again`, { path: dir.path }));
    }
    return ok({ snapshot, dir });
  };

  /** `read` with the source of the run's data dir, once the ref is checked. */
  const withSource = async <T>(ref: RunRef, read: (source: RunSource) => Promise<Result<T>> | Result<T>): Promise<Result<T>> => {
    const checked = checkRef(ref);
    return checked.ok ? read(sources.sourceOf(checked.value.dir)) : checked;
  };

  /**
   * The run's build: cached while its row in the library is unchanged, else started (SQLite
   * runs in the worker). It resolves with the head; the model (the lists) follows.
   */
  const staged = (ref: RunRef): Promise<Result<StagedBuild>> => {
    const checked = checkRef(ref);
    if (!checked.ok) return Promise.resolve(checked);
    const { snapshot, dir } = checked.value;
    const summary = snapshot.runs.find((r) => r.dataDir === ref.dataDir && r.runId === ref.runId);
    if (!summary) return Promise.resolve(fail(diagnostic('run-not-found', `Run not found: ${ref.runId}`, { runId: ref.runId })));
    const id = modelKey(ref);
    const key = `${summary.eventCount}\n${summary.lastSequence}\n${summary.finishedAt}\n${summary.crashed}\n${context.table().id}`;
    const hit = cache.get(id);
    cache.delete(id);
    // The same log, or a build still running: a live run grows faster than a big one folds, and
    // starting a build per refresh would pile folds up in the worker. The next request after
    // this one settles (its lists built) starts a fresh build.
    if (hit && (hit.key === key || !hit.settled)) {
      cache.set(id, hit);
      return hit.staged;
    }
    const entry = { key, events: Math.min(summary.eventCount, ref.at ?? Number.POSITIVE_INFINITY), staged: Promise.resolve(fail<StagedBuild>(diagnostic('internal', 'not built yet'))), settled: false };
    // A failed stage is not kept: the next request tries again.
    const forget = () => {
      entry.settled = true;
      if (cache.get(id) === entry) cache.delete(id);
    };
    entry.staged = build(ref, summary, snapshot, sources.sourceOf(dir)).then((result) => {
      if (!result.ok) forget();
      else
        void result.value.model.then((model) => {
          if (!model.ok) return forget();
          entry.settled = true;
          result.value.ready = model.value;
        });
      // A check stopped for a later move leaves no findings: the next request builds the position again.
      if (result.ok) void result.value.checked.then((found) => !found.ok && found.error.code === 'cancelled' && forget());
      return result;
    });
    cache.set(id, entry);
    evict();
    return entry.staged;
  };

  // Over the model or event budget, models as of an event go first (scrubbing makes many; the run
  // as it is now is what the view comes back to), then the least recently used; the model just
  // asked for (last) always stays.
  const evict = () => {
    while (cache.size > 1 && (cache.size > MODEL_CACHE_LIMIT || cachedEvents() > MODEL_CACHE_EVENTS)) {
      const keys = [...cache.keys()].slice(0, -1);
      cache.delete(keys.find((k) => !k.endsWith(AT_NOW)) ?? keys[0]!);
    }
  };

  // The position each run's head was last asked for (undefined: now), by run: what the view shows.
  const shownAt = new Map<string, number | undefined>();
  const runOf = (ref: RunRef) => `${ref.dataDir}\u0000${ref.runId}`;

  /**
   * A stage of `ref`'s build. The worker skips the lists and stops the check of a position once
   * a later one is asked for (`cancelled`: engine/travel-moves.ts); a request that waited on
   * such a build gets a fresh one for as long as its position is the one shown again (moved back
   * before the skip, as often as the user does: the cancellation must never reach the screen),
   * else the cancellation (the view has moved on: building it would in turn cancel the position
   * shown). It ends: a fresh build is skipped only for a later move, which is then the one shown.
   */
  const stageOf = async <T>(ref: RunRef, stage: (built: StagedBuild) => Promise<Result<T>>): Promise<Result<T>> => {
    for (;;) {
      const built = await staged(ref);
      if (!built.ok) return built;
      const result = await stage(built.value);
      if (result.ok || result.error.code !== 'cancelled' || shownAt.get(runOf(ref)) !== ref.at) return result;
    }
  };

  /** The run's model, once its lists are built. */
  const model = (ref: RunRef): Promise<Result<RunModel>> => stageOf(ref, (built) => built.model);

  /** The model of `ref` if one is built (never starts a build nor waits for one). */
  const cachedModel = async (ref: RunRef): Promise<RunModel | null> => {
    const hit = cache.get(modelKey(ref));
    const result = hit ? await hit.staged : null;
    return result?.ok ? result.value.ready : null;
  };

  // Every build gets a new number, so the renderer refetches its windows even when a rewritten log has the same length.
  let builds = 0;
  const build = async (ref: RunRef, summary: RunSummary, snapshot: LibrarySnapshot, source: RunSource): Promise<Result<StagedBuild>> => {
    const number = ++builds;
    const siblings = snapshot.runs.filter((r) => r.dataDir === ref.dataDir);
    const built = await source.detail(ref.dataDir, ref.runId, { summary, siblings, table: context.table(), cacheDir: context.cacheDir ?? null, ...(ref.at === undefined ? {} : { upto: ref.at }) });
    if (!built.ok) return built;
    const { head, lists, findings } = built.value;
    const model = lists.then((data) => map(data, (d) => createRunModel(d, number, findings, head)));
    return ok({ head, build: number, model, checked: findings ?? Promise.resolve(ok([])), ready: null });
  };

  // The events list reads the log through the run's source, never the model: it needs no fold.
  const events = createEventsSlicer();
  const eventsRunOf = (ref: RunRef) => eventsRun(ref, context.snapshot()?.runs.find((r) => r.dataDir === ref.dataDir && r.runId === ref.runId));
  const eventsWindow = (ref: RunRef, spec: EventsSliceSpec): Promise<Result<Slice>> =>
    withSource(ref, (source) => events.slice(eventsRunOf(ref), sourceEventLog(source, ref), spec));

  return {
    /** The run's full detail (exports); the run view gets it in pieces through the calls below. */
    detail: async (ref: RunRef): Promise<Result<RunDetail>> => {
      const built = await model(ref);
      if (!built.ok) return built;
      // Exports carry the findings: wait for the check.
      await built.value.findings();
      return ok(await built.value.detail());
    },
    findings: (ref: RunRef): Promise<Result<Diagnostic[]>> =>
      stageOf(ref, async (built) => {
        const found = await built.checked;
        if (!found.ok && found.error.code === 'cancelled') return found;
        // Findings need no list: kept ones come before the lists (check-cache.ts), so they are not kept waiting for them.
        return ok(findingsOfCheck(found));
      }),
    /** The head as soon as the run is folded (its findings once checked, else null); the position asked for is the one shown. */
    head: async (ref: RunRef): Promise<Result<RunHead>> => {
      shownAt.set(runOf(ref), ref.at);
      return map(await staged(ref), (built) => built.ready?.head() ?? { ...built.head, build: built.build, findings: null });
    },
    /**
     * Start the build of the run an address names and answer its ref at once (`run.prepare`: a deep
     * link's page asks before its app has loaded); a run the library does not list starts nothing (null).
     */
    prepare: (runId: string, dirLabel: string | null, at: number | undefined): Result<RunRef | null> => {
      const snapshot = context.snapshot();
      const run = snapshot === null ? null : runAtAddress(snapshot, runId, dirLabel);
      if (run === null) return ok(null);
      // The page will show this position: it is the one shown (see `model`).
      const ref = { dataDir: run.dataDir, runId: run.runId, ...(at === undefined ? {} : { at }) };
      shownAt.set(runOf(ref), ref.at);
      void staged(ref);
      return ok(ref);
    },
    timeline: async (ref: RunRef): Promise<Result<TimelineHead>> => map(await model(ref), (m) => m.timeline()),
    slice: async (ref: RunRef, spec: SliceSpec): Promise<Result<Slice>> => (spec.section === 'events' ? eventsWindow(ref, spec) : map(await model(ref), (m) => m.slice(spec))),
    step: async (ref: RunRef, stepPath: string): Promise<Result<StepView>> =>
      then(await model(ref), (m) => orFail(m.step(stepPath), () => diagnostic('item-not-found', `No step ${JSON.stringify(stepPath)} in run ${ref.runId}`, { runId: ref.runId }))),
    harness: async (ref: RunRef, selection: HarnessSelection): Promise<Result<HarnessRefs>> =>
      then(await model(ref), (m) => orFail(m.harness(selection), () => diagnostic('item-not-found', `No ${selection.kind} ${selection.id} in run ${ref.runId}`, { runId: ref.runId }))),
    costs: async (ref: RunRef): Promise<Result<CostsModel>> => map(await model(ref), (m) => m.costs()),
    reportText: async (ref: RunRef): Promise<Result<string>> =>
      then(await model(ref), (m) => orFail(m.reportText(), () => diagnostic('unsupported', `Run ${ref.runId} has no report: ${m.reportError() ?? 'it could not be built'}`, { runId: ref.runId }))),
    event: (ref: RunRef, sequence: number): Promise<Result<{ event: EventEnvelope | null; rawPayload: string | null }>> =>
      withSource(ref, (source) => source.event(ref.dataDir, ref.runId, sequence)),
    artifact: (ref: RunRef, artifactRef: string): Promise<Result<{ manifest: ArtifactManifest; payload: JsonPreview }>> =>
      withSource(ref, (source) => {
        const read = source.artifact(ref.dataDir, ref.runId, artifactRef);
        if (!read.ok) return read;
        const payload = read.value.payload instanceof Uint8Array ? `<${read.value.payload.byteLength} bytes of binary data>` : read.value.payload;
        return ok({ manifest: read.value.manifest, payload: jsonPreview(payload, MAX_ARTIFACT_PREVIEW) });
      }),
    /** The run's log as its source streams it (events in sequence order). */
    streamLog: (ref: RunRef): Result<AsyncIterable<EventRead>> => {
      const checked = checkRef(ref);
      return checked.ok ? ok(sources.sourceOf(checked.value.dir).streamLog(ref.dataDir, ref.runId)) : checked;
    },
    /** Untruncated texts for an export of `detail`, read by the run's source. */
    reportBodies: (detail: RunDetail, maxText: number): Promise<Result<ReportBodies>> => withSource(detail.ref, (source) => source.reportBodies(detail, maxText)),
    /** Replay vs live consistency and the resume audit; `live` captures the run in the observer. */
    compare: async (ref: RunRef, live: () => LiveRunSnapshot | undefined): Promise<Result<RunComparison>> => {
      // A copy taken now, on main (the observer keeps folding); folded afresh and diffed in the worker.
      // As of an event the log is cut there and folded in simulated batches: the live fold stands at the end.
      const compared = await withSource(ref, (source) => source.compare(ref.dataDir, ref.runId, ref.at === undefined ? live() : undefined, ref.at));
      if (!compared.ok) return compared;
      // Name the sessions and turns the audited plans point at, from the model the run view built.
      const built = await cachedModel(ref);
      if (built === null) return compared;
      const refs: HarnessRefs = { sessions: {}, modelTurns: {}, toolCalls: {} };
      for (const boundary of compared.value.audit.boundaries) {
        const named = built.planRefs(boundary.plan);
        Object.assign(refs.sessions, named.sessions);
        Object.assign(refs.modelTurns, named.modelTurns);
      }
      return ok({ ...compared.value, refs });
    },
    /** Two runs of the opened library's data dirs diffed in the worker (deltas b − a), each as of its `at`. */
    diff: async (a: RunRef, b: RunRef): Promise<Result<RunDiffView>> => {
      for (const ref of [a, b]) {
        const checked = checkRef(ref);
        if (!checked.ok) return checked;
      }
      return pool.diff(a, b, context.table());
    },
    /** The job `ref`'s run belongs to, read in the worker from the opened library's rows of its data dir. */
    job: async (ref: RunRef): Promise<Result<Job>> => {
      const checked = checkRef(ref);
      if (!checked.ok) return checked;
      const runs = checked.value.snapshot.runs.filter((r) => r.dataDir === ref.dataDir);
      return pool.job(ref.dataDir, ref.runId, runs, context.table(), context.cacheDir ?? null, ref.at);
    },
    /** The nearest step boundary after or before sequence `from` (time travel's `{` / `}`). */
    seek: (ref: RunRef, from: number, direction: 'next' | 'previous'): Promise<Result<number | null>> =>
      withSource(ref, (source) => events.seek(eventsRunOf(ref), sourceEventLog(source, ref), from, direction)),
    /** Forget cached details (after a library reload or a new price table). */
    clear: () => cache.clear(),
    /** Stop the detail worker and drop the sources' caches. */
    close: () => {
      sources.dispose();
      pool.close();
    },
  };
}
