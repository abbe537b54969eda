/**
 * User-loaded price tables: a zod-validated JSON format, so costs can be re-priced with
 * negotiated or newer rates and every figure can still say which table produced it.
 *
 * Accepted JSON (either form):
 *
 * 1. Wrapped (preferred):
 *    {
 *      "format": "little-inspector/price-table@1",
 *      "id": "acme-2026-11",                 // 1-80 chars of [A-Za-z0-9._@:-]
 *      "name": "ACME negotiated rates",      // 1-200 chars, shown next to costs
 *      "entries": {
 *        "openai/gpt-4o-mini": {
 *          "pricing": { "input": 0.12, "output": 0.5, "cachedInput": 0.06, "currency": "USD" },
 *          "pricingSource": "https://example.com/contract",   // optional, https only
 *          "pricingVerifiedAt": "2026-11-01"                  // optional, YYYY-MM-DD
 *        }
 *      }
 *    }
 * 2. Bare: the object little-workflow ships as `model-registry.json` (keys -> entries);
 *    id and name then come from the caller (e.g. the file name).
 *
 * Entry rules: keys are lowercase `provider/model` (lookup lowercases what it searches
 * for, so an uppercase key could never match); rates are USD per 1M tokens, finite and
 * >= 0; `currency` defaults to "USD" and nothing else is accepted; `unverified: true`
 * excludes `pricingSource`/`pricingVerifiedAt`. Extra entry fields (description,
 * capabilities, contextWindow) are accepted and ignored by pricing.
 */
import { z } from 'zod';
import { diagnostic, fail, ok, type Result } from '../diagnostics';
import type { PriceTable, PriceTableEntry } from './price-table-types';
import { hasNoControlChars } from '../text/control-chars';

/** The `format` value of a wrapped user price table. */
export const USER_PRICE_TABLE_FORMAT = 'little-inspector/price-table@1';

/** Upper bound on entries, so a hostile file cannot make lookups or the UI crawl. */
export const MAX_USER_PRICE_ENTRIES = 10_000;

const rate = z.number().finite().nonnegative();

const entrySchema = z
  .object({
    description: z.string().optional(),
    capabilities: z.array(z.string()).optional(),
    contextWindow: z.number().int().positive().optional(),
    pricing: z.object({
      input: rate,
      output: rate,
      cachedInput: rate.optional(),
      currency: z.literal('USD').default('USD'),
    }),
    pricingSource: z.string().startsWith('https://').refine(hasNoControlChars, 'no control characters').optional(),
    pricingVerifiedAt: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'not a calendar date')
      .optional(),
    unverified: z.literal(true).optional(),
  })
  .refine(
    (entry) => entry.unverified !== true || (entry.pricingSource === undefined && entry.pricingVerifiedAt === undefined),
    'an unverified entry cannot also carry pricingSource or pricingVerifiedAt',
  );

const entriesSchema = z
  .record(
    z.string().regex(/^[^/\s]+\/[^\s]+$/, 'keys must look like provider/model').refine(hasNoControlChars, 'keys may not hold control characters').refine(
      (key) => key === key.toLowerCase(),
      'keys must be lowercase (lookups lowercase the provider/model they search for)',
    ),
    entrySchema,
  )
  .refine((entries) => Object.keys(entries).length <= MAX_USER_PRICE_ENTRIES, 'too many entries');

const wrappedSchema = z
  .object({
    format: z.literal(USER_PRICE_TABLE_FORMAT),
    id: z.string().regex(/^[A-Za-z0-9._@:-]{1,80}$/),
    name: z.string().min(1).max(200).refine(hasNoControlChars, 'no control characters'),
    entries: entriesSchema,
  })
  .strict();

/** Names for a bare registry file, which carries none of its own. */
export type PriceTableNames = { id: string; name: string };

/** Validate a user price table (JSON text or parsed value) into a `PriceTable` with source `user`. */
export function parseUserPriceTable(input: unknown, names?: PriceTableNames): Result<PriceTable> {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input) as unknown;
    } catch {
      // The engine's message quotes the text ("root:*:…" is not valid JSON): never echo a file.
      return fail(diagnostic('invalid-argument', 'price table is not valid JSON'));
    }
  }
  const wrapped = typeof value === 'object' && value !== null && Object.hasOwn(value, 'format');
  const rawEntries = wrapped ? (value as Record<string, unknown>).entries : value;
  // zod's record silently drops a `__proto__` key; refuse it instead of losing an entry.
  if (typeof rawEntries === 'object' && rawEntries !== null && Object.hasOwn(rawEntries, '__proto__')) {
    return fail(diagnostic('invalid-argument', 'invalid price table: entries: "__proto__" is not a provider/model key'));
  }
  if (wrapped) {
    const parsed = wrappedSchema.safeParse(value);
    if (!parsed.success) return invalid(parsed.error, value);
    return ok(buildTable(parsed.data.id, parsed.data.name, parsed.data.entries));
  }
  if (names === undefined) {
    return fail(diagnostic('invalid-argument', 'a bare registry table needs an id and a name from the caller'));
  }
  const parsed = entriesSchema.safeParse(value);
  if (!parsed.success) return invalid(parsed.error, value);
  return ok(buildTable(names.id, names.name, parsed.data));
}

/**
 * The issues, in words that never quote the input: keys the schema does not name are shown
 * by position (`entry #3`), values by type only. A table can be any file a path points at.
 */
function invalid(error: z.ZodError, input: unknown): Result<never> {
  const issues = error.issues.map((issue) => `${safePath(issue.path, input) || '(root)'}: ${safeMessage(issue)}`);
  return fail(diagnostic('invalid-argument', `invalid price table: ${issues.slice(0, 5).join('; ')}`, {
    detail: { issues },
  }));
}

/** Field names of the two formats: the only object keys an error may print. */
const SCHEMA_KEYS = new Set([
  'format', 'id', 'name', 'entries', 'description', 'capabilities', 'contextWindow', 'pricing', 'input', 'output',
  'cachedInput', 'currency', 'pricingSource', 'pricingVerifiedAt', 'unverified',
]);

function safePath(path: readonly PropertyKey[], input: unknown): string {
  const shown: string[] = [];
  let at: unknown = input;
  for (const segment of path) {
    if (typeof segment === 'number') shown.push(String(segment));
    else if (typeof segment === 'string' && SCHEMA_KEYS.has(segment)) shown.push(segment);
    else {
      const keys = typeof at === 'object' && at !== null ? Object.keys(at) : [];
      const index = typeof segment === 'string' ? keys.indexOf(segment) : -1;
      shown.push(index >= 0 ? `entry #${index + 1}` : 'a key');
    }
    at = typeof at === 'object' && at !== null && typeof segment !== 'symbol' ? (at as Record<string | number, unknown>)[segment] : undefined;
  }
  return shown.join('.');
}

function safeMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'unrecognized_keys':
      return `${issue.keys.length} unknown key${issue.keys.length === 1 ? '' : 's'}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
    case 'too_big':
    case 'invalid_format':
    case 'not_multiple_of':
    case 'custom':
      // zod's limit and format messages and our refinements name the rule, never the input.
      return issue.message;
    case 'invalid_key':
      return issue.issues.map(safeMessage).join(', ');
    default:
      return 'invalid value';
  }
}

function buildTable(id: string, name: string, entries: Record<string, PriceTableEntry>): PriceTable {
  // Copy into a null-prototype record so no key can ever reach Object.prototype members.
  const safe: Record<string, PriceTableEntry> = Object.create(null);
  for (const [key, entry] of Object.entries(entries)) safe[key] = entry;
  return { id, name, source: 'user', entries: safe };
}
