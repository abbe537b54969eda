import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { createInspectorCore } from '../core/inspector-core';
import { tempRoot } from '../../test/support/store-test-fixtures';
import { until } from '../../test/support/live-support';
import { simpleRun, startScriptWriter } from '../../test/support/live-writer';

const root = tempRoot('li-live-core-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the core owns one live observer per opened library', () => {
  it('pushes run.* messages with event summaries and keeps library run rows current', async () => {
    const dir = join(root, '.little-workflow');
    const writer = await startScriptWriter(dir);
    const core = createInspectorCore({ mode: 'browser', initialPath: null, live: { pollMs: 50, lockCheckMs: 100, discoverMs: 200 } });
    const pushes: PushMessage[] = [];
    core.subscribe((message) => void pushes.push(message));
    try {
      await writer.append(simpleRun('run_grow', 1, false));
      const opened = await core.openPath(root);
      expect(opened.ok && opened.value.runs.map((r) => [r.runId, r.eventCount])).toEqual([['run_grow', 4]]);
      await writer.append(simpleRun('run_grow', 2, true, '_more').slice(1));
      await writer.append(simpleRun('run_new', 1, false));
      await until(() => pushes.some((m) => m.kind === 'run.ended' && m.runId === 'run_grow'), 10_000, 'run end push');
      const deltas = pushes.filter((m) => m.kind === 'run.delta' && m.runId === 'run_grow');
      const sequences = deltas.flatMap((m) => (m.kind === 'run.delta' ? m.events.map((e) => e.sequence) : []));
      expect(sequences).toEqual([5, 6, 7, 8, 9, 10, 11]);
      const last = deltas.at(-1);
      expect(last?.kind === 'run.delta' && last.summary).toMatchObject({ status: 'completed', phase: 'ended', eventCount: 11, lastEventType: 'RunCompleted' });
      // Summaries only: no payload bodies over the push channel.
      expect(last?.kind === 'run.delta' && Object.keys(last.events[0]).sort()).toEqual(['eventId', 'recordedAt', 'sequence', 'stepPath', 'type']);
      // run_new was appended after run_grow's end: on a loaded machine its start can come a tick later.
      await until(() => pushes.some((m) => m.kind === 'run.started' && m.runId === 'run_new'), 10_000, 'new run push');
      expect(pushes.find((m) => m.kind === 'run.started' && m.runId === 'run_new')).toMatchObject({ reason: 'new' });
      // The library snapshot follows: patched rows, and a reload that lists the new run.
      await until(() => {
        const snapshot = [...pushes].reverse().find((m) => m.kind === 'library.changed');
        const rows = snapshot?.kind === 'library.changed' ? snapshot.snapshot.runs : [];
        return rows.some((r) => r.runId === 'run_grow' && r.eventCount === 11 && r.status === 'completed') && rows.some((r) => r.runId === 'run_new');
      }, 10_000, 'snapshot');
      const current = await core.handlers['library.current']({});
      expect(current.ok && current.value?.runs.find((r) => r.runId === 'run_grow')).toMatchObject({ eventCount: 11, status: 'completed', finishedAt: expect.any(String) });
    } finally {
      core.close();
      await writer.kill();
    }
  });
});
