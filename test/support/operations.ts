/**
 * Every operation the product offers on a data dir, as one table shared by the read-only
 * proofs (test/read-only*.test.ts) and the fuzz suite (test/fuzz/): adding an operation
 * (export, tail, compare, …) is one line in `OPERATIONS`, and both suites run it.
 *
 * Each operation reports an outcome instead of throwing: `ok`, `diagnosed` (a typed
 * Result failure, or CLI exit 1/2 with a one-line message) or `crash` (a throw, a
 * non-Result answer, an answer no transport could encode, an unexpected exit code, or a
 * JavaScript error name on stderr).
 */
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { isChannel, type Channel } from '../../shared/contract';
import { RUN_ID_PATTERN } from '../../shared/events/envelope';
import { UsageError } from '../../src-main/cli/args';
import { tailCommand } from '../../src-main/cli/commands/tail';
import { DataDirError } from '../../src-main/cli/run-log';
import { loadLibrary } from '../../src-main/library/load-library';
import { findHarnessDataDirs } from '../../src-main/sources/little-harness/harness-roots';
import { listSessionFolders } from '../../src-main/sources/little-harness/session-store';
import type { InspectorCore } from '../../src-main/core/inspector-core';
import { cli } from './run-cli-captured';
import { startOtlpReceiver } from './otlp-receiver';

/** What one operation call came to. */
export type OpOutcome = { kind: 'ok' } | { kind: 'diagnosed'; code: string } | { kind: 'crash'; message: string };

/** Calls a contract channel the way a transport would (directly, or over HTTP). */
export type ChannelCall = (channel: Channel, request: unknown) => Promise<OpOutcome & { value?: unknown }>;

/** Where an operation runs: the opened root, each data dir, or each run. */
export type OpTarget = { root: string; dataDir: string; runId: string };

/** One row of the table. */
export type Operation = {
  name: string;
  scope: 'root' | 'data-dir' | 'run';
  run(call: ChannelCall, target: OpTarget): Promise<OpOutcome>;
  /** Why the fuzz suite leaves this one out (it still runs in the read-only proofs). */
  skipInFuzz?: string;
};

/** Artifact refs no reader may follow out of the data dir. */
export const FORGED_ARTIFACT_REFS = [
  'artifact://art_../../../../etc/passwd',
  'artifact:///etc/passwd',
  'artifact://art_%2e%2e%2fetc',
  '/etc/passwd',
  '../../../etc/passwd',
  'artifact://art_0000000000000000',
];

const JS_ERRORS = /^(TypeError|RangeError|ReferenceError|EvalError|URIError|InternalError|AggregateError)\b/m;

/** The outcome of a CLI run: exit 0, or 1/2 with at most one line on stderr and no JS error name. */
export async function cliOutcome(...argv: string[]): Promise<OpOutcome> {
  const run = await cli(...argv);
  if (run.code === 0) return { kind: 'ok' };
  const lines = run.stderr.trimEnd().split('\n').filter((l) => l !== '');
  if ((run.code === 1 || run.code === 2) && lines.length <= 1 && !JS_ERRORS.test(run.stderr)) return { kind: 'diagnosed', code: `exit-${run.code}` };
  return { kind: 'crash', message: `exit ${run.code}: ${run.stderr.slice(0, 300)}` };
}

/** `tail --from-start` for a tenth of a second (it follows until a signal); notices may span lines. */
export async function tailOutcome(dataDir: string): Promise<OpOutcome> {
  let stderr = '';
  const io = { stdout: () => undefined, stderr: (text: string) => void (stderr += text) };
  try {
    await tailCommand(['--from-start', '--data-dir', dataDir], io, { signal: AbortSignal.timeout(100), observer: { watch: false, pollMs: 50 } });
  } catch (error) {
    if (error instanceof DataDirError || error instanceof UsageError) return { kind: 'diagnosed', code: error.name };
    return { kind: 'crash', message: `tail threw ${(error as Error)?.stack ?? String(error)}`.slice(0, 600) };
  }
  return JS_ERRORS.test(stderr) ? { kind: 'crash', message: `tail printed ${stderr.slice(0, 300)}` } : { kind: 'ok' };
}

