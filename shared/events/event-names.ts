/**
 * Legacy harness event names and their normalisation (little-workflow
 * `harness/event-names.ts` @c1fc87c).
 *
 * Older logs wrote harness events in PascalCase; the fold maps them to the dotted names
 * before deciding what an event means.
 */

/** The eleven dotted harness event types the workflow recorder lets into `events.db`. */
export const HARNESS_EVENT_TYPES = [
  'harness.session.started',
  'harness.session.completed',
  'harness.session.failed',
  'harness.model.called',
  'harness.model.responded',
  'harness.model.failed',
  'harness.tool_call.started',
  'harness.tool_call.succeeded',
  'harness.tool_call.failed',
  'harness.execute_step.started',
  'harness.execute_step.succeeded',
] as const;

/** One of the dotted harness event types. */
export type HarnessEventType = (typeof HARNESS_EVENT_TYPES)[number];

/**
 * Legacy PascalCase name -> dotted name.
 *
 * A Map, not a plain object: the original looks names up in an object literal, so
 * `constructor`, `toString` or `__proto__` hit inherited members. Those still fall through
 * to "ignored" in its fold; with a Map they are simply not legacy names, same outcome,
 * and nothing inherited can ever be returned as an event type.
 */
export const LEGACY_HARNESS_EVENT_TYPES: ReadonlyMap<string, HarnessEventType> = new Map([
  ['HarnessSessionStarted', 'harness.session.started'],
  ['HarnessSessionCompleted', 'harness.session.completed'],
  ['HarnessSessionFailed', 'harness.session.failed'],
  ['HarnessModelCalled', 'harness.model.called'],
  ['HarnessModelResponded', 'harness.model.responded'],
  ['HarnessModelFailed', 'harness.model.failed'],
  ['HarnessToolCallStarted', 'harness.tool_call.started'],
  ['HarnessToolCallSucceeded', 'harness.tool_call.succeeded'],
  ['HarnessToolCallFailed', 'harness.tool_call.failed'],
  ['HarnessExecuteStepStarted', 'harness.execute_step.started'],
  ['HarnessExecuteStepSucceeded', 'harness.execute_step.succeeded'],
]);

/** Map a legacy PascalCase harness type to its dotted name; any other string comes back unchanged. */
export function normalizeHarnessEventType(type: string): string {
  // Every legacy name starts so: the other types (nearly every row of a log) skip the lookup.
  return type.startsWith('Harness') ? (LEGACY_HARNESS_EVENT_TYPES.get(type) ?? type) : type;
}

/** True when `type` (after normalisation) is one of the dotted harness event types. */
export function isHarnessEventType(type: string): type is HarnessEventType {
  return (HARNESS_EVENT_TYPES as readonly string[]).includes(type);
}
