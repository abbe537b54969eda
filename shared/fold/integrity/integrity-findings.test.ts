import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../diagnostics';
import type { EventEnvelope } from '../../events/envelope';
import { TestLogBuilder } from '../../../test/support/log-builder';
import { sha256Digest } from './digest';
import { integrityFindings } from './integrity-findings';
import { KNOWN_EVENT_TYPES } from './known-event-types';

const RUN = 'run_integrity_test';
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function workerManifest(stepPath: string, stepConfigHash = 'sha256:cfg') {
  return { harnessId: 'workflowHarness@1.0.0', workflowDefinitionHash: 'd', workflowVersionId: 'wfver_1', stepPath, stepConfigHash, skillsHash: 's', allowedToolsHash: 't', memoryStoreIds: [], bashCapabilitiesHash: 'b' };
}

/** A clean log touching every check: harness hashes, parallel branches, legacy names. */
function cleanLog(): TestLogBuilder {
  const log = new TestLogBuilder(RUN, sha256Hex);
  log.add('RunStarted', { workflowVersionId: 'wfver_1', input: { n: 1 } });
  log.add('StepScheduled', { stepPath: 'p', stepId: 'p', uses: 'parallel' });
  log.add('StepAttemptStarted', { stepPath: 'p', stepId: 'p', attempt: 1, attemptId: 'attempt_1' });
  log.add('ParallelGroupStarted', { stepPath: 'p', stepId: 'p', attempt: 1, attemptId: 'attempt_1', branchCount: 1, maxConcurrency: 1, failureMode: 'fail_fast' });
  log.add('ParallelBranchScheduled', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[a]', itemKey: 'a', branchIndex: 0 });
  const manifest = workerManifest('p[a].s');
  log.add('harness.session.started', { runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest, manifestHash: sha256Digest(manifest, sha256Hex), stepPath: 'p[a].s' });
  const request = { model: 'gpt-4o-mini', system: '', messages: [{ role: 'user', content: { '10': 1, '9': 2 } }], tools: [], scope: { stepPath: 'p[a].s' } };
  log.add('harness.model.called', { callId: 'c1', turn: 1, promptHash: sha256Digest(request, sha256Hex), request, stepPath: 'p[a].s' }, { occurrenceId: 'evt_abc_123' });
  log.add('HarnessModelResponded', { callId: 'c1', turn: 1, response: { output: 'x' }, stepPath: 'p[a].s' }, { occurrenceId: 'evt_abc_123' });
  log.add('harness.session.started', { runId: RUN, role: 'worker.ai-generate', task: { kind: 'execute_step' }, manifest, manifestHash: sha256Digest(manifest, sha256Hex), stepPath: 'p[a].s' });
  log.add('ParallelBranchCompleted', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[a]', itemKey: 'a', branchIndex: 0, outputRef: 'artifact://art_1', artifactRefs: [] });
  log.add('RunCompleted', { workflowVersionId: 'wfver_1', output: 'x', outputRef: 'artifact://art_1', terminalStepPath: 'p' });
  return log;
}

function codes(events: EventEnvelope[], extra: Parameters<typeof integrityFindings>[1] = { sha256Hex }) {
  return integrityFindings(events, extra).map((d) => [d.code, d.sequence, d.severity]);
}

describe('integrityFindings', () => {
  it('finds nothing in a clean log', () => {
    expect(integrityFindings(cleanLog().events, { sha256Hex })).toEqual([]);
  });

  it('recomputes eventIds the way little-workflow derives them', () => {
    // occurrenceId joins the hash only when present: dropping it changes the id.
    const events = cleanLog().events;
    const withoutOccurrence = { ...events[6] };
    delete withoutOccurrence.occurrenceId;
    expect(codes([...events.slice(0, 6), withoutOccurrence, ...events.slice(7)])).toEqual([['event-id-mismatch', 7, 'error']]);
    const tampered = events.map((e) => (e.sequence === 2 ? { ...e, payload: { ...(e.payload as object), uses: 'tool.call' } } : e));
    expect(codes(tampered)).toEqual([['event-id-mismatch', 2, 'error']]);
    // recordedAt is not hashed.
    expect(codes(events.map((e) => ({ ...e, recordedAt: '2030-01-01T00:00:00.000Z' })))).toEqual([]);
  });

  it('reports sequence gaps, duplicates and foreign run ids', () => {
    const events = cleanLog().events;
    const gapped = events.filter((e) => e.sequence !== 3 && e.sequence !== 4);
    const gap = integrityFindings(gapped, { sha256Hex });
    expect(gap.map((d) => [d.code, d.sequence, d.detail])).toEqual([['sequence-gap', 5, { from: 3, to: 4 }]]);
    const duplicated = [...events.slice(0, 2), events[1], ...events.slice(2)];
    expect(codes(duplicated)).toEqual([['sequence-duplicate', 2, 'error']]);
    const foreign = events.map((e) => (e.sequence === 9 ? { ...e, runId: 'run_other' } : e));
    expect(codes(foreign)).toEqual([['run-id-mismatch', 9, 'error'], ['event-id-mismatch', 9, 'error']]);
  });

  it('passes undecodable rows through and does not count them as gaps', () => {
    const events = cleanLog().events.filter((e) => e.sequence !== 4);
    const bad = diagnostic('payload-unparsable', 'payload of event 4 is not JSON');
    const findings = integrityFindings(events, { sha256Hex, undecodable: [{ sequence: 4, diagnostic: bad }] });
    expect(findings).toEqual([{ ...bad, sequence: 4, runId: RUN }]);
  });

  it('flags unknown event types as warnings and keeps them', () => {
    const log = cleanLog();
    log.add('HarnessRuntimeStarted', {});
    log.add('harness.file.read', {});
    log.add('harness.file.read', {});
    const findings = integrityFindings(log.events, { sha256Hex });
    expect(findings.map((d) => [d.code, d.severity, d.sequence, d.detail?.count])).toEqual([
      ['unknown-event-type', 'warning', 12, 1],
      ['unknown-event-type', 'warning', 13, 2],
    ]);
    expect(KNOWN_EVENT_TYPES.size).toBe(28 + 11 + 11);
  });

  it('reports branch facts without a matching ParallelBranchScheduled, and duplicate or conflicting schedules', () => {
    const log = cleanLog();
    // Attempt 2 branch events with no schedule of attempt 2.
    log.add('StepScheduled', { stepPath: 'p@attempt_2[b].s', stepId: 's', uses: 'tool.call' });
    log.add('StepAttemptStarted', { stepPath: 'p@attempt_2[b].s', stepId: 's', attempt: 1, attemptId: 'attempt_1' });
    log.add('ParallelBranchFailed', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[zzz]', itemKey: 'zzz', branchIndex: 5, error: {}, artifactRefs: [] });
    log.add('ParallelBranchScheduled', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[a]', itemKey: 'a', branchIndex: 0 });
    log.add('ParallelBranchScheduled', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[a]', itemKey: 'a2', branchIndex: 0 });
    log.add('ParallelBranchScheduled', { stepPath: 'p', attempt: 1, attemptId: 'attempt_1', branchPath: 'p[c]', itemKey: 'a', branchIndex: 0 });
    // `.visit[n]` is not a branch; neither is a branch path on its own.
    log.add('StepScheduled', { stepPath: 'loop.visit[1]', stepId: 'loop', uses: 'tool.call' });
    const findings = integrityFindings(log.events, { sha256Hex });
    expect(findings.map((d) => [d.code, d.sequence])).toEqual([
      ['branch-not-scheduled', 12],
      ['branch-not-scheduled', 14],
      ['branch-scheduled-duplicate', 15],
      ['branch-scheduled-conflict', 16],
      ['branch-scheduled-conflict', 17],
      ['branch-scheduled-conflict', 17],
    ]);
    expect(findings[0].detail).toMatchObject({ parentStepPath: 'p', attempt: 2, branchPath: 'p@attempt_2[b]', count: 2, sequences: [12, 13] });
  });

  it('reports manifest drift within one scope and hash mismatches of manifests and prompts', () => {
    const log = new TestLogBuilder(RUN, sha256Hex);
    const first = workerManifest('a');
    const drifted = workerManifest('a', 'sha256:other');
    const other = workerManifest('b', 'sha256:other');
    log.add('harness.session.started', { role: 'worker.tool-call', manifest: first, manifestHash: sha256Digest(first, sha256Hex), stepPath: 'a' });
    log.add('harness.session.started', { role: 'worker.tool-call', manifest: other, manifestHash: sha256Digest(other, sha256Hex), stepPath: 'b' });
    log.add('harness.session.started', { role: 'worker.tool-call', manifest: drifted, manifestHash: sha256Digest(drifted, sha256Hex), stepPath: 'a' });
    log.add('HarnessSessionStarted', { role: 'worker.tool-call', manifest: first, manifestHash: 'sha256:forged', stepPath: 'a' });
    log.add('harness.model.called', { callId: 'c1', turn: 1, promptHash: 'sha256:nope', request: { model: 'm' } });
    log.add('harness.model.called', { callId: 'c2', turn: 1, promptHash: sha256Digest({ model: 'm' }, sha256Hex), request: { model: 'm' } });
    const findings = integrityFindings(log.events, { sha256Hex });
    expect(findings.map((d) => [d.code, d.sequence, d.severity])).toEqual([
      ['manifest-drift', 3, 'warning'],
      ['manifest-hash-mismatch', 4, 'error'],
      ['manifest-drift', 4, 'warning'],
      ['prompt-hash-mismatch', 5, 'error'],
    ]);
    expect(findings[0].detail).toMatchObject({ kind: 'worker', scope: 'a', firstSequence: 1 });
  });

  it('never throws on odd payloads', () => {
    const log = new TestLogBuilder(RUN, sha256Hex);
    log.add('RunStarted', null);
    log.add('harness.session.started', [1, 2]);
    log.add('harness.model.called', 'text');
    log.add('ParallelBranchScheduled', 7);
    const broken = { ...log.events[0], payload: undefined };
    expect(() => integrityFindings([broken, ...log.events.slice(1)], { sha256Hex })).not.toThrow();
    expect(integrityFindings(log.events, { sha256Hex })).toEqual([]);
    expect(codes([broken, ...log.events.slice(1)])).toEqual([['event-id-mismatch', 1, 'warning']]);
  });
});
