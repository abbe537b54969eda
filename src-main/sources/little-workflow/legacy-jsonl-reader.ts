/**
 * Reader for pre-SQLite data dirs, whose `events/` held one JSONL file per run.
 *
 * The legacy file layout was never confirmed from little-workflow's code, so a file is
 * only trusted when it is named `<runId>.jsonl` and every line is an envelope with
 * runId/sequence/type/payload for that run; anything else is reported as
 * `legacy-format-unconfirmed` instead of being guessed at.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { diagnostic, fail, ok, type Diagnostic, type Result } from '../../../shared/diagnostics';
import { RUN_ID_PATTERN } from '../../../shared/events/envelope';
import { statusFromType } from './run-list-query';
import type { DataDirReader, EventRead, RunAggregate } from './store-types';
import { isUsageCallType, RUN_LIST_CALL_TYPES } from '../../../shared/fold/model-call-usage';
import { readLinesSync } from '../fs/sync-lines';

const WEIGHED_TYPES: ReadonlySet<string> = new Set(RUN_LIST_CALL_TYPES);
const STATUS_TYPES = new Set(['RunStarted', 'RunCompleted', 'RunFailed']);
const SESSION_START_TYPES = new Set(['harness.session.started', 'HarnessSessionStarted']);

/** A line that passed the envelope check. */
type LegacyLine = { runId: string; sequence: number; type: string; eventId: string; occurrenceId: string | null; recordedAt: string; payload: unknown };

/** Open a legacy JSONL data dir; fails with `legacy-format-unconfirmed` if no file checks out. */
export function openLegacyDataDir(root: string, eventsDir: string): Result<DataDirReader> {
  const reader = new LegacyJsonlReader(root, eventsDir);
  const scan = reader.listRuns();
  if (!scan.ok) return scan;
  if (scan.value.runs.length === 0) {
    return fail(
      diagnostic(
        'legacy-format-unconfirmed',
        `${eventsDir} holds .jsonl files but none is a per-run log of little-workflow envelopes (runId, sequence, type, payload on every line); this pre-SQLite format is not confirmed, so nothing was read`,
        { path: eventsDir, detail: { findings: scan.value.diagnostics.map((d) => d.message) } },
      ),
    );
  }
  return ok(reader);
}

class LegacyJsonlReader implements DataDirReader {
  readonly format = 'jsonl-legacy' as const;
  readonly recipe = null;

  constructor(
    readonly path: string,
    private readonly eventsDir: string,
  ) {}

  listRuns(only?: ReadonlySet<string>): Result<{ runs: RunAggregate[]; diagnostics: Diagnostic[] }> {
    let names: string[];
    try {
      // A run's log is `<runId>.jsonl`.
      names = readdirSync(this.eventsDir).filter((name) => name.endsWith('.jsonl') && (only === undefined || only.has(name.slice(0, -'.jsonl'.length)))).sort();
    } catch (error) {
      return fail(diagnostic('permission-denied', `Cannot list ${this.eventsDir}: ${String(error)}`, { path: this.eventsDir }));
    }
    const runs: RunAggregate[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const name of names) {
      const result = this.aggregate(name);
      if (result.ok) runs.push(result.value);
      else diagnostics.push(result.error);
    }
    return ok({ runs, diagnostics });
  }

  readEvents(runId: string, afterSequence = 0, upto = Infinity): Iterable<EventRead> {
    return this.stream(runId, (line) => line.sequence > afterSequence && line.sequence <= upto);
  }

  // Legacy logs are small and never checkpointed: no keys, so no checkpoint is ever trusted.
  readEventKeys(): string | null {
    return null;
  }

  *readModelCallEvents(weighed: readonly string[] = [], only?: ReadonlySet<string>): Iterable<EventRead> {
    const listed = this.listRuns(only);
    if (!listed.ok) return;
    const weigh = new Set(weighed);
    for (const run of listed.value.runs) {
      const keep = weigh.has(run.runId) ? (type: string) => WEIGHED_TYPES.has(type) : isUsageCallType;
      yield* this.stream(run.runId, (line) => keep(line.type));
    }
  }

  close(): void {}

