/**
 * Maps errors thrown by either SQLite binding to typed diagnostics.
 *
 * better-sqlite3 throws `SqliteError` with a string `code` (`SQLITE_CORRUPT`); node:sqlite
 * throws `{ code: 'ERR_SQLITE_ERROR', errcode: <number>, errstr }`. Both end as the same
 * diagnostic codes so callers never look at driver details.
 */
import { diagnostic, type Diagnostic, type DiagnosticCode } from '../../../shared/diagnostics';

/** Primary result codes (the low byte of an extended code) we distinguish. */
const PRIMARY_NAMES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  14: 'SQLITE_CANTOPEN',
  23: 'SQLITE_AUTH',
  26: 'SQLITE_NOTADB',
};

/** Extended codes worth naming because they explain a read-only failure. */
const EXTENDED_NAMES: Record<number, string> = {
  1544: 'SQLITE_READONLY_DIRECTORY',
  776: 'SQLITE_READONLY_CANTINIT',
  520: 'SQLITE_READONLY_RECOVERY',
  264: 'SQLITE_READONLY_ROLLBACK',
};

/** The `SQLITE_*` name of a driver error, or null when it is not an SQLite error. */
export function sqliteErrorName(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (typeof code === 'string' && code.startsWith('SQLITE_')) return code;
  if (typeof errcode === 'number') {
    return EXTENDED_NAMES[errcode] ?? PRIMARY_NAMES[errcode & 0xff] ?? `SQLITE_${errcode}`;
  }
  return null;
}

/** Turn a thrown driver error into a diagnostic; `phase` says whether opening or reading failed. */
export function sqliteDiagnostic(error: unknown, phase: 'open' | 'read', path: string): Diagnostic {
  const name = sqliteErrorName(error);
  const message = error instanceof Error ? error.message : String(error);
  const code = codeFor(name, phase);
  return diagnostic(code, `${explain(code, name)} (${path}): ${message}`, {
    path,
    detail: { sqliteCode: name ?? 'unknown' },
  });
}

function codeFor(name: string | null, phase: 'open' | 'read'): DiagnosticCode {
  if (name === null) return phase === 'open' ? 'sqlite-open-failed' : 'sqlite-read-failed';
  if (name.startsWith('SQLITE_CORRUPT')) return 'sqlite-corrupt';
  if (name.startsWith('SQLITE_NOTADB')) return 'sqlite-not-a-database';
  if (name.startsWith('SQLITE_BUSY') || name.startsWith('SQLITE_LOCKED')) return 'sqlite-busy';
  if (name === 'SQLITE_READONLY_DIRECTORY' || name.startsWith('SQLITE_AUTH')) return 'permission-denied';
  return phase === 'open' ? 'sqlite-open-failed' : 'sqlite-read-failed';
}

function explain(code: DiagnosticCode, name: string | null): string {
  switch (code) {
    case 'sqlite-corrupt':
      return 'The event database is corrupt';
    case 'sqlite-not-a-database':
      return 'events.db is not an SQLite database';
    case 'sqlite-busy':
      return 'The event database is locked by another process; try again';
    case 'permission-denied':
      return 'SQLite was denied access to the data dir';
    default:
      return `SQLite failed${name === null ? '' : ` with ${name}`}`;
  }
}
