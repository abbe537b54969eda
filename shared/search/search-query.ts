/**
 * The fleet search's query language (docs/FLEET.md "Search syntax"): words (each must match; a word
 * matches the words it begins), `"a phrase"` (those words in that order, exactly), and filters
 * `type:`, `tool:`, `model:`, `step:`, `status:`, `run:` (a value may be quoted). Anything else with a
 * colon is words (`http://x` is the words `http` and `x`).
 */
import { diagnostic, fail, ok, type Result } from '../diagnostics';
import { textWords, type TextWord } from './search-text';

/** The filter names, as typed. */
export const SEARCH_FILTERS = ['type', 'tool', 'model', 'step', 'status', 'run'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

/** One thing that must match: its folded words in order; `prefix`: the last word may be the start of a longer one. */
export type SearchTerm = { text: string; words: string[]; prefix: boolean };

/** A parsed query. */
export type SearchQuery = { terms: SearchTerm[]; filters: Partial<Record<SearchFilter, string[]>> };

const PART = /(?:([A-Za-z]+):)?(?:"([^"]*)"?|(\S*))/g;

/** Parse `text`; a query that asks nothing (no word, no filter) is refused. */
export function parseSearchQuery(text: string): Result<SearchQuery> {
  const terms: SearchTerm[] = [];
  const filters: Partial<Record<SearchFilter, string[]>> = {};
  for (const match of text.matchAll(PART)) {
    const [, key, quoted, bare] = match;
    if (key === undefined && quoted === undefined && bare === '') continue;
    const value = quoted ?? bare ?? '';
    const filter = key?.toLowerCase();
    if (filter !== undefined && (SEARCH_FILTERS as readonly string[]).includes(filter)) {
      if (value === '') return fail(diagnostic('search-bad-query', `The filter "${filter}:" needs a value.`));
      (filters[filter as SearchFilter] ??= []).push(value);
      continue;
    }
    const whole = key === undefined ? value : `${key}:${value}`;
    const words = textWords(whole).map((word) => word.word);
    if (words.length > 0) terms.push({ text: whole, words, prefix: quoted === undefined });
  }
  if (terms.length === 0 && Object.keys(filters).length === 0) {
    return fail(diagnostic('search-empty-query', 'The query has no word to look for (letters, digits or emoji) and no filter.'));
  }
  return ok({ terms, filters });
}

/** The FTS5 query of one term: its words as one phrase (they hold no quote: folded words keep no ASCII punctuation). */
export function ftsPhrase(term: SearchTerm): string {
  return `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`;
}

/** Where `term` first matches among `words` (the words of one text), as offsets in that text, or null. */
export function findTerm(term: SearchTerm, words: readonly TextWord[]): { start: number; end: number } | null {
  const n = term.words.length;
  for (let i = 0; i + n <= words.length; i += 1) {
    let all = true;
    for (let k = 0; k < n && all; k += 1) {
      const want = term.words[k];
      const have = words[i + k].word;
      all = k === n - 1 && term.prefix ? have.startsWith(want) : have === want;
    }
    if (all) return { start: words[i].start, end: words[i + n - 1].end };
  }
  return null;
}
