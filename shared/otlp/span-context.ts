/**
 * What every part of a run's span mapping shares: the run's inputs, the ids, the crash
 * boundary's time and the helpers that end a span that has no closing event.
 */
import type { EventEnvelope } from '../events/envelope';
import type { CrashBoundary } from '../fold/crash/crash-types';
import type { HarnessView } from '../fold/harness/harness-types';
import type { Sha256Hex } from '../fold/integrity/digest';
import type { MaterializedRunState } from '../fold/run-state-types';
import type { PriceTable } from '../pricing/price-table-types';
import { parseTime } from '../timeline/time-axis';
import { rootSpanIdFor, SpanIdAllocator, traceIdFor } from './otlp-ids';
import type { SpanEnd, SpanStatusCode } from './otlp-span-types';
import type { SemconvMode } from './semconv-mode';

/** One run as the mapping needs it: its log (in sequence order) and what was folded from it. */
export type RunSpanInput = {
  runId: string;
  events: readonly EventEnvelope[];
  state: MaterializedRunState;
  /** The full harness view (bodies included: `--content` reads requests and responses). */
  harness: HarnessView;
  boundary: CrashBoundary | null;
  /** The price table that priced the fold (costs on model-call spans use the same). */
  table: PriceTable;
  /** The locked workflow version's LWIR `metadata.name` / `metadata.version`, when stored. */
  workflow?: { name: string | null; version: string | null };
  /**
   * What `gen_ai.conversation.id` carries in the latest conventions: the little-harness session
   * the run belongs to (docs/OTLP.md says why), else the top run of its parent chain; absent,
   * the log's parent run, else the run itself.
   */
  conversationId?: string;
};

/**
 * Mapping options. `content`: include message contents, tool arguments and results;
 * `semconv`: the GenAI conventions' version (default 1.45, the transition rule's default).
 */
export type RunSpanOptions = { content: boolean; sha256Hex: Sha256Hex; semconv?: SemconvMode };

/** Shared state of one run's mapping. */
export class SpanContext {
  readonly traceId: string;
  readonly rootSpanId: string;
  readonly ids: SpanIdAllocator;
  readonly crashed: boolean;
  /** Where open work ends when the run crashed (or where the log stops): the last event. */
  readonly lastTime: string;
  readonly crashReason: string;
  private readonly bySequence = new Map<number, EventEnvelope>();

  constructor(
    readonly input: RunSpanInput,
    readonly options: RunSpanOptions,
  ) {
    this.traceId = traceIdFor(input.runId, options.sha256Hex);
    this.rootSpanId = rootSpanIdFor(input.runId, options.sha256Hex);
    this.ids = new SpanIdAllocator(input.runId, options.sha256Hex);
    for (const event of input.events) this.bySequence.set(event.sequence, event);
    this.crashed = input.boundary?.verdict.kind === 'crashed';
    this.lastTime = input.boundary?.lastEvent?.recordedAt ?? input.events.at(-1)?.recordedAt ?? input.state.startedAt ?? '';
    this.crashReason = input.boundary?.verdict.reason ?? 'the run crashed';
  }

  event(sequence: number | undefined): EventEnvelope | undefined {
    return sequence === undefined ? undefined : this.bySequence.get(sequence);
  }

  /** The span id of the item opened at `sequence` (or keyed by `key` when that event is unknown). */
  spanIdAt(sequence: number | undefined, key: string): string {
    const event = this.event(sequence);
    return event ? this.ids.forEvent(event.eventId, event.sequence) : this.ids.forKey(key);
  }

  /**
   * The end of work still open at the end of the log: the crash boundary (error status saying
   * so) when the run crashed, else "open" at the last event (still running when exported).
   */
  unfinished(what: string): { end: SpanEnd; endTime: string; status: { code: SpanStatusCode; message?: string } } {
    if (this.crashed) {
      return { end: { kind: 'crash' }, endTime: this.lastTime, status: { code: 'error', message: `${what} at the crash boundary: ${this.crashReason}` } };
    }
    return { end: { kind: 'open' }, endTime: this.lastTime, status: { code: 'unset' } };
  }
}

/** `end` when it is a parseable time not before `start`, else `start`. */
export function notBefore(start: string, end: string): string {
  const s = parseTime(start);
  const e = parseTime(end);
  return s !== null && e !== null && e < s ? start : end;
}

/** A short message out of a recorded error (`{name, message}` or any JSON). */
export function errorMessage(error: unknown): string | undefined {
  if (error === undefined || error === null) return undefined;
  if (typeof error === 'string') return error;
  if (typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return typeof name === 'string' ? `${name}: ${message}` : message;
  }
  return JSON.stringify(error);
}

/** `error.type` of a recorded error, when it names one. */
export function errorType(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { name, causeCode } = error as { name?: unknown; causeCode?: unknown };
  return typeof name === 'string' ? name : typeof causeCode === 'string' ? causeCode : undefined;
}

/** Attributes without the undefined ones. */
export function attrs(values: Record<string, string | number | boolean | undefined>): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(values)) if (value !== undefined) out[key] = value;
  return out;
}

/** A content attribute's text: strings as they are, anything else as JSON. */
export function json(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}
