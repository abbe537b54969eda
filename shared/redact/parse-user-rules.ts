/**
 * A user's rules file: one rule a line, `#` comments and blank lines ignored.
 *
 *     regex      <name> <pattern>            # the rest of the line; or /pattern/flags (i, m, s, u)
 *     json-path  <name> <path>               # $.a.b, $..apiKey, $.headers['x-api-key'], $.items[*].token
 *
 * Every problem is reported with its line; the first one is the error, all are in `detail.problems`.
 */
import { diagnostic, fail, ok, type Result } from '../diagnostics';
import { BUILTIN_RULE_NAMES } from './builtin-rules';
import { parseJsonPath } from './json-path';
import { linearPattern } from './rule-pattern';
import type { RedactionRule } from './redaction-types';

/** Largest rules file accepted (characters). */
export const MAX_RULES_TEXT = 64 * 1024;
/** Most user rules in one file. */
export const MAX_USER_RULES = 200;
/** Longest user pattern accepted (the engine's cost grows with the pattern's size times the text's). */
export const MAX_PATTERN_LENGTH = 500;

const NAME = /^[a-z0-9][a-z0-9._-]{0,62}$/;

/** One problem of a rules file: its line (1-based) and what is wrong. */
export type RuleProblem = { line: number; message: string };

/** Parse a rules file's text into rules, or a diagnostic naming every bad line. */
export function parseUserRules(text: string): Result<RedactionRule[]> {
  if (text.length > MAX_RULES_TEXT) return fail(diagnostic('invalid-argument', `the redaction rules file is larger than ${MAX_RULES_TEXT} characters`));
  const rules: RedactionRule[] = [];
  const problems: RuleProblem[] = [];
  const names = new Set(BUILTIN_RULE_NAMES);
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const parsed = parseLine(line, index + 1, names);
    if (typeof parsed === 'string') problems.push({ line: index + 1, message: parsed });
    else {
      names.add(parsed.name);
      rules.push(parsed);
    }
  });
  if (rules.length > MAX_USER_RULES) problems.push({ line: 0, message: `more than ${MAX_USER_RULES} rules` });
  if (problems.length > 0) {
    const first = problems[0];
    const where = first.line > 0 ? `line ${first.line}: ` : '';
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    return fail(diagnostic('invalid-argument', `redaction rules: ${where}${first.message}${more}`, { detail: { problems } }));
  }
  return ok(rules);
}

function parseLine(line: string, lineNumber: number, names: ReadonlySet<string>): RedactionRule | string {
  const m = /^(\S+)\s+(\S+)\s+(.+)$/.exec(line);
  if (m === null) return 'expected "regex <name> <pattern>" or "json-path <name> <path>"';
  const [, kind, name, body] = m;
  if (!NAME.test(name)) return `rule name "${name}": use lowercase letters, digits, ".", "_" and "-" (at most 63)`;
  if (names.has(name)) return BUILTIN_RULE_NAMES.includes(name) ? `rule name "${name}" is a built-in rule's` : `rule name "${name}" is used twice`;
  const description = `user rule (line ${lineNumber})`;
  if (kind === 'json-path') {
    const segments = parseJsonPath(body);
    if (!segments.ok) return segments.error.message;
    return { kind: 'json-path', name, origin: 'user', description, path: body, segments: segments.value };
  }
  if (kind !== 'regex') return `unknown rule kind "${kind}" (regex or json-path)`;
  const { source, flags } = patternAndFlags(body);
  if (/[^imsu]/.test(flags)) return `rule "${name}": only the flags i, m, s and u are allowed, got "${flags}"`;
  if (source.length > MAX_PATTERN_LENGTH) return `rule "${name}": the pattern is longer than ${MAX_PATTERN_LENGTH} characters`;
  // JavaScript syntax is the documented one: a pattern V8 refuses is refused with V8's reason.
  let check: RegExp;
  try {
    check = new RegExp(`^(?:${source})$`, flags);
  } catch (error) {
    return `rule "${name}": not a valid regular expression (${(error as Error).message})`;
  }
  const pattern = linearPattern(source, flags);
  if (typeof pattern === 'string') return `rule "${name}": ${pattern}`;
  if (check.test('')) return `rule "${name}": the pattern matches the empty string`;
  return { kind: 'regex', name, origin: 'user', description, pattern };
}

/** `/body/flags` → body and flags; anything else is the pattern as written. */
function patternAndFlags(body: string): { source: string; flags: string } {
  const m = /^\/(.+)\/([a-z]*)$/.exec(body);
  return m === null ? { source: body, flags: '' } : { source: m[1], flags: m[2] };
}
