/**
 * A run model's long lists packed by the worker and unpacked in main a window at a time.
 *
 * Each list is cut into chunks of {@link PACK_CHUNK_ITEMS} items, each chunk v8-serialised and
 * deflated (level 1), all of a list's chunks in one transferred buffer. Main keeps the packed
 * bytes and a few decoded chunks (the run view asks for ~50 rows at a time), plus the lists'
 * keys (shared/run/model-lists.ts) for its scans.
 *
 * Why: the 200,000-event run's lists cost main ~121 MB of heap once deserialised whole (68 MB
 * of structured clone) and ~1 s of main's thread to deserialise; packed they are ~7 MB, and a
 * chunk decodes in ~1 ms. Deflating costs the worker ~50 ms on top of the serialisation the
 * message paid anyway.
 */
import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { LIST_NAMES, detailShell, listArrays, listKeys, type ItemList, type ListItems, type ListKeys, type ListName } from '../../shared/run/model-lists';
import type { ListedModelData, RunModelData } from '../../shared/run/run-model';
import type { RunDetail } from '../../shared/run/run-detail-types';

/** Items per chunk: a window of the run view touches one or two. */
export const PACK_CHUNK_ITEMS = 256;
/** Chunks unpacked between two turns of the event loop by `allInTurns` (~1 ms each). */
export const CHUNKS_PER_TURN = 16;
/** Decoded chunks kept per list (least recently used first out). */
export const DECODED_CHUNKS_KEPT = 4;

/** A packed list: chunk `i` holds items `i * chunkItems …` and its bytes end at `ends[i]`. */
export type PackedList = { length: number; chunkItems: number; bytes: Uint8Array; ends: number[] };

/** The model as the worker posts it: the detail without its lists, the lists packed, their keys. */
export type PackedModelData = { shell: RunDetail; keys: ListKeys; packed: Record<ListName, PackedList>; turnRows: RunModelData['turnRows']; costs: RunModelData['costs'] };

/** Pack `items` in chunks of `chunkItems`. */
export function packList(items: readonly unknown[], chunkItems = PACK_CHUNK_ITEMS): PackedList {
  return drained(packListInPieces(items, chunkItems));
}

/** `packList`, pausing (a bare `yield`) after every CHUNKS_PER_TURN chunks. */
function* packListInPieces(items: readonly unknown[], chunkItems: number): Generator<void, PackedList> {
  const parts: Buffer[] = [];
  const ends: number[] = [];
  let size = 0;
  for (let from = 0; from < items.length; from += chunkItems) {
    if (from > 0 && (from / chunkItems) % CHUNKS_PER_TURN === 0) yield;
    const part = deflateRawSync(serialize(items.slice(from, from + chunkItems)), { level: 1 });
    parts.push(part);
    size += part.length;
    ends.push(size);
  }
  // One buffer of exactly the chunks' bytes: it is transferred, and shares no pool with anything else.
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { length: items.length, chunkItems, bytes, ends };
}

/** The value a generator of pieces returns, run through at once. */
function drained<T>(pieces: Generator<void, T>): T {
  for (;;) {
    const next = pieces.next();
    if (next.done) return next.value;
  }
}

/** Read a packed list by index and window, decoding a chunk when first asked for (the last `kept` stay decoded). */
export function unpackedList<T>(packed: PackedList, kept = DECODED_CHUNKS_KEPT): ItemList<T> {
  const { length, chunkItems, bytes, ends } = packed;
  const decode = (n: number): T[] => deserialize(inflateRawSync(bytes.subarray(n === 0 ? 0 : ends[n - 1], ends[n]))) as T[];
  // Decoded chunks by number, least recently used first.
  const decoded = new Map<number, T[]>();
  const chunk = (n: number): T[] => {
    let items = decoded.get(n);
    if (items !== undefined) decoded.delete(n);
    else {
      items = decode(n);
      if (decoded.size >= kept) decoded.delete(decoded.keys().next().value!);
    }
    decoded.set(n, items);
    return items;
  };
  const at = (index: number): T | undefined => (Number.isInteger(index) && index >= 0 && index < length ? chunk(Math.floor(index / chunkItems))[index % chunkItems] : undefined);
  const slice = (from: number, to: number): T[] => {
    const out: T[] = [];
    const end = Math.min(to, length);
    for (let i = Math.max(0, from); i < end; ) {
      const n = Math.floor(i / chunkItems);
      const items = chunk(n);
      const stop = Math.min(end, (n + 1) * chunkItems);
      for (; i < stop; i++) out.push(items[i - n * chunkItems]);
    }
    return out;
  };
  // Every chunk decoded afresh, not kept: an export reads the whole list once.
  const all = (): T[] => ends.flatMap((_, n) => decode(n));
  const allInTurns = async (): Promise<T[]> => {
    const out: T[] = [];
    for (let n = 0; n < ends.length; n++) {
      if (n > 0 && n % CHUNKS_PER_TURN === 0) await new Promise((next) => setImmediate(next));
      for (const item of decode(n)) out.push(item);
    }
    return out;
  };
  return { length, at, slice, all, allInTurns };
}

/** Pack `data`'s lists; `transfer` holds their buffers (post them with the message, not copied). */
export function packModelData(data: RunModelData, chunkItems = PACK_CHUNK_ITEMS): { packed: PackedModelData; transfer: ArrayBuffer[] } {
  return drained(packModelDataInPieces(data, chunkItems));
}

/**
 * `packModelData`, awaiting `turn` after every CHUNKS_PER_TURN chunks: the 200,000-event run's
 * lists took ~1.1 s to pack in one go, and a time-travel move asked meanwhile waited for all of
 * it (docs/PERFORMANCE.md, issue 33); the worker's turn lets a head go first.
 */
export async function packModelDataInTurns(data: RunModelData, turn: () => Promise<void>, chunkItems = PACK_CHUNK_ITEMS): Promise<{ packed: PackedModelData; transfer: ArrayBuffer[] }> {
  const pieces = packModelDataInPieces(data, chunkItems);
  for (;;) {
    const next = pieces.next();
    if (next.done) return next.value;
    await turn();
  }
}

function* packModelDataInPieces(data: RunModelData, chunkItems: number): Generator<void, { packed: PackedModelData; transfer: ArrayBuffer[] }> {
  const arrays = listArrays(data.detail);
  const lists: Partial<Record<ListName, PackedList>> = {};
  for (const name of LIST_NAMES) lists[name] = yield* packListInPieces(arrays[name], chunkItems);
  const packed = lists as Record<ListName, PackedList>;
  return {
    packed: { shell: detailShell(data.detail), keys: listKeys(data.detail), packed, turnRows: data.turnRows, costs: data.costs },
    transfer: LIST_NAMES.map((name) => packed[name].bytes.buffer as ArrayBuffer),
  };
}

/** The model main reads: the posted lists unpacked on demand. */
export function unpackModelData(data: PackedModelData): ListedModelData {
  const list = <K extends ListName>(name: K) => unpackedList<ListItems[K]>(data.packed[name]);
  return {
    listed: {
      shell: data.shell,
      lists: { steps: list('steps'), rows: list('rows'), sessions: list('sessions'), modelTurns: list('modelTurns'), toolCalls: list('toolCalls'), keys: data.keys },
    },
    turnRows: data.turnRows,
    costs: data.costs,
  };
}
