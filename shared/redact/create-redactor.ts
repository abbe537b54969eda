/**
 * One redaction pass over everything an export writes: text through the regex rules, JSON values
 * walked (strings, keys, fields named like secrets, JSON-path rules), JSON embedded in strings
 * parsed and walked too. Every call adds to one findings table (rule, count, places).
 */
import { SECRET_FIELD_NAME } from './builtin-rules';
import { lastKey, matchesJsonPath } from './json-path';
import { nativePattern } from './rule-pattern';
import { MAX_WHERE_PER_RULE, redactionMarker, type JsonPathRedactionRule, type RedactionFinding, type RedactionRule, type RedactionSummary, type Redactor, type RegexRedactionRule, type RulePattern } from './redaction-types';

/** The rule that names a field's whole string value a secret by the field's name (JSON walks). */
export const SECRET_FIELD_RULE = 'secret-field';
/** Strings longer than this are not parsed as embedded JSON (the regex rules still run on them). */
const MAX_EMBEDDED_JSON = 4 * 1024 * 1024;
/** Deepest JSON nesting walked; deeper values are replaced whole (nothing deeper can leak). */
export const MAX_DEPTH = 200;
const DEEP_RULE = 'too-deep';

const SECRET_KEY = new RegExp(`^${SECRET_FIELD_NAME}$`, 'i');

type Path = (string | number)[];

/** A redactor applying `rules` in order; its findings accumulate over every call. */
export function createRedactor(rules: readonly RedactionRule[]): Redactor {
  const regexRules = rules.filter((r): r is RegexRedactionRule => r.kind === 'regex');
  const pathRules = rules.filter((r): r is JsonPathRedactionRule => r.kind === 'json-path');
  const hasSecretField = rules.some((r) => r.name === SECRET_FIELD_RULE);
  // A JSON-path rule also redacts `"<its last key>": <value>` in text that is not JSON (a cut text).
  const keyFallbacks = pathRules.flatMap((rule) => {
    const key = lastKey(rule.segments);
    return key === null ? [] : [{ name: rule.name, pattern: keyValuePattern(key) }];
  });
  const found = new Map<string, { count: number; where: Set<string>; omitted: number }>();

  const note = (rule: string, where: string, count = 1) => {
    let entry = found.get(rule);
    if (entry === undefined) found.set(rule, (entry = { count: 0, where: new Set(), omitted: 0 }));
    entry.count += count;
    if (entry.where.has(where)) return;
    if (entry.where.size < MAX_WHERE_PER_RULE) entry.where.add(where);
    else entry.omitted += 1;
  };

  type Note = typeof note;
  const textOnly = (s: string, where: string, sink: Note = note): string => {
    let out = s;
    for (const { name, pattern } of keyFallbacks) out = replaceAll(out, pattern, name, where, sink);
    for (const rule of regexRules) if (rule.mustContain === undefined || out.includes(rule.mustContain)) out = replaceAll(out, rule.pattern, rule.name, where, sink);
    return out;
  };

  /**
   * A string value read with its field's name in front (`Authorization: Basic …`, `private_key_id:
   * …`), so rules that need the name as context see it; undefined when no rule matched the value
   * or a match reached into the name (then the value is redacted on its own).
   */
  const withFieldName = (key: string, value: string, where: string): string | undefined => {
    const prefix = `${key}: `;
    const pending: Array<[string, string, number | undefined]> = [];
    const out = textOnly(prefix + value, where, (rule, place, count) => void pending.push([rule, place, count]));
    if (pending.length === 0 || !out.startsWith(prefix)) return undefined;
    for (const [rule, place, count] of pending) note(rule, place, count);
    return out.slice(prefix.length);
  };

  const text = (s: string, where: string): string => {
    const embedded = embeddedJson(s);
    if (embedded !== undefined) {
      const walked = walk(embedded.value, [], where, 0);
      if (walked.changed) return JSON.stringify(walked.value, null, embedded.indent);
      return s;
    }
    return textOnly(s, where);
  };

  /** `value` with everything redacted, and whether anything changed (so unchanged JSON text keeps its bytes). */
  const walk = (value: unknown, path: Path, where: string, depth: number): { value: unknown; changed: boolean } => {
    if (path.length > 0) {
      const rule = pathRules.find((r) => matchesJsonPath(r.segments, path));
      if (rule !== undefined) {
        note(rule.name, placeOf(where, path));
        return { value: redactionMarker(rule.name), changed: true };
      }
    }
    if (typeof value === 'string') {
      const key = path[path.length - 1];
      const place = placeOf(where, path);
      if (typeof key === 'string' && embeddedJson(value) === undefined) {
        // Provider-specific and context rules name the value when they recognise it; else a
        // secret-like field name does.
        const named = withFieldName(key, value, place) ?? textOnly(value, place);
        if (named !== value) return { value: named, changed: true };
        if (hasSecretField && value !== '' && !value.startsWith('[redacted: ') && SECRET_KEY.test(key)) {
          note(SECRET_FIELD_RULE, place);
          return { value: redactionMarker(SECRET_FIELD_RULE), changed: true };
        }
        return { value, changed: false };
      }
      const out = text(value, place);
      return { value: out, changed: out !== value };
    }
    if (value === null || typeof value !== 'object') return { value, changed: false };
    if (depth >= MAX_DEPTH) {
      note(DEEP_RULE, placeOf(where, path));
      return { value: redactionMarker(DEEP_RULE), changed: true };
    }
    let changed = false;
    if (Array.isArray(value)) {
      const out = value.map((item, index) => {
        const r = walk(item, [...path, index], where, depth + 1);
        changed ||= r.changed;
        return r.value;
      });
      return { value: out, changed };
    }
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const place = placeOf(where, path);
      const safeKey = textOnly(key, place === '' ? '(key)' : `${place} (key)`);
      const r = walk(item, [...path, key], where, depth + 1);
      changed ||= r.changed || safeKey !== key;
      out[uniqueKey(out, safeKey)] = r.value;
    }
    return { value: out, changed };
  };

  return {
    rules,
    text,
    json: (value, where) => walk(value, [], where, 0).value,
    findings: () => {
      const order = [...rules.map((r) => r.name), SECRET_FIELD_RULE, DEEP_RULE];
      return [...found.entries()]
        .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
        .map(([rule, entry]): RedactionFinding => ({ rule, count: entry.count, where: [...entry.where], whereOmitted: entry.omitted }));
    },
  };
}

