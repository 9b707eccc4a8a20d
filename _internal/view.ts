/**
 * Read-only views of the append-only call lists the doubles keep.
 *
 * @module
 */
import { holdsBytes, withFreshBytes } from './snapshot.ts';

/** How far a list was looked through for bytes, and where they are. */
interface BytesIndex {
  checked: number;
  readonly at: number[];
}

const bytesIndexes = new WeakMap<readonly unknown[], BytesIndex>();

/**
 * Returns a frozen copy of `items`, reusing `cached` while it is still
 * current. The lists only ever grow, so a view is stale exactly when it is
 * shorter: recording a call needs no invalidation step.
 *
 * Records holding bytes (typed arrays, `ArrayBuffer`s, which cannot be
 * frozen) are the exception: each call returns a new view in which those
 * records carry fresh copies of their bytes ({@link withFreshBytes}), so a
 * reader's write never reaches the record. Every item is looked through
 * once, when first seen; records without bytes keep the cached view.
 *
 * @param items The live, append-only list.
 * @param cached The view returned last time, if any.
 * @returns A frozen view equal to `items` now.
 */
export function frozenView<T>(
  items: readonly T[],
  cached: readonly T[] | undefined,
): readonly T[] {
  let index = bytesIndexes.get(items);
  if (index === undefined) {
    index = { checked: 0, at: [] };
    bytesIndexes.set(items, index);
  }
  for (; index.checked < items.length; index.checked++) {
    if (holdsBytes(items[index.checked])) index.at.push(index.checked);
  }
  if (index.at.length === 0) {
    return cached !== undefined && cached.length === items.length
      ? cached
      : Object.freeze(items.slice());
  }
  const view = items.slice();
  for (const at of index.at) view[at] = withFreshBytes(items[at]);
  return Object.freeze(view);
}
