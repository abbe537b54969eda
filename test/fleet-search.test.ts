/**
 * The fleet index and search: text planted in every field kind and every script, exact hit sets
 * (no false positives for phrases), filters, and the CLI's --json shape.
 */
import { BUNDLED_PRICE_TABLE } from '../shared/pricing/bundled-price-table';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSearchQuery } from '../shared/search/search-query';
import { discoverFleet, updateFleetIndex } from '../src-main/fleet/index-build';
import { openIndexForWrite } from '../src-main/fleet/index-file';
import { searchIndex, type SearchHit } from '../src-main/fleet/fleet-search';
import type { IndexConnection } from '../src-main/sources/little-workflow/sqlite-driver';
import { cli } from './support/run-cli-captured';
import { DECOY_RUN, fleetRoot, PLANTED_RUN } from './support/fleet-root';

let db: IndexConnection;
let root: string;

beforeAll(async () => {
  ({ root } = await fleetRoot());
  const opened = openIndexForWrite(null);
  if (!opened.ok) throw new Error(opened.error.message);
  db = opened.value;
  const found = discoverFleet(root);
  if (!found.ok) throw new Error(found.error.message);
  const stats = await updateFleetIndex(db, found.value, { table: BUNDLED_PRICE_TABLE });
  expect(stats.diagnostics).toEqual([]);
}, 60_000);

function hits(text: string, limit = 1000): SearchHit[] {
  const query = parseSearchQuery(text);
  if (!query.ok) throw new Error(query.error.message);
  return searchIndex(db, query.value, { limit }).hits;
}

/** `run#sequence` of every hit. */
const at = (text: string): string[] => hits(text).map((hit) => `${hit.runId}#${hit.sequence}`);
const P = (seq: number): string => `${PLANTED_RUN}#${seq}`;
const D = (seq: number): string => `${DECOY_RUN}#${seq}`;

describe('every script', () => {
  it('Latin, case- and accent-insensitive: words anywhere in the event, a phrase in order only', () => {
    expect(at('cafe zurich')).toEqual([D(1), P(1)]);
    expect(at('CAFÉ ZÜRICH')).toEqual([D(1), P(1)]);
    expect(at('"café zürich"')).toEqual([P(1)]);
    expect(at('"zurich cafe"')).toEqual([D(1)]);
    // A word matches the words it begins, never the middle of one.
    expect(at('zurichsee')).toEqual([D(1)]);
    expect(at('"zurich"')).toEqual([D(1), P(1)]);
    expect(at('urich')).toEqual([]);
  });

  it('Cyrillic, Greek and Arabic (harakat folded)', () => {
    expect(at('привет')).toEqual([D(3), P(3)]);
    expect(at('"привет мир"')).toEqual([P(3)]);
    expect(at('"ПРИВЕТ"')).toEqual([P(3)]);
    expect(at('مرحبا')).toEqual([P(4)]);
    expect(at('مَرْحَبًا بالعالم')).toEqual([P(4)]);
    expect(at('ελλαδα').length).toBe(1);
  });

  it('Chinese, Japanese and Thai queries of one or two characters', () => {
    expect(at('京')).toEqual([D(3), P(5), P(7)]);
    expect(at('東京')).toEqual([P(5)]);
    expect(at('京東')).toEqual([D(3)]);
    expect(at('報告')).toEqual([P(5)]);
    expect(at('北京')).toEqual([P(7)]);
    expect(at('ดี')).toEqual([P(5)]);
    expect(at('สวัสดี')).toEqual([P(5)]);
    expect(at('ทุก')).toEqual([P(5)]);
  });

  it('emoji, with and without modifiers', () => {
    expect(at('🚀')).toEqual([P(6)]);
    expect(at('👍🏽')).toEqual([P(6)]);
    expect(at('🍺').length).toBe(1);
  });
});

describe('every field kind, and the field each hit names', () => {
  const fieldOf = (text: string): string[] => hits(text).map((hit) => `${hit.sequence}:${hit.field}`);
  it('inputs, messages, model text, tool names, arguments, results, outputs, errors', () => {
    expect(fieldOf('"café zürich"')).toEqual(['1:input.customer']);
    expect(fieldOf('"привет мир"')).toEqual(['3:request.messages[0].content']);
    expect(fieldOf('بالعالم')).toEqual(['4:response.text']);
    expect(fieldOf('read_file run:run_planted')).toEqual(['5:toolName']);
    expect(fieldOf('東京')).toEqual(['5:args.path']);
    expect(fieldOf('ทุก')).toEqual(['5:result']);
    expect(fieldOf('launch')).toEqual(['6:output']);
    expect(fieldOf('quota exceeded')).toEqual(['7:error.message']);
  });

  it('session trace text and loopctl ledgers are indexed too', () => {
    const beer = hits('münchen');
    expect(beer).toHaveLength(1);
    expect(beer[0].field).toBe('output.preview');
    expect(beer[0].dataDir).toMatch(/chat[/\\]\.little-harness$/);
    const greek = hits('"tests for ελλαδα"');
    expect(greek).toHaveLength(1);
    expect(greek[0].dataDir).toMatch(/loops$/);
  });

  it('the snippet marks every word where it matched', () => {
    const [hit] = hits('cafe zurich run:run_planted_t');
    expect(hit.snippet).toBe('Café Zürich');
    expect(hit.marks.map(([s, e]) => hit.snippet.slice(s, e))).toEqual(['Café', 'Zürich']);
  });
});

