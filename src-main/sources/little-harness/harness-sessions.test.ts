import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { doctorReport } from '../../../shared/harness-trace/doctor';
import { outcomeSession, outcomesReport } from '../../../shared/harness-trace/outcomes';
import { buildSessionModel, type FileChangeItem } from '../../../shared/harness-trace/session-model';
import type { Result } from '../../../shared/diagnostics';
import { EXAMPLES } from '../../../test/support/fixture-manifest';
import { findHarnessDataDirs } from './harness-roots';
import { listSessionFolders, openSession, readSessionFile, readSessionTrace, sessionPathKey } from './session-store';
import { TraceTail } from './trace-tail';

const HARNESS = join(EXAMPLES, 'fixtures', 'sessions', '.little-harness');
const tmp = mkdtempSync(join(tmpdir(), 'lh-sessions-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}
const trace = (id: string) => value(readSessionTrace(value(openSession(HARNESS, id)).dir));

describe('harness data dirs and sessions', () => {
  it('finds the standalone sessions tree and the ones holding workflow worlds, without entering session folders', () => {
    const found = findHarnessDataDirs(join(EXAMPLES, 'fixtures')).map((d) => d.slice(EXAMPLES.length + 1));
    expect(found).toEqual(['fixtures/harness/.little-harness', 'fixtures/sessions/.little-harness']);
  });

  it('lists session folders with their status and opens a session by id (the unsafe-id path key too)', () => {
    const sessions = value(listSessionFolders(HARNESS));
    expect(sessions.map((s) => [s.pathKey, s.status?.state])).toEqual([['sess_crashed', 'running'], ['sess_failing', 'failed'], ['sess_refactor', 'idle'], ['sess_workflow', 'idle']]);
    expect(value(openSession(join(EXAMPLES, 'fixtures', 'harness', '.little-harness'), 'chat with spaces/and slashes')).pathKey).toBe('s_c108d6503ad3a1a9');
    expect(sessionPathKey('a..b')).toMatch(/^s_[0-9a-f]{16}$/);
    const missing = openSession(HARNESS, 'sess_nope');
    expect(missing.ok ? null : missing.error.message).toMatch(/^Session not found: sess_nope/);
  });

  it('every trace line the generator writes (demo and fixtures) passes the rules except the deliberate ones', () => {
    const rejected: string[] = [];
    let lines = 0;
    for (const harnessDir of [...findHarnessDataDirs(join(EXAMPLES, 'demo')), ...findHarnessDataDirs(join(EXAMPLES, 'fixtures'))]) {
      for (const entry of value(listSessionFolders(harnessDir))) {
        const read = value(readSessionTrace(entry.dir));
        const where = `${harnessDir.slice(EXAMPLES.length + 1)}/${entry.pathKey}`;
        lines += read.events.length + read.invalid.length + (read.tornTail ? 1 : 0);
        rejected.push(...read.invalid.map((l) => `${where}:${l.line} ${l.reason.split(':')[0]}`));
        if (read.tornTail) rejected.push(`${where}:${read.tornTail.line} torn`);
        expect(entry.problem, where).toBeNull();
      }
    }
    expect(rejected).toEqual([
      'fixtures/sessions/.little-harness/sess_crashed:6 torn',
      'fixtures/sessions/.little-harness/sess_failing:10 not JSON',
      'fixtures/sessions/.little-harness/sess_failing:12 eventId',
      'fixtures/sessions/.little-harness/sess_failing:14 metadata',
    ]);
    expect(lines).toBeGreaterThan(60);
  });

  it('gives the doctor numbers little-harness gives on the fixture sessions', () => {
    const pick = (id: string) => {
      const r = doctorReport(id, trace(id));
      return [r.eventCount, r.invalidEventCount, r.failureCount, r.spooledOutputCount, r.contentRefCount, r.largeTraceArtifactCount, r.redactionCount];
    };
    // events, invalid, failures, spooled outputs, content refs, under /artifacts/trace/, redactions
    expect(pick('sess_refactor')).toEqual([25, 0, 1, 1, 2, 2, 1]);
    expect(pick('sess_failing')).toEqual([15, 3, 6, 0, 0, 0, 0]);
    expect(pick('sess_crashed')).toEqual([5, 1, 0, 0, 0, 0, 0]);
  });

  it('gives the outcomes little-harness gives across the fixture sessions', () => {
    const sessions = value(listSessionFolders(HARNESS)).map((s) => {
      const t = value(readSessionTrace(s.dir));
      return outcomeSession(s.status?.id ?? s.pathKey, t);
    });
    const report = outcomesReport(sessions);
    expect(report).toMatchObject({ sessionIds: ['sess_crashed', 'sess_failing', 'sess_refactor', 'sess_workflow'], invalidEventCount: 4, eventCount: 6, countedCount: 3, supersededCount: 1, retractedCount: 1, clearedCount: 1 });
    expect(report.overall).toEqual({ n: 3, success: 1, failure: 1, partial: 1, successRate: 1 / 3 });
    expect(report.byStepPath.map((r) => [r.key, r.n, r.successRate])).toEqual([['root/refactor', 1, 0], ['root/train', 1, 0]]);
    expect(report.byPromptHash.map((r) => [r.key.slice(0, 9), r.n, r.successRate])).toEqual([['sha256:a1', 1, 0], ['sha256:b2', 1, 1]]);
    expect(report.unattributed).toEqual({ withoutPromptHash: 1, withoutStepPath: 1 });
  });

  it('hydrates a spooled diff from /artifacts/trace/ with the bytes and hash the event names', () => {
    const session = value(openSession(HARNESS, 'sess_refactor'));
    const model = buildSessionModel('sess_refactor', session.status, trace('sess_refactor'));
    const changes = model.items.filter((i): i is FileChangeItem => i.kind === 'file-change');
    expect(changes.map((c) => [c.change, c.path, c.diff?.kind])).toEqual([
      ['updated', '/persistent/project/src/app.ts', 'spooled'],
      ['created', '/session/notes.md', 'inline'],
      ['deleted', '/session/tmp/scratch.txt', 'unavailable'],
      ['updated', '/session/.env', 'unavailable'],
    ]);
    const spooled = changes[0].diff;
    if (spooled?.kind !== 'spooled') throw new Error('expected a spooled diff');
    const bytes = value(readSessionFile(session.dir, spooled.contentRef));
    expect(bytes.length).toBe(spooled.bytes);
    expect(bytes.toString('utf8')).toContain('+export const line39 = fetchUser(39);');
    // A command's stdout spooled under /artifacts/trace/ reads back whole; the commit lists the paths it changed.
    const command = model.items.find((i) => i.kind === 'runtime' && i.type === 'harness.runtime.command.succeeded');
    const stdout = command?.kind === 'runtime' ? command.outputs.find((o) => o.stream === 'stdout') : undefined;
    expect(stdout?.contentRef).toMatch(/^\/artifacts\/trace\/runtime-stdout\/[0-9a-f]{16}\.txt$/);
    const full = value(readSessionFile(session.dir, stdout!.contentRef!)).toString('utf8');
    expect(full.startsWith(stdout!.preview.slice(0, 40))).toBe(true);
    expect(full.split('\n').filter(Boolean)).toHaveLength(300);
    const commit = model.items.find((i) => i.kind === 'persistent-dir' && i.type === 'harness.persistent_dir.commit.succeeded');
    expect(commit?.kind === 'persistent-dir' && commit.changedPaths).toEqual([{ change: 'updated', path: '/persistent/project/src/app.ts' }]);
    expect(model.items.filter((i) => (i.kind === 'model-call' || i.kind === 'tool-call') && i.redacted).map((i) => i.kind)).toEqual(['model-call']);
    expect(model.counts).toMatchObject({ modelCalls: 2, toolCalls: 2, toolCallsFailed: 1, commandsDenied: 1, tierEscalations: 1, fileChanges: 4, persistentCommits: 1, spooledOutputs: 1, redactions: 1, outcomes: 3 });
  });

  it('refuses a harness path that leaves the session folder, by .. or by a symlink', () => {
    const copy = join(tmp, 'sym');
    cpSync(join(HARNESS, 'sessions', 'sess_refactor'), copy, { recursive: true });
    writeFileSync(join(tmp, 'secret.txt'), 'secret');
    symlinkSync(join(tmp, 'secret.txt'), join(copy, 'artifacts', 'trace', 'leak.txt'));
    const viaLink = readSessionFile(copy, '/artifacts/trace/leak.txt');
    expect(viaLink.ok ? 'read' : viaLink.error.code).toBe('path-outside-data-dir');
    const viaDots = readSessionFile(copy, '/artifacts/../../secret.txt');
    expect(viaDots.ok ? 'read' : viaDots.error.code).toBe('invalid-argument');
  });
});

describe('TraceTail', () => {
  it('reads by byte offset: a half line waits for its newline, a truncated file resets', () => {
    const dir = join(tmp, 'tail');
    cpSync(join(HARNESS, 'sessions', 'sess_crashed'), dir, { recursive: true });
    const tail = new TraceTail(dir);
    const first = tail.poll();
    expect(first.events.map((r) => r.event.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(first.pendingBytes).toBeGreaterThan(0);
    expect(tail.poll()).toMatchObject({ reset: false, events: [], pendingBytes: first.pendingBytes });
    // The writer comes back: finish the torn line's file with a complete line.
    const full = readFileSync(join(dir, 'trace.ndjson'), 'utf8');
    const complete = `${full.slice(0, full.lastIndexOf('\n') + 1)}${JSON.stringify({ schemaVersion: 'lh.trace.v2', eventId: 'evt_x', sequence: 6, type: 'harness.session.completed', sessionId: 'sess_crashed', timestamp: '2026-11-21T12:10:00.000Z' })}\n`;
    writeFileSync(join(dir, 'trace.ndjson'), complete);
    expect(tail.poll().events.map((r) => [r.line, r.event.type])).toEqual([[6, 'harness.session.completed']]);
    appendFileSync(join(dir, 'trace.ndjson'), '{broken\n');
    expect(tail.poll().invalid.map((l) => l.line)).toEqual([7]);
    truncateSync(join(dir, 'trace.ndjson'), 10);
    expect(tail.poll()).toMatchObject({ reset: true, events: [] });
  });
});
