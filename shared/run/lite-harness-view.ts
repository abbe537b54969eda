/** The harness view without its bodies, for IPC: big requests and responses stay on disk until asked for. */
import { priceTurn } from '../costs/cost-data';
import type { HarnessView } from '../fold/harness/harness-types';
import type { PriceTable } from '../pricing/price-table-types';
import { jsonPreview } from './json-preview';
import type { LiteHarnessView } from './run-detail-types';

const PREVIEW = 600;

/** Strip request/response/args/result/output bodies, keeping short previews of what people scan for; turns priced with `table`. */
export function liteHarnessView(view: HarnessView, table: PriceTable): LiteHarnessView {
  return {
    ...view,
    sessions: view.sessions.map(({ result: _result, error, ...rest }) => ({ ...rest, ...(error !== undefined ? { error: jsonPreview(error, PREVIEW) } : {}) })),
    modelTurns: view.modelTurns.map(({ request: _request, response, ...rest }) => ({
      ...rest,
      price: priceTurn(rest, table),
      ...(response !== undefined ? { responseText: jsonPreview(responseText(response), PREVIEW) } : {}),
    })),
    toolCalls: view.toolCalls.map(({ args, result, error, ...rest }) => ({
      ...rest,
      ...(args !== undefined ? { args: jsonPreview(args, PREVIEW) } : {}),
      ...(result !== undefined ? { result: jsonPreview(result, PREVIEW) } : {}),
      ...(error !== undefined ? { error: jsonPreview(error, PREVIEW) } : {}),
    })),
    executeSteps: view.executeSteps.map(({ output: _output, ...rest }) => rest),
  };
}

// The text a model answered is what people scan for; structured output is in the event.
function responseText(response: unknown): unknown {
  if (typeof response === 'object' && response !== null && 'text' in response) return (response as { text: unknown }).text;
  return response;
}
