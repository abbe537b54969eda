/**
 * A little-harness session being written, for live tests: status.json rewritten atomically
 * (temp file + rename, as little-harness does), trace lines appended one `appendFile` at a
 * time, and a line appended in two halves (a writer caught mid-append).
 */
import { appendFileSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class TraceTestWriter {
  readonly dir: string;
  private sequence = 0;
  private ms: number;

  constructor(harnessDir: string, readonly sessionId: string, startIso = '2026-11-30T09:00:00.000Z') {
    this.dir = join(harnessDir, 'sessions', sessionId);
    mkdirSync(this.dir, { recursive: true });
    this.ms = Date.parse(startIso);
  }

  /** Rewrite status.json with `state`. */
  status(state: 'idle' | 'queued' | 'running' | 'failed'): void {
    const at = new Date(this.ms).toISOString();
    const tmp = join(this.dir, `.status.json.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ id: this.sessionId, state, pathKey: this.sessionId, createdAt: at, updatedAt: at, stagedMessageIds: [] }, null, 2));
    renameSync(tmp, join(this.dir, 'status.json'));
  }

  /** The text of the next valid line of `type` (sequence and time advance). */
  line(type: string, metadata: Record<string, unknown> = {}, occurrenceId?: string): string {
    this.sequence += 1;
    this.ms += 1000;
    const event = { schemaVersion: 'lh.trace.v2', eventId: `evt_test_${String(this.sequence).padStart(12, '0')}`, sequence: this.sequence, type, sessionId: this.sessionId, ...(occurrenceId ? { occurrenceId } : {}), timestamp: new Date(this.ms).toISOString(), metadata };
    return JSON.stringify(event);
  }

  /** Append complete lines. */
  append(...lines: string[]): void {
    appendFileSync(join(this.dir, 'trace.ndjson'), lines.map((l) => `${l}\n`).join(''));
  }

  /** Append the first half of `line` (no newline); returns the rest, to append later with `raw`. */
  half(line: string): string {
    const cut = Math.floor(line.length / 2);
    appendFileSync(join(this.dir, 'trace.ndjson'), line.slice(0, cut));
    return `${line.slice(cut)}\n`;
  }

  /** Append bytes as given. */
  raw(text: string): void {
    appendFileSync(join(this.dir, 'trace.ndjson'), text);
  }
}

/** A model call's two trace lines' metadata (valid under the trace rules). */
export const MODEL = { provider: 'openai', modelId: 'gpt-4o-mini' };
export function modelCalled(step: number): Record<string, unknown> {
  return { stepNumber: step, model: MODEL, request: { promptHash: 'sha256:test', system: { captured: true, preview: 'sys', truncated: false }, messages: [], tools: [] } };
}
export function modelResponded(step: number, inputTokens = 100, outputTokens = 10): Record<string, unknown> {
  return { stepNumber: step, model: MODEL, text: { captured: true, preview: 'ok', truncated: false }, usage: { inputTokens, outputTokens } };
}
