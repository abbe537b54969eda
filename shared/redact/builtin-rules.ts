/**
 * The rules every redaction starts with: provider and cloud keys, auth headers, private keys,
 * JWTs, emails and `KEY=VALUE` secrets. Order matters: the most specific rule names a value first
 * (an OpenAI key in `OPENAI_API_KEY=…` counts as `openai-api-key`, not `env-secret`), and later
 * rules never match a marker (`(?!\[redacted: )`).
 *
 * Every pattern is written to stay linear: a look-behind anchors matches at token starts (so a
 * long run of letters is not rescanned from every position) and repeats are bounded.
 */
import type { RegexRedactionRule } from './redaction-types';
import { nativePattern } from './rule-pattern';

/**
 * `lit` (a literal or a small alternation of literals) at a token start: not preceded by a
 * character of `cls`, or preceded by a JSON escape (`\n`, `\t`, `\r`: in escaped text, such as a
 * cut JSON text that no longer parses, the `n` of `\nsk-…` must not hide the token's start), or
 * just after a run id's `run_` (run ids are `run_` + token characters, so `run_ghp_…` is a token
 * the writer chose as an id: it must not survive because `_` is a word character). The literal
 * comes first and the check looks behind it: V8 then finds candidates by a fast literal scan
 * instead of trying every position (20 times faster on ordinary text).
 */
const lead = (lit: string, cls = 'A-Za-z0-9_') => String.raw`(?:${lit})(?<=(?:^|[^${cls}]|\\[nrt]|(?<![A-Za-z0-9_\-])run_)(?:${lit}))`;
/** An optional quote, plain or JSON-escaped (`"`, `\"`, `'`). */
const Q = String.raw`\\?["']?`;
/** A value that is not already a marker. */
const NOT_MARKER = String.raw`(?!\\?["']?\[redacted: )`;

/** The words that make a field's name a secret's (`apiKey`, `client_secret`, `DB_PASSWORD`). */
const SECRET_WORD = String.raw`(?:api[_\-]?key|secret|token(?![a-z])|password|passwd|passphrase|credentials?|private[_\-]?key|access[_\-]?key)`;
/** Names of fields whose string value is a secret whatever it looks like. */
export const SECRET_FIELD_NAME = String.raw`[A-Za-z0-9_.\-]{0,40}${SECRET_WORD}[A-Za-z0-9_.\-]{0,24}`;

/** name, description, pattern, flags, and a text every match contains (the rule is skipped without it). */
type Spec = [name: string, description: string, pattern: string, flags?: string, mustContain?: string];

