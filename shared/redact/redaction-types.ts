/**
 * Redaction: secrets taken out of everything a run leaves the machine as (reports, OTLP spans,
 * bundles). A rule finds a value; the value becomes `[redacted: <rule>]`; findings say which rule
 * matched how often and where, never what.
 */

/** How a rule finds what to take out. */
export type RedactionRule = RegexRedactionRule | JsonPathRedactionRule;

/** Where a rule comes from: shipped with the inspector, or a user's rules file. */
export type RuleOrigin = 'builtin' | 'user';

/**
 * A pattern over text. Without a `secret` named group the whole match is replaced; with one,
 * only that group is (so `Authorization: Bearer ` stays readable around the marker).
 */
export type RegexRedactionRule = {
  kind: 'regex';
  name: string;
  origin: RuleOrigin;
  description: string;
  /** Built-ins: a V8 regex; user rules: the linear-time engine (rule-pattern.ts). */
  pattern: RulePattern;
  /** A text every match contains: strings without it skip the rule (a cheap test before a slow pattern). */
  mustContain?: string;
};

/** One match of a rule: [start, end) in UTF-16 units, and its `secret` group's span when it has one. */
export type RuleMatch = { start: number; end: number; secret?: readonly [number, number] };

/** A compiled regex rule: every non-empty match in a text, left to right, none overlapping. */
export type RulePattern = { readonly source: string; matchesIn(s: string): Iterable<RuleMatch> };

/** One step of a JSON path: a key, an index, any child (`*`), or any depth before a key (`..key`). */
export type JsonPathSegment = { kind: 'key'; key: string } | { kind: 'index'; index: number } | { kind: 'any' } | { kind: 'descend'; key: string | null };

/**
 * A JSON path (`$.a.b`, `$..apiKey`, `$.headers[*]`, `$['x-api-key']`): the whole value found there
 * becomes the marker, in every JSON value the redactor sees (see docs/REDACTION.md).
 */
export type JsonPathRedactionRule = {
  kind: 'json-path';
  name: string;
  origin: RuleOrigin;
  description: string;
  /** The path as written, for messages. */
  path: string;
  segments: JsonPathSegment[];
};

/** What one rule took out: how many values, and where (capped list of places). Never the values. */
export type RedactionFinding = {
  rule: string;
  count: number;
  /** Distinct places, in the order first seen; at most MAX_WHERE_PER_RULE. */
  where: string[];
  /** Places left off the `where` list (0 when all are listed). */
  whereOmitted: number;
};

/** One redaction pass: every call adds to the same findings. */
export type Redactor = {
  /** `s` with every match replaced; `where` names the place in the findings. */
  text(s: string, where: string): string;
  /** A deep copy of a JSON-able value with strings, keys and JSON-path matches redacted. */
  json(value: unknown, where: string): unknown;
  /** What was taken out so far, rules in the order of the rule list. */
  findings(): RedactionFinding[];
  readonly rules: readonly RedactionRule[];
};

/** What the exported files carry about redaction (the `redactions` field of a report, a bundle). */
export type RedactionSummary = {
  /** The rules that were applied: names, kinds and origins (user regexes are not repeated). */
  rules: Array<{ name: string; kind: RedactionRule['kind']; origin: RuleOrigin }>;
  findings: RedactionFinding[];
  /** Sum of every finding's count. */
  total: number;
};

/** The text every redacted value becomes. */
export function redactionMarker(rule: string): string {
  return `[redacted: ${rule}]`;
}

/** Places listed per rule before the rest are only counted. */
export const MAX_WHERE_PER_RULE = 100;