/** `otlp <run>` to a receiver started for the call (spans decoded and dropped). */
async function otlpOutcome(t: OpTarget): Promise<OpOutcome> {
  if (!RUN_ID_PATTERN.test(t.runId)) {
    // A little-harness session is a row of the run list but not a workflow run: otlp refuses its id as a usage error (message + usage hint).
    const run = await cli('otlp', t.runId, '--data-dir', t.dataDir);
    return run.code === 1 && run.stderr.startsWith(`little-inspector otlp: "${t.runId}" is not a little-workflow run id`) ? { kind: 'diagnosed', code: 'usage' } : { kind: 'crash', message: `otlp on ${t.runId}: exit ${run.code}: ${run.stderr.slice(0, 300)}` };
  }
  const receiver = await startOtlpReceiver();
  try {
    return await cliOutcome('otlp', t.runId, '--data-dir', t.dataDir, '--endpoint', receiver.url, '--content');
  } finally {
    await receiver.close();
  }
}

/** Classify anything a handler returned: a Result that every transport can encode, or a crash. */
export function resultOutcome(result: unknown): OpOutcome & { value?: unknown } {
  if (typeof result !== 'object' || result === null || typeof (result as { ok?: unknown }).ok !== 'boolean') {
    return { kind: 'crash', message: `not a Result: ${String(result).slice(0, 100)}` };
  }
  try {
    JSON.stringify(result);
  } catch (error) {
    return { kind: 'crash', message: `the Result cannot be sent over HTTP: ${(error as Error).message}` };
  }
  const r = result as { ok: boolean; value?: unknown; error?: { code?: unknown } };
  return r.ok ? { kind: 'ok', value: r.value } : { kind: 'diagnosed', code: String(r.error?.code) };
}

/** A ChannelCall straight into the core's handlers (what ipc.ts and api-call.ts do after validation). */
export function directCall(core: InspectorCore): ChannelCall {
  return async (channel, request) => {
    if (!isChannel(channel)) return { kind: 'crash', message: `no channel ${channel}` };
    try {
      const handler = core.handlers[channel] as (r: unknown) => Promise<unknown>;
      return resultOutcome(await handler(request));
    } catch (error) {
      return { kind: 'crash', message: `${channel} threw ${(error as Error)?.stack ?? String(error)}`.slice(0, 600) };
    }
  };
}

/** The worst of several outcomes (crash > diagnosed > ok). */
export function worst(outcomes: OpOutcome[]): OpOutcome {
  return outcomes.find((o) => o.kind === 'crash') ?? outcomes.find((o) => o.kind === 'diagnosed') ?? { kind: 'ok' };
}

const ref = (t: OpTarget) => ({ dataDir: t.dataDir, runId: t.runId });
const channelOp = (name: string, scope: Operation['scope'], request: (t: OpTarget) => unknown): Operation => ({
  name,
  scope,
  run: (call, t) => call(name as Channel, request(t)),
});
const cliOp = (name: string, scope: Operation['scope'], argv: (t: OpTarget) => string[]): Operation => ({ name, scope, run: (_c, t) => cliOutcome(...argv(t)) });

// The events list paged to its end, plain and filtered.
async function pagedEvents(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const outcomes: OpOutcome[] = [];
  for (const filter of [undefined, { typePrefix: 'harness.' }]) {
    for (let page = 0; page < 20; page += 1) {
      const got = await call('run.slice', { ...ref(t), spec: { section: 'events', from: page * 200, count: 200, ...(filter ? { filter } : {}) } });
      outcomes.push(got);
      const total = Number((got.value as { total?: unknown } | undefined)?.total);
      if (got.kind !== 'ok' || !Number.isSafeInteger(total) || (page + 1) * 200 >= total) break;
    }
  }
  return worst(outcomes);
}

async function artifacts(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const detail = await call('run.detail', ref(t));
  const state = (detail.value as { state?: { artifacts?: unknown } } | undefined)?.state;
  const refs = Array.isArray(state?.artifacts) ? state.artifacts.filter((r): r is string => typeof r === 'string').slice(0, 20) : [];
  const outcomes: OpOutcome[] = [];
  for (const artifactRef of [...refs, ...FORGED_ARTIFACT_REFS]) {
    // The transports' schemas cap refs at 200 characters; longer ones never reach a handler.
    if (artifactRef.length >= 1 && artifactRef.length <= 200) outcomes.push(await call('run.artifact', { ...ref(t), ref: artifactRef }));
  }
  return worst(outcomes);
}

