import { describe, expect, it } from 'vitest';
import { eventMatchesFilter, eventTypeMatches, filterEvents } from './event-filter';

describe('little events --type', () => {
  it('matches exactly without a trailing star', () => {
    expect(eventTypeMatches('harness.model.called', 'harness.model.called')).toBe(true);
    expect(eventTypeMatches('harness.model.called', 'harness.model')).toBe(false);
    expect(eventTypeMatches('StepCompleted', 'stepcompleted')).toBe(false);
  });

  it('treats a trailing star as a prefix and any other star literally', () => {
    expect(eventTypeMatches('harness.model.called', 'harness.*')).toBe(true);
    expect(eventTypeMatches('harness.model.called', 'harness.model*')).toBe(true);
    expect(eventTypeMatches('StepCompleted', '*')).toBe(true);
    expect(eventTypeMatches('harness.model.called', 'harness.*.called')).toBe(false);
    expect(eventTypeMatches('a*b', 'a*b')).toBe(true);
  });

  it('does not normalise legacy names', () => {
    expect(eventTypeMatches('HarnessModelResponded', 'harness.*')).toBe(false);
  });
});

describe('little events --caller', () => {
  it('requires an object payload whose caller equals the value', () => {
    expect(eventMatchesFilter({ type: 'x', payload: { caller: 'model' } }, { caller: 'model' })).toBe(true);
    expect(eventMatchesFilter({ type: 'x', payload: { caller: 'code' } }, { caller: 'model' })).toBe(false);
    expect(eventMatchesFilter({ type: 'x', payload: null }, { caller: 'model' })).toBe(false);
    expect(eventMatchesFilter({ type: 'x', payload: ['model'] }, { caller: 'model' })).toBe(false);
    expect(eventMatchesFilter({ type: 'x', payload: {} }, { caller: 'constructor' })).toBe(false);
  });

  it('combines both filters and keeps order', () => {
    const events = [
      { type: 'harness.tool_call.started', payload: { caller: 'model' } },
      { type: 'harness.tool_call.started', payload: { caller: 'code' } },
      { type: 'StepCompleted', payload: { caller: 'model' } },
      { type: 'harness.tool_call.succeeded', payload: { caller: 'model' } },
    ];
    expect(filterEvents(events, { type: 'harness.tool_call.*', caller: 'model' })).toEqual([events[0], events[3]]);
    expect(filterEvents(events, {})).toEqual(events);
  });
});
