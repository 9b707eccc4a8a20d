/**
 * The one place the matcher semantics are written down. A matcher is the
 * user's synchronous check of a recorded call (the sandbox's `match`, the
 * realtime transport's `expectCall(method, matcher)`); both doubles run it
 * here and map the verdict to their own contract errors.
 *
 * What a matcher's answer means:
 * - it returns `false`: `rejected`. The call did not match; the double
 *   throws its matcher error (`SandboxCallMatcherError`,
 *   `RealtimeCallMatcherError`) with `matcherResult: 'false'`.
 * - it returns anything else that is not a thenable (`true`, `undefined`,
 *   a number...): `pass`.
 * - it returns a promise or other thenable: `promise`. The matcher is
 *   asynchronous, which is invalid input found late (a matcher runs inside
 *   the call and cannot be awaited); the double throws its invalid-input
 *   error with reason `invalid_matcher` and issue `async_matcher`, as it
 *   does for a native async function rejected where the matcher is written
 *   ({@link isAsyncFunction}). The promise is observed here, so its
 *   rejection never becomes an unhandled rejection.
 * - it throws: `threw`. An assertion failed inside the matcher. When the
 *   thrown value is an error ({@link isError}, any realm) the double
 *   rethrows it unchanged: the user's assertion message and diff are the
 *   best report. Any other thrown value (`undefined`, a string, a number, a
 *   plain object) is wrapped in the double's matcher error
 *   (`matcherResult: 'threw'`, `cause` the thrown value), so a failure
 *   always has a message.
 *
 * Whatever the double throws for a verdict other than `pass` is remembered
 * as drift, for `assertComplete()`.
 *
 * @module
 */

/** What running a matcher found; see the module documentation. */
export type MatcherVerdict =
  | { readonly kind: 'pass' }
  | { readonly kind: 'rejected' }
  | { readonly kind: 'promise' }
  | { readonly kind: 'threw'; readonly error: unknown };

const pass: MatcherVerdict = Object.freeze({ kind: 'pass' });
const rejected: MatcherVerdict = Object.freeze({ kind: 'rejected' });
const promise: MatcherVerdict = Object.freeze({ kind: 'promise' });

/**
 * Runs `matcher` with `args` and returns its verdict as data. Never throws:
 * a thrown value is the `threw` verdict, a returned promise is observed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { runMatcher } from './matcher.ts';
 *
 * assert.deepEqual(runMatcher((n: number) => n > 1, [2]), { kind: 'pass' });
 * assert.deepEqual(runMatcher(() => false, []), { kind: 'rejected' });
 * assert.deepEqual(runMatcher(() => Promise.resolve(true), []), {
 *   kind: 'promise',
 * });
 * assert.deepEqual(
 *   runMatcher(() => {
 *     throw undefined;
 *   }, []),
 *   { kind: 'threw', error: undefined },
 * );
 * ```
 *
 * @param matcher The user's matcher.
 * @param args What to call it with.
 * @returns The verdict.
 */
export function runMatcher<A extends readonly unknown[]>(
  matcher: (...args: A) => unknown,
  args: A,
): MatcherVerdict {
  let result: unknown;
  try {
    result = matcher(...args);
  } catch (error) {
    return { kind: 'threw', error };
  }
  if (result === false) return rejected;
  if (!isThenable(result)) return pass;
  try {
    Promise.resolve(result).then(noop, noop);
  } catch {
    // A `then` getter that throws the second time it is read: nothing to
    // observe.
  }
  return promise;
}

/**
 * Whether a thrown value is an error, of any realm: an `Error` instance of
 * this realm, or an object whose built-in tag is `Error` (an error of a
 * `node:vm` context, a `DOMException`). Never throws.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { isError } from './matcher.ts';
 *
 * assert.equal(isError(new TypeError('x')), true);
 * assert.equal(isError('x'), false);
 * assert.equal(isError({ message: 'x' }), false);
 * ```
 *
 * @param value What a matcher threw.
 * @returns `true` when the double rethrows it unchanged.
 */
export function isError(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return value instanceof Error ||
      Object.prototype.toString.call(value) === '[object Error]';
  } catch {
    return false;
  }
}

/**
 * Whether `fn` is a native async function or async generator function (of
 * any realm), found without calling it: such a matcher could only ever
 * answer with a promise, so the doubles reject it where it is written.
 * Never throws (a hostile proxy counts as not async, and is judged by its
 * answers when called).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { isAsyncFunction } from './matcher.ts';
 *
 * assert.equal(isAsyncFunction(async () => true), true);
 * assert.equal(isAsyncFunction(async function* () {}), true);
 * assert.equal(isAsyncFunction(() => Promise.resolve(true)), false);
 * ```
 *
 * @param fn Any value.
 * @returns `true` for a native async (generator) function.
 */
export function isAsyncFunction(fn: unknown): boolean {
  if (typeof fn !== 'function') return false;
  try {
    const tag = Object.prototype.toString.call(fn);
    return tag === '[object AsyncFunction]' ||
      tag === '[object AsyncGeneratorFunction]';
  } catch {
    return false;
  }
}

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
