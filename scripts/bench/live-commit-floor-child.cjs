// The floor of the live-commit bench: woken by fs.watch like the tail, a bare read-only SQLite
// connection selects the rows after the last rowid in place and JSON.parses each payload; one
// line per row on stdout. Reading in place is fine here: the bench's own data dir.
'use strict';
const { watch } = require('node:fs');
const { join } = require('node:path');
const Database = require('better-sqlite3');

const dataDir = process.argv[2];
const db = new Database(join(dataDir, 'events', 'events.db'), { readonly: true, fileMustExist: true });
const next = db.prepare('SELECT rowid AS r, run_id, sequence, type, payload FROM events WHERE rowid > ? ORDER BY rowid');
let last = Number(db.prepare('SELECT max(rowid) AS r FROM events').get().r ?? 0);
const pull = () => {
  for (const row of next.iterate(last)) {
    last = row.r;
    const payload = JSON.parse(row.payload);
    process.stdout.write(`${JSON.stringify({ runId: row.run_id, sequence: row.sequence, type: row.type, payload })}\n`);
  }
};
watch(join(dataDir, 'events'), { persistent: true }, pull);
setInterval(pull, 250);
process.stderr.write('ready\n');
