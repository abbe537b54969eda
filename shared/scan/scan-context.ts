/**
 * What every scanner of one run shares: the run, the settings and price table, the places of
 * harness events, and each model call's cost by callId (a cost is what the calls a finding
 * names cost, priced exactly as the fold prices them: shared/fold/model-call.ts and
 * shared/pricing). Only the cost is kept per call, not the priced call: a long run's scan holds
 * one number per call, so the scavenger has little to copy (docs/SCAN.md "Speed").
 */
import { readModelCall } from '../fold/model-call';
import { stringField } from '../fold/payload-fields';
import { priceModelCall, type PricedModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { formatUsd } from '../format/money';
import { ScanPlaces, type Where } from './scan-places';
import type { ScanFinding, ScanFindingKind, ScanSettings, ScanSeverity } from './scan-types';

/** An event as scanners see it: the type normalised (legacy harness names), its place when a harness event; `loneRequest` as ScanInput's. */
export type ScanEvent = { type: string; sequence: number; payload: unknown; where: Where | null; loneRequest: boolean };

/** A model call's cost: null when the table could not price it (never 0 for unknown). */
export type CallCost = number | null;

/** One scanner: sees every event in sequence order, then adds its findings. */
export interface Scanner {
  add(event: ScanEvent): void;
  finish(out: ScanFinding[]): void;
}

export class ScanContext {
  readonly places = new ScanPlaces();
  private readonly costs = new Map<string, CallCost>();

  constructor(
    readonly runId: string,
    readonly settings: ScanSettings,
    readonly table: PriceTable,
  ) {}

  /** Price a `harness.model.responded` (or `ModelCallCompleted`) and remember its cost by callId; null when it carries no usage. */
  priceResponse(type: 'harness.model.responded' | 'ModelCallCompleted', payload: unknown): PricedModelCall | null {
    const call = readModelCall(type, payload);
    if (call === undefined) return null;
    const priced = priceModelCall(call.identity, call.usage, this.table);
    const callId = stringField(payload, 'callId');
    if (callId !== undefined) this.costs.set(callId, priced.costUsd);
    return priced;
  }

  /** The cost of `callId`'s priced response; undefined when no response with usage was seen. */
  callCost(callId: string): CallCost | undefined {
    return this.costs.get(callId);
  }

  /** A finding of this run. */
  finding(kind: ScanFindingKind, severity: ScanSeverity, f: { message: string; stepPath?: string | null; sequences: number[]; costUsd?: number | null; hint: string }): ScanFinding {
    return { runId: this.runId, kind, severity, message: f.message, stepPath: f.stepPath ?? null, sequences: [...new Set(f.sequences)].sort((a, b) => a - b), costUsd: f.costUsd ?? null, hint: f.hint };
  }
}

/**
 * The cost of some calls for a finding: null when no call was priced (or there is none: a
 * finding about tool calls or failures that recorded no usage has no cost to give). The sum is
 * the fold's (shared/pricing/usage-totals.ts): priced costs added in order from 0, so equal bits.
 */
export function findingCost(costs: readonly CallCost[]): number | null {
  let sum: number | null = null;
  for (const cost of costs) if (cost !== null) sum = (sum ?? 0) + cost;
  return sum;
}

/** A USD figure for messages. */
export function usd(cost: number | null): string {
  return cost === null ? 'cost unknown' : formatUsd(cost);
}
