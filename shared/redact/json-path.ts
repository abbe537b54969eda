/**
 * The JSON-path subset user rules use: `$`, `.key`, `['key']`, `[n]`, `[*]`, `.*`, `..key`, `..*`.
 * Enough to name a field anywhere (`$..apiKey`) or exactly (`$.request.headers['x-api-key']`);
 * no filters or scripts, so a path can neither loop nor run code.
 */
import { diagnostic, fail, ok, type Result } from '../diagnostics';
import type { JsonPathSegment } from './redaction-types';

/** Longest path text accepted. */
export const MAX_JSON_PATH_LENGTH = 300;
/** Most segments in one path. */
export const MAX_JSON_PATH_SEGMENTS = 32;

const IDENT = /^[A-Za-z0-9_$\-]+/;

/** Parse `text` as a JSON path, or say what is wrong with it and where. */
export function parseJsonPath(text: string): Result<JsonPathSegment[]> {
  const bad = (why: string, at: number) => fail<JsonPathSegment[]>(diagnostic('invalid-argument', `JSON path "${text}": ${why} at character ${at + 1}`, { detail: { path: text, at } }));
  if (text.length > MAX_JSON_PATH_LENGTH) return bad(`longer than ${MAX_JSON_PATH_LENGTH} characters`, MAX_JSON_PATH_LENGTH);
  if (!text.startsWith('$')) return bad('a path starts with $', 0);
  const segments: JsonPathSegment[] = [];
  let i = 1;
  while (i < text.length) {
    if (text.startsWith('..', i)) {
      i += 2;
      if (text[i] === '*') {
        segments.push({ kind: 'descend', key: null });
        i += 1;
        continue;
      }
      const name = IDENT.exec(text.slice(i));
      if (name === null) {
        const quoted = bracketKey(text, i);
        if (quoted === null) return bad('expected a name or * after ..', i);
        segments.push({ kind: 'descend', key: quoted.key });
        i = quoted.end;
        continue;
      }
      segments.push({ kind: 'descend', key: name[0] });
      i += name[0].length;
    } else if (text[i] === '.') {
      i += 1;
      if (text[i] === '*') {
        segments.push({ kind: 'any' });
        i += 1;
        continue;
      }
      const name = IDENT.exec(text.slice(i));
      if (name === null) return bad('expected a name or * after .', i);
      segments.push({ kind: 'key', key: name[0] });
      i += name[0].length;
    } else if (text[i] === '[') {
      const quoted = bracketKey(text, i);
      if (quoted !== null) {
        segments.push({ kind: 'key', key: quoted.key });
        i = quoted.end;
        continue;
      }
      const inner = /^\[(\*|\d{1,9})\]/.exec(text.slice(i));
      if (inner === null) return bad("expected ['name'], [n] or [*]", i);
      segments.push(inner[1] === '*' ? { kind: 'any' } : { kind: 'index', index: Number(inner[1]) });
      i += inner[0].length;
    } else {
      return bad(`unexpected "${text[i]}"`, i);
    }
    if (segments.length > MAX_JSON_PATH_SEGMENTS) return bad(`more than ${MAX_JSON_PATH_SEGMENTS} steps`, i);
  }
  if (segments.length === 0) return bad('the whole document ($) cannot be a rule', 0);
  return ok(segments);
}

/** `['key']` or `["key"]` at `i` (no escapes inside), or null. */
function bracketKey(text: string, i: number): { key: string; end: number } | null {
  const m = /^\[(?:'([^'\\]*)'|"([^"\\]*)")\]/.exec(text.slice(i));
  return m === null ? null : { key: m[1] ?? m[2], end: i + m[0].length };
}

/** Whether the concrete `path` (keys and indices from the root) is one the segments name. */
export function matchesJsonPath(segments: readonly JsonPathSegment[], path: readonly (string | number)[]): boolean {
  return matchFrom(segments, 0, path, 0);
}

function matchFrom(segments: readonly JsonPathSegment[], i: number, path: readonly (string | number)[], j: number): boolean {
  if (i === segments.length) return j === path.length;
  if (j === path.length) return false;
  const segment = segments[i];
  switch (segment.kind) {
    case 'key':
      return path[j] === segment.key && matchFrom(segments, i + 1, path, j + 1);
    case 'index':
      return path[j] === segment.index && matchFrom(segments, i + 1, path, j + 1);
    case 'any':
      return matchFrom(segments, i + 1, path, j + 1);
    case 'descend':
      for (let k = j; k < path.length; k++) {
        if ((segment.key === null || path[k] === segment.key) && matchFrom(segments, i + 1, path, k + 1)) return true;
      }
      return false;
  }
}

/** The key a path ends on (`$..apiKey`, `$.a.token`), for the text fallback; null for `[n]`/`*`. */
export function lastKey(segments: readonly JsonPathSegment[]): string | null {
  const last = segments[segments.length - 1];
  if (last.kind === 'key') return last.key;
  if (last.kind === 'descend') return last.key;
  return null;
}
