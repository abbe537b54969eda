/**
 * How a regex rule finds its matches. Built-in rules are V8 regexes, written and reviewed to stay
 * linear (builtin-rules.ts). A user's pattern runs on RE2JS instead: a linear-time engine (no
 * backtracking), so no rule a user writes can hang an export, a bundle, an OTLP send or the app's
 * preview, whatever the text — `.*.*.*…x` with `/s` on a long payload costs one pass, not years.
 */
import { RE2JS } from 're2js';
import type { RulePattern, RuleMatch } from './redaction-types';

/** A V8 regex (global; with the `d` flag when it has a `secret` group) as a rule pattern. */
export function nativePattern(re: RegExp): RulePattern {
  return {
    source: re.source,
    *matchesIn(s: string): Iterable<RuleMatch> {
      re.lastIndex = 0;
      for (let m = re.exec(s); m !== null; m = re.exec(s)) {
        if (m[0].length === 0) {
          re.lastIndex += 1;
          continue;
        }
        const secret = m.indices?.groups?.secret;
        yield { start: m.index, end: m.index + m[0].length, ...(secret === undefined ? {} : { secret }) };
      }
    },
  };
}

/** User regexes are written in JavaScript syntax; these parts of it have no linear-time match. */
const UNSUPPORTED: Array<[RegExp, string]> = [
  [/\(\?<?[=!]/, 'look-arounds ((?=…), (?!…), (?<=…), (?<!…))'],
  [/\\[1-9]|\\k</, 'back-references (\\1, \\k<name>)'],
];

/**
 * `source` (JavaScript syntax, flags from `imsu`) compiled for the linear-time engine, or why it
 * cannot run there. `u` changes nothing: the engine always reads code points.
 */
export function linearPattern(source: string, flags: string): RulePattern | string {
  for (const [test, what] of UNSUPPORTED) if (test.test(source)) return `${what} are not supported: user rules run on a linear-time engine so that no rule can hang`;
  let re: RE2JS;
  try {
    const bits = (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0) | (flags.includes('s') ? RE2JS.DOTALL : 0);
    re = RE2JS.compile(RE2JS.translateRegExp(source), bits);
  } catch (error) {
    return `the linear-time engine cannot run it (${(error as Error).message})`;
  }
  const hasSecret = Object.prototype.hasOwnProperty.call(re.namedGroups(), 'secret');
  return {
    source,
    *matchesIn(s: string): Iterable<RuleMatch> {
      const m = re.matcher(s);
      while (m.find()) {
        const start = m.start();
        const end = m.end();
        if (end === start) continue;
        if (!hasSecret) {
          yield { start, end };
          continue;
        }
        // A `secret` group that did not take part (`a|(?<secret>b)` matching `a`): the whole match
        // goes, as with the built-ins' V8 regexes (over-redacting rather than leaking).
        const secretStart = m.start('secret');
        yield secretStart < 0 ? { start, end } : { start, end, secret: [secretStart, m.end('secret')] };
      }
    },
  };
}
