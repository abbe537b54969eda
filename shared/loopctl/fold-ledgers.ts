/**
 * The whole loopctl fold: ledger text or parsed lines → decoded records → runs with turns,
 * tool calls, timeline, usage and cost. Pure and total: bad input ends as diagnostics.
 */
import type { Diagnostic } from '../diagnostics';
import { priceModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { addPricedCall, emptyUsageTotals } from '../pricing/usage-totals';
import { buildEventsRun } from './build-events-run';
import { decodeEventLine, decodeTrajectoryLine } from './decode-lines';
import { createLedgerParser, type LedgerFile, type LedgerLine } from './ledger-parser';
import type { LedgerEvent, LoopctlRun, TrajectoryRecord } from './loopctl-types';
import { mergeTrajectory } from './merge-trajectory';
import { modelIdentity } from './model-identity';
import { segmentEvents } from './segment-events';
import { pushAll } from '../math/push-all';

/** Decoded lines of both files, plus every line-level diagnostic. */
export type LoopctlLedgers = { events: LedgerEvent[]; records: TrajectoryRecord[]; diagnostics: Diagnostic[] };

/** The runs found in one loopctl data dir, and the diagnostics not tied to one run. */
export type LoopctlFold = { runs: LoopctlRun[]; diagnostics: Diagnostic[] };

/** Decode parsed lines of one file, appending to `into`. */
export function decodeLedgerLines(file: LedgerFile, lines: readonly LedgerLine[], into: LoopctlLedgers, path?: string): void {
  for (const line of lines) {
    if (file === 'events.jsonl') {
      const decoded = decodeEventLine(line, path);
      if (decoded.ok) {
        into.events.push(decoded.value);
        pushAll(into.diagnostics, decoded.diagnostics);
      } else into.diagnostics.push(decoded.diagnostic);
    } else {
      const decoded = decodeTrajectoryLine(line, path);
      if (decoded.ok) into.records.push(decoded.value);
      else into.diagnostics.push(decoded.diagnostic);
    }
  }
}

/** Parse and decode whole file texts (either may be absent). */
export function parseLedgers(texts: { events?: string; trajectory?: string }, path?: string): LoopctlLedgers {
  const ledgers: LoopctlLedgers = { events: [], records: [], diagnostics: [] };
  for (const [file, text] of [['events.jsonl', texts.events], ['trajectory.jsonl', texts.trajectory]] as const) {
    if (text === undefined) continue;
    const parser = createLedgerParser({ file, ...(path ? { path } : {}) });
    for (const chunk of [parser.push(text), parser.end()]) {
      pushAll(ledgers.diagnostics, chunk.diagnostics);
      decodeLedgerLines(file, chunk.lines, ledgers, path);
    }
  }
  return ledgers;
}

/** Fold decoded ledgers into runs, priced with `table` where the model name is known to it. */
export function foldLoopctl(ledgers: LoopctlLedgers, table: PriceTable, path?: string): LoopctlFold {
  const eventRuns = segmentEvents(ledgers.events, path).map((segment) => buildEventsRun(segment, path));
  const runs = mergeTrajectory(eventRuns, ledgers.records, path);
  for (const run of runs) finish(run, table);
  runs.sort((a, b) => (a.startedAt ?? '').localeCompare(b.startedAt ?? '') || a.id.localeCompare(b.id));
  return { runs, diagnostics: [...ledgers.diagnostics] };
}

function finish(run: LoopctlRun, table: PriceTable): void {
  let usage = emptyUsageTotals();
  for (const turn of run.modelTurns) {
    // A turn with no turn.ended has unknown tokens: an unpriced call, so the run never shows a made-up $0.
    const identity = modelIdentity(turn.model?.modelId, table);
    // Name the provider the table matched, so views that re-price the turn agree with this fold.
    if (identity.provider !== undefined && turn.model !== undefined) turn.model = { provider: identity.provider, modelId: turn.model.modelId };
    const priced = priceModelCall(turn.usage === undefined ? {} : identity, turn.usage ?? {}, table);
    turn.costUsd = priced.costUsd;
    usage = addPricedCall(usage, priced);
  }
  run.usage = usage;
  const notes = new Set(run.notes);
  notes.add('loopctl records no tool inputs and no tool outputs; a tool output reaches the record only as the next turn\'s query.');
  if (run.trajectoryRunId === null) notes.add('No trajectory.jsonl record for this run: assistant text is absent (events.jsonl never records it) and queries are cut at the capture limit.');
  if (run.modelTurns.some((t) => t.model === undefined)) notes.add('No model switch or fallback names the model of some turns: their cost is unknown (null), never $0.');
  else if (usage.unpricedCalls > 0) notes.add('Some turns ran on a model the price table does not know: the cost is a lower bound or unknown.');
  if (!run.ended && !run.abandoned) notes.add('No run.ended yet: the run is still going, or its process died (loopctl keeps no lock that would tell).');
  run.notes = [...notes];
}
