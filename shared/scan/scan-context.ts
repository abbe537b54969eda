/**
 * What every scanner of one run shares: the run, the settings and price table, the places of
 * harness events, and each model call's priced usage by callId (a cost is what the calls a
 * finding names cost, priced exactly as the fold prices them: shared/fold/model-call.ts and
 * shared/pricing).
 */
import type { EventEnvelope } from '../events/envelope';
import { readModelCall } from '../fold/model-call';
import { stringField } from '../fold/payload-fields';
import type { UsageTotals } from '../fold/run-state-types';
import { priceModelCall, type PricedModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { addPricedCall, emptyUsageTotals } from '../pricing/usage-totals';
import { formatUsd } from '../format/money';
import { ScanPlaces, type Where } from './scan-places';
import type { ScanFinding, ScanFindingKind, ScanSettings, ScanSeverity } from './scan-types';

/** An event as scanners see it: the type normalised (legacy harness names), its place when a harness event. */
export type ScanEvent = { type: string; sequence: number; recordedAt: string; payload: unknown; where: Where | null; envelope: EventEnvelope };

/** One scanner: sees every event in sequence order, then adds its findings. */
export interface Scanner {
  add(event: ScanEvent): void;
  finish(out: ScanFinding[]): void;
}

export class ScanContext {
  readonly places = new ScanPlaces();
  private readonly priced = new Map<string, PricedModelCall>();

  constructor(
    readonly runId: string,
    readonly settings: ScanSettings,
    readonly table: PriceTable,
  ) {}

  /** Price a `harness.model.responded` (or `ModelCallCompleted`) and remember it by callId; null when it carries no usage. */
  priceResponse(type: 'harness.model.responded' | 'ModelCallCompleted', payload: unknown): PricedModelCall | null {
    const call = readModelCall(type, payload);
    if (call === undefined) return null;
    const priced = priceModelCall(call.identity, call.usage, this.table);
    const callId = stringField(payload, 'callId');
    if (callId !== undefined) this.priced.set(callId, priced);
    return priced;
  }

  /** The priced response of `callId`, if one was seen. */
  pricedCall(callId: string): PricedModelCall | undefined {
    return this.priced.get(callId);
  }

  /** A finding of this run. */
  finding(kind: ScanFindingKind, severity: ScanSeverity, f: { message: string; stepPath?: string | null; sequences: number[]; costUsd?: number | null; hint: string }): ScanFinding {
    return { runId: this.runId, kind, severity, message: f.message, stepPath: f.stepPath ?? null, sequences: [...new Set(f.sequences)].sort((a, b) => a - b), costUsd: f.costUsd ?? null, hint: f.hint };
  }
}

/** Usage totals of some calls, the fold's arithmetic: `costUsd` null when none could be priced, never 0 for unknown. */
export function totalsOf(calls: Iterable<PricedModelCall>): UsageTotals {
  let totals = emptyUsageTotals();
  for (const call of calls) totals = addPricedCall(totals, call);
  return totals;
}

/**
 * The cost of some calls for a finding: null when no call was priced (or there is none: a
 * finding about tool calls or failures that recorded no usage has no cost to give).
 */
export function findingCost(calls: readonly PricedModelCall[]): number | null {
  if (calls.length === 0) return null;
  const totals = totalsOf(calls);
  return totals.pricedCalls === 0 ? null : totals.costUsd;
}

/** A USD figure for messages. */
export function usd(cost: number | null): string {
  return cost === null ? 'cost unknown' : formatUsd(cost);
}