// Every window section of the run view's long lists.
async function slices(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const outcomes: OpOutcome[] = [];
  for (const spec of [
    { section: 'steps', from: 0, count: 50, query: 'a' },
    { section: 'timeline', from: 0, count: 50, fold: { allCollapsed: true, ids: [] } },
    { section: 'turns', from: 0, count: 50, find: { kind: 'turn', id: 0 } },
    { section: 'report', from: 0, count: 50 },
    { section: 'skipped', from: 0, count: 50 },
  ]) {
    outcomes.push(await call('run.slice', { ...ref(t), spec }));
  }
  return worst(outcomes);
}

// The run's first step by path (a missing one when the run has none).
async function firstStep(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const steps = await call('run.slice', { ...ref(t), spec: { section: 'steps', from: 0, count: 1 } });
  const first = (steps.value as { items?: Array<{ stepPath?: unknown }> } | undefined)?.items?.[0]?.stepPath;
  return worst([steps, await call('run.step', { ...ref(t), stepPath: typeof first === 'string' ? first : 'missing' })]);
}

/** `run.prepare` by the run's address (its data dir's label), then `run.detail`, which waits for the build it started. */
async function prepareThenDetail(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const library = await call('library.current', {});
  const dirs = (library.value as { dataDirs?: Array<{ path: string; label: string }> } | null | undefined)?.dataDirs ?? [];
  const dir = dirs.find((d) => d.path === t.dataDir)?.label ?? null;
  return worst([await call('run.prepare', { runId: t.runId, dir }), await call('run.detail', ref(t))]);
}

