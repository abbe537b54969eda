/**
 * The one declaration of the contract's channels: for each, how its request is validated and
 * what it answers. Adding a channel is one entry here plus its handler; everything else is
 * derived: `Channel`, `RequestOf`, `ResponseOf`, `Handlers` and the runtime channel list
 * (contract.ts), the zod schemas both transports check (contract-schemas.ts), the preload's
 * bridge and the renderer's web transport (both iterate `channelNames`).
 *
 * Request schemas are written as recipes taking zod as an argument, so this module has no
 * runtime zod import: the sandboxed preload and the renderer import it without bundling a
 * schema library. Only main's request gate builds the schemas.
 */
import type { z } from 'zod';
import type { RunComparison } from './compare/run-comparison';
import type { RunDiffView } from './compare/run-diff-view';
import type { Job } from './job/job-types';
import type { AppInfo } from './contract';
import type { Diagnostic } from './diagnostics';
import type { FleetView } from './fleet/fleet-summary-types';
import { SQL_BUDGET_MAX_MS, type FleetSqlAnswer, type FleetSqlTables } from './fleet/fleet-sql-types';
import type { EventEnvelope } from './events/envelope';
import type { SessionFile, SessionListing, SessionView } from './harness-trace/session-view-types';
import { MAX_BUNDLE_BUDGET, type RunBundle } from './bundle/run-bundle-types';
import type { OutcomesReport } from './harness-trace/outcomes';
import type { LibrarySnapshot } from './library';
import type { RedactionSummary } from './redact/redaction-types';
import { MAX_NOTE_CHARS, type Note, type RunNotes } from './notes/note-types';
import type { OtlpSendSummary, OtlpSettingsView } from './otlp/otlp-app-types';
import { SEMCONV_MODES } from './otlp/semconv-mode';
import { THEMES, type Theme } from './theme/theme';
import { MAX_TEXT_LIMIT, type RunExport } from './report-export/run-export-types';
import type { JsonPreview } from './run/json-preview';
import type { CostsModel, HarnessRefs, RunHead, Slice, StepView, TimelineHead } from './run/run-head-types';
import type { RunRef } from './run/run-detail-types';
import type { LibraryScanView, RunScanView } from './scan/scan-types';
import { MAX_FLEET_QUERY, MAX_FLEET_SEARCH_LIMIT, type FleetIndexStatus, type FleetSearchResult } from './search/fleet-search-types';

/** Longest path string accepted over IPC or HTTP. */
export const MAX_PATH_LENGTH = 4096;

/** zod's namespace, as the recipes receive it. */
export type Zod = typeof z;

/** One channel: its request schema's recipe and, as a type only (never read at run time), its response. */
export type ChannelSpec<Response, Schema extends z.ZodType> = { request: (zod: Zod) => Schema; readonly response: Response };

/** Declare a channel that answers `Response`. */
const answers =
  <Response>() =>
  <Schema extends z.ZodType>(request: (zod: Zod) => Schema): ChannelSpec<Response, Schema> =>
    ({ request }) as ChannelSpec<Response, Schema>;

/** No NUL: the OS would cut the path there, so the checked path and the opened one would differ. */
const noNul = (text: string) => !text.includes('\u0000');
const pathArg = (z: Zod) => z.string().min(1).max(MAX_PATH_LENGTH).refine(noNul, 'paths may not contain NUL');
const none = (z: Zod) => z.object({}).strict();
const runRef = (z: Zod) => ({ dataDir: pathArg(z), runId: z.string().min(1).max(200) });
const run = (z: Zod) => z.object(runRef(z)).strict();
/** A run as of event `at` (time travel), or as it is now without `at`. */
const runAtRef = (z: Zod) => ({ ...runRef(z), at: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional() });
const runAt = (z: Zod) => z.object(runAtRef(z)).strict();
const sessionRef = (z: Zod) => ({ harnessDir: pathArg(z), sessionId: z.string().min(1).max(1000).refine(noNul, 'session ids may not contain NUL') });
const sequence = (z: Zod) => z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const window = (z: Zod) => ({ from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), count: z.number().int().min(1).max(1000) });
const stepPath = (z: Zod) => z.string().min(1).max(2000).refine(noNul, 'step paths may not contain NUL');
const eventFilter = (z: Zod) =>
  z.object({ typePrefix: z.string().max(200).optional(), caller: z.string().max(200).optional(), stepPath: z.string().max(2000).refine(noNul, 'step paths may not contain NUL').optional() }).strict();
