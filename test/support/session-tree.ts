/**
 * A `.little-harness` tree as `little setup`'s app leaves it after many chat requests
 * (little-harness `src/local-host/paths.ts`): one `sessions/<key>/` folder per session, with
 * `session/ artifacts/ persistent/ .agents/ turns/`, `status.json`, `trace.ndjson`, and its own
 * `workflows/` Local World (`events/events.db`) when the session ran a workflow tool (every
 * `worldEvery`-th session, and the last). Every world but the last is a hard link of one template
 * database (one run, `run_tpl`), so thousands of worlds cost the disk one database.
 */
import { linkSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleRun, writeClosedDataDir } from './store-test-fixtures';

const SESSION_FOLDERS = ['session', 'artifacts', 'persistent', '.agents', 'turns'];

/** The key of session `i` (sorted the way discovery lists them). */
export const sessionKey = (i: number) => `sess_${String(i).padStart(5, '0')}`;

/** Write `count` sessions under `<harness>/sessions`; the last one's world holds `lastRunId` alone. */
export async function writeSessionTree(harness: string, count: number, lastRunId: string, worldEvery = 1): Promise<void> {
  const template = join(harness, '..', '.template-world');
  await writeClosedDataDir(template, sampleRun('run_tpl'));
  for (let i = 0; i < count; i += 1) {
    const dir = join(harness, 'sessions', sessionKey(i));
    for (const sub of SESSION_FOLDERS) mkdirSync(join(dir, sub), { recursive: true });
    const at = new Date(Date.UTC(2026, 10, 30, 9, 0, i % 60)).toISOString();
    writeFileSync(join(dir, 'status.json'), JSON.stringify({ id: sessionKey(i), state: 'idle', pathKey: sessionKey(i), createdAt: at, updatedAt: at, stagedMessageIds: [] }));
    const line = { schemaVersion: 'lh.trace.v2', eventId: `evt_${i}`, sequence: 1, type: 'harness.session.started', sessionId: sessionKey(i), timestamp: at, metadata: {} };
    writeFileSync(join(dir, 'trace.ndjson'), `${JSON.stringify(line)}\n`);
    if (i === count - 1 || i % worldEvery !== 0) continue;
    mkdirSync(join(dir, 'workflows', 'events'), { recursive: true });
    linkSync(join(template, 'events', 'events.db'), join(dir, 'workflows', 'events', 'events.db'));
  }
  await writeClosedDataDir(join(harness, 'sessions', sessionKey(count - 1), 'workflows'), sampleRun(lastRunId));
}
