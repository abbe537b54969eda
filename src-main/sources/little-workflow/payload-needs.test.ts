import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { UNREAD_PAYLOAD } from '../../../shared/events/payload-needs';
import { FOLD_PAYLOAD_NEEDS } from '../../../shared/fold/folded-event-types';
import { BUNDLED_PRICE_TABLE } from '../../../shared/pricing/bundled-price-table';
import { foldLog } from '../../engine/fold-log';
import { EXAMPLES, manifestRows } from '../../../test/support/fixture-manifest';
import { expectNeedsAgreeWithJsonParse, payloadNeedsRows } from '../../../test/support/payload-needs-cases';
import { everyRowReader, foldView } from '../../../test/support/every-row-reader';
import { tempRoot, writeClosedDataDir } from '../../../test/support/store-test-fixtures';
import { openDataDir } from './data-dir-reader';
import type { DataDirReader } from './store-types';

// A payload the consumer does not read is left out in SQL only when SQLite's json_valid calls
// it a JSON object; JSON.parse must agree on every such text, or a row little-workflow's
// listEvents fails on would fold silently (test/support/payload-needs-cases.ts).
let base: string | undefined;
afterAll(() => {
  if (base !== undefined) rmSync(base, { recursive: true, force: true });
});

describe('payloads a consumer does not read', () => {
  it('are left out only when JSON.parse would read an object, whatever the text', async () => {
    base = tempRoot('li-needs-');
    const dir = join(base, '.little-workflow');
    await writeClosedDataDir(dir, payloadNeedsRows());
    const reader = openDataDir(dir);
    if (!reader.ok) throw new Error(reader.error.message);
    try {
      // The well-formed objects of the unread type were left out: the comparison is not idle.
      expect(expectNeedsAgreeWithJsonParse(reader.value)).toBeGreaterThanOrEqual(10);
    } finally {
      reader.value.close();
    }
  });

  it('fold every fixture run exactly as with every payload parsed', () => {
    const runs = manifestRows().filter((r) => r.group !== 'loopctl' && r.dataDir.endsWith('.little-workflow'));
    expect(runs.length).toBeGreaterThan(20);
    let unread = 0;
    for (const row of runs) {
      const reader = openDataDir(join(EXAMPLES, row.dataDir));
      if (!reader.ok) throw new Error(reader.error.message);
      try {
        for (const read of reader.value.readEvents(row.runId, 0, undefined, FOLD_PAYLOAD_NEEDS)) if (read.ok && read.event.payload === UNREAD_PAYLOAD) unread += 1;
        // The same reader, but deaf to payload needs and handing over every row: every payload parsed.
        const rows = everyRowReader(reader.value);
        const everything: DataDirReader = { ...rows, readEvents: (runId, after, upto) => reader.value.readEvents(runId, after, upto) };
        const lite = foldLog({ reader: reader.value, runId: row.runId, table: BUNDLED_PRICE_TABLE, mode: 'fold', checkpoints: null });
        const full = foldLog({ reader: everything, runId: row.runId, table: BUNDLED_PRICE_TABLE, mode: 'fold', checkpoints: null });
        expect(foldView(lite), `${row.group}: ${row.shows}`).toEqual(foldView(full));
      } finally {
        reader.value.close();
      }
    }
    expect(unread).toBeGreaterThan(100);
  });
});
