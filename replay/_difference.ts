/**
 * The first difference of a recorded and an actual value, with both values
 * there: the shared walk (`_internal/diff.ts`), under a path prefix.
 *
 * @module
 */
import { firstDifference, valueAt } from '../_internal/diff.ts';
import type { Json } from '../_internal/encode.ts';

/** One difference between a recorded and an actual value. */
export interface Difference {
  /** Where, like `input[3].content[0].text` (`''` for the root). */
  readonly path: string;
  /** The recorded value there (`undefined` when absent). */
  readonly recorded: unknown;
  /** The actual value there (`undefined` when absent). */
  readonly actual: unknown;
}

/**
 * The first difference of two encoded values, its path under `prefix`.
 *
 * @param recorded The recorded value.
 * @param actual The actual value.
 * @param prefix The path of both (`''` for the root).
 * @returns The difference, or `undefined` when they are equal.
 */
export function difference(
  recorded: Json | undefined,
  actual: Json | undefined,
  prefix: string,
): Difference | undefined {
  const path = firstDifference(recorded, actual);
  if (path === undefined) return undefined;
  const joined = path === '' || prefix === '' || path.startsWith('[')
    ? `${prefix}${path}`
    : `${prefix}.${path}`;
  return {
    path: joined,
    recorded: jsonAt(recorded, path),
    actual: jsonAt(actual, path),
  };
}

/** The JSON value at `path`: an inherited member (`toString`) is absent. */
function jsonAt(value: Json | undefined, path: string): unknown {
  const found = valueAt(value, path);
  return typeof found === 'function' || found === Object.prototype
    ? undefined
    : found;
}
