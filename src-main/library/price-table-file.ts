/**
 * Load a user price table from a JSON file (the user's own file, read once; never a data dir write).
 *
 * The path comes from a person (CLI flag, the pricing bar) or, in browser mode, from a page,
 * so the file is treated as hostile: it is read through one descriptor with a byte cap
 * whatever `stat` says (procfs files report size 0 and stream without end), a FIFO or device
 * is never read, and no error ever quotes the file's bytes or keys (a mistyped path to
 * `/etc/shadow` must not print its first line).
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { diagnostic, fail, type Result } from '../../shared/diagnostics';
import type { PriceTable } from '../../shared/pricing/price-table-types';
import { parseUserPriceTable } from '../../shared/pricing/user-price-table';
import { UNSAFE_CHARS } from '../../shared/text/control-chars';
import { fsDiagnostic } from '../sources/fs/fs-diagnostics';

/** Largest price-table file accepted; the bundled one is a few KB. */
export const MAX_PRICE_TABLE_BYTES = 5 * 1024 * 1024;

/** Where a price table may come from: anywhere (CLI, desktop), or only inside these folders (browser mode). */
export type PriceTableFileRules = { allowedFolders?: readonly string[] };

/** Read and validate `path`; a bare registry file is named after the file. */
export function loadPriceTableFile(path: string, rules: PriceTableFileRules = {}): Result<PriceTable> {
  const absolute = resolve(path);
  if (rules.allowedFolders !== undefined) {
    const refused = outsideAllowedFolders(absolute, rules.allowedFolders);
    if (refused) return fail(refused);
  }
  const read = readCapped(absolute, MAX_PRICE_TABLE_BYTES);
  if (!read.ok) return read;
  // A bare table is named after its file, whose name may hold terminal controls.
  const name = basename(absolute).replace(UNSAFE_CHARS, '\uFFFD');
  const parsed = parseUserPriceTable(read.value, { id: name.replace(/[^A-Za-z0-9._@:-]/g, '_').slice(0, 80) || 'user-table', name });
  if (!parsed.ok) return fail({ ...parsed.error, path: absolute });
  return { ok: true, value: { ...parsed.value, origin: absolute } };
}

/** Null when the real path of `absolute` lies in one of the real `folders`, else why not. */
function outsideAllowedFolders(absolute: string, folders: readonly string[]) {
  const refusal = diagnostic(
    'invalid-argument',
    folders.length === 0
      ? 'Browser mode loads price tables only from folders given with `little-inspector serve --price-tables <dir>`.'
      : `${absolute} is not inside a price-table folder of this server (serve --price-tables)`,
    { path: absolute },
  );
  let real: string;
  try {
    real = realpathSync(absolute);
  } catch (error) {
    return folders.length === 0 ? refusal : fsDiagnostic(error, absolute);
  }
  for (const folder of folders) {
    try {
      const root = realpathSync(folder);
      if (real.startsWith(root.endsWith(sep) ? root : `${root}${sep}`)) return null;
    } catch {
      // A folder that vanished allows nothing.
    }
  }
  return refusal;
}

/** The file's text, at most `maxBytes` bytes read whatever its size claims; regular files only. */
function readCapped(absolute: string, maxBytes: number): Result<string> {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO must not wait for a writer (it is refused below anyway).
    fd = openSync(absolute, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return fail(fsDiagnostic(error, absolute));
  }
  try {
    if (!fstatSync(fd).isFile()) return fail(diagnostic('invalid-argument', `${absolute} is not a regular file`, { path: absolute }));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(64 * 1024, maxBytes + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > maxBytes) {
        return fail(diagnostic('invalid-argument', `${absolute} is larger than ${maxBytes} bytes, the most a price table may be`, { path: absolute }));
      }
    }
    return { ok: true, value: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    return fail(fsDiagnostic(error, absolute));
  } finally {
    closeSync(fd);
  }
}
