/** Maps file-system errors (errno codes) to the store's typed diagnostics. */
import { diagnostic, type Diagnostic } from '../../../shared/diagnostics';

/** A diagnostic for a failed fs call on `path`. */
export function fsDiagnostic(error: unknown, path: string): Diagnostic {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  switch (code) {
    case 'ENOENT':
      return diagnostic('path-not-found', `${path} does not exist`, { path });
    case 'ENOTDIR':
      return diagnostic('path-not-directory', `${path} is not a folder (or a part of it is a file)`, { path });
    case 'EACCES':
    case 'EPERM':
      return diagnostic('permission-denied', `Permission denied reading ${path}`, { path });
    case 'EOUTSIDE':
      return diagnostic('path-outside-data-dir', error instanceof Error ? error.message : `${path} leaves the data dir`, { path });
    case 'ELOOP':
      return diagnostic('path-outside-data-dir', `${path} is a symbolic link loop`, { path });
    default:
      return diagnostic('internal', `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`, {
        path,
        detail: { errno: code ?? null },
      });
  }
}
