import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DataDirInfo } from '../../shared/library';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { hashTree } from '../../test/support/store-test-fixtures';
import { discover } from './fs/discovery';
import { openDataDir } from './little-workflow/data-dir-reader';
import type { EventRead } from './little-workflow/store-types';
import { createSourceRegistry, recogniseDataDir } from './registry';

const FIXTURES = join(__dirname, '../../examples/fixtures');
const empty = mkdtempSync(join(tmpdir(), 'li-registry-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

async function collect(stream: AsyncIterable<EventRead>): Promise<EventRead[]> {
  const out: EventRead[] = [];
  for await (const read of stream) out.push(read);
  return out;
}

function dataDir(path: string): DataDirInfo {
  const found = discover(path, { countRuns: false }).dataDirs[0];
  if (found === undefined) throw new Error(`no data dir at ${path}`);
  return found;
}

describe('source registry', () => {
  it('recognises each format and nothing else', () => {
    expect(recogniseDataDir(join(FIXTURES, 'completed', '.little-workflow'))).toBe('sqlite');
    expect(recogniseDataDir(join(FIXTURES, 'loopctl', 'ledgers'))).toBe('loopctl');
    expect(recogniseDataDir(join(FIXTURES, 'sessions', '.little-harness'))).toBe('harness-trace');
    expect(recogniseDataDir(join(FIXTURES, 'sessions'))).toBeNull();
    expect(recogniseDataDir(empty)).toBeNull();
    expect(recogniseDataDir(FIXTURES)).toBeNull();
  });

  it('picks the source by the data dir; each lists its runs and streams a run log in sequence order', async () => {
    const sources = createSourceRegistry();
    const before = hashTree(FIXTURES);
    try {
      const sqlite = dataDir(join(FIXTURES, 'completed'));
      const ledgers = dataDir(join(FIXTURES, 'loopctl', 'ledgers'));
      expect([sources.sourceOf(sqlite).name, sources.sourceOf(ledgers).name]).toEqual(['little-workflow', 'loopctl']);

      const sqliteRuns = sources.sourceOf(sqlite).listRuns(sqlite, BUNDLED_PRICE_TABLE).runs;
      expect(sqliteRuns.length).toBeGreaterThan(0);
      const run = sqliteRuns[0]!;
      const streamed = await collect(sources.sourceOf(sqlite).streamLog(sqlite.path, run.runId));
      const reader = openDataDir(sqlite.path);
      if (!reader.ok) throw new Error(reader.error.message);
      const direct = [...reader.value.readEvents(run.runId)];
      reader.value.close();
      expect(streamed).toEqual(direct);
      expect(streamed.map((r) => (r.ok ? r.event.sequence : -1))).toEqual(Array.from({ length: run.eventCount }, (_, i) => i + 1));
      expect(await collect(sources.sourceOf(sqlite).streamLog(sqlite.path, run.runId, 3))).toEqual(direct.slice(3));

      const loopctl = sources.sourceOf(ledgers);
      const loopRun = loopctl.listRuns(ledgers, BUNDLED_PRICE_TABLE).runs[0]!;
      const records = await collect(loopctl.streamLog(ledgers.path, loopRun.runId));
      const rows = await loopctl.eventRows(ledgers.path, loopRun.runId, 1, 1000);
      if (!rows.ok) throw new Error(rows.error.message);
      expect(records.map((r) => (r.ok ? [r.event.sequence, r.event.eventId, r.event.type] : null))).toEqual(rows.value.map((r) => [r.sequence, r.eventId, r.type]));
      const missing = await collect(loopctl.streamLog(ledgers.path, 'run_lc_nope_1'));
      expect(missing).toMatchObject([{ ok: false, sequence: null, diagnostic: { code: 'run-not-found' } }]);
      expect(loopctl.readFacts(ledgers.path, loopRun.runId)).toMatchObject({ ok: true, value: { lock: { state: 'unknown' }, pendingCycle: null } });
      expect(loopctl.artifact(ledgers.path, loopRun.runId, 'artifact://x')).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    } finally {
      sources.dispose();
    }
    expect(hashTree(FIXTURES)).toEqual(before);
  });

  it('reads a little-workflow run\'s facts: its lock, and the outer loop waiting on it', () => {
    const sources = createSourceRegistry();
    const dir = dataDir(join(FIXTURES, 'outer-loop'));
    const source = sources.sourceOf(dir);
    const runs = source.listRuns(dir, BUNDLED_PRICE_TABLE).runs;
    const facts = runs.map((r) => source.readFacts(dir.path, r.runId));
    expect(facts.every((f) => f.ok && ['none', 'running', 'crashed', 'unknown'].includes(f.value.lock.state))).toBe(true);
    expect(facts.some((f) => f.ok && f.value.outerLoopIds.length > 0)).toBe(true);
    sources.dispose();
  });

  it('no code outside src-main/sources branches on a format name (the registry picks the source)', () => {
    const root = join(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (path !== __dirname) walk(path);
        } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
            if (/isLoopctl|(format|source)\s*[!=]==\s*'(loopctl|sqlite|jsonl-legacy|little-workflow)'/.test(line)) offenders.push(`${relative(root, path)}:${i + 1}`);
          });
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
