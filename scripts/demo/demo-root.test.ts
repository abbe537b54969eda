import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashTree } from '../../test/support/hash-tree';
import { scratchRoot } from '../../test/support/scratch';
import { DEMO_LONG_RUN_VERSION } from '../fixtures/scenarios/demo-long-run';
import { DEMO_STAMP, demoRootIn, ensureDemoRoot, longRunDataDir, type DemoStamp } from './demo-root';

// The demo root `npm start` opens: built once in the cache folder, reused while current,
// rebuilt when the generator or the committed demo changed, and never written anywhere else.
const EXAMPLES_DEMO = join(__dirname, '..', '..', 'examples', 'demo');
const VISITS = 6; // a short loop: the shape is tested in demo-long-run.test.ts

function examplesCopy(): string {
  const dir = join(scratchRoot('demo-examples-'), 'demo');
  cpSync(EXAMPLES_DEMO, dir, { recursive: true });
  return dir;
}

const eventsDb = (root: string) => join(longRunDataDir(root), 'events', 'events.db');

describe('ensureDemoRoot', () => {
  it('copies the committed demo and writes the long run beside it, saying so in one line', () => {
    const examplesDemo = examplesCopy();
    const before = hashTree(examplesDemo);
    const cacheDir = scratchRoot('demo-cache-');
    const lines: string[] = [];
    const made = ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS, log: (line) => lines.push(line) });
    expect(made).toMatchObject({ ok: true, generated: true, root: demoRootIn(cacheDir) });
    if (!made.ok) return;
    expect(lines).toEqual([`Generating the demo's long run (120 events) into ${longRunDataDir(made.root)}…`]);
    // Every committed file is there unchanged, and only the long run and the stamp are added.
    const copied = hashTree(made.root);
    for (const [path, hash] of Object.entries(before)) expect(copied[path], path).toBe(hash);
    expect(Object.keys(copied).filter((p) => !(p in before)).every((p) => p === DEMO_STAMP || p.startsWith('long-run'))).toBe(true);
    expect(existsSync(eventsDb(made.root))).toBe(true);
    // The source is untouched and the cache holds nothing but the root (no partial folder left).
    expect(hashTree(examplesDemo)).toEqual(before);
    expect(readdirSync(cacheDir)).toEqual(['demo']);
  });

  it('skips the generation when the root is current', () => {
    const examplesDemo = examplesCopy();
    const cacheDir = scratchRoot('demo-cache-');
    const first = ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS });
    if (!first.ok) throw new Error(first.error.message);
    const was = hashTree(first.root);
    const mtime = statSync(eventsDb(first.root)).mtimeMs;
    const lines: string[] = [];
    const again = ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS, log: (line) => lines.push(line) });
    expect(again).toMatchObject({ ok: true, generated: false });
    expect(lines).toEqual([]);
    expect(statSync(eventsDb(first.root)).mtimeMs).toBe(mtime);
    expect(hashTree(first.root)).toEqual(was);
  });

  it('regenerates when the generator version changed, when the committed demo changed, or when half of it is gone', () => {
    const examplesDemo = examplesCopy();
    const cacheDir = scratchRoot('demo-cache-');
    const first = ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS });
    if (!first.ok) throw new Error(first.error.message);
    const stampPath = join(first.root, DEMO_STAMP);
    const stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as DemoStamp;
    expect(stamp.generator).toBe(DEMO_LONG_RUN_VERSION);

    writeFileSync(stampPath, JSON.stringify({ ...stamp, generator: DEMO_LONG_RUN_VERSION - 1 }));
    expect(ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS })).toMatchObject({ ok: true, generated: true });
    expect(JSON.parse(readFileSync(stampPath, 'utf8'))).toEqual(stamp);

    // `npm run fixtures` rewrote the committed demo: the copy follows it.
    const manifest = join(examplesDemo, 'loopctl', 'ledgers', 'events.jsonl');
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\n`);
    expect(ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS })).toMatchObject({ ok: true, generated: true });
    expect(readFileSync(join(first.root, 'loopctl', 'ledgers', 'events.jsonl'), 'utf8')).toBe(readFileSync(manifest, 'utf8'));

    // A stamp without its long run (a cleaner removed part of the cache) is not current.
    rmSync(join(first.root, 'long-run'), { recursive: true });
    expect(ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS })).toMatchObject({ ok: true, generated: true });
    expect(existsSync(eventsDb(first.root))).toBe(true);
  });

  it('never writes into a data dir: a cache folder inside one, or inside the committed demo, is refused and nothing is written', () => {
    const examplesDemo = examplesCopy();
    const before = hashTree(examplesDemo);
    const user = scratchRoot('demo-user-');
    const userDataDir = join(user, 'project', '.little-workflow');
    mkdirSync(join(userDataDir, 'events'), { recursive: true });
    writeFileSync(join(userDataDir, 'events', 'events.db'), 'not touched');
    const userBefore = hashTree(user);
    for (const cacheDir of [join(userDataDir, 'cache'), join(examplesDemo, 'cache'), join(examplesDemo, '.little-workflow', 'cache')]) {
      const refused = ensureDemoRoot({ cacheDir, examplesDemo, visits: VISITS });
      expect(refused.ok, cacheDir).toBe(false);
      if (!refused.ok) expect(refused.error.code).toBe('cache-dir-in-data-dir');
    }
    expect(hashTree(user)).toEqual(userBefore);
    expect(hashTree(examplesDemo)).toEqual(before);
  });

  it('answers a typed diagnostic when the committed demo is missing', () => {
    const cacheDir = scratchRoot('demo-cache-');
    const answer = ensureDemoRoot({ cacheDir, examplesDemo: join(cacheDir, 'nowhere'), visits: VISITS });
    expect(answer).toMatchObject({ ok: false, error: { code: 'path-not-found' } });
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});
