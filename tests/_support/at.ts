/**
 * Element access for tests under `noUncheckedIndexedAccess`: `at(list, i)`
 * returns the element, or fails the test when the list has no index `i`
 * (where `list[i]!` would hide the missing element and `list[i]?.x` would
 * turn it into an `undefined` that some assertions accept).
 *
 * @module
 */
import assert from 'node:assert/strict';

/**
 * The element at `index` (negative counts from the end), asserted present.
 *
 * @param list The list (an array, a `calls` view, a typed array).
 * @param index Its position; `-1` is the last.
 * @returns The element.
 */
export function at<T>(list: ArrayLike<T>, index: number): T {
  const position = index < 0 ? list.length + index : index;
  assert.ok(
    Number.isInteger(position) && position >= 0 && position < list.length,
    `Expected an element at index ${index}, got a list of ${list.length}`,
  );
  return list[position] as T;
}
