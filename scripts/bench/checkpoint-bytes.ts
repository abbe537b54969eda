/**
 * What a fold checkpoint of the large run is made of: the accumulator's state at one sequence,
 * its v8-serialised size broken down by part (fold steps, harness sessions / turns / execute
 * steps and their lookup maps, log facts, step positions), how many objects it holds, and what
 * encoding and decoding it cost. Time travel decodes one per move that cannot continue the kept
 * fold, so this says where a move's time goes.
 *
 *   npx tsx scripts/bench/checkpoint-bytes.ts [--at=190000] [DATA_DIR RUN_ID]
 *
 * Without a data dir it writes the 200,000-event benchmark run into a temp dir first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { BUNDLED_PRICE_TABLE } from '../../shared/pricing/bundled-price-table';
import { foldLog } from '../../src-main/engine/fold-log';
import { openDataDir } from '../../src-main/sources/little-workflow/data-dir-reader';
import { writeLargeRun } from '../generate-fixtures';

/** One part of the checkpoint: its path in the state and its serialised bytes. */
export type CheckpointPart = { path: string; bytes: number };

/** The breakdown of the checkpoint at `at`. */
export type CheckpointBytes = { at: number; bytes: number; deflated: number; objects: number; encodeMs: number; decodeMs: number; parts: CheckpointPart[] };

// Objects (arrays, Maps and plain objects) the state holds: what a decode creates one by one.
function countObjects(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const children = value instanceof Map ? [...value.values()] : Object.values(value);
  return children.reduce((sum: number, child) => sum + countObjects(child), 1);
}

// Parts of at least `min` bytes, `depth` levels down from `value`.
function partsOf(path: string, value: unknown, depth: number, min: number, out: CheckpointPart[]): void {
  if (typeof value !== 'object' || value === null || value instanceof Map || Array.isArray(value) || depth === 0) return;
  for (const [key, child] of Object.entries(value)) {
    const bytes = serialize(child).length;
    if (bytes < min) continue;
    out.push({ path: `${path}.${key}`, bytes });
    partsOf(`${path}.${key}`, child, depth - 1, min, out);
  }
}

/** Fold `runId` of `dataDir` up to `at` and break its checkpoint down. */
export function checkpointBytes(dataDir: string, runId: string, at: number): CheckpointBytes {
  const reader = openDataDir(dataDir);
  if (!reader.ok) throw new Error(reader.error.message);
  try {
    const view = foldLog({ reader: reader.value, runId, table: BUNDLED_PRICE_TABLE, mode: 'detail', upto: at, checkpoints: null }).accumulator.checkpointView();
    let start = performance.now();
    const serialised = serialize(view);
    const deflated = deflateRawSync(serialised, { level: 1 });
    const encodeMs = performance.now() - start;
    start = performance.now();
    deserialize(inflateRawSync(deflated));
    const decodeMs = performance.now() - start;
    const parts: CheckpointPart[] = [];
    partsOf('checkpoint', view, 4, serialised.length / 200, parts);
    return { at, bytes: serialised.length, deflated: deflated.length, objects: countObjects(view), encodeMs, decodeMs, parts };
  } finally {
    reader.value.close();
  }
}

/** The lines the script prints. */
export function formatCheckpointBytes(b: CheckpointBytes): string[] {
  const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
  return [
    `Checkpoint at #${b.at.toLocaleString('en-US')}: ${mb(b.bytes)} serialised (${mb(b.deflated)} deflated), ${b.objects.toLocaleString('en-US')} objects; encode ${b.encodeMs.toFixed(0)} ms, inflate + deserialise ${b.decodeMs.toFixed(0)} ms`,
    ...b.parts.map((p) => `  ${p.path.padEnd(48)} ${mb(p.bytes).padStart(9)}  ${((100 * p.bytes) / b.bytes).toFixed(1).padStart(5)} %`),
  ];
}

function main(): void {
  const args = process.argv.slice(2);
  const atArg = args.find((a) => a.startsWith('--at='));
  const at = atArg === undefined ? 190_000 : Number(atArg.slice('--at='.length));
  const [dataDir, runId] = args.filter((a) => !a.startsWith('--'));
  if (dataDir !== undefined && runId !== undefined) {
    console.log(formatCheckpointBytes(checkpointBytes(dataDir, runId, at)).join('\n'));
    return;
  }
  const root = mkdtempSync(join(tmpdir(), 'little-inspector-bench-ckpt-'));
  try {
    const dir = join(root, 'large', '.little-workflow');
    console.error('[bench] generating a 200,000-event run');
    console.log(formatCheckpointBytes(checkpointBytes(dir, writeLargeRun(dir, { events: 200_000 }), at)).join('\n'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('checkpoint-bytes.ts')) main();