/** Replace every match of `pattern` (only its `secret` group when it has one). */
function replaceAll(s: string, pattern: RulePattern, rule: string, where: string, note: (rule: string, where: string, count?: number) => void): string {
  let out = '';
  let from = 0;
  let count = 0;
  // The next match starts after this one, not after its secret: the rest of a match is context already read.
  for (const m of pattern.matchesIn(s)) {
    const [start, end] = m.secret ?? [m.start, m.end];
    if (end <= start) continue;
    out += s.slice(from, start) + redactionMarker(rule);
    from = end;
    count += 1;
  }
  if (count === 0) return s;
  note(rule, where, count);
  return out + s.slice(from);
}

/** `"key": <string or scalar>` in raw or JSON-escaped text; the value (to the end of a cut text) is the secret. */
function keyValuePattern(key: string): RulePattern {
  const k = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return nativePattern(new RegExp(
    String.raw`\\?"${k}\\?"\s*:\s*(?!\\?"\[redacted: )(?<secret>"(?:[^"\\\n]|\\.)*(?:"|$)|\\"(?:[^"\\]|\\[^"])*(?:\\"|$)|(?![\\"{[])[^,}\]\s]+)`,
    'gd',
  ));
}

/** A string that is a JSON object or array, parsed, with the indentation to write it back with. */
function embeddedJson(s: string): { value: unknown; indent: number | undefined } | undefined {
  if (s.length < 2 || s.length > MAX_EMBEDDED_JSON) return undefined;
  const first = s.trimStart()[0];
  if (first !== '{' && first !== '[') return undefined;
  try {
    const value: unknown = JSON.parse(s);
    return { value, indent: /\n {2}["\]{}[0-9a-z-]/.test(s) ? 2 : undefined };
  } catch {
    return undefined;
  }
}

/** `where` plus the JSON path inside it (`steps[2].output.apiKey`). */
function placeOf(where: string, path: Path): string {
  let out = where;
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? (out === '' ? part : `.${part}`) : `[${JSON.stringify(part)}]`;
  return out;
}

/** `key`, or `key #2`, `key #3`… when two keys became the same marker. */
function uniqueKey(out: Record<string, unknown>, key: string): string {
  if (!Object.prototype.hasOwnProperty.call(out, key)) return key;
  let n = 2;
  while (Object.prototype.hasOwnProperty.call(out, `${key} #${n}`)) n++;
  return `${key} #${n}`;
}

/** What an export carries about its redaction: rules applied and findings (never values). */
export function redactionSummary(redactor: Redactor): RedactionSummary {
  const findings = redactor.findings();
  return {
    rules: redactor.rules.map((r) => ({ name: r.name, kind: r.kind, origin: r.origin })),
    findings,
    total: findings.reduce((sum, f) => sum + f.count, 0),
  };
}
