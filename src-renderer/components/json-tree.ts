/**
 * Pure helpers of the JSON viewer: paths, their display form, child paging and previews.
 * Nothing here walks a whole value, so each call stays cheap on multi-megabyte payloads.
 */

/** A key or array index on the way from the root to a node. */
export type JsonPathSegment = string | number;
/** Root-to-node address; `[]` is the root. */
export type JsonPath = readonly JsonPathSegment[];

/** Children shown per "show more" step of a long array or object. */
export const CHILD_PAGE = 100;
/** Characters of a string shown before "show all". */
export const STRING_PREVIEW = 240;

/** A stable map key for a path (segments keep their type: `1` and `"1"` differ). */
export function pathKey(path: JsonPath): string {
  return JSON.stringify(path);
}

/** Inverse of {@link pathKey}. */
export function parsePathKey(key: string): JsonPath {
  return JSON.parse(key) as JsonPath;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** JavaScript-style path text, e.g. `$.payload.items[3]["content-type"]`, for "copy path". */
export function formatPath(path: JsonPath): string {
  let out = '$';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Every proper prefix of `path` (the ancestors to expand to reveal it), root first. */
export function ancestors(path: JsonPath): JsonPath[] {
  const out: JsonPath[] = [];
  for (let i = 0; i < path.length; i++) out.push(path.slice(0, i));
  return out;
}

/** True for arrays and plain objects (the nodes that can expand). */
export function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/** Number of children of a container (0 for a leaf). Object.keys is O(keys), never deep. */
export function childCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return isContainer(value) ? Object.keys(value).length : 0;
}

/** Children `[offset, offset + limit)` of a container as `[segment, child]` pairs. */
export function childPage(value: unknown, offset: number, limit: number): Array<[JsonPathSegment, unknown]> {
  if (Array.isArray(value)) {
    const end = Math.min(value.length, offset + limit);
    const out: Array<[JsonPathSegment, unknown]> = [];
    for (let i = offset; i < end; i++) out.push([i, value[i]]);
    return out;
  }
  if (!isContainer(value)) return [];
  const record = value as Record<string, unknown>;
  return Object.keys(record).slice(offset, offset + limit).map((key) => [key, record[key]]);
}

/** Position of `segment` among the children of `container` (for paging a match into view), or -1. */
export function childPosition(container: unknown, segment: JsonPathSegment): number {
  if (Array.isArray(container)) return typeof segment === 'number' && segment < container.length ? segment : -1;
  return isContainer(container) && typeof segment === 'string' ? Object.keys(container).indexOf(segment) : -1;
}

/** The node at `path`, or undefined when the path does not exist. */
export function valueAt(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const segment of path) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string, unknown>)[segment as string];
  }
  return node;
}

/** Children shown after `clicks` "show more" presses that must include position `needed`. */
export function shownFor(needed: number, current: number): number {
  if (needed < current) return current;
  return (Math.floor(needed / CHILD_PAGE) + 1) * CHILD_PAGE;
}

/** One-line summary of a collapsed container: `Array(3)` or `{4 keys}`. */
export function containerSummary(value: unknown): string {
  if (Array.isArray(value)) return `Array(${value.length.toLocaleString('en-US')})`;
  const n = childCount(value);
  return `{${n.toLocaleString('en-US')} ${n === 1 ? 'key' : 'keys'}}`;
}

/** A primitive as JSON text (strings quoted), cut to {@link STRING_PREVIEW} unless `full`. */
export function primitiveText(value: unknown, full = false): { text: string; truncated: boolean } {
  if (typeof value === 'string') {
    if (full || value.length <= STRING_PREVIEW) return { text: JSON.stringify(value), truncated: false };
    return { text: `${JSON.stringify(value.slice(0, STRING_PREVIEW)).slice(0, -1)}…`, truncated: true };
  }
  if (value === undefined) return { text: 'undefined', truncated: false };
  return { text: JSON.stringify(value) ?? String(value), truncated: false };
}

/** CSS modifier of a primitive's kind (string, number, boolean, null). */
export function primitiveKind(value: unknown): 'string' | 'number' | 'boolean' | 'null' {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}
