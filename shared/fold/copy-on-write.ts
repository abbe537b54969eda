/**
 * Copy-on-write for a fold's state, so a snapshot of a 200,000-event run's fold is taken and
 * resumed in O(1) instead of cloning or deserialising half a million objects (time travel
 * keeps one every few thousand events and resumes one per move).
 *
 * A fold's holders (its state root and its trackers) carry a scope under the non-enumerable
 * `COW` key (so JSON, structured clones, v8.serialize and spreads never see it). The scope says
 * which objects the fold may change in place: all of them (no scope: a fold never frozen, the
 * CLI's and the live tail's, pays nothing), or only those it made or copied since it was forked
 * from a snapshot. Before changing an object it does not own, a fold copies it and puts the copy
 * where the original was, owning the container first in the same way; the snapshot keeps the
 * originals untouched. Items (a turn, a step) are owned whole: copying one copies its nested
 * arrays and the objects in them that are changed later, so owning an item owns those too.
 */

import { OverlayMap } from './overlay-map';

/** Where a holder keeps its scope. */
export const COW: unique symbol = Symbol('copy-on-write scope');

/** An object that may carry a scope. */
export type CowHolder = { [COW]?: CowScope };

/** The objects a forked fold may change in place. */
export class CowScope {
  private readonly mine = new WeakSet<object>();

  /** `value` when this scope owns it, else a copy (made by `copy`) that it owns from now on. */
  own<T extends object>(value: T, copy: (value: T) => T): T {
    if (this.mine.has(value)) return value;
    const copied = copy(value);
    this.mine.add(copied);
    return copied;
  }

  /** Note `value`, just made by this fork, as its own. */
  made<T extends object>(value: T): T {
    this.mine.add(value);
    return value;
  }
}

/** Give `holder` the scope `scope` (non-enumerable: invisible to JSON, clones and spreads). */
export function setScope<T extends object>(holder: T, scope: CowScope): T {
  Object.defineProperty(holder, COW, { value: scope, enumerable: false, writable: true, configurable: true });
  return holder;
}

/**
 * `value` if `holder` owns it, else its copy (noted as owned). Without a scope, `value` itself:
 * the common path costs one property read.
 */
export function owned<T extends object>(holder: object, value: T, copy: (value: T) => T): T {
  const scope = (holder as CowHolder)[COW];
  return scope === undefined ? value : scope.own(value, copy);
}

/** Note `value`, just made by `holder`'s fold, as owned by it. */
export function made<T extends object>(holder: object, value: T): T {
  (holder as CowHolder)[COW]?.made(value);
  return value;
}

/**
 * A holder of the class of `prototype` over a snapshot's `fields` (a shallow copy of a holder),
 * changing them only by copying first: a fork of the snapshot.
 */
export function forkHolder<T extends object>(prototype: object | null, fields: T, scope: CowScope): T {
  return setScope(Object.assign(Object.create(prototype) as T, fields), scope);
}

/**
 * A snapshot's copy of `holder`'s fields: shallow (containers and items shared). An overlay is
 * kept while its changes are few next to its base (snapshots taken one after another then share
 * that base), else flattened into a plain Map, the base of the overlays after it: a fork of a
 * snapshot reads through one overlay at most.
 */
export function frozenFields<T extends object>(holder: T): T {
  const fields = { ...holder } as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value instanceof OverlayMap && value.drifted) fields[key] = value.flatten();
  }
  return fields as T;
}

/** `holder`'s fields as plain data: shallow, every overlay flattened (what a serialiser must see). */
export function plainFields<T extends object>(holder: T): T {
  const fields = { ...holder } as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    if (value instanceof OverlayMap) fields[key] = value.flatten();
  }
  return fields as T;
}

/** A shallow copy of an array. */
export const copyArray = <T>(items: T[]): T[] => items.slice();

/**
 * A map to change in place of `map` (a snapshot's): an overlay over it (overlay-map.ts), copying
 * nothing up front; over a snapshot's overlay, that overlay's changes over the same base.
 */
export function copyMap<K, V>(map: Map<K, V>): Map<K, V> {
  if (!(map instanceof OverlayMap)) return new OverlayMap(map);
  const overlay = map as OverlayMap<K, V>;
  return overlay.drifted ? new OverlayMap(overlay.flatten()) : overlay.rebased();
}
