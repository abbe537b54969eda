/**
 * Chart data of the costs view, derived from the run detail without ever turning an unpriced
 * call into $0: per-step rows come from `little report` itself, per-call figures from the
 * harness model turns priced with the same `priceModelCall` and the library's active table.
 */
import { readModelCall } from '../fold/model-call';
import { priceModelCall, type PricedModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { staleEntries } from '../pricing/staleness';
import type { RunReport, RunReportRow } from '../report/run-report';
import type { HarnessView } from '../fold/harness/harness-types';

/** Steps drawn in each per-step chart; the report table lists them all. */
export const CHART_STEP_LIMIT = 25;

/** One step (or the unattributed residue) as the charts draw it. */
export type StepCostDatum = {
  stepPath: string;
  /** null: nothing priced. Drawn as no bar plus an "n/a" mark, never as 0. */
  costUsd: number | null;
  pricedCalls: number;
  unpricedCalls: number;
  /** Input tokens billed at the full rate (input minus cached). */
  uncachedInput: number;
  cachedInput: number;
  /** Output minus reasoning: reasoning is a subset of output, drawn on its own. */
  outputNonReasoning: number;
  reasoning: number;
  totalTokens: number;
};

/** A report row split into non-overlapping token kinds. */
export function stepDatum(row: RunReportRow): StepCostDatum {
  const cachedInput = Math.min(row.cachedInputTokens, row.inputTokens);
  const reasoning = Math.min(row.reasoningTokens, row.outputTokens);
  return {
    stepPath: row.stepPath,
    costUsd: row.costUsd,
    pricedCalls: row.pricedCalls,
    unpricedCalls: row.unpricedCalls,
    uncachedInput: row.inputTokens - cachedInput,
    cachedInput,
    outputNonReasoning: row.outputTokens - reasoning,
    reasoning,
    totalTokens: row.inputTokens + row.outputTokens,
  };
}

/** Step rows plus the unattributed row, in report order, restricted to rows with model calls. */
export function stepCostData(report: RunReport): StepCostDatum[] {
  const rows = report.unattributed === undefined ? report.steps : [...report.steps, report.unattributed];
  return rows.filter((r) => r.pricedCalls + r.unpricedCalls > 0).map(stepDatum);
}

/** The `limit` rows ranked highest by `score`, keeping ties in input order. */
export function topBy<T>(rows: readonly T[], score: (row: T) => number, limit: number): T[] {
  return rows
    .map((row, i) => ({ row, i, s: score(row) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, limit)
    .map((x) => x.row);
}

/** One responded model call, priced. */
export type CallCost = {
  respondedAt: string;
  ms: number;
  model: string;
  stepPath?: string;
  sequence?: number;
  priced: PricedModelCall;
};

/** What pricing needs of a model turn (a lite harness turn, or a full one). */
type PricedTurnInput = Pick<HarnessView['modelTurns'][number], 'respondedAt' | 'model' | 'usage' | 'stepPath'>;

/**
 * One turn priced with `table`: null until it responded with object usage (in flight, failed,
 * orphaned). The one pricing of a turn: the turns list, the costs tab and exports all use it.
 */
export function priceTurn(turn: PricedTurnInput, table: PriceTable): PricedModelCall | null {
  if (turn.respondedAt === undefined) return null;
  const call = readModelCall('harness.model.responded', { model: turn.model, response: { usage: turn.usage }, stepPath: turn.stepPath });
  return call === undefined ? null : priceModelCall(call.identity, call.usage, table);
}

/** Responded turns with object usage (what the fold counts), priced with `table`, in time order. */
export function pricedTurns(turns: readonly (PricedTurnInput & { respondedSequence?: number })[], table: PriceTable): CallCost[] {
  const calls: CallCost[] = [];
  for (const turn of turns) {
    const priced = priceTurn(turn, table);
    if (priced === null || turn.respondedAt === undefined) continue;
    calls.push({
      respondedAt: turn.respondedAt,
      ms: Date.parse(turn.respondedAt),
      model: `${turn.model?.provider ?? '?'}/${turn.model?.modelId ?? '?'}`,
      stepPath: turn.stepPath,
      sequence: turn.respondedSequence,
      priced,
    });
  }
  return calls.sort((a, b) => a.ms - b.ms);
}

/** A point of the cumulative-cost area: priced spend up to and including this call. */
export type CumulativePoint = { ms: number; cumulativeUsd: number; callUsd: number; model: string };

/** Running priced total over time; unpriced calls add no point and are counted instead. */
export function cumulativeCost(calls: readonly CallCost[]): { points: CumulativePoint[]; unpricedCalls: number } {
  const points: CumulativePoint[] = [];
  let sum = 0;
  let unpricedCalls = 0;
  for (const call of calls) {
    if (call.priced.costUsd === null) {
      unpricedCalls++;
      continue;
    }
    sum += call.priced.costUsd;
    points.push({ ms: call.ms, cumulativeUsd: sum, callUsd: call.priced.costUsd, model: call.model });
  }
  return { points, unpricedCalls };
}

/** Spend and tokens of one model identity. */
export type ModelCost = {
  model: string;
  /** Table key that priced it, or null when the model is not in the table. */
  priceKey: string | null;
  calls: number;
  unpricedCalls: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  costUsd: number | null;
  /** The priced entry's rates per 1M tokens and how fresh they are (null when unpriced). */
  rate: ModelRate | null;
};

/** Rates of a price-table entry as the costs tab lists them (so the renderer never reads a table). */
export type ModelRate = { input: number; cachedInput: number | null; output: number; verifiedAt: string | null; unverified: boolean; staleDays: number | null };

/** The rates of `key` in `table`, with the 90-day staleness verdict at `now`. */
export function modelRate(table: PriceTable, key: string, now: Date): ModelRate | null {
  const entry = table.entries[key];
  if (!entry) return null;
  const stale = staleEntries({ ...table, entries: { [key]: entry } }, now)[0];
  return {
    input: entry.pricing.input,
    cachedInput: entry.pricing.cachedInput ?? null,
    output: entry.pricing.output,
    verifiedAt: entry.unverified === true ? null : (entry.pricingVerifiedAt ?? null),
    unverified: entry.unverified === true,
    staleDays: stale?.ageDays ?? null,
  };
}

/** Calls grouped by model, most expensive first; unpriced models last with a null cost. */
export function costByModel(calls: readonly CallCost[], table: PriceTable, now: Date): ModelCost[] {
  const byModel = new Map<string, ModelCost>();
  for (const { model, priced } of calls) {
    const m = byModel.get(model) ?? { model, priceKey: null, calls: 0, unpricedCalls: 0, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, costUsd: null, rate: null };
    m.calls++;
    m.inputTokens += priced.inputTokens;
    m.cachedInputTokens += priced.cachedInputTokens;
    m.outputTokens += priced.outputTokens;
    m.reasoningTokens += priced.reasoningTokens;
    if (priced.costUsd === null) m.unpricedCalls++;
    else m.costUsd = (m.costUsd ?? 0) + priced.costUsd;
    if (priced.pricedBy && m.priceKey !== priced.pricedBy.key) {
      m.priceKey = priced.pricedBy.key;
      m.rate = modelRate(table, priced.pricedBy.key, now);
    }
    byModel.set(model, m);
  }
  return [...byModel.values()].sort((a, b) => (b.costUsd ?? -1) - (a.costUsd ?? -1) || a.model.localeCompare(b.model));
}
