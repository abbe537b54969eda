/**
 * Recently opened roots and the last opened one, kept as JSON in the app's user-data folder.
 *
 * The file is user-editable and may be corrupt or from another version, so it is validated on
 * read and anything malformed reads as empty; it is rewritten whole (temp file + rename) so a
 * crash mid-write never leaves half a file. The store refuses any location inside a
 * little-workflow data dir: the inspector never writes there.
 */
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { MAX_PATH_LENGTH } from '../../shared/contract';
import { readJsonFile, writeJsonFile } from './user-data-file';

/** How many roots the recent list keeps. */
export const MAX_RECENT = 10;

/** File name of the store inside the user-data folder. */
export const RECENT_FILE_NAME = 'recent.json';

const entry = z.string().min(1).max(MAX_PATH_LENGTH).refine(isAbsolute);
const fileSchema = z.object({
  version: z.literal(1),
  recent: z.array(z.unknown()),
  lastOpened: z.unknown().optional(),
});

type RecentState = { recent: string[]; lastOpened: string | null };

/** Recent roots persisted at `filePath` (satisfies the core's `RecentStore`). */
export class JsonRecentStore {
  private state: RecentState;

  constructor(private readonly filePath: string) {
    this.state = readRecentFile(filePath);
  }

  /** Recent roots, most recent first. */
  list(): string[] {
    return [...this.state.recent];
  }

  /** The root opened last, or null. */
  lastOpened(): string | null {
    return this.state.lastOpened;
  }

  /** Put `path` first (deduplicated, capped at MAX_RECENT) and persist. */
  add(path: string): void {
    if (!entry.safeParse(path).success) return;
    const recent = [path, ...this.state.recent.filter((item) => item !== path)].slice(0, MAX_RECENT);
    this.state = { recent, lastOpened: path };
    this.save();
  }

  private save(): void {
    writeJsonFile(this.filePath, { version: 1, ...this.state });
  }
}

/** The store at `<userData>/recent.json`. */
export function recentStoreIn(userDataDir: string): JsonRecentStore {
  return new JsonRecentStore(join(userDataDir, RECENT_FILE_NAME));
}

/** Read and validate a recent file; missing or malformed reads as empty. */
export function readRecentFile(filePath: string): RecentState {
  const empty: RecentState = { recent: [], lastOpened: null };
  const parsed = fileSchema.safeParse(readJsonFile(filePath));
  if (!parsed.success) return empty;
  // Keep the valid entries of an otherwise sound file rather than discarding the whole list.
  const recent: string[] = [];
  for (const item of parsed.data.recent) {
    if (entry.safeParse(item).success && !recent.includes(item as string)) recent.push(item as string);
    if (recent.length === MAX_RECENT) break;
  }
  const last = entry.safeParse(parsed.data.lastOpened);
  return { recent, lastOpened: last.success ? last.data : null };
}
