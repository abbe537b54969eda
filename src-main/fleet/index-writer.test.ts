/**
 * The words row of an event holds every field's words with a break between fields: words match
 * across fields (all must be in the event), a phrase never does, and the break itself is no word.
 */
import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../../shared/search/search-query';
import { searchIndex } from './fleet-search';
import { openIndexForWrite } from './index-file';
import { IndexWriter } from './index-writer';

function indexOf(payloads: unknown[]) {
  const opened = openIndexForWrite(null);
  if (!opened.ok) throw new Error(opened.error.message);
  const db = opened.value;
  const writer = new IndexWriter(db);
  writer.begin();
  db.prepare("INSERT INTO index_dirs (id, path, label, kind, format, state) VALUES (1, '/d', 'd', 'workflow', 'sqlite', NULL)").run();
  payloads.forEach((payload, i) => writer.addEvent(1, { eventId: `evt_${i}`, runId: 'run_a', sequence: i + 1, type: 'StepCompleted', recordedAt: '2026-12-01T00:00:00.000Z', payload }));
  writer.saveRun(1, { runId: 'run_a', status: 'completed', eventCount: payloads.length, lastSequence: payloads.length, finishedAt: null, identity: null, digest: null, stamp: null, indexedEvents: payloads.length });
  writer.commit();
  const seqs = (text: string): number[] => {
    const query = parseSearchQuery(text);
    if (!query.ok) throw new Error(query.error.message);
    return searchIndex(db, query.value, { limit: 100 }).hits.map((hit) => hit.sequence);
  };
  return { db, seqs };
}

describe('one words row per event', () => {
  it('words match across fields; a phrase only inside one field', () => {
    const { db, seqs } = indexOf([{ a: 'alpha omega', b: 'beta gamma' }, { list: ['one two', 'three'], note: 'omega beta' }, { c: 'Zürich 東京' }, { d: '東', e: '京' }]);
    expect(seqs('omega beta')).toEqual([1, 2]);
    expect(seqs('"omega beta"')).toEqual([2]);
    expect(seqs('"two three"')).toEqual([]);
    expect(seqs('two three')).toEqual([2]);
    expect(seqs('"alpha omega"')).toEqual([1]);
    expect(seqs('"zurich 東"')).toEqual([3]);
    // 東京 is the phrase 東 京: in one field only.
    expect(seqs('東京')).toEqual([3]);
    expect(seqs('東 京')).toEqual([3, 4]);
    // The hit names the field where the first word matched.
    const query = parseSearchQuery('gamma');
    if (!query.ok) throw new Error(query.error.message);
    expect(searchIndex(db, query.value, { limit: 10 }).hits.map((hit) => hit.field)).toEqual(['b']);
    db.close();
  });

  it('the break between fields is no word a query can ask', () => {
    expect(parseSearchQuery('\ue000').ok).toBe(false);
    const { db, seqs } = indexOf([{ a: 'x', b: 'y' }]);
    expect(seqs('"x y"')).toEqual([]);
    db.close();
  });
});
