/** Price one model turn with the bundled table (the same arithmetic as `little report`). Pure. */
import { priceModelCall, type PricedModelCall } from '../../../shared/pricing/price-model-call';
import type { LiteHarnessView } from '../../../shared/run/run-detail-types';

type Turn = LiteHarnessView['modelTurns'][number];

/** The turn's model as `provider/modelId`, or null before a response named it. */
export function modelIdentity(turn: Turn): string | null {
  if (!turn.model) return null;
  return `${turn.model.provider ?? '?'}/${turn.model.modelId ?? '?'}`;
}

/** Cost and tokens of the turn; null when it has no usage yet (in flight, failed, orphaned). */
export function priceTurn(turn: Turn): PricedModelCall | null {
  if (turn.status !== 'responded' || !turn.usage || typeof turn.usage !== 'object') return null;
  return priceModelCall(turn.model ?? {}, turn.usage as Record<string, unknown>);
}
