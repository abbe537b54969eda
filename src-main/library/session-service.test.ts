import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../test/support/fixture-manifest';
import { listSessions, sessionFile, sessionView } from './session-service';

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
    ]);
  });

  it('answers a session view with items, doctor and the invalid lines', () => {
    const view = sessionView(ROOT, DIR, 'sess_failing');
    if (!view.ok) throw new Error(view.error.message);
    expect(view.value.doctor).toMatchObject({ failureCount: 6, invalidEventCount: 3 });
    expect(view.value.invalidLines.map((l) => l.line)).toEqual([10, 12, 14]);
    expect(view.value.items.filter((i) => i.kind === 'runtime').map((i) => i.type)).toEqual(['harness.runtime.tier.unavailable', 'harness.runtime.error', 'harness.runtime.dispose.failed']);
  });

  it('reads a spooled file, and refuses a harness dir that is not one under the folder', () => {
    const file = sessionFile(ROOT, DIR, 'sess_refactor', '/artifacts/tool-results/bash/call_tests.txt');
    expect(file.ok && file.value.text.split('\n')[0]).toBe('ok 1 - user spec 1');
    const elsewhere = sessionView(ROOT, '../../..', 'sess_refactor');
    expect(elsewhere.ok ? 'read' : elsewhere.error.code).toBe('invalid-argument');
  });
});
