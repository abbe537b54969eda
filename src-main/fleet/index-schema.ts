/**
 * The fleet index's tables (docs/FLEET.md "The fleet index"). `events` and `event_text` are
 * documented for `sql`; `index_*` tables are the index's own bookkeeping.
 *
 * The words table is a contentless FTS5 table over the folded words (shared/search/search-text.ts)
 * with the `ascii` tokenizer: our folding has already made every word, so the tokenizer must only
 * split on spaces (and fold ASCII case, which it does) and keep every other byte, which `ascii`
 * does and `unicode61` does not (it drops emoji). `detail=full` keeps positions for phrases.
 * One words row per event (its rowid the event's id), its fields' words one after another with a
 * break token between fields (index-writer.ts FIELD_BREAK): a row per field cost five times the
 * FTS writes (docs/FLEET.md "Scale"), and the break keeps a phrase inside one field.
 *
 * An event's field texts are one JSON column of its row (`texts`: `[[field, text], …]` in payload
 * order), not a row per field: a row per field was five rows and two b-tree inserts per event, a
 * third of the build's time (docs/PERFORMANCE.md "Fleet index build"). The `event_text` view
 * spreads them back into a row per field for `sql`. `index_events_run` leads with the run id:
 * search pages are sorted by run first and read off it (fleet-search.ts).
 */

/** Bump when the tables or the folding change: an index of another version is rebuilt. */
export const INDEX_VERSION = 3;

export const INDEX_SCHEMA = `
CREATE TABLE index_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE index_dirs (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  label TEXT NOT NULL,
  kind TEXT NOT NULL,
  format TEXT NOT NULL,
  state TEXT
);
CREATE TABLE index_runs (
  dir INTEGER NOT NULL,
  run_id TEXT NOT NULL,
  status TEXT NOT NULL,
  event_count INTEGER NOT NULL,
  last_sequence INTEGER NOT NULL,
  finished_at TEXT,
  identity TEXT,
  digest TEXT,
  stamp TEXT,
  indexed_events INTEGER NOT NULL,
  PRIMARY KEY (dir, run_id)
);
CREATE TABLE index_events (
  id INTEGER PRIMARY KEY,
  dir INTEGER NOT NULL,
  run_id TEXT NOT NULL,
  sequence INTEGER NOT NULL,
  type TEXT NOT NULL,
  recorded_at TEXT,
  step_id TEXT,
  step_path TEXT,
  tool TEXT,
  model TEXT,
  texts TEXT
);
CREATE INDEX index_events_run ON index_events (run_id, dir, sequence);
CREATE VIRTUAL TABLE index_words USING fts5(words, tokenize = 'ascii', content = '', contentless_delete = 1, detail = full);
CREATE VIEW events AS
  SELECT d.path AS data_dir, e.run_id, e.sequence, e.type, e.recorded_at, e.step_id, e.step_path, e.tool, e.model, r.status AS run_status
  FROM index_events e JOIN index_dirs d ON d.id = e.dir JOIN index_runs r ON r.dir = e.dir AND r.run_id = e.run_id;
CREATE VIEW event_text AS
  SELECT d.path AS data_dir, e.run_id, e.sequence, e.type, t.value ->> 0 AS field, t.value ->> 1 AS text
  FROM index_events e JOIN json_each(e.texts) t JOIN index_dirs d ON d.id = e.dir;
`;