  private *stream(runId: string, keep: (line: LegacyLine) => boolean): Generator<EventRead> {
    if (!RUN_ID_PATTERN.test(runId)) return;
    const file = join(this.eventsDir, `${runId}.jsonl`);
    try {
      for (const { line, lineNumber } of readLinesSync(file)) {
        if (line.trim() === '') continue;
        const parsed = parseLine(line, runId);
        if (parsed === null) {
          yield { ok: false, sequence: null, runId, raw: null, diagnostic: unconfirmed(file, lineNumber) };
          return;
        }
        if (!keep(parsed)) continue;
        yield {
          ok: true,
          event: {
            eventId: parsed.eventId,
            runId,
            sequence: parsed.sequence,
            type: parsed.type,
            ...(parsed.occurrenceId === null ? {} : { occurrenceId: parsed.occurrenceId }),
            recordedAt: parsed.recordedAt,
            payload: parsed.payload,
          },
        };
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      yield { ok: false, sequence: null, runId, raw: null, diagnostic: diagnostic('sqlite-read-failed', `Cannot read ${file}: ${String(error)}`, { path: file, runId }) };
    }
  }

  private aggregate(name: string): Result<RunAggregate> {
    const runId = name.slice(0, -'.jsonl'.length);
    const file = join(this.eventsDir, name);
    if (!RUN_ID_PATTERN.test(runId)) {
      return fail(diagnostic('legacy-format-unconfirmed', `${name} is not named <runId>.jsonl with a valid run id; skipped`, { path: file }));
    }
    const run: RunAggregate = {
      runId, eventCount: 0, maxSequence: 0, firstRecordedAt: '', lastRecordedAt: '', lastEventType: '',
      status: 'pending', parentRunId: null, outerLoopId: null, workflowVersionId: null, label: null, tags: [],
    };
    let meta: { fromRunStarted: boolean; payload: unknown } | null = null;
    try {
      for (const { line, lineNumber } of readLinesSync(file)) {
        if (line.trim() === '') continue;
        const parsed = parseLine(line, runId);
        if (parsed === null) return fail(unconfirmed(file, lineNumber));
        run.eventCount += 1;
        if (run.eventCount === 1) run.firstRecordedAt = parsed.recordedAt;
        run.maxSequence = Math.max(run.maxSequence, parsed.sequence);
        run.lastRecordedAt = parsed.recordedAt;
        run.lastEventType = parsed.type;
        if (STATUS_TYPES.has(parsed.type)) run.status = statusFromType(parsed.type);
        if (parsed.type === 'RunStarted' && meta?.fromRunStarted !== true) meta = { fromRunStarted: true, payload: parsed.payload };
        else if (SESSION_START_TYPES.has(parsed.type) && meta === null) meta = { fromRunStarted: false, payload: parsed.payload };
      }
    } catch (error) {
      return fail(diagnostic('permission-denied', `Cannot read ${file}: ${String(error)}`, { path: file }));
    }
    if (run.eventCount === 0) return fail(diagnostic('legacy-format-unconfirmed', `${name} is empty`, { path: file, severity: 'warning' }));
    const payload = meta?.payload;
    if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
      const fields = payload as Record<string, unknown>;
      run.parentRunId = typeof fields.parentRunId === 'string' ? fields.parentRunId : null;
      run.outerLoopId = typeof fields.outerLoopId === 'string' ? fields.outerLoopId : null;
      run.workflowVersionId = typeof fields.workflowVersionId === 'string' ? fields.workflowVersionId : null;
      run.label = typeof fields.label === 'string' ? fields.label : null;
      run.tags = Array.isArray(fields.tags) ? fields.tags.filter((tag): tag is string => typeof tag === 'string') : [];
    }
    return ok(run);
  }
}

/** Parse one line; null unless it is an envelope of `runId` with the required fields. */
function parseLine(line: string, runId: string): LegacyLine | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (record.runId !== runId || typeof record.type !== 'string' || !('payload' in record)) return null;
  if (typeof record.sequence !== 'number' || !Number.isSafeInteger(record.sequence) || record.sequence < 1) return null;
  return {
    runId,
    sequence: record.sequence,
    type: record.type,
    eventId: typeof record.eventId === 'string' ? record.eventId : '',
    occurrenceId: typeof record.occurrenceId === 'string' ? record.occurrenceId : null,
    recordedAt: typeof record.recordedAt === 'string' ? record.recordedAt : '',
    payload: record.payload,
  };
}

function unconfirmed(file: string, lineNumber: number): Diagnostic {
  return diagnostic(
    'legacy-format-unconfirmed',
    `Line ${lineNumber} of ${file} is not a little-workflow envelope (JSON object with runId, sequence, type and payload); the legacy JSONL format is unconfirmed, so this log is not read`,
    { path: file },
  );
}
