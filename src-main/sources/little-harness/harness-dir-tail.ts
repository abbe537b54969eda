/**
 * Tails one little-harness data dir for the live observer: every session folder's trace.ndjson
 * is read on from its byte offset (`TraceTail`: a half-written last line waits for its
 * newline, so a torn line is the end of the file until it is completed), and each session's
 * status.json is re-read when it changes. New trace events become `run.delta` notices whose
 * run id is the session id, like any other source's runs; a session whose state leaves
 * `running`/`queued` ends, one that comes back resumes, a shrunk or replaced trace resets it,
 * a removed folder ends it as `removed`. Never writes.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import type { EventEnvelope } from '../../../shared/events/envelope';
import { sessionLivePhase, sessionRunStatus, traceEnvelope, traceUsage } from '../../../shared/harness-trace/session-run-row';
import { deepFreeze, type LiveNotification } from '../../../shared/live/live-notifications';
import type { LivePhase, LiveRunSummary } from '../../../shared/live/live-types';
import type { LiveRunInfo, LiveRunSnapshot, SourceTail } from '../run-source';
import { listSessionFolders, type SessionEntry } from './session-store';
import { TraceTail } from './trace-tail';

/** Knobs of one harness tail. */
export type HarnessDirTailOptions = { replayExisting?: boolean; watch?: boolean; wake?: () => void };

/** What the tail remembers of one session: a byte position and running totals, never the events. */
type LiveSession = {
  pathKey: string;
  sessionId: string;
  tail: TraceTail;
  state: string | null;
  phase: LivePhase;
  eventCount: number;
  lastSequence: number;
  lastType: string | null;
  lastAt: string | null;
  startedAt: string | null;
  inputTokens: number;
  outputTokens: number;
  summary: LiveRunSummary;
};

/** The live tail of one `.little-harness` data dir. */
export class HarnessDirTail implements SourceTail {
  private readonly sessions = new Map<string, LiveSession>();
  private readonly watchers = new Map<string, FSWatcher>();
  private initialized = false;
  /** Sessions that existed at the first tick and were not followed yet: their lines so far are history. */
  private readonly baseline = new Set<string>();

  constructor(
    readonly path: string,
    private readonly options: HarnessDirTailOptions = {},
  ) {}

  /** Read what every session appended (at most about `budget` events); `more` when a session had more than fit. */
  tick(_now: number, budget: number, out: LiveNotification[]): { rows: number; more: boolean } {
    const listed = listSessionFolders(this.path);
    const entries = listed.ok ? listed.value : [];
    // The sessions listed at the first tick are the baseline: each is read silently the first time
    // it is followed, even when the row budget defers it to a later tick (it is not new then).
    if (!this.initialized && this.options.replayExisting !== true) for (const entry of entries) this.baseline.add(entry.pathKey);
    this.initialized = true;
    this.ensureWatch('', this.path);
    let rows = 0;
    let more = false;
    const seen = new Set<string>();
    for (const entry of entries) {
      seen.add(entry.pathKey);
      this.ensureWatch(entry.pathKey, entry.dir);
      if (rows >= Math.max(budget, 1)) {
        more = true;
        continue;
      }
      rows += this.follow(entry, this.baseline.delete(entry.pathKey), out);
    }
    for (const session of [...this.sessions.values()]) {
      if (seen.has(session.pathKey)) continue;
      this.sessions.delete(session.pathKey);
      this.watchers.get(session.pathKey)?.close();
      this.watchers.delete(session.pathKey);
      out.push(deepFreeze({ kind: 'run.ended' as const, dataDir: this.path, runId: session.sessionId, reason: 'removed' as const, summary: session.summary }));
    }
    return { rows, more };
  }

  liveRuns(): LiveRunInfo[] {
    return [...this.sessions.values()].map((s) => this.info(s));
  }

  /** Sessions have no event fold to copy: the snapshot is the session's summary and position. */
  capture(runId: string): LiveRunSnapshot | undefined {
    const session = [...this.sessions.values()].find((s) => s.sessionId === runId);
    return session === undefined ? undefined : Object.freeze({ ...this.info(session), folded: null });
  }

  get runCount(): number {
    return this.sessions.size;
  }

  /** Its first tick read what existed (the baseline); reads of these files do not fail as a whole. */
  get ready(): boolean {
    return this.initialized;
  }

