/**
 * The fleet index's writes: a run's events with their texts and words, a run's removal, and the
 * bookkeeping rows. Ids are assigned here (one past the highest, read inside the caller's write
 * transaction), so no statement has to hand back the row it inserted.
 */
import type { EventEnvelope } from '../../shared/events/envelope';
import { eventFacets, payloadFields, type EventField } from '../../shared/search/event-fields';
import { indexedText } from '../../shared/search/search-text';
import type { IndexConnection, IndexStatement, SqliteParam } from '../sources/little-workflow/sqlite-driver';

/**
 * Between two fields' words in an event's one words row (index-schema.ts): a token no folded word
 * is or begins (a private-use character: never a letter, digit, mark or emoji), so a phrase, which
 * must sit in one field, never matches across it, and no query word matches it.
 */
export const FIELD_BREAK = ' \ue000 ';

/** What the index remembers of a run (index_runs). */
export type IndexedRun = {
  runId: string;
  status: string;
  eventCount: number;
  lastSequence: number;
  finishedAt: string | null;
  identity: string | null;
  digest: string | null;
  /** The source's log stamp when it has one (RunSource.logStamp). */
  stamp: string | null;
  indexedEvents: number;
};

const maxId = (db: IndexConnection, table: string): number => Number(db.prepare(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get()?.id ?? 0);

/** The prepared writes of one connection. */
export class IndexWriter {
  private readonly insertEvent: IndexStatement;
  private readonly insertWords: IndexStatement;
  private readonly saveRunRow: IndexStatement;
  private readonly deleteStatements: IndexStatement[];
  private nextEvent = 0;

  constructor(private readonly db: IndexConnection) {
    this.insertEvent = db.prepare(
      'INSERT INTO index_events (id, dir, run_id, sequence, type, recorded_at, step_id, step_path, tool, model, texts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.insertWords = db.prepare('INSERT INTO index_words (rowid, words) VALUES (?, ?)');
    this.saveRunRow = db.prepare(
      'INSERT OR REPLACE INTO index_runs (dir, run_id, status, event_count, last_sequence, finished_at, identity, digest, stamp, indexed_events) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.deleteStatements = [
      'DELETE FROM index_words WHERE rowid IN (SELECT id FROM index_events WHERE dir = ? AND run_id = ?)',
      'DELETE FROM index_events WHERE dir = ? AND run_id = ?',
      'DELETE FROM index_runs WHERE dir = ? AND run_id = ?',
    ].map((sql) => db.prepare(sql));
  }

  /** Start a write transaction (waiting for another writer) and take the next ids. */
  begin(): void {
    this.db.exec('BEGIN IMMEDIATE');
    this.nextEvent = maxId(this.db, 'index_events') + 1;
  }

  commit(): void {
    this.db.exec('COMMIT');
  }

  rollback(): void {
    try {
      this.db.exec('ROLLBACK');
    } catch {
      // No transaction open (a failed BEGIN): nothing to undo.
    }
  }

  /** Add one event: its facets, every string of its payload and `extra` texts (an artifact's). */
  addEvent(dir: number, event: EventEnvelope, extra: readonly EventField[] = []): void {
    const id = this.nextEvent++;
    const facets = eventFacets(event);
    let words = '';
    const texts: [string, string][] = [];
    for (const list of [payloadFields(event.payload), extra]) {
      for (const { field, text } of list) {
        texts.push([field, text]);
        const folded = indexedText(text);
        if (folded !== '') words = words === '' ? folded : `${words}${FIELD_BREAK}${folded}`;
      }
    }
    const textColumn = texts.length === 0 ? null : JSON.stringify(texts);
    this.insertEvent.run(id, dir, event.runId, event.sequence, event.type, event.recordedAt ?? null, facets.stepId, facets.stepPath, facets.tool, facets.model, textColumn);
    if (words !== '') this.insertWords.run(id, words);
  }

  /** Remove everything the index holds of one run. */
  removeRun(dir: number, runId: string): void {
    for (const statement of this.deleteStatements) statement.run(dir, runId);
  }

  /** Write (or replace) a run's bookkeeping row. */
  saveRun(dir: number, run: IndexedRun): void {
    const params: SqliteParam[] = [dir, run.runId, run.status, run.eventCount, run.lastSequence, run.finishedAt, run.identity, run.digest, run.stamp, run.indexedEvents];
    this.saveRunRow.run(...params);
  }
}

/** The bookkeeping row of every indexed run of a data dir, by run id. */
export function indexedRunsOf(db: IndexConnection, dir: number): Map<string, IndexedRun> {
  const out = new Map<string, IndexedRun>();
  const rows = db
    .prepare('SELECT run_id, status, event_count, last_sequence, finished_at, identity, digest, stamp, indexed_events FROM index_runs WHERE dir = ?')
    .iterate(dir);
  for (const row of rows) {
    out.set(String(row.run_id), {
      runId: String(row.run_id),
      status: String(row.status),
      eventCount: Number(row.event_count),
      lastSequence: Number(row.last_sequence),
      finishedAt: row.finished_at === null ? null : String(row.finished_at),
      identity: row.identity === null ? null : String(row.identity),
      digest: row.digest === null ? null : String(row.digest),
      stamp: row.stamp === null ? null : String(row.stamp),
      indexedEvents: Number(row.indexed_events),
    });
  }
  return out;
}
