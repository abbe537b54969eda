import { describe, expect, it } from 'vitest';
import { PLANTED_SECRETS, PLANTED_USER_RULES, PLANTED_USER_SECRETS } from '../../scripts/fixtures/scenarios/planted-secrets';
import { BUILTIN_RULE_NAMES, builtinRules } from './builtin-rules';
import { createRedactor, redactionSummary } from './create-redactor';
import { parseUserRules } from './parse-user-rules';
import { MAX_WHERE_PER_RULE } from './redaction-types';

const redactor = () => createRedactor(builtinRules());
const userRules = () => {
  const parsed = parseUserRules(PLANTED_USER_RULES);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

describe('built-in rules', () => {
  it('plants a secret for every built-in rule', () => {
    const planted = new Set(PLANTED_SECRETS.map((p) => p.rule));
    expect(BUILTIN_RULE_NAMES.filter((n) => !planted.has(n))).toEqual([]);
  });

  for (const { rule, secret, carrier } of PLANTED_SECRETS) {
    describe(`${rule}: ${JSON.stringify(carrier.slice(0, 40))}…`, () => {
      it('takes it out of plain text, counted once by its own rule', () => {
        const r = redactor();
        const out = r.text(`before ${carrier} after`, 'here');
        expect(out).not.toContain(secret);
        expect(out).toContain(`[redacted: ${rule}]`);
        expect(out.startsWith('before ')).toBe(true);
        expect(r.findings().map((f) => [f.rule, f.count, f.where])).toEqual([[rule, 1, ['here']]]);
      });

      it('takes it out of JSON-escaped text (a payload as JSON text)', () => {
        const r = redactor();
        const out = r.text(`{"note": ${JSON.stringify(`log: ${carrier}`)}, "cut": "x`, 'payload');
        expect(out).not.toContain(secret);
        expect(JSON.stringify(out)).not.toContain(JSON.stringify(secret).slice(1, -1));
        expect(r.findings().find((f) => f.rule === rule)?.count).toBe(1);
      });

      it('takes it out of JSON values, keys and JSON embedded in strings', () => {
        const r = redactor();
        const value = { a: [{ text: carrier }], [carrier]: 1, embedded: JSON.stringify({ deep: { text: carrier } }, null, 2) };
        const out = JSON.stringify(r.json(value, 'event'));
        expect(out).not.toContain(secret);
        expect(out).not.toContain(JSON.stringify(secret).slice(1, -1));
        // A JSON carrier is parsed and walked: a value under a secret-named key may count as secret-field.
        const counts = r.findings().filter((f) => f.rule === rule || f.rule === 'secret-field');
        expect(counts.reduce((n, f) => n + f.count, 0)).toBe(3);
      });
    });
  }

  it('finds tokens right after a JSON escape in cut, still-escaped JSON text', () => {
    const r = redactor();
    const text = PLANTED_SECRETS.map((p) => p.carrier).join('\n');
    const escaped = JSON.stringify({ error: { message: text } }).slice(0, -3);
    const out = r.text(escaped, 'cut');
    for (const p of PLANTED_SECRETS) expect(out, p.rule).not.toContain(p.secret.slice(0, 16));
  });

  it('reads a field with its name, so header-like fields keep their own rule', () => {
    const r = redactor();
    const basic = PLANTED_SECRETS.find((p) => p.rule === 'authorization-header')!.secret;
    expect(r.json({ headers: { Authorization: `Basic ${basic}` } }, 'args')).toEqual({ headers: { Authorization: 'Basic [redacted: authorization-header]' } });
    expect(r.findings().map((f) => [f.rule, f.where])).toEqual([['authorization-header', ['args.headers.Authorization']]]);
  });

  it('leaves ordinary run text alone', () => {
    const r = redactor();
    const ordinary = [
      'MAX_TOKENS=4096 and max_tokens: 4096',
      'the bearer of this letter',
      'workflowHarness@1.0.0 and @scope/pkg@2.1.0',
      'run_965edb2b-d9e9-4b08-a138-febe45652c0d evt_0123456789abcdef',
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'sk-learn is a library; task-list done',
      '{"inputTokens": 120, "tokenizer": "o200k", "key": "branch-a"}',
      'Authorization is required',
    ].join('\n');
    expect(r.text(ordinary, 'x')).toBe(ordinary);
    expect(r.json({ usage: { inputTokens: 3, outputTokens: 4 }, key: 'a', tokens: 7 }, 'x')).toEqual({ usage: { inputTokens: 3, outputTokens: 4 }, key: 'a', tokens: 7 });
    expect(r.findings()).toEqual([]);
  });

  it('names a field like a secret by its name when no rule knows its value', () => {
    const r = redactor();
    expect(r.json({ password: 'hunter2', apiKey: 'abc', nested: { client_secret: 'x' }, empty: { token: '' } }, 'p')).toEqual({
      password: '[redacted: secret-field]',
      apiKey: '[redacted: secret-field]',
      nested: { client_secret: '[redacted: secret-field]' },
      empty: { token: '' },
    });
    expect(r.findings()).toEqual([{ rule: 'secret-field', count: 3, where: ['p.password', 'p.apiKey', 'p.nested.client_secret'], whereOmitted: 0 }]);
  });

  it('keeps the provider rule when a secret-named field holds a known key', () => {
    const r = redactor();
    const openai = PLANTED_SECRETS.find((p) => p.rule === 'openai-api-key')!.secret;
    expect(r.json({ OPENAI_API_KEY: openai }, 'env')).toEqual({ OPENAI_API_KEY: '[redacted: openai-api-key]' });
  });

  it('keeps JSON text byte-identical when nothing in it is redacted', () => {
    const text = '{\n  "a": 1,\n  "b": "ok"\n}';
    expect(redactor().text(text, 'x')).toBe(text);
  });

  it('lists at most MAX_WHERE_PER_RULE places and counts the rest', () => {
    const r = redactor();
    for (let i = 0; i < MAX_WHERE_PER_RULE + 5; i++) r.text('mail jane.doe.fake@example.com twice jane.doe.fake@example.com', `event #${i}`);
    const [finding] = r.findings();
    expect(finding.count).toBe(2 * (MAX_WHERE_PER_RULE + 5));
    expect(finding.where).toHaveLength(MAX_WHERE_PER_RULE);
    expect(finding.whereOmitted).toBe(5);
  });

  it('summarises rules and findings without values', () => {
    const r = redactor();
    r.text(PLANTED_SECRETS.map((p) => p.carrier).join('\n'), 'all');
    const summary = redactionSummary(r);
    expect(summary.total).toBe(PLANTED_SECRETS.length);
    expect(summary.findings.reduce((n, f) => n + f.count, 0)).toBe(PLANTED_SECRETS.length);
    const json = JSON.stringify(summary);
    for (const p of PLANTED_SECRETS) expect(json).not.toContain(p.secret);
  });
});

describe('user rules', () => {
  it('apply a regex rule and a JSON-path rule after the built-ins', () => {
    const r = createRedactor([...builtinRules(), ...userRules()]);
    for (const p of PLANTED_USER_SECRETS) expect(r.text(p.carrier, 'x')).not.toContain(p.secret);
    expect(r.json({ order: { customerId: 'cust-FAKE-0042', n: 1 } }, 'payload')).toEqual({ order: { customerId: '[redacted: customer-id]', n: 1 } });
    expect(r.findings().map((f) => [f.rule, f.count])).toEqual([
      ['internal-host', 1],
      ['customer-id', 2],
    ]);
  });

  it('JSON-path rules reach a field in cut JSON text by its key', () => {
    const r = createRedactor(userRules());
    expect(r.text('{"items": [{"customerId": "cust-FAKE-0042", "more": "and then the text is cu', 'x')).toBe('{"items": [{"customerId": [redacted: customer-id], "more": "and then the text is cu');
    expect(r.text('{"customerId": "cust-FAKE-00', 'x')).toBe('{"customerId": [redacted: customer-id]');
  });

  it('exact paths match only where they point', () => {
    const parsed = parseUserRules("json-path h $.headers['x-secret']\njson-path first $.items[0].v\njson-path all $.list[*]");
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = createRedactor(parsed.value);
    expect(r.json({ headers: { 'x-secret': 's', other: 'o' }, items: [{ v: 1 }, { v: 2 }], list: ['a', 'b'], deep: { headers: { 'x-secret': 'kept' } } }, 'e')).toEqual({
      headers: { 'x-secret': '[redacted: h]', other: 'o' },
      items: [{ v: '[redacted: first]' }, { v: 2 }],
      list: ['[redacted: all]', '[redacted: all]'],
      deep: { headers: { 'x-secret': 'kept' } },
    });
  });

  const refused: Array<[string, RegExp]> = [
    ['regex behind (?<=id=)[0-9]+', /look-arounds .* linear-time engine/],
    ['regex ahead tok(?!en)', /look-arounds/],
    ['regex huge (?:(?:a{1000}){1000}){1000}', /linear-time engine cannot run it/],
    ['regex backref (a)\\1', /back-references/],
    ['regex named (?<x>a)\\k<x>', /back-references/],
    ['regex empty a*', /matches the empty string/],
    ['regex broken (abc', /unclosed|not a valid regular expression/],
    ['regex flags /abc/g', /only the flags i, m, s and u/],
    ['regex Bad_Name abc', /rule name "Bad_Name"/],
    ['regex email abc', /built-in rule's/],
    ['regex twice abc\nregex twice def', /used twice/],
    ['glob x *.txt', /unknown rule kind "glob"/],
    ['regex onlyname', /expected "regex <name> <pattern>"/],
    ['json-path p a.b', /starts with \$/],
    ['json-path p $.a[?(@.x)]', /expected \['name'\], \[n\] or \[\*\]/],
    ['json-path p $', /whole document/],
    [`regex long ${'a'.repeat(501)}`, /longer than 500/],
  ];
  for (const [text, message] of refused) {
    it(`refuses ${JSON.stringify(text.slice(0, 40))} with a line number`, () => {
      const parsed = parseUserRules(`# c\n\n${text}`);
      expect(parsed.ok).toBe(false);
      if (parsed.ok) return;
      expect(parsed.error.code).toBe('invalid-argument');
      expect(parsed.error.message).toMatch(message);
      expect(parsed.error.message).toMatch(text.includes('\n') ? /line 4/ : /line 3/);
    });
  }

  it('lists every bad line in detail.problems', () => {
    const parsed = parseUserRules('regex a x(?=y)\nregex b ok\nregex c (x)\\1');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect((parsed.error.detail?.problems as Array<{ line: number }>).map((p) => p.line)).toEqual([1, 3]);
    expect(parsed.error.message).toMatch(/and 1 more problem\)/);
  });

  it('accepts patterns a backtracking engine could hang on: the linear-time engine cannot', () => {
    const parsed = parseUserRules(['regex a (?:foo|bar)\\.example', 'regex b /acct-[0-9]{6}/i', 'regex c (ab)+c', 'regex d [(+*)]+x', 'regex e (?:x|y){1,3}z', 'regex f (a+)+$', 'regex g (?:a|ab)+x'].join('\n'));
    expect(parsed.ok ? parsed.value.length : parsed.error.message).toBe(7);
  });

  // Issue 30: the old syntactic guard accepted this one and V8 then backtracked for ever (O(n^20)).
  it('runs many .* then a literal that never comes (/s) in one pass, and still finds it when it comes', () => {
    const parsed = parseUserRules(`regex stars /${'.*'.repeat(20)}NEVER-[0-9]{3}/s`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = createRedactor(parsed.value);
    const long = 'x\n'.repeat(20_000);
    expect(r.text(long, 'p')).toBe(long);
    expect(r.text(`${long}NEVER-123 tail`, 'p')).toBe('[redacted: stars] tail');
    const nested = parseUserRules('regex nested (a+)+$');
    expect(nested.ok && createRedactor(nested.value).text(`${'a'.repeat(50_000)}!`, 'p')).toBe(`${'a'.repeat(50_000)}!`);
  });

  it('a user rule keeps JavaScript syntax and flags on the linear-time engine', () => {
    const parsed = parseUserRules(['regex cookie sid=(?<secret>[A-Za-z0-9]+)', 'regex host /CORP-\\u0041[0-9]{2}/i', 'regex line /^tok: \\S+$/m', 'regex either keep|(?<secret>drop[0-9])'].join('\n'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const r = createRedactor(parsed.value);
    expect(r.text('héllo 😀 sid=abc123; corp-a42 ok\ntok: zz\nkeep drop7', 'p')).toBe('héllo 😀 sid=[redacted: cookie]; [redacted: host] ok\n[redacted: line]\n[redacted: either] [redacted: either]');
  });
});
