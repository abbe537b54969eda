import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md is the map a newcomer trusts: it stays short enough to read (issue 32:
// at most 4,000 words) and names no file the tree no longer has (a moved or deleted module makes
// this fail, so the map is fixed in the same change).
const root = join(__dirname, '..');
const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');

const ROOTS = ['src-main', 'shared', 'src-renderer', 'scripts', 'docs', 'test', 'e2e'];
const SKIP = new Set(['node_modules', 'out', 'dist', '.tmp', 'reports', 'test-results', 'playwright-report']);

/** Every file and folder under the source roots, repo-relative, folders with a trailing slash. */
function treeEntries(): string[] {
  const entries: string[] = [];
  const walk = (rel: string): void => {
    entries.push(`${rel}/`);
    for (const item of readdirSync(join(root, rel), { withFileTypes: true })) {
      if (SKIP.has(item.name)) continue;
      const child = `${rel}/${item.name}`;
      if (item.isDirectory()) walk(child);
      else entries.push(child);
    }
  };
  for (const dir of ROOTS) if (existsSync(join(root, dir))) walk(dir);
  // the project's own files at the top (eslint.config.mjs, vitest.config.mts, …)
  for (const item of readdirSync(root, { withFileTypes: true })) if (item.isFile()) entries.push(item.name);
  return entries;
}

/** `wc -w`: words are runs of characters other than whitespace. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word.length > 0).length;
}

/**
 * The paths a text names inside backticks: repo paths (`src-main/engine/fold-log.ts`,
 * `shared/status/`), source files named from inside a root (`engine/resume-points.ts`) and source
 * file names (`run-tail.ts`). Globs, URLs, placeholders, channel names and paths inside a data
 * dir (`events/events.db`) are not checked.
 */
export function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, span] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const raw of span.split(/[\s,;()]+/)) {
      const token = raw.replace(/[.:]+$/, '');
      if (!token || /[*<>{}#?=$\\|'"]|:\/\//.test(token) || token.startsWith('-')) continue;
      const isPath = /^[\w.@-]+(\/[\w.@-]+)+\/?$/.test(token) && !token.startsWith('.');
      const isSource = /\.(ts|tsx|mts|mjs|cjs)$/.test(token);
      const inRoot = ROOTS.some((dir) => token.startsWith(`${dir}/`));
      if ((isPath && (inRoot || isSource)) || (isSource && /^[\w.-]+$/.test(token))) paths.add(token);
    }
  }
  return [...paths];
}

/** The project docs a text points to in prose (`docs/READ-PATH.md`, the area pages). */
export function docLinks(text: string): string[] {
  return [...new Set([...text.matchAll(/(?<![\w/.])docs\/[\w.-]+\.(?:md|json)\b/g)].map(([link]) => link))];
}

/** Why a named path is not in the tree, or null when it is. */
export function missing(path: string, entries: readonly string[]): string | null {
  if (ROOTS.some((dir) => path.startsWith(`${dir}/`))) {
    // a folder may be named without its slash, a module without its extension (`shared/contract`)
    const found = [path, `${path}/`, `${path}.ts`, `${path}.tsx`].some((entry) => entries.includes(entry));
    return found ? null : `${path}: no such file or folder`;
  }
  if (!path.includes('/')) {
    return entries.some((entry) => basename(entry) === path) ? null : `${path}: no file of that name`;
  }
  // A source file named from inside a root (`engine/fold-log.ts`, `views/costs/lazy-charts.tsx`):
  // some file of the tree must end with it.
  return entries.some((entry) => entry.endsWith(`/${path}`)) ? null : `${path}: no file ends with it`;
}

describe('docs/ARCHITECTURE.md', () => {
  it('has at most 4,000 words, counted as wc -w counts them', () => {
    expect(wordCount(doc)).toBeLessThanOrEqual(4000);
  });

  it('names only files and folders the tree has', () => {
    const entries = treeEntries();
    const named = namedPaths(doc);
    expect(named.length).toBeGreaterThan(50);
    expect(named.map((path) => missing(path, entries)).filter((why) => why !== null)).toEqual([]);
  });

  it('points only to docs that exist', () => {
    const entries = treeEntries();
    const links = docLinks(doc);
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter((link) => !entries.includes(link))).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const entries = ['src-main/', 'src-main/engine/', 'src-main/engine/fold-log.ts', 'shared/', 'shared/status/', 'shared/status/display-status.ts'];

  it('count words as wc -w does', () => {
    expect(wordCount('  one two\n\tthree `four/five.ts`\n\n')).toBe(4);
    expect(wordCount('')).toBe(0);
  });

  it('find repo paths, inner paths and source file names in backticks, not globs or channels', () => {
    const text = 'See `src-main/engine/fold-log.ts` and `engine/fold-log.ts` (`fold-log.ts`, `shared/status/`), '
      + '`run.detail`, `src-main/**/*.node22.test.ts`, `#/run/<id>/at/<N>`, `events/events.db`, `https://x.y/z`, `a, b`.';
    expect(namedPaths(text).sort()).toEqual(['engine/fold-log.ts', 'fold-log.ts', 'shared/status/', 'src-main/engine/fold-log.ts']);
  });

  it('find docs named in prose, not paths that only end in one', () => {
    expect(docLinks('see docs/READ-PATH.md and docs/report-schema.json, not ../shared/docs/architecture.md').sort()).toEqual(['docs/READ-PATH.md', 'docs/report-schema.json']);
  });

  it('fail on a file that is gone, wherever the path starts', () => {
    expect(missing('src-main/engine/fold-log.ts', entries)).toBeNull();
    expect(missing('src-main/engine', entries)).toBeNull();
    expect(missing('engine/fold-log.ts', entries)).toBeNull();
    expect(missing('fold-log.ts', entries)).toBeNull();
    expect(missing('shared/status/', entries)).toBeNull();
    expect(missing('src-main/workers/warm-up-log.ts', entries)).toMatch(/no such file/);
    expect(missing('workers/prime-snapshots.ts', entries)).toMatch(/no file ends with it/);
    expect(missing('hot-folds.ts', entries)).toMatch(/no file of that name/);
    expect(missing('shared/status/display-status', entries)).toBeNull();
    expect(missing('shared/status/display', entries)).toMatch(/no such file/);
  });
});