/** `notes.put` then `notes.delete` of the note it made (also `notes.delete`'s row). */
async function notePutAndDelete(call: ChannelCall, t: OpTarget): Promise<OpOutcome> {
  const put = await call('notes.put', { ...ref(t), target: { kind: 'run' }, text: 'a note from the read-only proof' });
  const id = (put.value as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? worst([put, await call('notes.delete', { ...ref(t), id })]) : put;
}

/** Every operation, in the order the suites run them (root ones open the library first). */
export const OPERATIONS: readonly Operation[] = [
  { name: 'loadLibrary', scope: 'root', run: async (_c, t) => resultOutcome(loadLibrary(t.root, BUNDLED_PRICE_TABLE)) },
  channelOp('library.open', 'root', (t) => ({ path: t.root })),
  channelOp('library.refresh', 'root', () => ({})),
  cliOp('cli runs', 'data-dir', (t) => ['runs', '--data-dir', t.dataDir, '--json']),
  cliOp('cli check', 'data-dir', (t) => ['check', '--data-dir', t.dataDir]),
  cliOp('cli scan', 'data-dir', (t) => ['scan', '--data-dir', t.dataDir, '--json']),
  channelOp('run.detail', 'run', ref),
  { name: 'run.prepare', scope: 'run', run: prepareThenDetail },
  channelOp('run.timeline', 'run', ref),
  { name: 'run.slice', scope: 'run', run: slices },
  { name: 'run.step', scope: 'run', run: firstStep },
  { name: 'run.harness', scope: 'run', run: async (call, t) => worst(await Promise.all(['session', 'turn', 'tool'].map((kind) => call('run.harness', { ...ref(t), kind, id: 0 })))) },
  channelOp('run.costs', 'run', ref),
  channelOp('run.reportText', 'run', ref),
  channelOp('run.findings', 'run', ref),
  { name: 'run.slice events (paged)', scope: 'run', run: pagedEvents },
  channelOp('run.event', 'run', (t) => ({ ...ref(t), sequence: 1 })),
  { name: 'run.event (last)', scope: 'run', run: (call, t) => call('run.event', { ...ref(t), sequence: Number.MAX_SAFE_INTEGER }) },
  { name: 'run.artifact', scope: 'run', run: artifacts },
  cliOp('cli events', 'run', (t) => ['events', t.runId, '--data-dir', t.dataDir]),
  cliOp('cli replay', 'run', (t) => ['replay', t.runId, '--data-dir', t.dataDir]),
  cliOp('cli replay --at 2', 'run', (t) => ['replay', t.runId, '--at', '2', '--data-dir', t.dataDir]),
  cliOp('cli report', 'run', (t) => ['report', t.runId, '--data-dir', t.dataDir]),
  cliOp('cli report --table', 'run', (t) => ['report', t.runId, '--table', '--data-dir', t.dataDir]),
  {
    ...cliOp('cli job', 'run', (t) => ['job', t.runId, '--data-dir', t.dataDir, '--json']),
    skipInFuzz: 'folds every run of the job with the reads cli report and cli plan make in every case; the fuzz suite is near its 180 s budget',
  },
  cliOp('cli check <run>', 'run', (t) => ['check', t.runId, '--data-dir', t.dataDir]),
  cliOp('cli scan <run>', 'run', (t) => ['scan', t.runId, '--data-dir', t.dataDir]),
  channelOp('run.export', 'run', (t) => ({ ...ref(t), format: 'json' })),
  channelOp('run.redactionPreview', 'run', (t) => ({ ...ref(t), redact: { userRules: 'json-path customer $..customerId' } })),
  {
    name: 'run.redactionPreview (for a bundle)',
    scope: 'run',
    run: (call, t) => call('run.redactionPreview', { ...ref(t), redact: { userRules: 'regex host /corp-[0-9]{4}/' }, for: 'bundle' }),
    skipInFuzz: 'the same read and block building as run.bundle, which every case runs; the fuzz suite is at its 300 s budget on a loaded machine',
  },
  channelOp('run.bundle', 'run', (t) => ({ ...ref(t), budgetBytes: 2000 })),
  { name: 'run.export (html, md)', scope: 'run', run: async (call, t) => worst([await call('run.export', { ...ref(t), format: 'html' }), await call('run.export', { ...ref(t), format: 'md', maxText: 50, redact: {} })]) },
  {
    ...cliOp('cli export --format md', 'run', (t) => ['export', t.runId, '--format', 'md', '--data-dir', t.dataDir]),
    // Its core's live observer is never closed (unref'd, so a real CLI exits; in-process it polls on).
    skipInFuzz: 'export.ts leaves its live observer running; run.export covers the same code',
  },
  channelOp('run.compare', 'run', ref),
  channelOp('run.scan', 'run', ref),
  channelOp('library.scan', 'root', () => ({})),
  channelOp('job.get', 'run', ref),
  // Notes are written to the core's temp state folder, never the data dir (run-operations.ts gives it one).
  channelOp('notes.list', 'run', ref),
  { name: 'notes.put (then deleted)', scope: 'run', run: notePutAndDelete },
  channelOp('notes.delete', 'run', (t) => ({ ...ref(t), id: 'no-such-note' })),
  channelOp('otlp.settings', 'root', () => ({})),
  // The theme is the app's own, in the state folder's appearance.json: never the data dir.
  channelOp('settings.theme', 'root', () => ({})),
  channelOp('settings.setTheme', 'root', () => ({ theme: 'dark' })),
  // No TraceSender in this core: `unsupported` (the export's reads are the `cli otlp` row's).
  channelOp('otlp.send', 'run', (t) => ({ jobId: 'job_ops', runs: [{ dataDir: t.dataDir, runIds: [t.runId] }], endpoint: '', protocol: 'http/json', headers: [], content: false, semconv: 'latest', remember: false })),
  channelOp('otlp.cancel', 'root', () => ({ jobId: 'job_ops' })),
  channelOp('run.compare', 'run', ref),
  cliOp('cli compare', 'run', (t) => ['compare', t.runId, '--data-dir', t.dataDir]),
  // Time travel and the run diff (issue 14): the run as of #2 (head and lists), a diff with itself, step boundaries.
  {
    name: 'run.detail (as of #2)',
    scope: 'run',
    run: async (call, t) => worst([await call('run.detail', { ...ref(t), at: 2 }), await call('run.slice', { ...ref(t), at: 2, spec: { section: 'steps', from: 0, count: 50 } })]),
    skipInFuzz: 'the same read and fold as run.detail (cut at 2), which every case runs; the fuzz suite is near its 180 s budget',
  },
  {
    ...channelOp('run.diff', 'run', (t) => ({ a: { ...ref(t), at: 2 }, b: ref(t) })),
    skipInFuzz: 'two strict reads per run, the read cli report does in every case; the fuzz suite is near its 180 s budget',
  },
  { name: 'run.seek', scope: 'run', run: async (call, t) => worst([await call('run.seek', { ...ref(t), from: 0, direction: 'next' }), await call('run.seek', { ...ref(t), from: 3, direction: 'previous' })]) },
  { name: 'cli tail --from-start', scope: 'data-dir', run: (_c, t) => tailOutcome(t.dataDir) },
  {
    name: 'cli otlp (to a loopback receiver)',
    scope: 'run',
    run: (_c, t) => otlpOutcome(t),
    // Every case would also encode, send and decode every run's spans, on a suite already near its 180 s budget.
    skipInFuzz: 'an export per run per case would add to the fuzz budget; the read-only proofs run it over every data-dir shape',
  },
  {
    name: 'cli sessions, trace, doctor, outcomes',
    scope: 'root',
    run: (_c, t) => sessionCommands(t.root),
    // Up to five CLI runs per session: test/fuzz/session-fuzz.test.ts fuzzes them on mutated traces instead.
    skipInFuzz: 'the session fuzz suite mutates traces and runs these commands',
  },
  channelOp('sessions.list', 'root', () => ({})),
  channelOp('fleet.summary', 'root', () => ({})),
  channelOp('fleet.tables', 'root', () => ({})),
  channelOp('fleet.sql', 'root', () => ({ sql: 'SELECT r.status, count(*) AS n FROM runs r LEFT JOIN event_text t USING (data_dir, run_id) GROUP BY 1' })),
  { name: 'session.view', scope: 'root', run: (call) => eachSession(call, (s) => call('session.view', s)) },
  { name: 'sessions.outcomes', scope: 'root', run: (call) => eachSession(call, async (s) => worst([await call('sessions.outcomes', s), await call('sessions.outcomes', { harnessDir: s.harnessDir })])) },
  { name: 'session.file', scope: 'root', run: (call) => eachSession(call, async (s) => worst(await Promise.all(['/artifacts/tool-results/bash/call_tests.txt', '/artifacts/../../../etc/passwd', '/etc/passwd', '/artifacts/trace'].map((path) => call('session.file', { ...s, path }))))) },
  // fleet-search: the root's index built (in memory here: the core has no cache folder), then searched as the dialog does.
  { name: 'fleet.indexStatus (until built)', scope: 'root', run: fleetIndexBuilt },
  { name: 'fleet.search', scope: 'root', run: async (call) => worst(await Promise.all(['error', '"step failed" type:StepFailed', '京 OR 🚀', 'tool:read_file status:failed', 'step:'].map((query) => call('fleet.search', { query, limit: 50 })))) },
  // New operations go here, one line each; the read-only proofs and the fuzz suite pick them up.
];

/**
 * Ask the index's status until its build is over (the first ask starts it). Still `idle` after an
 * ask means nothing will be built: no library is open (the open of a broken folder failed).
 */
async function fleetIndexBuilt(call: ChannelCall): Promise<OpOutcome> {
  for (;;) {
    const answer = await call('fleet.indexStatus', {});
    const phase = (answer.value as { phase?: string } | undefined)?.phase;
    if (answer.kind !== 'ok' || phase === 'ready' || phase === 'failed' || phase === 'idle') return phase === 'failed' ? { kind: 'diagnosed', code: 'index-failed' } : answer;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// A call per listed session (and one for a session that is not there).
async function eachSession(call: ChannelCall, each: (s: { harnessDir: string; sessionId: string }) => Promise<OpOutcome>): Promise<OpOutcome> {
  const listed = await call('sessions.list', {});
  const sessions = listed.kind === 'ok' && Array.isArray(listed.value) ? (listed.value as Array<{ harnessDir: string; sessionId: string }>) : [];
  const outcomes = [listed];
  for (const s of [...sessions, { harnessDir: '.', sessionId: 'sess_not_there' }]) outcomes.push(await each({ harnessDir: s.harnessDir, sessionId: s.sessionId }));
  return worst(outcomes);
}

// Every little-harness session command on every session under the root (exit 1 is doctor's "findings").
async function sessionCommands(root: string): Promise<OpOutcome> {
  const outcomes: OpOutcome[] = [await cliOutcome('sessions', '--data-dir', root, '--json')];
  for (const harnessDir of findHarnessDataDirs(root)) {
    outcomes.push(await cliOutcome('outcomes', '--data-dir', harnessDir, '--json'));
    const listed = listSessionFolders(harnessDir);
    for (const entry of listed.ok ? listed.value : []) {
      const id = entry.status?.id ?? entry.pathKey;
      for (const argv of [['trace', id], ['trace', id, '--json'], ['doctor', id], ['outcomes', id]]) outcomes.push(await cliOutcome(...argv, '--data-dir', harnessDir));
    }
  }
  // No session under the root is "diagnosed" (exit 2), not a crash; it says nothing of the root's other data.
  return worst(outcomes);
}