/** Redaction asked for: built-in rules plus a rules file's text (docs/REDACTION.md); fits the gate's 64 KiB with room for the rest. */
export const MAX_CHANNEL_RULES_TEXT = 48 * 1024;
const redact = (z: Zod) => z.object({ userRules: z.string().max(MAX_CHANNEL_RULES_TEXT).optional() }).strict();
const harnessSelection = (z: Zod) => ({ kind: z.enum(['session', 'turn', 'tool']), id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });

const noteTarget = (z: Zod) =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('run') }).strict(),
    z.object({ kind: z.literal('step'), stepPath: stepPath(z) }).strict(),
    z.object({ kind: z.literal('event'), eventId: z.string().min(1).max(200), sequence: sequence(z) }).strict(),
  ]);
/** A header as a page sends it (`value` null: the value main keeps for this name). */
const otlpHeader = (z: Zod) =>
  z.object({ name: z.string().min(1).max(200), secret: z.boolean(), value: z.string().max(8192).refine(noNul, 'header values may not contain NUL').nullable() }).strict();
const otlpSettings = (z: Zod) => ({
  endpoint: z.string().max(2048),
  protocol: z.enum(['http/protobuf', 'http/json']),
  headers: z.array(otlpHeader(z)).max(50),
  content: z.boolean(),
  semconv: z.enum(SEMCONV_MODES),
});
const jobId = (z: Zod) => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** A bundle request: the run, the redaction asked for (absent: none), and its payload budget in bytes. */
const bundleSpec = (z: Zod) =>
  z.object({ ...runRef(z), redact: redact(z).optional(), budgetBytes: z.number().int().min(0).max(MAX_BUNDLE_BUDGET).optional() }).strict();

/** A window of one of the run's long lists (see shared/run/run-head-types.ts). */
const sliceSpec = (z: Zod) =>
  z.discriminatedUnion('section', [
    z.object({ section: z.literal('steps'), ...window(z), query: z.string().max(2000).optional(), find: stepPath(z).optional() }).strict(),
    z
      .object({
        section: z.literal('timeline'),
        ...window(z),
        fold: z.object({ allCollapsed: z.boolean(), ids: z.array(z.string().min(1).max(2000)).max(10_000) }).strict(),
        find: stepPath(z).optional(),
      })
      .strict(),
    z.object({ section: z.literal('turns'), ...window(z), find: z.object(harnessSelection(z)).strict().optional() }).strict(),
    z.object({ section: z.literal('report'), ...window(z) }).strict(),
    z.object({ section: z.literal('skipped'), ...window(z) }).strict(),
    z.object({ section: z.literal('events'), ...window(z), filter: eventFilter(z).optional(), find: sequence(z).optional() }).strict(),
  ]);

