/**
 * Reading a model call out of an event (run-state.ts @2884677 `recordModelCall`).
 *
 * Two event types carry calls: `ModelCallCompleted` (usage at `payload.usage`) and
 * `harness.model.responded` (usage at `payload.response.usage`). `payload.model`
 * `{provider, modelId}` is the only identity used for pricing; a `costUsd` inside usage is
 * never read, so nothing can double-count a pre-computed figure. `harness.session.completed`
 * is deliberately not a source: its usage is a rollup of the calls already counted.
 */
import type { ModelCallIdentity, ModelCallUsage } from '../pricing/price-model-call';
import { detailValue, isRecord, numberValue, stringValue, type JsonRecord } from './payload-values';

/** The event types whose payload describes one model call. */
export type ModelCallEventType = 'ModelCallCompleted' | 'harness.model.responded';

/** Identity, tokens and step attribution of one recorded model call. */
export type ModelCallRecord = {
  identity: ModelCallIdentity;
  usage: ModelCallUsage;
  /** Only a string `payload.stepPath` attributes a call to a step. */
  stepPath: string | undefined;
};

/**
 * The call carried by `payload` of a (normalised) model-call event, or undefined when its
 * usage is not an object (such a call is not counted at all, not even as unpriced).
 *
 * `payload` is read with plain property access on purpose: a `null` payload throws the same
 * `TypeError` as upstream, whose fold fails the whole run on it.
 */
export function readModelCall(type: ModelCallEventType, payload: unknown): ModelCallRecord | undefined {
  const fields = payload as JsonRecord;
  let usageValue: unknown;
  if (type === 'ModelCallCompleted') {
    usageValue = fields.usage;
  } else {
    const response = fields.response;
    usageValue = isRecord(response) ? response.usage : undefined;
  }
  const modelValue = fields.model;
  if (!isRecord(usageValue)) return undefined;
  const model = isRecord(modelValue) ? modelValue : undefined;
  return {
    identity: { provider: stringValue(model?.provider), modelId: stringValue(model?.modelId) },
    usage: readUsage(usageValue),
    stepPath: stringValue(fields.stepPath),
  };
}

function readUsage(usage: JsonRecord): ModelCallUsage {
  return {
    inputTokens: numberValue(usage.inputTokens),
    outputTokens: numberValue(usage.outputTokens),
    // AI SDK 7 usage is stored verbatim with only the detail objects; `??` means a null
    // flat field falls through to the detail while an explicit 0 does not.
    cachedInputTokens: numberValue(usage.cachedInputTokens ?? detailValue(usage.inputTokenDetails, 'cacheReadTokens')),
    reasoningTokens: numberValue(usage.reasoningTokens ?? detailValue(usage.outputTokenDetails, 'reasoningTokens')),
  };
}
