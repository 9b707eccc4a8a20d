/**
 * Read-only views of the append-only call lists the doubles keep.
 *
 * @module
 */

/**
 * Returns a frozen copy of `items`, reusing `cached` while it is still
 * current. The lists only ever grow, so a view is stale exactly when it is
 * shorter: recording a call needs no invalidation step.
 *
 * @param items The live, append-only list.
 * @param cached The view returned last time, if any.
 * @returns A frozen view equal to `items` now.
 */
export function frozenView<T>(
  items: readonly T[],
  cached: readonly T[] | undefined,
): readonly T[] {
  return cached !== undefined && cached.length === items.length
    ? cached
    : Object.freeze(items.slice());
}
