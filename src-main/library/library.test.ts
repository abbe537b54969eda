import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../shared/contract';
import { ok, type Result } from '../../shared/diagnostics';
import type { LibrarySnapshot } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { USER_PRICE_TABLE_FORMAT } from '../../shared/pricing/user-price-table';
import { discoveryIn } from '../workers/discovery-thread';
import type { RunBuilds } from './run-builds';
import { emptySnapshot } from '../../test/support/empty-snapshot';
import { createLibrary } from './library';

const dir = mkdtempSync(join(tmpdir(), 'li-library-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Two folders an open's walk finds as data dirs (an events/ folder each); the pool below reads nothing.
const A = join(dir, 'a');
const B = join(dir, 'b');
mkdirSync(join(A, 'events'), { recursive: true });
mkdirSync(join(B, 'events'), { recursive: true });

/** A pool whose library loads finish when the test says, each answering the root and table it was asked for. */
function manualPool() {
  const loads: Array<{ root: string; table: PriceTable; finish(): void }> = [];
  const pool = {
    library: (root: string, table: PriceTable) =>
      new Promise<Result<LibrarySnapshot>>((resolve) => {
        const snapshot = { ...emptySnapshot(root), pricing: { ...emptySnapshot(root).pricing, tableName: table.name } };
        loads.push({ root, table, finish: () => resolve(ok(snapshot)) });
      }),
    close: async () => undefined,
  } as unknown as RunBuilds;
  return { pool, loads };
}

const BUNDLED = BUNDLED_PRICE_TABLE.name;
const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A library over a manual pool with A opened (its first load finished). */
async function libraryOpenedAtA() {
  const { pool, loads } = manualPool();
  const library = createLibrary({ publish: () => undefined, live: false, logError: () => undefined, pool, discover: discoveryIn() });
  const opened = library.open(A);
  await settle();
  loads[0].finish();
  await opened;
  return { library, loads };
}

describe('Library', () => {
  it('the latest open wins: an older open finishing later changes nothing and publishes nothing', async () => {
    const { pool, loads } = manualPool();
    const published: PushMessage[] = [];
    const library = createLibrary({ publish: (m) => void published.push(m), live: false, logError: () => undefined, pool, discover: discoveryIn() });
    const first = library.open(A);
    const second = library.open(B);
    await settle();
    // The later open cancelled the earlier one's walk: only B reaches the pool.
    expect(loads.map((l) => l.root)).toEqual([B]);
    loads[0].finish();
    await second;
    expect(await first).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(library.snapshot()?.root).toBe(B);
    expect(published.filter((m) => m.kind === 'library.changed').map((m) => (m.kind === 'library.changed' ? m.snapshot.root : ''))).toEqual([B]);
    library.close();
  });

  it('loading a table reloads the opened root with it; a load begun before it cannot overwrite the re-priced snapshot', async () => {
    const { library, loads } = await libraryOpenedAtA();
    const file = join(dir, 'rates.json');
    writeFileSync(file, JSON.stringify({ format: USER_PRICE_TABLE_FORMAT, id: 'mine', name: 'My rates', entries: {} }));
    const refresh = library.refresh();
    const loaded = library.loadTable(file);
    await settle();
    // The table load's open cancelled the refresh's walk: it never reached the pool.
    expect(loads.map((l) => l.table.name)).toEqual([BUNDLED, 'My rates']);
    loads[1].finish();
    expect((await loaded).ok).toBe(true);
    expect(await refresh).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(library.table().name).toBe('My rates');
    expect(library.snapshot()?.pricing.tableName).toBe('My rates');
    // Back to the bundled table.
    const bundled = library.loadTable(null);
    await settle();
    loads[2].finish();
    await bundled;
    expect(library.snapshot()?.pricing.tableName).toBe(BUNDLED);
    library.close();
  });

  it('a table that does not load leaves the active table and the snapshot as they were', async () => {
    const { library, loads } = await libraryOpenedAtA();
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format":"little-inspector/price-table@1"}');
    const result = await library.loadTable(bad);
    expect(!result.ok && result.error.severity).toBe('error');
    expect(loads).toHaveLength(1);
    expect(library.table().name).toBe(BUNDLED);
    library.close();
  });
});
