/** The harness view without its bodies, for IPC: big requests and responses stay on disk until asked for. */
import { priceTurn } from '../costs/cost-data';
import type { HarnessView } from '../fold/harness/harness-types';
import type { PriceTable } from '../pricing/price-table-types';
import { jsonPreview } from './json-preview';
import type { LiteHarnessView } from './run-detail-types';

type LiteSession = LiteHarnessView['sessions'][number];
type LiteTurn = LiteHarnessView['modelTurns'][number];
type LiteTool = LiteHarnessView['toolCalls'][number];

const PREVIEW = 600;

/** Strip request/response/args/result bodies (and the execute_step spans), keeping short previews of what people scan for; turns priced with `table`. */
export function liteHarnessView({ executeSteps: _executeSteps, ...view }: HarnessView, table: PriceTable): LiteHarnessView {
  return {
    ...view,
    sessions: view.sessions.map(liteSession),
    modelTurns: view.modelTurns.map((turn) => liteTurn(turn, table)),
    toolCalls: view.toolCalls.map(liteTool),
  };
}

/** A session without its result, its error cut to a preview (the run head lites only the few it names). */
export function liteSession({ result: _result, error, ...rest }: HarnessView['sessions'][number]): LiteSession {
  return { ...rest, ...(error !== undefined ? { error: jsonPreview(error, PREVIEW) } : {}) };
}

/** A model turn without its request, the answer's text as a preview, priced with `table`. */
export function liteTurn({ request: _request, response, ...rest }: HarnessView['modelTurns'][number], table: PriceTable): LiteTurn {
  return { ...rest, price: priceTurn(rest, table), ...(response !== undefined ? { responseText: jsonPreview(responseText(response), PREVIEW) } : {}) };
}

/** A tool call with its args, result and error cut to previews. */
export function liteTool({ args, result, error, ...rest }: HarnessView['toolCalls'][number]): LiteTool {
  return {
    ...rest,
    ...(args !== undefined ? { args: jsonPreview(args, PREVIEW) } : {}),
    ...(result !== undefined ? { result: jsonPreview(result, PREVIEW) } : {}),
    ...(error !== undefined ? { error: jsonPreview(error, PREVIEW) } : {}),
  };
}

// The text a model answered is what people scan for; structured output is in the event.
function responseText(response: unknown): unknown {
  if (typeof response === 'object' && response !== null && 'text' in response) return (response as { text: unknown }).text;
  return response;
}
