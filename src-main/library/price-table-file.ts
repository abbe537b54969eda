/** Load a user price table from a JSON file (the user's own file, read once; never a data dir write). */
import { readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { parseUserPriceTable } from '../../shared/pricing/user-price-table';
import { fsDiagnostic } from '../sources/fs/fs-diagnostics';

/** Largest price-table file accepted; the bundled one is a few KB. */
export const MAX_PRICE_TABLE_BYTES = 5 * 1024 * 1024;

/** Read and validate `path`; a bare registry file is named after the file. */
export function loadPriceTableFile(path: string): Result<PriceTable> {
  const absolute = resolve(path);
  let text: string;
  try {
    const stat = statSync(absolute);
    if (!stat.isFile()) return fail(diagnostic('invalid-argument', `${absolute} is not a file`, { path: absolute }));
    if (stat.size > MAX_PRICE_TABLE_BYTES) {
      return fail(diagnostic('invalid-argument', `${absolute} is ${stat.size} bytes; a price table may be at most ${MAX_PRICE_TABLE_BYTES}`, { path: absolute }));
    }
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    return fail(fsDiagnostic(error, absolute));
  }
  const name = basename(absolute);
  const parsed = parseUserPriceTable(text, { id: name.replace(/[^A-Za-z0-9._@:-]/g, '_').slice(0, 80) || 'user-table', name });
  if (!parsed.ok) return fail({ ...parsed.error, path: absolute });
  return { ok: true, value: { ...parsed.value, origin: absolute } };
}
