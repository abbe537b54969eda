/**
 * What to open for a path the OS or the user hands the desktop app: a folder opens as itself;
 * a data file the file manager opened with the app (`events/events.db` of a little-workflow data
 * dir, or a loopctl ledger) opens the data dir that holds it, since the inspector opens folders.
 * Pure string work on both separators, so the sandboxed preload can use it too.
 */

/** loopctl's ledger files: their folder is the data dir. */
const LEDGER_FILES = new Set(['trajectory.jsonl', 'events.jsonl']);

/**
 * A local path for a `file://` URL (Linux desktops pass them to `Exec=… %U` launchers); any
 * other string is returned unchanged, and so is a URL naming another host.
 */
export function pathFromFileUrl(value: string): string {
  if (!/^file:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.host !== '' && url.host !== 'localhost') return value;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return value;
  }
  // file:///C:/work -> C:/work
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/** The folder to open for `path` (unchanged unless it names a known data file). */
export function openTargetFor(path: string): string {
  const parts = splitPath(path);
  if (parts === null) return path;
  const { segments, separator } = parts;
  const name = segments.at(-1) ?? '';
  // <dataDir>/events/events.db -> <dataDir>
  if (name === 'events.db' && segments.at(-2) === 'events' && segments.length >= 3) return joinPath(segments.slice(0, -2), separator);
  if (LEDGER_FILES.has(name) && segments.length >= 2) return joinPath(segments.slice(0, -1), separator);
  return path;
}

function splitPath(path: string): { segments: string[]; separator: string } | null {
  const trimmed = path.replace(/[\\/]+$/, '');
  if (trimmed.length === 0) return null;
  const separator = trimmed.includes('\\') && !trimmed.includes('/') ? '\\' : '/';
  return { segments: trimmed.split(/[\\/]/), separator };
}

function joinPath(segments: string[], separator: string): string {
  const joined = segments.join(separator);
  // "/events/events.db" leaves [''] -> the root itself.
  return joined === '' ? separator : joined;
}
