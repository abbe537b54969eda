/** What changes whenever a file's content can have changed: device, inode, size, mtime and ctime (a reset mtime still moves the ctime). */
import { statSync } from 'node:fs';

/** The stamp of each file, joined; a missing file stamps as `-`. */
export function filesStamp(paths: readonly string[]): string {
  return paths
    .map((path) => {
      try {
        const stat = statSync(path, { bigint: true });
        return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}