const SPECS: Spec[] = [
  ['pem-private-key', 'PEM private keys (RSA, EC, OpenSSH, PKCS#8, PGP), whole block; a block cut before its END line to the end of the text', String.raw`-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$)`],
  ['gcp-private-key-id', 'the private_key_id of a Google Cloud service-account key file', String.raw`private_key_id\\?"?\s*:\s*\\?"?(?<secret>[0-9a-f]{40})`],
  ['anthropic-api-key', 'Anthropic API and admin keys (sk-ant-…)', String.raw`${lead('sk-ant-')}[A-Za-z0-9_\-]{20,}`],
  ['openrouter-api-key', 'OpenRouter keys (sk-or-v1-…)', String.raw`${lead('sk-or-v1-')}[0-9a-f]{64}`],
  ['openai-api-key', 'OpenAI keys (sk-…, sk-proj-…, sk-svcacct-…, sk-admin-…)', String.raw`${lead('sk-')}(?=[A-Za-z_\-]{0,200}[0-9])[A-Za-z0-9_\-]{20,}`],
  ['google-api-key', 'Google API keys (AIza…: Gemini, Maps, Firebase)', String.raw`${lead('AIza')}[0-9A-Za-z_\-]{35}`],
  ['aws-access-key-id', 'AWS access key ids (AKIA…, ASIA…)', String.raw`${lead('AKIA|ASIA|ABIA|ACCA', 'A-Z0-9')}[A-Z0-9]{16}(?![A-Z0-9])`],
  ['aws-secret-access-key', 'AWS secret access keys next to their name (aws_secret_access_key = …, SecretAccessKey: …)', String.raw`secret[_\-]?access[_\-]?key${Q}\s*[:=]\s*${Q}(?<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])`, 'i'],
  ['azure-storage-key', 'Azure storage account keys in connection strings (AccountKey=…)', String.raw`AccountKey=(?<secret>[A-Za-z0-9+/]{86}==)`],
  ['azure-sas-signature', 'Azure shared access signatures (sig=… in a SAS URL or connection string)', String.raw`[?&;]sig=(?<secret>[A-Za-z0-9%+/]{30,}(?:%3D|=){0,2})`],
  ['github-token', 'GitHub tokens (ghp_, gho_, ghu_, ghs_, ghr_, github_pat_)', String.raw`(?:${lead('gh[pousr]_')}[A-Za-z0-9]{36,}|${lead('github_pat_')}[A-Za-z0-9_]{22,})`],
  ['gitlab-token', 'GitLab personal access tokens (glpat-…)', String.raw`${lead('glpat-')}[A-Za-z0-9_\-]{20,}`],
  ['slack-token', 'Slack tokens (xoxb-, xoxp-, xoxa-, xoxo-, xoxs-, xoxr-, xoxe-)', String.raw`${lead('xox[abposre]-')}[A-Za-z0-9\-]{10,}`],
  ['slack-webhook', 'Slack incoming-webhook URLs', String.raw`https://hooks\.slack\.com/services/[A-Za-z0-9/_\-]{20,}`],
  ['stripe-key', 'Stripe secret and restricted keys (sk_live_, sk_test_, rk_live_, rk_test_)', String.raw`${lead('[sr]k_live_|[sr]k_test_')}[A-Za-z0-9]{16,}`],
  ['huggingface-token', 'Hugging Face tokens (hf_…)', String.raw`${lead('hf_')}[A-Za-z0-9]{30,}`],
  ['groq-api-key', 'Groq keys (gsk_…)', String.raw`${lead('gsk_')}[A-Za-z0-9]{40,}`],
  ['jwt', 'JSON Web Tokens (eyJ….eyJ….…)', String.raw`${lead('eyJ')}[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*`],
  ['url-credentials', 'passwords in URLs (scheme://user:password@host)', String.raw`://(?<=[A-Za-z][A-Za-z0-9+.\-]{1,20}://)[^\s:/@"'\\]{1,128}:${NOT_MARKER}(?<secret>[^\s@/"'\\]{1,256})@`, '', '://'],
  ['authorization-header', 'Authorization / Proxy-Authorization header values (Bearer, Basic, Digest, Token …)', String.raw`${lead('authorization', 'A-Za-z0-9')}${Q}\s*[:=]\s*${Q}(?:(?:bearer|basic|digest|token|apikey)\s+)?${NOT_MARKER}(?<secret>[^\s"'\\,;]{8,})`, 'i'],
  ['bearer-token', 'Bearer tokens anywhere (Bearer <token with a digit>)', String.raw`${lead('bearer', 'A-Za-z0-9')}\s+${NOT_MARKER}(?<secret>(?=[A-Za-z0-9._~+/\-]{0,512}[0-9])[A-Za-z0-9._~+/\-]{12,}=*)`, 'i'],
  ['api-key-header', 'API-key headers (x-api-key, api-key as Azure OpenAI sends it, x-goog-api-key, ocp-apim-subscription-key, x-auth-token)', String.raw`(?:api-key|subscription-key|x-auth-token)${Q}\s*[:=]\s*${Q}${NOT_MARKER}(?<secret>[^\s"'\\,;]{8,})`, 'i'],
  ['secret-field', 'quoted values of fields named like secrets ("password": "…", apiKey: \'…\', client_secret: "…")', String.raw`${SECRET_WORD}[A-Za-z0-9_.\-]{0,24}${Q}\s*:\s*\\?["']${NOT_MARKER}(?<secret>[^"'\\\n]+)`, 'i'],
  ['env-secret', 'KEY=VALUE lines and query parameters whose name holds KEY, SECRET, TOKEN, PASSWORD, PASSWD, PWD, PASSPHRASE, CREDENTIAL or AUTH', String.raw`(?:key|secret|token(?![a-z])|password|passwd|pwd|passphrase|credentials?|auth)[A-Za-z0-9_]{0,32}\s?=\s?["']?${NOT_MARKER}(?<secret>[^\s"'\`,;&\\]+)`, 'i', '='],
  ['email', 'email addresses', String.raw`(?:(?<![A-Za-z0-9._%+\-])|(?<=\\[nrt]))[A-Za-z0-9._%+\-]{1,64}@[A-Za-z0-9\-]{1,63}(?:\.[A-Za-z0-9\-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9\-])`, '', '@'],
];

/** Compile one pattern as a redaction regex: global, and with match indices when it has a `secret` group. */
export function compileRulePattern(source: string, flags = ''): RegExp {
  const needsIndices = source.includes('(?<secret>');
  const all = new Set([...flags, 'g', ...(needsIndices ? ['d'] : [])]);
  return new RegExp(source, [...all].join(''));
}

/** The built-in rules, in the order they run. */
export function builtinRules(): RegexRedactionRule[] {
  return SPECS.map(([name, description, pattern, flags, mustContain]) => ({ kind: 'regex', name, origin: 'builtin', description, pattern: nativePattern(compileRulePattern(pattern, flags)), ...(mustContain === undefined ? {} : { mustContain }) }));
}

/** The built-in rule names, for checks and docs. */
export const BUILTIN_RULE_NAMES: readonly string[] = SPECS.map(([name]) => name);
