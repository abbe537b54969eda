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

/** `totals` plus the priced call `event` carries; other events (and non-object payloads) leave it unchanged. */
export function addModelCallUsage(totals: UsageTotals, event: EventEnvelope, table: PriceTable): UsageTotals {
  const kind = foldedEventType(normalizeHarnessEventType(event.type));
  if (kind !== 'ModelCallCompleted' && kind !== 'harness.model.responded') return totals;
  // The full fold throws on a non-object payload; the run list only skips it (`check` reports it).
  if (!isRecord(event.payload)) return totals;
  const call = readModelCall(kind, event.payload);
  return call === undefined ? totals : addPricedCall(totals, priceModelCall(call.identity, call.usage, table));
}
