/**
 * File-level mutations of a case's data dir copy: corrupted SQLite pages and WAL frames,
 * truncations, garbage or wrongly typed manifests (artifacts, workflow versions, outer
 * loops, lock owners), manifests naming other runs, and symlinks or FIFOs that lead out
 * of the data dir or would block a reader.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deepJson } from './mutate-sql';
import type { Rng } from './prng';

/** What a file mutator may touch: the data dir copy and a sibling folder outside it. */
export type FileContext = { dataDir: string; elsewhere: string; runIds: string[]; otherRunIds: string[] };

/** One file mutation: returns false when it did not apply. */
export type FileMutation = { name: string; apply(ctx: FileContext, rng: Rng): boolean };

const events = (ctx: FileContext, suffix = '') => join(ctx.dataDir, 'events', `events.db${suffix}`);

/** Files (recursively) under `dir` whose name matches `pattern`. */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full, pattern));
    else if (entry.isFile() && pattern.test(entry.name)) out.push(full);
  }
  return out.sort();
}

function corruptBytes(path: string, rng: Rng, spots: number, header = false): boolean {
  if (!existsSync(path)) return false;
  const bytes = readFileSync(path);
  if (bytes.length === 0) return false;
  for (let i = 0; i < spots; i += 1) {
    const start = header && rng.chance(0.5) ? rng.int(0, Math.min(99, bytes.length - 1)) : rng.int(0, bytes.length - 1);
    rng.bytes(rng.int(1, 64)).copy(bytes, start);
  }
  writeFileSync(path, bytes);
  return true;
}

function truncate(path: string, rng: Rng): boolean {
  if (!existsSync(path)) return false;
  truncateSync(path, rng.int(0, statSync(path).size));
  return true;
}

const WRONG_VALUES: unknown[] = [null, 42, -1, 1e308, '', 'x', [], {}, [1, 2], { nested: { deep: true } }, true, '9007199254740993', 'run_../../etc', '../../etc/passwd', '/etc/passwd'];

/** Replace 1-3 random fields of a JSON manifest with wrong types or hostile values. */
function mangleJson(path: string, rng: Rng, ctx: FileContext): void {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    value = {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) value = {};
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  for (let i = rng.int(1, 3); i > 0; i -= 1) {
    const key = keys.length > 0 && rng.chance(0.8) ? rng.pick(keys) : rng.pick(['runId', 'pid', 'cycles', 'createdAt', '__proto__']);
    record[key] = rng.chance(0.3) && ctx.otherRunIds.length + ctx.runIds.length > 0 ? rng.pick([...ctx.otherRunIds, ...ctx.runIds]) : rng.pick(WRONG_VALUES);
  }
  writeFileSync(path, JSON.stringify(record));
}

function mangleSome(ctx: FileContext, rng: Rng, dir: string, pattern: RegExp): boolean {
  const files = filesUnder(join(ctx.dataDir, dir), pattern);
  if (files.length === 0) return false;
  for (let i = rng.int(1, Math.min(3, files.length)); i > 0; i -= 1) mangleJson(rng.pick(files), rng, ctx);
  return true;
}

/** Replace `path` with a symlink to `target` (the original moves aside, outside the data dir). */
function replaceWithLink(path: string, target: string): boolean {
  if (!existsSync(path)) return false;
  rmSync(path, { recursive: true, force: true });
  symlinkSync(target, path);
  return true;
}

function pickFile(ctx: FileContext, rng: Rng): string | null {
  const files = [
    ...filesUnder(join(ctx.dataDir, 'artifacts'), /\.(json|bin)$/),
    ...filesUnder(join(ctx.dataDir, 'locks'), /owner\.json$/),
    ...filesUnder(join(ctx.dataDir, 'outer-loops'), /\.json$/),
    ...filesUnder(join(ctx.dataDir, 'workflow-versions'), /\.json$/),
  ];
  return files.length === 0 ? null : rng.pick(files);
}

