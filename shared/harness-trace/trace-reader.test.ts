import { describe, expect, it } from 'vitest';
import { readTrace, readTraceChunk } from './trace-reader';

const line = (sequence: number, type = 'harness.session.started') => JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: `evt_${sequence}`, sequence, type, sessionId: 's', timestamp: '2026-06-03T00:00:00.000Z', metadata: {} });
const bytes = (text: string) => new TextEncoder().encode(text);

describe('readTrace', () => {
  it('numbers lines as little-harness does (blank lines count, are skipped) and keeps invalid ones with a reason', () => {
    const read = readTrace(bytes(`${line(1)}\n\n{invalid json}\n${JSON.stringify({ sequence: 3 })}\n${line(4)}\n`));
    expect(read.events.map((r) => [r.line, r.event.sequence])).toEqual([[1, 1], [5, 4]]);
    expect(read.invalid.map((l) => [l.line, l.text])).toEqual([[3, '{invalid json}'], [4, '{"sequence":3}']]);
    expect(read.invalid[0].reason).toMatch(/^not JSON/);
    expect(read.invalid[1].reason).toContain('schemaVersion');
    expect(read.tornTail).toBeNull();
  });

  it('reads an unterminated last line as the torn tail when it is not a valid event, as an event when it is', () => {
    const torn = readTrace(bytes(`${line(1)}\n{"schemaVersion":"lh.tr`));
    expect(torn.events).toHaveLength(1);
    expect(torn.invalid).toEqual([]);
    expect(torn.tornTail).toMatchObject({ line: 2, offset: line(1).length + 1, bytes: 23 });
    const whole = readTrace(bytes(`${line(1)}\n${line(2)}`));
    expect(whole.events.map((r) => r.line)).toEqual([1, 2]);
    expect(whole.tornTail).toBeNull();
  });

  it('keeps a byte-order mark, so a first line that starts with one is invalid (Node reads it as text)', () => {
    const read = readTrace(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(`${line(1)}\n`)]));
    expect(read.events).toEqual([]);
    expect(read.invalid[0].line).toBe(1);
  });

  it('resumes at a byte offset: chunks read in pieces give the same events as one read', () => {
    const text = bytes(`${line(1)}\n${line(2, 'harness.session.completed')}\n${line(3)}\n`);
    const cut = line(1).length + 10;
    const first = readTraceChunk(text.subarray(0, cut));
    expect(first.events).toHaveLength(1);
    expect(first.pending).toEqual({ offset: line(1).length + 1, bytes: 9 });
    const second = readTraceChunk(text.subarray(first.nextOffset), first.nextOffset, first.nextLine);
    expect([...first.events, ...second.events]).toEqual(readTrace(text).events);
    expect(second.nextOffset).toBe(text.length);
  });

  it('counts offsets in bytes, not characters', () => {
    const wide = JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: 'evt_é', sequence: 1, type: 'harness.session.started', sessionId: 'ß', timestamp: '2026-06-03T00:00:00Z' });
    const read = readTraceChunk(bytes(`${wide}\n${line(2)}\n`));
    expect(read.events[1].offset).toBe(bytes(wide).length + 1);
  });
});