/** Every channel, in the order the preload exposes them. */
export const CHANNELS = {
  'app.info': answers<AppInfo>()(none),
  'library.open': answers<LibrarySnapshot>()((z) => z.object({ path: pathArg(z) }).strict()),
  'library.current': answers<LibrarySnapshot | null>()(none),
  'library.refresh': answers<LibrarySnapshot | null>()(none),
  /** Stop the open under way (its walk ends at once; the open answers `cancelled`); true when one was. */
  'library.cancelOpen': answers<boolean>()(none),
  /** The chosen path, or null when cancelled; `unsupported` in browser mode. */
  'dialog.openDirectory': answers<string | null>()(none),
  /** Desktop only: save the named run through the save dialog; the written path, or null when cancelled. */
  'dialog.exportReport': answers<string | null>()((z) => z.object({ ...runRef(z), redact: redact(z).optional() }).strict()),
  /** Load a user price table file (null: back to the bundled table); the snapshot re-priced (null when nothing is open). */
  'pricing.load': answers<LibrarySnapshot | null>()((z) => z.object({ path: pathArg(z).nullable() }).strict()),
  /**
   * The run's head (as of event `at` when given: time travel): state, report totals, crash boundary, resume plan, counts (the long lists come by `run.slice`).
   * The first stage of a build: it answers once the run is folded, before the lists are built and the log is checked.
   */
  'run.detail': answers<RunHead>()(runAt),
  /**
   * Start building the run an address names (its id, the data dir label when the id is ambiguous, `at`; or the location
   * hash itself, read by shared/run-address.ts) and answer at once with its ref (null: the library lists no such run, or
   * the hash names no run). A fresh page sends it on a deep link once: the hash, from an inline script in index.html as
   * the page's HTML is parsed (shared/early-prepare-script.ts); the app's `run.detail` of the run shares that build.
   */
  'run.prepare': answers<RunRef | null>()((z) =>
    z.union([
      z.object({ runId: z.string().min(1).max(200), dir: pathArg(z).nullable(), at: runAtRef(z).at }).strict(),
      z.object({ hash: z.string().max(4096) }).strict(),
    ]),
  ),
  /** The timeline's axis, breaks, resumes and row count (its rows by `run.slice`); answers once the run's lists are built. */
  'run.timeline': answers<TimelineHead>()(runAt),
  /** A window of the run's steps, visible timeline rows, turn rows, report rows or raw events (filtered in main). */
  'run.slice': answers<Slice>()((z) => z.object({ ...runAtRef(z), spec: sliceSpec(z) }).strict()),
  /** One step with the harness sessions that ran it. */
  'run.step': answers<StepView>()((z) => z.object({ ...runAtRef(z), stepPath: stepPath(z) }).strict()),
  /** A session, turn or tool call with the items its pane names (its turns and tools, its requester). */
  'run.harness': answers<HarnessRefs>()((z) => z.object({ ...runAtRef(z), ...harnessSelection(z) }).strict()),
  /** The cost charts' aggregate (per step, over time, per model). */
  'run.costs': answers<CostsModel>()(runAt),
  /** `little report --table` of the run, byte for byte. */
  'run.reportText': answers<string>()(runAt),
  /** The run's integrity findings, once the worker has checked them (the last stage of a build: the head and lists come first). */
  'run.findings': answers<Diagnostic[]>()(runAt),
  /**
   * One event in full; `rawPayload` is set instead when its payload is not JSON. In a shared bundle,
   * `omittedBytes` says the payload was left out by the bundle's size budget (the envelope is there, payload null).
   */
  'run.event': answers<{ event: EventEnvelope | null; rawPayload: string | null; omittedBytes?: number }>()((z) => z.object({ ...runRef(z), sequence: sequence(z) }).strict()),
  /** An artifact's manifest and payload (verified against its hash; previews past 2 MB). */
  'run.artifact': answers<{ manifest: Record<string, unknown>; payload: JsonPreview }>()((z) => z.object({ ...runRef(z), ref: z.string().min(1).max(200) }).strict()),
  /** The run exported as a report (html, md, json as text; pdf as base64; `maxText` caps each untrusted text, default 2,000); see docs/EXPORT.md. */
  'run.export': answers<RunExport>()((z) =>
    z.object({ ...runRef(z), format: z.enum(['html', 'md', 'json', 'pdf']), maxText: z.number().int().min(1).max(MAX_TEXT_LIMIT).optional(), redact: redact(z).optional() }).strict(),
  ),
  /** What an export of the run with these redaction rules would take out (rule, count, where; never values): the export control's preview, for a report (default) or for Share… (`for: 'bundle'`: everything a bundle embeds). */
  'run.redactionPreview': answers<RedactionSummary>()((z) =>
    z.object({ ...runRef(z), maxText: z.number().int().min(1).max(MAX_TEXT_LIMIT).optional(), redact: redact(z), for: z.enum(['report', 'bundle']).optional() }).strict(),
  ),
  /** The run as one self-contained offline HTML file with the run views (docs/EXPORT.md, "Bundle"). */
  'run.bundle': answers<RunBundle>()(bundleSpec),
  /** Desktop only: build the run's bundle and save it through the save dialog; the written path, or null when cancelled. */
  'dialog.saveBundle': answers<string | null>()(bundleSpec),
  /** The run's behavioural findings (docs/SCAN.md): repeats, retry storms, limits, resumes; with the fleet findings of the last `library.scan`. */
  'run.scan': answers<RunScanView>()(runAt),
  /** Every run's behavioural finding counts (the run list's Findings column) and the fleet's most common findings. */
  'library.scan': answers<LibraryScanView>()(none),
  /** Replay vs live consistency (live observer state, or a simulated incremental fold) and the resume audit. */
  'run.compare': answers<RunComparison>()(runAt),
  /**
   * The job `runId` belongs to (orchestrator, planners, sub-runs, outer-loop cycles): each run's report summed and what a resume does to each sub-run;
   * with `at` (only for the job's root), the job as of the root's event #at (job-ui: time travel of the Job view).
   */
  'job.get': answers<Job>()(runAt),
  /** Two runs of any open data dirs side by side (`little-inspector diff` plus each step's activity); either may be as of an event. */
  'run.diff': answers<RunDiffView>()((z) => z.object({ a: runAt(z), b: runAt(z) }).strict()),
  /** The sequence of the nearest step boundary (a `Step*` event) after or before `from`; null when there is none. */
  'run.seek': answers<number | null>()((z) => z.object({ ...runRef(z), from: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), direction: z.enum(['next', 'previous']) }).strict()),
  /** The notes pinned to a run, its steps and events (from the app's state folder), and why they could not be read, if so. */
  'notes.list': answers<RunNotes>()(run),
  /** Add a note (no id) or change one; the note as stored. Text is the user's own: views render it as text. */
  'notes.put': answers<Note>()((z) => z.object({ ...runRef(z), id: z.string().min(1).max(100).optional(), target: noteTarget(z), text: z.string().min(1).max(MAX_NOTE_CHARS) }).strict()),
  /** Delete a note; false when it was already gone. */
  'notes.delete': answers<boolean>()((z) => z.object({ ...runRef(z), id: z.string().min(1).max(100) }).strict()),
  /** The "Send to tracing backend…" settings (secret header values come as null) and why the saved ones were not used, if so. */
  'otlp.settings': answers<{ settings: OtlpSettingsView; problem: Diagnostic | null }>()(none),
  /**
   * Send runs of the opened library to an OTLP/HTTP backend (docs/OTLP.md "In the app"); progress
   * comes as `otlp.progress` pushes for `jobId`; answers when done, refused, unreachable or cancelled.
   */
  'otlp.send': answers<OtlpSendSummary>()((z) =>
    z
      .object({
        jobId: jobId(z),
        runs: z.array(z.object({ dataDir: pathArg(z), runIds: z.array(z.string().min(1).max(200)).min(1).max(5000) }).strict()).min(1).max(200),
        ...otlpSettings(z),
        remember: z.boolean(),
        /** Take secrets out of every span (built-in rules; docs/REDACTION.md). Not a saved setting. */
        redact: z.boolean().optional(),
      })
      .strict(),
  ),
  /** The app's colour theme (kept in the state folder's appearance.json) and why the saved one was not used, if so. */
  'settings.theme': answers<{ theme: Theme; problem: Diagnostic | null }>()(none),
  /** Choose the colour theme; kept in the state folder (in memory without one). */
  'settings.setTheme': answers<Theme>()((z) => z.object({ theme: z.enum(THEMES) }).strict()),
  /** Stop a running send after its current request; false when no such send runs. */
  'otlp.cancel': answers<boolean>()((z) => z.object({ jobId: jobId(z) }).strict()),
  /** little-harness sessions under the opened folder (docs/HARNESS-SESSIONS.md). */
  'sessions.list': answers<SessionListing[]>()(none),
  /** The Fleet view of the opened root (every run summed; docs/FLEET.md), or null when nothing is open. */
  'fleet.summary': answers<FleetView | null>()(none),
  /** One session: its trace as items (model and tool calls, runtime, file changes, persistent dir, outcomes with their fate), doctor's findings, invalid lines. */
  'session.view': answers<SessionView>()((z) => z.object(sessionRef(z)).strict()),
  /** A file the session's trace names (spooled diff or output), by harness path. */
  'session.file': answers<SessionFile>()((z) => z.object({ ...sessionRef(z), path: pathArg(z) }).strict()),
  /** `little-harness outcomes [id]`: success rates by prompt hash and step path across a harness dir's sessions, or of one. */
  'sessions.outcomes': answers<OutcomesReport>()((z) => z.object({ harnessDir: pathArg(z), sessionId: sessionRef(z).sessionId.optional() }).strict()),
  // fleet-search (issue 31): the app's search box over the fleet index, built off main.
  /** Search every run of the opened root (docs/FLEET.md "Search syntax"); answers from what is indexed so far while a build runs. */
  'fleet.search': answers<FleetSearchResult>()((z) =>
    z.object({ query: z.string().min(1).max(MAX_FLEET_QUERY), limit: z.number().int().min(1).max(MAX_FLEET_SEARCH_LIMIT).optional() }).strict(),
  ),
  /** How far the opened root's index is built (also pushed as `fleet.indexing` while it changes). */
  'fleet.indexStatus': answers<FleetIndexStatus>()(none),
  // fleet-view (issue 31, the app's SQL console; docs/FLEET.md "In the app: the SQL console")
  /** One read-only statement over the opened root's fleet index (the tables of `little-inspector sql`), stopped after `budgetMs` (default 10 s) as `sql-timeout`. */
  'fleet.sql': answers<FleetSqlAnswer>()((z) => z.object({ sql: z.string().min(1).max(65_536), budgetMs: z.number().int().min(100).max(SQL_BUDGET_MAX_MS).optional() }).strict()),
  /** The tables and views the console may query, with their columns. */
  'fleet.tables': answers<FleetSqlTables>()(none),
};