describe('filters', () => {
  it('type:, tool:, model:, step:, status:, run: narrow the events, with or without words', () => {
    expect(at(`type:RunFailed run:${PLANTED_RUN}`)).toEqual([P(8)]);
    expect(at('tool:read_file')).toEqual([P(5)]);
    expect(at(`model:gpt-4o run:run_planted`)).toEqual([P(3), P(4)]);
    expect(at('step:send')).toEqual([P(7)]);
    expect(at('cafe status:failed')).toEqual([P(1)]);
    expect(at('cafe status:completed')).toEqual([D(1)]);
    expect(at('type:harness.model.* run:run_planted')).toEqual([P(3), P(4)]);
  });

  it('a query that asks nothing is refused with a typed diagnostic', () => {
    const empty = parseSearchQuery('  ¡¿ — ');
    expect(empty.ok ? null : empty.error.code).toBe('search-empty-query');
    const bad = parseSearchQuery('tool:');
    expect(bad.ok ? null : bad.error.code).toBe('search-bad-query');
  });
});

describe('little-inspector search', () => {
  it('--json: exactly the documented keys, one hit per event, sorted by run then sequence', async () => {
    const run = await cli('search', 'cafe', '--data-dir', root, '--json', '--no-cache');
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { hits: Record<string, unknown>[]; total: number; indexed: { runs: number; events: number } };
    expect(Object.keys(out)).toEqual(['hits', 'total', 'indexed']);
    expect(out.hits.map((hit) => Object.keys(hit))).toEqual([['dataDir', 'runId', 'sequence', 'type', 'field', 'snippet'], ['dataDir', 'runId', 'sequence', 'type', 'field', 'snippet']]);
    expect(out.hits.map((hit) => `${String(hit.runId)}#${String(hit.sequence)}`)).toEqual([D(1), P(1)]);
    expect(out.total).toBe(2);
    expect(out.indexed.runs).toBeGreaterThan(2);
    expect(out.indexed.events).toBe(Number(db.prepare('SELECT count(*) AS n FROM index_events').get()?.n));
  });

  it('a word in most events (its page read in run order, stopping at the limit) answers the sorted hits and total of a plain query', () => {
    // Filter-free and frequent (an unquoted word matches the words it begins): the page is read off index_events_run.
    const frequent = 'run';
    const expected = [
      ...db.prepare(
        "SELECT e.run_id AS runId, e.sequence AS sequence FROM index_events e JOIN index_dirs d ON d.id = e.dir WHERE e.id IN (SELECT rowid FROM index_words WHERE index_words MATCH ?) ORDER BY e.run_id, d.path, e.sequence",
      ).iterate('"run"*'),
    ].map((row) => `${String(row.runId)}#${String(row.sequence)}`);
    const events = Number(db.prepare('SELECT count(*) AS n FROM index_events').get()?.n);
    expect(expected.length).toBeGreaterThan(events / 20);
    const query = parseSearchQuery(frequent);
    if (!query.ok) throw new Error(query.error.message);
    for (const limit of [1, 7, expected.length]) {
      const result = searchIndex(db, query.value, { limit });
      expect(result.hits.map((hit) => `${hit.runId}#${hit.sequence}`)).toEqual(expected.slice(0, limit));
      expect(result.total).toBe(expected.length);
    }
  });

  it('--limit cuts the hits, not the total; --run keeps one run', async () => {
    const run = await cli('search', 'cafe', '--data-dir', root, '--json', '--no-cache', '--limit', '1');
    const out = JSON.parse(run.stdout) as { hits: unknown[]; total: number };
    expect([out.hits.length, out.total]).toEqual([1, 2]);
    const one = JSON.parse((await cli('search', 'cafe', '--data-dir', root, '--json', '--no-cache', '--run', PLANTED_RUN)).stdout) as { hits: { runId: string }[] };
    expect(one.hits.map((hit) => hit.runId)).toEqual([PLANTED_RUN]);
  });

  it('text output groups hits by run and brackets the match; bad input exits 1 or 2', async () => {
    const run = await cli('search', '"café zürich"', '--data-dir', root, '--no-cache');
    expect(run.stdout).toContain(`${PLANTED_RUN}  app/.little-workflow\n  #1  RunStarted  input.customer: [Café Zürich]\n`);
    expect((await cli('search', '--data-dir', root)).code).toBe(1);
    expect((await cli('search', '!!', '--data-dir', root, '--no-cache')).code).toBe(1);
    expect((await cli('search', 'x', '--data-dir', root, '--limit', '0')).code).toBe(1);
    expect((await cli('search', 'x', '--data-dir', `${root}/nowhere`)).code).toBe(2);
  });
});
