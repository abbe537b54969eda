/**
 * The fleet index is incremental: an unchanged root reads no run, an appended run reads only its
 * new events, a rewritten or truncated log re-indexes that run alone (the fold checkpoints'
 * trust rule), for SQLite logs and for streamed ones (harness traces).
 */
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../shared/search/search-query';
import { discoverFleet, updateFleetIndex, type IndexStats } from '../src-main/fleet/index-build';
import { indexFilePath, openIndexForWrite } from '../src-main/fleet/index-file';
import { searchIndex } from '../src-main/fleet/fleet-search';
import { changeableRun } from './support/changeable-run';
import { EXAMPLES } from './support/fixture-manifest';
import { scratchRoot } from './support/scratch';
import { startWriter } from './support/store-test-fixtures';

/** Build (or update) the index of `root` in `cache`, on a fresh connection like a new CLI process. */
async function build(cache: string, root: string): Promise<IndexStats> {
  const opened = openIndexForWrite(indexFilePath(cache, root));
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    const found = discoverFleet(root);
    if (!found.ok) throw new Error(found.error.message);
    return await updateFleetIndex(opened.value, found.value, { table: BUNDLED_PRICE_TABLE });
  } finally {
    opened.value.close();
  }
}

function find(cache: string, root: string, text: string): string[] {
  const opened = openIndexForWrite(indexFilePath(cache, root));
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    const query = parseSearchQuery(text);
    if (!query.ok) throw new Error(query.error.message);
    const result = searchIndex(opened.value, query.value, { limit: 100 });
    // The counts come from the words table and the runs' rows (fleet-search.ts): after every update they agree with the rows.
    expect(result.total).toBe(result.hits.length);
    expect(result.indexed.events).toBe(Number(opened.value.prepare('SELECT count(*) AS n FROM index_events').get()?.n));
    return result.hits.map((hit) => `${hit.runId}#${hit.sequence}`);
  } finally {
    opened.value.close();
  }
}

const counts = (stats: IndexStats) => ({ read: stats.runsRead, added: stats.eventsAdded, reindexed: stats.runsReindexed });

describe('a little-workflow log', () => {
  it('unchanged: nothing read; appended: only the new events; rewritten or truncated: that run again', async () => {
    const run = changeableRun('li-fleet-inc-');
    const root = join(run.dir, '..');
    const cache = scratchRoot('li-fleet-cache-');
    const first = await build(cache, root);
    expect(first.diagnostics).toEqual([]);
    expect(first.runsRead).toBe(first.runs);
    expect(first.eventsAdded).toBe(first.events);
    expect(counts(await build(cache, root))).toEqual({ read: 0, added: 0, reindexed: 0 });

    const writer = await startWriter(run.dir);
    await writer.append([
      { runId: run.runId, type: 'harness.model.responded', payload: { callId: 'x1', response: { text: 'appended zanzibar' } } },
      { runId: run.runId, type: 'harness.model.responded', payload: { callId: 'x2', response: { text: 'and quixotic' } } },
    ]);
    await writer.closeCleanly();
    expect(counts(await build(cache, root))).toEqual({ read: 1, added: 2, reindexed: 0 });
    expect(find(cache, root, 'zanzibar')).toEqual([`${run.runId}#${run.last + 1}`]);

    // An earlier row rewritten (its id and payload): the run is indexed again, and only it.
    run.edit("UPDATE events SET event_id = 'evt_0123456789abcdef', payload = ? WHERE run_id = ? AND sequence = 2", JSON.stringify({ note: 'rewritten xylophone' }), run.runId);
    const rewritten = await build(cache, root);
    expect(counts(rewritten)).toEqual({ read: 1, added: run.last + 2, reindexed: 1 });
    expect(find(cache, root, 'xylophone')).toEqual([`${run.runId}#2`]);
    expect(rewritten.events).toBe(first.events + 2);

    // Truncated below what was indexed: what was cut is no longer found.
    run.edit('DELETE FROM events WHERE run_id = ? AND sequence > ?', run.runId, run.last);
    expect(counts(await build(cache, root))).toMatchObject({ read: 1, reindexed: 1 });
    expect(find(cache, root, 'zanzibar')).toEqual([]);
    expect(find(cache, root, 'xylophone')).toEqual([`${run.runId}#2`]);
  }, 60_000);
});

describe('a streamed log (little-harness session traces)', () => {
  it('an appended trace line adds one event; an earlier line rewritten re-indexes that session', async () => {
    const root = scratchRoot('li-fleet-trace-');
    cpSync(join(EXAMPLES, 'fixtures', 'sessions'), root, { recursive: true });
    const trace = join(root, '.little-harness', 'sessions', 'sess_workflow', 'trace.ndjson');
    const lines = readFileSync(trace, 'utf8').trimEnd().split('\n');
    // The session as it was before its last line (session.completed) was written.
    const lastLine = lines.pop()!;
    const template = JSON.parse(lines.at(-1)!) as Record<string, unknown> & { metadata: { output: { preview: string } } };
    lines[lines.length - 1] = JSON.stringify({ ...template, metadata: { ...template.metadata, output: { ...template.metadata.output, preview: 'early walrus' } } });
    writeFileSync(trace, `${lines.join('\n')}\n`);
    const cache = scratchRoot('li-fleet-cache-');
    expect((await build(cache, root)).diagnostics).toEqual([]);
    const sequence = (JSON.parse(lastLine) as { sequence: number }).sequence;
    appendFileSync(trace, `${lastLine}\n`);
    const grown = await build(cache, root);
    expect(counts(grown)).toEqual({ read: 1, added: 1, reindexed: 0 });
    expect(find(cache, root, 'type:harness.session.completed run:sess_workflow')).toEqual([`sess_workflow#${sequence}`]);
    expect(find(cache, root, 'walrus')).toEqual([`sess_workflow#${sequence - 1}`]);

    // The same line rewritten in place (same sequence, another id): the session is indexed again.
    lines[lines.length - 1] = JSON.stringify({ ...template, eventId: `${String(template.eventId).slice(0, -4)}cafe`, metadata: { ...template.metadata, output: { ...template.metadata.output, preview: 'rewritten narwhal' } } });
    writeFileSync(trace, `${lines.join('\n')}\n${lastLine}\n`);
    const again = await build(cache, root);
    expect(counts(again)).toMatchObject({ read: 1, reindexed: 1 });
    expect(find(cache, root, 'narwhal')).toHaveLength(1);
    expect(find(cache, root, 'walrus')).toEqual([]);
    expect(counts(await build(cache, root))).toEqual({ read: 0, added: 0, reindexed: 0 });
  }, 60_000);
});
