/**
 * Thenable detection shared by the doubles: user callbacks (matchers,
 * responders) may return promises where a synchronous answer is required.
 *
 * @module
 */

/**
 * Whether `value` has a callable `then`, read without ever throwing (a
 * getter that throws or a revoked proxy counts as not thenable).
 *
 * @param value Any value a user callback returned.
 * @returns `true` for promises and other thenables.
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (
    (typeof value !== 'object' && typeof value !== 'function') ||
    value === null
  ) return false;
  try {
    return typeof (value as { then?: unknown }).then === 'function';
  } catch {
    return false;
  }
}

/**
 * Does nothing: the handler that marks a promise as observed, so its
 * rejection is never reported as unhandled.
 */
export function noop(): void {}