  stop(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  /** One session's new lines and state; returns the number of events delivered. */
  private follow(entry: SessionEntry, silent: boolean, out: LiveNotification[]): number {
    let session = this.sessions.get(entry.pathKey);
    const isNew = session === undefined;
    session ??= this.track(entry);
    // listSessionFolders read status.json just now (a torn one keeps the last state).
    session.state = entry.status?.state ?? session.state;
    const poll = session.tail.poll();
    const base = () => ({ dataDir: this.path, runId: session.sessionId, summary: session.summary });
    if (poll.reset && !isNew) {
      const previousSequence = session.lastSequence;
      Object.assign(session, { eventCount: 0, lastSequence: 0, lastType: null, lastAt: null, startedAt: null, inputTokens: 0, outputTokens: 0 });
      session.summary = this.summarise(session);
      if (!silent) out.push(deepFreeze({ kind: 'run.reset' as const, ...base(), reason: 'replaced' as const, previousSequence }));
    }
    const events = poll.events.map((r) => r.event);
    const before = session.phase;
    for (const e of events) {
      session.eventCount += 1;
      session.lastSequence = e.sequence;
      session.lastType = e.type;
      session.lastAt = e.timestamp;
      session.startedAt ??= e.timestamp;
    }
    const usage = traceUsage(events);
    session.inputTokens += usage.inputTokens;
    session.outputTokens += usage.outputTokens;
    session.phase = sessionLivePhase(session.state);
    session.summary = this.summarise(session);
    if (isNew && session.eventCount === 0) {
      // Tracked once it has a line (then announced as new): an empty folder is not a session yet.
      this.sessions.delete(entry.pathKey);
      return 0;
    }
    if (silent) return events.length;
    if (isNew) out.push(deepFreeze({ kind: 'run.started' as const, ...base(), reason: 'new' as const }));
    else if (before !== 'active' && session.phase === 'active') out.push(deepFreeze({ kind: 'run.started' as const, ...base(), reason: 'resumed' as const }));
    if (events.length > 0) out.push(deepFreeze({ kind: 'run.delta' as const, ...base(), events: events.map(traceEnvelope) as EventEnvelope[] }));
    if (before === 'active' && session.phase !== 'active') {
      out.push(deepFreeze({ kind: 'run.ended' as const, ...base(), reason: session.summary.status === 'failed' ? ('failed' as const) : ('completed' as const) }));
    }
    return events.length;
  }

  private track(entry: SessionEntry): LiveSession {
    const fields = {
      pathKey: entry.pathKey,
      sessionId: entry.status?.id ?? entry.pathKey,
      tail: new TraceTail(entry.dir),
      state: null,
      phase: 'active' as const,
      eventCount: 0,
      lastSequence: 0,
      lastType: null,
      lastAt: null,
      startedAt: null,
      inputTokens: 0,
      outputTokens: 0,
    };
    const session: LiveSession = { ...fields, summary: this.summarise(fields) };
    this.sessions.set(entry.pathKey, session);
    return session;
  }

  private summarise(s: Omit<LiveSession, 'summary'>): LiveRunSummary {
    return Object.freeze({
      runId: s.sessionId,
      dataDir: this.path,
      status: sessionRunStatus(s.state),
      phase: s.phase,
      eventCount: s.eventCount,
      lastSequence: s.lastSequence,
      lastEventType: s.lastType,
      lastEventAt: s.lastAt,
      startedAt: s.startedAt,
      finishedAt: s.phase === 'active' ? null : s.lastAt,
      inputTokens: s.inputTokens,
      outputTokens: s.outputTokens,
      costUsd: null,
      runningSteps: [],
      foldError: null,
    });
  }

  private info(s: LiveSession): LiveRunInfo {
    return Object.freeze({ dataDir: this.path, runId: s.sessionId, phase: s.phase, lastSequence: s.lastSequence, lastEventAt: s.lastAt, foldError: null, summary: s.summary });
  }

  // fs.watch of `sessions/` and of each session folder wakes the observer; the poll runs either way.
  private ensureWatch(key: string, dir: string): void {
    if (this.options.watch !== true || this.watchers.has(key)) return;
    try {
      const watcher = watch(key === '' ? join(dir, 'sessions') : dir, { persistent: false }, () => this.options.wake?.());
      watcher.on('error', () => {
        watcher.close();
        if (this.watchers.get(key) === watcher) this.watchers.delete(key);
      });
      this.watchers.set(key, watcher);
    } catch {
      // No watch (folder gone, or too many watches): the poll still sees changes.
    }
  }
}
