import { describe, expect, it } from 'vitest';
import { HARNESS_EVENT_TYPES, isHarnessEventType, normalizeHarnessEventType } from './event-names';

describe('normalizeHarnessEventType', () => {
  it('maps all eleven legacy PascalCase names to dotted names', () => {
    const pairs: Array<[string, string]> = [
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
    ];
    for (const [legacy, dotted] of pairs) expect(normalizeHarnessEventType(legacy)).toBe(dotted);
    expect(HARNESS_EVENT_TYPES).toHaveLength(11);
  });

  it('leaves dotted, workflow and unknown names unchanged', () => {
    expect(normalizeHarnessEventType('harness.model.responded')).toBe('harness.model.responded');
    expect(normalizeHarnessEventType('StepCompleted')).toBe('StepCompleted');
    expect(normalizeHarnessEventType('harnessModelResponded')).toBe('harnessModelResponded');
    expect(normalizeHarnessEventType('')).toBe('');
  });

  it('returns inherited object member names as plain strings instead of crashing', () => {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(normalizeHarnessEventType(name)).toBe(name);
      expect(isHarnessEventType(name)).toBe(false);
    }
  });

  it('recognises dotted harness types only', () => {
    expect(isHarnessEventType('harness.tool_call.failed')).toBe(true);
    expect(isHarnessEventType('HarnessToolCallFailed')).toBe(false);
    expect(isHarnessEventType('harness.runtime.started')).toBe(false);
  });
});
