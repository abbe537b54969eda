/**
 * Cut events.jsonl into runs. Lines of different loops may interleave (appends from several
 * processes are not coordinated), and `run_id` restarts at 1 in every new observer, so a run
 * is keyed by `session_id` and opened by its `run.started` line, never by `run_id` alone.
 */
import { diagnostic, type Diagnostic } from '../diagnostics';
import type { LedgerEvent } from './loopctl-types';

/** The lines of one run, in file order. */
export type EventSegment = {
  sessionId: string;
  /** 1-based: the k-th run of this session in the file. */
  ordinal: number;
  eventsRunId: number;
  startSeen: boolean;
  ended: boolean;
  abandoned: boolean;
  events: LedgerEvent[];
  diagnostics: Diagnostic[];
};

/** Segment decoded event lines into runs; sequence gaps and headless runs become diagnostics. */
export function segmentEvents(events: readonly LedgerEvent[], path?: string): EventSegment[] {
  const segments: EventSegment[] = [];
  const open = new Map<string, EventSegment>();
  const ordinals = new Map<string, number>();
  const at = (e: LedgerEvent) => ({ ...(path ? { path } : {}), sequence: e.seq, detail: { file: 'events.jsonl', line: e.line } });

  const start = (e: LedgerEvent, startSeen: boolean): EventSegment => {
    const ordinal = (ordinals.get(e.sessionId) ?? 0) + 1;
    ordinals.set(e.sessionId, ordinal);
    const segment: EventSegment = { sessionId: e.sessionId, ordinal, eventsRunId: e.runId, startSeen, ended: false, abandoned: false, events: [], diagnostics: [] };
    segments.push(segment);
    open.set(e.sessionId, segment);
    return segment;
  };

  for (const e of events) {
    let segment = open.get(e.sessionId);
    if (e.kind === 'run.started') {
      if (segment && !segment.ended) {
        segment.abandoned = true;
        segment.diagnostics.push(
          diagnostic('sequence-gap', `events.jsonl:${e.line}: a new run of session ${e.sessionId} started before run_id ${segment.eventsRunId} ended`, { severity: 'warning', ...at(e) }),
        );
      }
      segment = start(e, true);
      if (e.seq !== 1) segment.diagnostics.push(diagnostic('sequence-gap', `events.jsonl:${e.line}: run.started has seq ${e.seq}, expected 1`, { severity: 'warning', ...at(e) }));
    } else if (!segment || segment.ended || segment.eventsRunId !== e.runId) {
      const why = segment?.ended && segment.eventsRunId === e.runId ? 'after its run.ended' : 'without a run.started (the file was rotated, truncated or started mid-run)';
      segment = start(e, false);
      segment.diagnostics.push(diagnostic('sequence-gap', `events.jsonl:${e.line}: lines of run_id ${e.runId} begin ${why}`, { severity: 'warning', ...at(e) }));
    } else {
      const last = segment.events.at(-1);
      if (last && e.seq <= last.seq) {
        segment.diagnostics.push(diagnostic('sequence-duplicate', `events.jsonl:${e.line}: seq ${e.seq} does not follow seq ${last.seq}`, { severity: 'warning', ...at(e) }));
      } else if (last && e.seq > last.seq + 1) {
        segment.diagnostics.push(
          diagnostic('sequence-gap', `events.jsonl:${e.line}: seq jumps from ${last.seq} to ${e.seq} (${e.seq - last.seq - 1} line(s) lost, e.g. dropped by a full writer queue)`, {
            severity: 'warning',
            ...at(e),
          }),
        );
      }
    }
    segment.events.push(e);
    if (e.kind === 'run.ended') segment.ended = true;
  }
  return segments;
}

/** A run id in little-workflow's alphabet for the k-th run of a session. */
export function loopctlRunId(sessionId: string, ordinal: number): string {
  return `run_lc_${idPart(sessionId)}_${ordinal}`;
}

/** A run id for a trajectory.jsonl record matched to no events.jsonl run. */
export function trajectoryRunId(recordRunId: string): string {
  return `run_lc_t_${idPart(recordRunId)}`;
}

function idPart(text: string): string {
  if (/^[A-Za-z0-9-]{1,64}$/.test(text)) return text;
  // FNV-1a 32-bit over UTF-16 units: stable, short, alphabet-safe.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `h${hash.toString(16).padStart(8, '0')}`;
}
