/** Test-only: hash a tree to prove an operation changed no byte of it (data dirs stay read-only). */
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Every entry under `dir`: regular files by sha256 of their bytes; folders, links and FIFOs/sockets by kind (never opened). */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const visit = (path: string, rel: string) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name);
      const key = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(full);
      if (stat.isSymbolicLink()) out[key] = 'symlink';
      else if (stat.isDirectory()) {
        out[key] = 'dir';
        visit(full, key);
      } else if (stat.isFile()) out[key] = createHash('sha256').update(readFileSync(full)).digest('hex');
      else out[key] = 'special';
    }
  };
  visit(dir, '');
  return out;
}
