import { describe, expect, it } from 'vitest';
import { HARNESS_EVENT_TYPES, isHarnessEventType, LEGACY_HARNESS_EVENT_TYPES, normalizeHarnessEventType } from './event-names';

describe('normalizeHarnessEventType', () => {
  it('maps all eleven legacy PascalCase names to dotted names', () => {
    // The legacy name is the dotted one in PascalCase, its dots and underscores dropped
    // (harness.tool_call.started -> HarnessToolCallStarted).
    const legacyOf = (dotted: string) => dotted.split(/[._]/).map((word) => word[0].toUpperCase() + word.slice(1)).join('');
    expect(legacyOf('harness.tool_call.started')).toBe('HarnessToolCallStarted');
    expect(HARNESS_EVENT_TYPES).toHaveLength(11);
    expect(LEGACY_HARNESS_EVENT_TYPES.size).toBe(11);
    for (const dotted of HARNESS_EVENT_TYPES) expect(normalizeHarnessEventType(legacyOf(dotted))).toBe(dotted);
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
