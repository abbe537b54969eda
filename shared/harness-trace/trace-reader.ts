/**
 * A lossless, tolerant reader of `trace.ndjson`. Every non-blank line ends as exactly one of:
 * an event (parsed and valid), an invalid line (kept with its 1-based line number, byte offset,
 * raw text and the reason), or — only for the last line when the file does not end with a
 * newline and the line is not a valid event — the torn tail of a writer that stopped mid-line.
 *
 * Line numbers and validity match little-harness's own reader (src/trace/inspect.ts
 * `readTraceFile`: split on "\n", skip blank lines, JSON.parse then validate), which counts a
 * torn tail as one more invalid event; `doctor` adds it back for the same numbers.
 * Reading works on bytes so a live tail can resume at a byte offset: `readTraceChunk` takes
 * the bytes after `from` and says where the next read starts (after the last complete line).
 */
import { jsonTooDeep, tooDeepMessage } from '../json-depth';
import { traceEventProblem } from './trace-rules';
import type { TraceEventType } from './trace-names';

/** A valid trace event as written (the object is the parsed line, untouched). */
export type TraceEvent = {
  schemaVersion: 'lh.trace.v2';
  eventId: string;
  sequence: number;
  type: TraceEventType;
  sessionId: string;
  occurrenceId?: string;
  turnId?: string;
  stepId?: string;
  parentEventId?: string;
  timestamp: string;
  metadata?: Record<string, unknown>;
};

/** An event with where it sits in the file. */
export type TraceRecord = { line: number; offset: number; event: TraceEvent };

/** A line little-harness rejects, kept with the reason. */
export type InvalidTraceLine = { line: number; offset: number; text: string; reason: string };

/** The unterminated last line of a file whose writer stopped mid-line. */
export type TornTail = { line: number; offset: number; bytes: number; text: string };

export type TraceChunk = {
  events: TraceRecord[];
  invalid: InvalidTraceLine[];
  /** Byte offset after the last complete line: where the next chunk starts. */
  nextOffset: number;
  /** Line number of the next line after `nextOffset`. */
  nextLine: number;
  /** The bytes after the last newline, when not blank (a line still being written, or torn). */
  pending: { offset: number; bytes: number } | null;
};

export type TraceRead = {
  events: TraceRecord[];
  invalid: InvalidTraceLine[];
  tornTail: TornTail | null;
};

const NEWLINE = 0x0a;
// Node's readFile(…, "utf8") keeps a byte-order mark and replaces bad bytes with U+FFFD; so do we.
const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** Classify one line: an event, or the reason it is not one. */
export function classifyTraceLine(text: string): { event: TraceEvent } | { reason: string } {
  // Deeper than any real trace line; refused so no later walk can overflow the stack (little-harness would read it).
  if (jsonTooDeep(text)) return { reason: tooDeepMessage() };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const problem = traceEventProblem(parsed);
  return problem === null ? { event: parsed as TraceEvent } : { reason: problem };
}

/**
 * Read the complete lines of `bytes` (the file's bytes from offset `from`, whose first line is
 * line `firstLine`). The bytes after the last newline are not read: they are `pending`.
 */
export function readTraceChunk(bytes: Uint8Array, from = 0, firstLine = 1): TraceChunk {
  const events: TraceRecord[] = [];
  const invalid: InvalidTraceLine[] = [];
  let start = 0;
  let line = firstLine;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, start)) {
    takeLine(decoder.decode(bytes.subarray(start, i)), line, from + start, events, invalid);
    start = i + 1;
    line += 1;
  }
  const rest = bytes.subarray(start);
  const pending = rest.length > 0 && decoder.decode(rest).trim() !== '' ? { offset: from + start, bytes: rest.length } : null;
  return { events, invalid, nextOffset: from + start, nextLine: line, pending };
}

/** Read a whole trace file; an unterminated last line is an event when valid, else the torn tail. */
export function readTrace(bytes: Uint8Array): TraceRead {
  const chunk = readTraceChunk(bytes);
  if (chunk.pending === null) return { events: chunk.events, invalid: chunk.invalid, tornTail: null };
  const text = decoder.decode(bytes.subarray(chunk.pending.offset));
  const last = classifyTraceLine(text);
  if ('event' in last) {
    return { events: [...chunk.events, { line: chunk.nextLine, offset: chunk.pending.offset, event: last.event }], invalid: chunk.invalid, tornTail: null };
  }
  return { events: chunk.events, invalid: chunk.invalid, tornTail: { line: chunk.nextLine, offset: chunk.pending.offset, bytes: chunk.pending.bytes, text } };
}

function takeLine(text: string, line: number, offset: number, events: TraceRecord[], invalid: InvalidTraceLine[]): void {
  if (text.trim() === '') return;
  const result = classifyTraceLine(text);
  if ('event' in result) events.push({ line, offset, event: result.event });
  else invalid.push({ line, offset, text, reason: result.reason });
}
