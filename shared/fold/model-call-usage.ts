/**
 * Run-level usage from model-call events alone: what the run list shows without folding
 * whole runs. Same reading and pricing as the fold's own `recordModelCall`.
 */
import type { EventEnvelope } from '../events/envelope';
import { normalizeHarnessEventType } from '../events/event-names';
import { priceModelCall } from '../pricing/price-model-call';
import type { PriceTable } from '../pricing/price-table-types';
import { addPricedCall } from '../pricing/usage-totals';
import { foldedEventType } from './folded-event-types';
import { readModelCall } from './model-call';
import { isRecord } from './payload-values';
import type { UsageTotals } from './run-state-types';
import { ASKED_CALL_TYPES, FAILED_CALL_TYPES } from './model-call-balance';

/** Stored types that carry a call's usage (dotted, legacy and workflow-level names). */
export const USAGE_CALL_TYPES = ['harness.model.responded', 'HarnessModelResponded', 'ModelCallCompleted'] as const;

const USAGE_TYPE_SET: ReadonlySet<string> = new Set(USAGE_CALL_TYPES);

/** Whether a stored type is one of USAGE_CALL_TYPES. */
export const isUsageCallType = (type: string): boolean => USAGE_TYPE_SET.has(type);

/** What a reader hands the run list of a log's model calls: their usage and their balance (model-call-balance.ts). */
export const RUN_LIST_CALL_TYPES: readonly string[] = [...USAGE_CALL_TYPES, ...ASKED_CALL_TYPES, ...FAILED_CALL_TYPES];

/** `totals` plus the priced call `event` carries; other events (and non-object payloads) leave it unchanged. */
export function addModelCallUsage(totals: UsageTotals, event: EventEnvelope, table: PriceTable): UsageTotals {
  const kind = foldedEventType(normalizeHarnessEventType(event.type));
  if (kind !== 'ModelCallCompleted' && kind !== 'harness.model.responded') return totals;
  // The full fold throws on a non-object payload; the run list only skips it (`check` reports it).
  if (!isRecord(event.payload)) return totals;
  const call = readModelCall(kind, event.payload);
  return call === undefined ? totals : addPricedCall(totals, priceModelCall(call.identity, call.usage, table));
}
