import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../canonical/canonical-json';
import { canonicalMemberText } from '../../canonical/canonical-member';
import type { EventEnvelope } from '../../events/envelope';
import { TestLogBuilder } from '../../../test/support/log-builder';
import { eventIdOfStoredText, recomputeEventId, sha256Digest } from './digest';
import { IntegrityCheck, integrityFindings } from './integrity-findings';

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const RUN = 'run_stream_test';

// Values whose canonical text has every shape the member scanner must skip: escapes, nested
// brackets inside strings, numbers, literals, unicode, empty containers.
const VALUES: unknown[] = [
  { b: 1, a: [1, 2, { c: 'x]}' }], 'z"q': 'a\\"b' },
  { text: 'line\nbreak "quoted" \\ back', n: -1.5e-7, t: true, f: false, z: null, e: {}, l: [] },
  { emoji: '😀 ü', nested: [[[]], [{}], '[{'], k: 'v' },
  'plain string',
  12345,
];

function checkOf(events: readonly EventEnvelope[], texts: ReadonlyMap<number, string>) {
  const check = new IntegrityCheck(sha256Hex, RUN);
  for (const event of events) check.add(event, texts.get(event.sequence));
  return check.findings();
}

describe('the integrity check hashes stored text as it is', () => {
  it('finds a member of canonical JSON text as canonicalJson writes its value', () => {
    for (const value of VALUES) {
      const payload = { callId: 'c"1', manifest: value, request: value, zeta: [value] };
      const text = canonicalJson(payload);
      for (const key of ['callId', 'manifest', 'request', 'zeta']) {
        expect(canonicalMemberText(text, key)).toBe(canonicalJson((payload as Record<string, unknown>)[key]));
      }
      expect(canonicalMemberText(text, 'absent')).toBeUndefined();
    }
    expect(canonicalMemberText('[1]', 'a')).toBeUndefined();
    expect(canonicalMemberText('{"a":', 'a')).toBeUndefined();
  });

  it('gives the recomputed eventId for canonical text, and nothing it can vouch for otherwise', () => {
    const log = new TestLogBuilder(RUN, sha256Hex);
    const event = log.add('StepCompleted', { stepPath: 's', output: VALUES[0] }, { occurrenceId: 'evt_o_1' });
    expect(eventIdOfStoredText(event, canonicalJson(event.payload), sha256Hex)).toBe(recomputeEventId(event, sha256Hex));
    // Same payload, other bytes: a different hash, so the caller falls back to the parsed payload.
    expect(eventIdOfStoredText(event, JSON.stringify(event.payload, null, 1), sha256Hex)).not.toBe(event.eventId);
    // An escaped surrogate may be a lone one, which canonical JSON refuses: not decided from text.
    expect(eventIdOfStoredText(event, '{"a":"\\ud800"}', sha256Hex)).toBeUndefined();
  });

  it('finds the same as the parsed-payload check whatever the stored text looks like', () => {
    const log = new TestLogBuilder(RUN, sha256Hex);
    const manifest = { harnessId: 'h', workflowVersionId: 'wfver_1', stepPath: 's', nested: VALUES[1] };
    log.add('RunStarted', { workflowVersionId: 'wfver_1' });
    log.add('harness.session.started', { manifest, manifestHash: sha256Digest(manifest, sha256Hex), stepPath: 's' });
    const request = { messages: [{ role: 'user', content: VALUES[2] }] };
    log.add('harness.model.called', { callId: 'c1', promptHash: sha256Digest(request, sha256Hex), request, stepPath: 's' });
    log.add('harness.session.started', { manifest: { ...manifest, harnessId: 'other' }, manifestHash: sha256Digest(manifest, sha256Hex), stepPath: 's' });
    log.add('harness.model.called', { callId: 'c2', promptHash: 'sha256:wrong', request, stepPath: 's' });
    const events = log.events;
    // Tampered after hashing: the stored id no longer matches the content.
    const tampered = events.map((e) => (e.sequence === 1 ? { ...e, payload: { workflowVersionId: 'wfver_2' } } : e));
    const expected = integrityFindings(tampered, { sha256Hex, runId: RUN });
    expect(expected.map((f) => [f.code, f.sequence])).toEqual([
      ['event-id-mismatch', 1],
      ['manifest-hash-mismatch', 4],
      ['prompt-hash-mismatch', 5],
    ]);
    const canonical = new Map(tampered.map((e) => [e.sequence, canonicalJson(e.payload)]));
    const spaced = new Map(tampered.map((e) => [e.sequence, JSON.stringify(e.payload, null, 2)]));
    const foreign = new Map(tampered.map((e) => [e.sequence, '{"other":true}']));
    expect(checkOf(tampered, canonical)).toEqual(expected);
    expect(checkOf(tampered, spaced)).toEqual(expected);
    expect(checkOf(tampered, foreign)).toEqual(expected);
  });

  it('answers findings() alike when asked twice, and sorts rows fed out of order', () => {
    const log = new TestLogBuilder(RUN, sha256Hex);
    for (let i = 0; i < 5; i += 1) log.add('Mystery', { i });
    const check = new IntegrityCheck(sha256Hex, RUN);
    for (const event of [...log.events].reverse()) check.add(event);
    const first = check.findings();
    expect(first.map((f) => f.code)).toEqual(['unknown-event-type']);
    expect(first[0].detail).toMatchObject({ count: 5, sequences: [5, 4, 3, 2, 1] });
    expect(check.findings()).toEqual(first);
  });
});
