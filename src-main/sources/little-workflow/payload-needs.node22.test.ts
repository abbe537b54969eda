// Payload needs under node:sqlite (Electron's driver; its SQLite is not better-sqlite3's):
// a payload is left out only when JSON.parse reads it as an object (test/support/payload-needs-cases.ts).
import { describe, expect, it } from 'vitest';
import { ENGINE, newDataDir, openWithNodeSqlite } from '../../../test/support/node-sqlite-test-support';
import { expectNeedsAgreeWithJsonParse, payloadNeedsRows } from '../../../test/support/payload-needs-cases';
import { writeClosedDataDir } from '../../../test/support/store-test-fixtures';

describe('payloads a consumer does not read (node:sqlite, Node 22 only)', () => {
  it('are left out only when JSON.parse would read an object, whatever the text', async () => {
    const dir = newDataDir();
    await writeClosedDataDir(dir, payloadNeedsRows(), ENGINE);
    const reader = openWithNodeSqlite(dir);
    try {
      expect(expectNeedsAgreeWithJsonParse(reader)).toBeGreaterThanOrEqual(10);
    } finally {
      reader.close();
    }
  });
});
