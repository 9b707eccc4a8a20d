/**
 * Rendering of values and names for the messages of every double. Nothing
 * here throws: a message is built while reporting a failure, and a hostile
 * value (a revoked proxy, a throwing getter) must not replace that report.
 *
 * One truncation rule: a string longer than {@link maxShown} characters is
 * cut there and ends in `…`, inside its quotes.
 *
 * @module
 */
import { isAsyncFunction } from './matcher.ts';
import { isPlainPrototype } from './snapshot.ts';

/** Longest string shown in full; longer ones are cut and end in `…`. */
export const maxShown = 40;
/** Longest name compared for a suggestion (bounds the edit distance). */
const maxCompared = 64;

const getProto = Object.getPrototypeOf;
const ownDescriptor = Object.getOwnPropertyDescriptor;

/**
 * Quotes a known string (a method name, a step type, a key) in double
 * quotes, as JSON writes it, in full.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { quote } from './format.ts';
 *
 * assert.equal(quote('execCommand'), '"execCommand"');
 * ```
 *
 * @param name The name to quote.
 * @returns The quoted name; a value that is not a string is described
 * instead ({@link describe}).
 */
export function quote(name: string): string {
  return typeof name === 'string' ? JSON.stringify(name) : describe(name);
}

/** Quotes `text`, cut at {@link maxShown} characters with `…`. */
function quoteCut(text: string): string {
  if (text.length <= maxShown) return JSON.stringify(text);
  let end = maxShown;
  // Never split a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return JSON.stringify(`${text.slice(0, end)}…`);
}

/**
 * Renders any value for a message, in one line, and never throws: strings
 * quoted (cut when long), numbers, booleans, `null` and `undefined` as
 * written, and the rest by kind: `a function`, `an async function`,
 * `a promise`, `an array of 2`, `an object`, `a class instance (Map)`,
 * `a symbol`, or `an unreadable value` when looking at it threw (a revoked
 * proxy, a throwing getter).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { describe } from './format.ts';
 *
 * assert.equal(describe('respnse'), '"respnse"');
 * assert.equal(describe([1, 2]), 'an array of 2');
 * assert.equal(describe(new Map()), 'a class instance (Map)');
 * assert.equal(describe(async () => {}), 'an async function');
 * ```
 *
 * @param value The value to render.
 * @returns The rendering.
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoteCut(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return isAsyncFunction(value) ? 'an async function' : 'a function';
    case 'object':
      return value === null ? 'null' : describeObject(value);
    default:
      return 'an unreadable value';
  }
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return `an array of ${value.length}`;
    const proto = getProto(value);
    if (proto === null || isPlainPrototype(proto)) {
      return isThenableObject(value) ? 'a promise' : 'an object';
    }
    if (isThenableObject(value)) return 'a promise';
    const name = className(proto);
    return name === undefined ? 'an object' : `a class instance (${name})`;
  } catch {
    return 'an unreadable value';
  }
}

function isThenableObject(value: object): boolean {
  return typeof (value as { then?: unknown }).then === 'function';
}

/** The name of the class whose prototype is `proto`, read without getters. */
function className(proto: object): string | undefined {
  const ctor = ownDescriptor(proto, 'constructor')?.value;
  if (typeof ctor !== 'function') return undefined;
  const name = ownDescriptor(ctor, 'name')?.value;
  return typeof name === 'string' && name !== ''
    ? name.length > maxShown ? `${name.slice(0, maxShown)}…` : name
    : undefined;
}

/**
 * Lists names, quoted (cut when long), at most `limit` of them and then
 * `and N more`; `none` for an empty list.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { listNames } from './format.ts';
 *
 * assert.equal(listNames(['a', 'b']), '"a", "b"');
 * assert.equal(listNames(['a', 'b', 'c', 'd'], 2), '"a", "b" and 2 more');
 * assert.equal(listNames([]), 'none');
 * ```
 *
 * @param names The names to list.
 * @param limit How many to show before `and N more`.
 * @returns The list as one string.
 */
export function listNames(names: readonly string[], limit = 5): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, Math.max(1, limit)).map(describe).join(', ');
  const more = names.length - Math.max(1, limit);
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/**
 * Names quoted and joined as a sentence lists choices: `"a"`, `"a" or
 * "b"`, `"a", "b" or "c"` (or `and`), all of them.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { either } from './format.ts';
 *
 * assert.equal(either(['a', 'b', 'c']), '"a", "b" or "c"');
 * assert.equal(either(['a', 'b'], 'and'), '"a" and "b"');
 * ```
 *
 * @param names The names.
 * @param conjunction The word before the last name.
 * @returns The list as one string.
 */
export function either(
  names: readonly string[],
  conjunction: 'or' | 'and' = 'or',
): string {
  const quoted = names.map(quote);
  const last = quoted.pop();
  if (last === undefined) return 'none';
  return quoted.length === 0
    ? last
    : `${quoted.join(', ')} ${conjunction} ${last}`;
}

/**
 * A count with its noun: `1 step`, `2 steps`, `0 steps`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { plural } from './format.ts';
 *
 * assert.equal(plural(1, 'step'), '1 step');
 * assert.equal(plural(3, 'pending expectation'), '3 pending expectations');
 * ```
 *
 * @param count How many.
 * @param noun The singular noun.
 * @returns The count with its noun.
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function normalized(name: string): string {
  return name.toLowerCase().replace(/[-_\s]/g, '');
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        substitution,
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The did-you-mean suggestion for a misspelled name: the candidate closest
 * to `name` by edit distance, compared case-insensitively and ignoring `-`,
 * `_` and spaces, if it is a likely typo (at most a third of the name's
 * length in edits, at least 1 and at most 3).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { closest } from './format.ts';
 *
 * assert.equal(closest('respnse', ['response', 'error']), 'response');
 * assert.equal(closest('call_id', ['callId', 'name']), 'callId');
 * assert.equal(closest('zzz', ['response', 'error']), undefined);
 * ```
 *
 * @param name What was written (anything but a string has no suggestion).
 * @param candidates The valid names.
 * @returns The suggestion, or `undefined` when nothing is close.
 */
export function closest<T extends string>(
  name: unknown,
  candidates: readonly T[],
): T | undefined {
  if (typeof name !== 'string' || name.length > maxCompared) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  const written = normalized(name);
  let best: T | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = distance(written, normalized(candidate));
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
