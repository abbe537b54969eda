/** How the turns list names a turn's model (its price comes priced from main: `turn.price`). */
import type { LiteHarnessView } from '../../../shared/run/run-detail-types';

type Turn = LiteHarnessView['modelTurns'][number];

/** The turn's model as `provider/modelId`, or null before a response named it. */
export function modelIdentity(turn: Turn): string | null {
  if (!turn.model) return null;
  return `${turn.model.provider ?? '?'}/${turn.model.modelId ?? '?'}`;
}
