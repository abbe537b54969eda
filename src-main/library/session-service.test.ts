import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../test/support/fixture-manifest';
import { openDataDir } from '../sources/little-workflow/data-dir-reader';
import { itemLinks } from '../../shared/harness-trace/session-link-targets';
import { outcomesCommand } from '../cli/commands/harness-sessions';
import { listSessions, sessionFile, sessionOutcomes, sessionView } from './session-service';

const ROOT = join(EXAMPLES, 'fixtures');
const DIR = join('sessions', '.little-harness');

describe('session service', () => {
  it('lists the sessions under the opened folder with their harness dir relative to it', () => {
    const listed = listSessions(ROOT);
    expect(listed.ok && listed.value.map((s) => `${s.harnessDir}:${s.sessionId}`)).toEqual([
      'harness/.little-harness:chat with spaces/and slashes',
      'harness/.little-harness:sess_docs-chat',
      `${DIR}:sess_crashed`,
      `${DIR}:sess_failing`,
      `${DIR}:sess_refactor`,
      `${DIR}:sess_workflow`,
    ]);
  });

  it('links a session that ran a workflow to its events.db events both ways: by occurrence id, tool call id and step', () => {
    const view = sessionView(ROOT, DIR, 'sess_workflow');
    if (!view.ok) throw new Error(view.error.message);
    const world = `${DIR}/sessions/sess_workflow/workflows`;
    expect(view.value.linkProblems).toEqual([]);
    // Every trace occurrence of the workflow's steps has its events.db pair, and nothing else matches.
    const byItem = view.value.items.map((item) => [item.kind === 'event' ? item.type : item.kind, itemLinks(item, view.value.links).map((l) => l.text)]);
    expect(byItem).toEqual([
      ['harness.session.started', []],
      ['model-call', []],
      ['tool-call', ['workflow run run_summarize_call_wf1']],
      ['harness.execute_step.started', ['step fetch of run_summarize_call_wf1']],
      ['tool-call', ['run_summarize_call_wf1 #7 harness.tool_call.started', 'run_summarize_call_wf1 #8 harness.tool_call.succeeded']],
      ['harness.execute_step.succeeded', ['step fetch of run_summarize_call_wf1']],
      ['harness.execute_step.started', ['step summarize of run_summarize_call_wf1']],
      ['model-call', ['run_summarize_call_wf1 #18 harness.model.called', 'run_summarize_call_wf1 #19 harness.model.responded']],
      ['harness.execute_step.succeeded', ['step summarize of run_summarize_call_wf1']],
      ['harness.session.completed', []],
    ]);
    expect(new Set(view.value.links.events.map((e) => e.dataDir))).toEqual(new Set([world]));
    // Each link names the events.db row that carries that occurrence id.
    const reader = openDataDir(join(ROOT, world));
    if (!reader.ok) throw new Error(reader.error.message);
    const rows = [...reader.value.readEvents('run_summarize_call_wf1')].flatMap((r) => (r.ok ? [r.event] : []));
    reader.value.close();
    expect(view.value.links.events.map((e) => rows[e.sequence - 1]?.occurrenceId)).toEqual(view.value.links.events.map((e) => e.occurrenceId));
    // The way back: the events.db event's occurrence id names exactly one trace item of the session.
    for (const e of view.value.links.events) {
      const items = view.value.items.filter((i) => (i.kind === 'model-call' || i.kind === 'tool-call') && i.occurrenceId === e.occurrenceId);
      expect(items).toHaveLength(1);
    }
  });

  it('answers a session view with items, doctor and the invalid lines', () => {
    const view = sessionView(ROOT, DIR, 'sess_failing');
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.doctor).toMatchObject({ failureCount: 6, invalidEventCount: 3 });
    expect(view.value.invalidLines.map((l) => l.line)).toEqual([10, 12, 14]);
    expect(view.value.items.filter((i) => i.kind === 'runtime').map((i) => i.type)).toEqual(['harness.runtime.tier.unavailable', 'harness.runtime.error', 'harness.runtime.dispose.failed']);
  });

  it('answers outcomes across a harness dir\'s sessions and of one session, with the CLI\'s numbers', async () => {
    const all = sessionOutcomes(ROOT, DIR);
    if (!all.ok) throw new Error(all.error.message);
    const io = { out: '', stdout: (t: string) => void (io.out += t), stderr: () => undefined };
    expect(await outcomesCommand(['--data-dir', join(ROOT, DIR), '--json'], io)).toBe(0);
    expect(all.value).toEqual(JSON.parse(io.out));
    expect(all.value).toMatchObject({ eventCount: 6, countedCount: 3, overall: { n: 3, successRate: 1 / 3 } });
    const one = sessionOutcomes(ROOT, DIR, 'sess_refactor');
    expect(one.ok && [one.value.sessionIds, one.value.countedCount, one.value.supersededCount, one.value.overall]).toEqual([['sess_refactor'], 2, 1, { n: 2, success: 1, failure: 0, partial: 1, successRate: 0.5 }]);
  });

  it('reads a spooled file, and refuses a harness dir that is not one under the folder', () => {
    const file = sessionFile(ROOT, DIR, 'sess_refactor', '/artifacts/tool-results/bash/call_tests.txt');
    expect(file.ok && file.value.text.split('\n')[0]).toBe('ok 1 - user spec 1');
    const elsewhere = sessionView(ROOT, '../../..', 'sess_refactor');
    expect(elsewhere.ok ? 'read' : elsewhere.error.code).toBe('invalid-argument');
  });
});
