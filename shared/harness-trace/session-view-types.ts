/** What the renderer gets about little-harness sessions (channels `sessions.list`, `session.view`, `session.file`). */
import type { DoctorReport } from './doctor';
import type { SessionCounts, SessionItem } from './session-model';

/** One session row of the sessions list. */
export type SessionListing = {
  /** The harness data dir, relative to the opened root ("." for the root itself). */
  harnessDir: string;
  sessionId: string;
  pathKey: string;
  state: string | null;
  firstAt: string | null;
  lastAt: string | null;
  tornTail: boolean;
  counts: SessionCounts | null;
  /** Why the session could not be read, when it could not. */
  problem: string | null;
};

/** One session in full: its items in trace order, doctor's findings and the lines it could not read. */
export type SessionView = {
  listing: SessionListing;
  items: SessionItem[];
  doctor: DoctorReport;
  invalidLines: Array<{ line: number; reason: string; text: string }>;
  tornTail: { line: number; bytes: number; text: string } | null;
  /** The events.db events and runs of the Local Worlds inside the session folder, for links both ways. */
  links: SessionLinks;
  /** Why a world inside the session could not be read for links (the trace still shows). */
  linkProblems: string[];
};

/** An events.db event that shares an occurrence id with a trace event (`dataDir` is the data dir's label). */
export type LinkedEvent = { occurrenceId: string; dataDir: string; runId: string; sequence: number; type: string };

/** A session's link index: events with an occurrence id, and every run, of its nested worlds. */
export type SessionLinks = { events: LinkedEvent[]; runs: Array<{ dataDir: string; runId: string }> };

/** A file a trace names (spooled diff or output), as text; `truncated` past the size cap. */
export type SessionFile = { path: string; bytes: number; text: string; truncated: boolean };
