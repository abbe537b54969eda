import { describe, expect, it } from 'vitest';
import { sessionRunStatus, sessionStateWord } from './session-state';

describe('a session state: one status, one word', () => {
  it('says little-harness\'s own word for each state and counts it as a run status', () => {
    expect(['running', 'queued', 'failed', 'idle'].map((s) => [sessionStateWord(s), sessionRunStatus(s)])).toEqual([
      ['running', 'running'],
      ['queued', 'pending'],
      ['failed', 'failed'],
      ['idle', 'completed'],
    ]);
  });

  it('says "unknown state" without one and shows a state it does not know as written, counted as pending', () => {
    expect(sessionStateWord(null)).toBe('unknown state');
    expect(sessionStateWord('')).toBe('unknown state');
    expect(sessionStateWord('paused')).toBe('paused');
    expect(sessionRunStatus('paused')).toBe('pending');
    expect(sessionRunStatus(null)).toBe('pending');
    // Object keys are not states.
    expect(sessionStateWord('constructor')).toBe('constructor');
    expect(sessionRunStatus('toString')).toBe('pending');
  });
});
