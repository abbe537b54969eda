/**
 * Deterministic trace and span ids, so exporting a run twice sends the same ids (a backend
 * de-duplicates or at least shows identical traces, and two exports diff cleanly).
 *
 * - trace id: the first 16 bytes of sha256("little-inspector/trace\0" + runId);
 * - the run's root span id: the first 8 bytes of sha256("little-inspector/run\0" + runId),
 *   so a sub-run can link to its parent run knowing only the parent's run id;
 * - every other span id: the first 8 bytes of sha256("little-inspector/span\0" + runId +
 *   "\0" + eventId of the event that opened the item). Event ids are unique in a sound log;
 *   a duplicate (a damaged log) gets the sequence mixed in so ids stay unique in the trace.
 *
 * The hash is injected (shared/ stays free of node:crypto), as in fold/integrity/digest.ts.
 */
import type { Sha256Hex } from '../fold/integrity/digest';


/** The trace id (32 hex) of `runId`. */
export function traceIdFor(runId: string, sha256Hex: Sha256Hex): string {
  return nonZero(sha256Hex(`little-inspector/trace\u0000${runId}`).slice(0, 32));
}

/** The root span id (16 hex) of `runId`. */
export function rootSpanIdFor(runId: string, sha256Hex: Sha256Hex): string {
  return nonZero(sha256Hex(`little-inspector/run\u0000${runId}`).slice(0, 16));
}

/** Hands out span ids for the items of one run, unique within its trace. */
export class SpanIdAllocator {
  private readonly used = new Set<string>();

  constructor(
    private readonly runId: string,
    private readonly sha256Hex: Sha256Hex,
  ) {
    this.used.add(rootSpanIdFor(runId, sha256Hex));
  }

  /** The span id of the item opened by event `eventId` at `sequence`. */
  forEvent(eventId: string, sequence: number): string {
    let id = nonZero(this.sha256Hex(`little-inspector/span\u0000${this.runId}\u0000${eventId}`).slice(0, 16));
    if (this.used.has(id)) id = nonZero(this.sha256Hex(`little-inspector/span\u0000${this.runId}\u0000${eventId}\u0000${sequence}`).slice(0, 16));
    this.used.add(id);
    return id;
  }

  /** The span id of an item with no opening event (`key` names it within the run). */
  forKey(key: string): string {
    const id = nonZero(this.sha256Hex(`little-inspector/item\u0000${this.runId}\u0000${key}`).slice(0, 16));
    this.used.add(id);
    return id;
  }
}

// An all-zero id is invalid in OTLP; a sha256 prefix of zeros is practically impossible, but
// the rule costs one comparison.
function nonZero(hex: string): string {
  return /^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex;
}

