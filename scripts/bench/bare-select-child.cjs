// The floor any reader of a run pays, as a whole child process: open events.db the way the
// store's snapshot recipe does on Node 20 (an in-memory copy, WAL header bytes patched), SELECT
// the run's rows in sequence order and JSON.parse every payload. Prints the row count.
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const Database = require('better-sqlite3');

const [dataDir, runId] = process.argv.slice(2);
const buffer = readFileSync(join(dataDir, 'events', 'events.db'));
buffer[18] = 1;
buffer[19] = 1;
const db = new Database(buffer, { readonly: true });
let count = 0;
const sql = 'SELECT sequence, event_id, type, occurrence_id, recorded_at, payload FROM events WHERE run_id = ? ORDER BY sequence';
for (const row of db.prepare(sql).iterate(runId)) {
  JSON.parse(row.payload);
  count += 1;
}
db.close();
process.stdout.write(`${count}\n`);