/** Every file mutation the fuzzer draws from. */
export const FILE_MUTATIONS: readonly FileMutation[] = [
  { name: 'corrupt-db-pages', apply: (ctx, rng) => corruptBytes(events(ctx), rng, rng.int(1, 8), true) },
  { name: 'corrupt-wal', apply: (ctx, rng) => corruptBytes(events(ctx, '-wal'), rng, rng.int(1, 8), true) },
  { name: 'corrupt-shm', apply: (ctx, rng) => corruptBytes(events(ctx, '-shm'), rng, rng.int(1, 8), true) },
  { name: 'truncate-wal', apply: (ctx, rng) => truncate(events(ctx, '-wal'), rng) },
  { name: 'truncate-db', apply: (ctx, rng) => truncate(events(ctx), rng) },
  { name: 'drop-shm', apply: (ctx) => existsSync(events(ctx, '-shm')) && (rmSync(events(ctx, '-shm')), true) },
  { name: 'drop-wal-keep-shm', apply: (ctx) => existsSync(events(ctx, '-wal')) && (rmSync(events(ctx, '-wal')), true) },
  { name: 'artifact-manifest-wrong-types', apply: (ctx, rng) => mangleSome(ctx, rng, 'artifacts', /^art_.*\.json$/) },
  { name: 'workflow-version-wrong-types', apply: (ctx, rng) => mangleSome(ctx, rng, 'workflow-versions', /\.json$/) },
  { name: 'outer-loop-wrong-types', apply: (ctx, rng) => mangleSome(ctx, rng, 'outer-loops', /\.json$/) },
  { name: 'lock-owner-wrong-types', apply: (ctx, rng) => mangleSome(ctx, rng, 'locks', /owner\.json$/) },
  { name: 'manifest-garbage', apply: (ctx, rng) => garbage(pickFile(ctx, rng), rng) },
  { name: 'artifact-blob-deep-json', apply: (ctx, rng) => deepArtifact(ctx, rng) },
  { name: 'any-file-garbage', apply: (ctx, rng) => garbage(anyFile(ctx, rng), rng) },
  { name: 'manifest-is-a-directory', apply: (ctx, rng) => swapForDir(pickFile(ctx, rng)) },
  { name: 'manifest-is-a-fifo', apply: (ctx, rng) => fifo(pickFile(ctx, rng)) },
  { name: 'wal-is-a-fifo', apply: (ctx) => fifo(existsSync(events(ctx, '-wal')) ? events(ctx, '-wal') : null) },
  { name: 'symlink-blobs-to-etc', apply: (ctx) => replaceWithLink(join(ctx.dataDir, 'artifacts', 'blobs'), '/etc') },
  { name: 'symlink-file-to-etc-passwd', apply: (ctx, rng) => linkOut(pickFile(ctx, rng), '/etc/passwd') },
  { name: 'symlink-dir-to-etc', apply: (ctx, rng) => replaceWithLink(join(ctx.dataDir, rng.pick(['artifacts', 'workflow-versions', 'outer-loops', 'locks'])), '/etc') },
  { name: 'symlink-events-db-elsewhere', apply: (ctx) => moveOut(ctx, events(ctx)) },
  { name: 'symlink-wal-elsewhere', apply: (ctx) => moveOut(ctx, events(ctx, '-wal')) },
  { name: 'symlink-events-dir-elsewhere', apply: (ctx) => moveOut(ctx, join(ctx.dataDir, 'events')) },
];

/** Rewrite one artifact as a consistent (hash-valid) JSON payload nested very deep. */
function deepArtifact(ctx: FileContext, rng: Rng): boolean {
  const manifests = filesUnder(join(ctx.dataDir, 'artifacts'), /^art_.*\.json$/);
  if (manifests.length === 0) return false;
  const path = rng.pick(manifests);
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return false;
  }
  const bytes = Buffer.from(deepJson(rng.pick([999, 5000, 10_000]), rng));
  const blobDir = join(ctx.dataDir, 'artifacts', 'blobs');
  if (!existsSync(blobDir) || !statSync(blobDir).isDirectory()) return false;
  writeFileSync(join(blobDir, `${String(manifest.artifactId)}.bin`), bytes);
  const sha256 = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  writeFileSync(path, JSON.stringify({ ...manifest, encoding: 'json', contentType: 'application/json', sha256, sizeBytes: bytes.length }));
  return true;
}

function anyFile(ctx: FileContext, rng: Rng): string | null {
  const files = filesUnder(ctx.dataDir, /./);
  return files.length === 0 ? null : rng.pick(files);
}

function garbage(path: string | null, rng: Rng): boolean {
  if (path === null) return false;
  writeFileSync(path, rng.pick([Buffer.alloc(0), rng.bytes(rng.int(1, 300)), Buffer.from('{"truncated": '), Buffer.from('\uFEFF{}'), Buffer.from('null')]));
  return true;
}

function swapForDir(path: string | null): boolean {
  if (path === null) return false;
  rmSync(path, { force: true });
  mkdirSync(path);
  return true;
}

function fifo(path: string | null): boolean {
  if (path === null) return false;
  rmSync(path, { force: true });
  execFileSync('mkfifo', [path]);
  return true;
}

function linkOut(path: string | null, target: string): boolean {
  return path !== null && replaceWithLink(path, target);
}

/** Move `path` to the sibling `elsewhere/` folder and leave a symlink to it behind. */
function moveOut(ctx: FileContext, path: string): boolean {
  if (!existsSync(path)) return false;
  const target = join(ctx.elsewhere, `moved-${readdirSync(ctx.elsewhere).length}`);
  renameSync(path, target);
  symlinkSync(target, path);
  return true;
}
