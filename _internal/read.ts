/**
 * The one input reader of every double and add-on. A step, an option bag,
 * a spec or a fixture given by the user may be hostile: a getter that
 * throws, a proxy (revoked, or with traps that throw or answer differently
 * each time), a sparse array of 2^32 - 1. The readers here read each value
 * once, check it, and report a problem as one {@link Issue} record:
 *
 * - `invalid_type`: the wrong kind of value (`42` for a string);
 * - `missing`: a required value is `undefined`;
 * - `invalid_value`: the right kind, an unusable value (`''`, `-1`, an
 *   array too long, a name not among the choices);
 * - `unknown_key`: an object key the input does not have, usually a typo
 *   (with a did-you-mean `suggestion`);
 * - `unreadable`: reading threw (`cause` holds what it threw).
 *
 * Readers throw an {@link InputIssue}; each double turns it into its own
 * public error class at its boundary ({@link boundary}), so the same
 * problem reads the same everywhere (`invalidInputMessage` builds the
 * messages) while each error keeps its contract fields. Paths are written
 * as a user would: `steps[0].respond`, `options.callId` ({@link at}).
 *
 * @module
 */
import { closest, either, listNames } from './format.ts';
import {
  at,
  type Check,
  guard,
  InputIssue,
  type IssueCode,
  reject,
  unreadable,
} from './issue.ts';
import { isAsyncFunction } from './matcher.ts';

export {
  at,
  boundary,
  type Check,
  guard,
  InputIssue,
  type Issue,
  type IssueCode,
  reject,
  type Rejection,
  thrown,
  unreadable,
} from './issue.ts';

/** A check's result: `undefined` too when the check was `optional`. */
export type Read<T, O> = O extends { readonly optional: true } ? T | undefined
  : T;

// The rejection of a check: its `expected` unless the check says.
function fail(
  code: IssueCode,
  path: string,
  value: unknown,
  expected: string,
  check?: Check,
): InputIssue {
  return reject(code, path, value, {
    ...check,
    expected: check?.expected ?? expected,
  });
}

// Checks `value` (absent: `undefined` when optional, else `missing`; then
// `kind`, else `invalid_type`; then `valid`, else `invalid_value`).
function checked<T>(
  value: unknown,
  path: string,
  check: Check | undefined,
  rule: { expected: string; kind: boolean | (() => boolean); valid?: boolean },
): T {
  if (value === undefined) {
    if (check?.optional) return undefined as T;
    throw fail('missing', path, value, rule.expected, check);
  }
  const kind = typeof rule.kind === 'function' ? rule.kind() : rule.kind;
  if (!kind) throw fail('invalid_type', path, value, rule.expected, check);
  if (rule.valid === false) {
    throw fail('invalid_value', path, value, rule.expected, check);
  }
  return value as T;
}

/** Options of {@link string}. */
export interface StringCheck extends Check {
  /** Whether `''` is rejected. */
  readonly nonEmpty?: boolean | undefined;
}

/**
 * Checks a string.
 *
 * @param value The value.
 * @param path Where it is.
 * @param check `nonEmpty`, and the common options.
 * @returns The string.
 * @throws {InputIssue} `missing`, `invalid_type`, or `invalid_value` (`''`).
 */
export function string<O extends StringCheck = StringCheck>(
  value: unknown,
  path: string,
  check?: O,
): Read<string, O> {
  return checked(value, path, check, {
    expected: check?.nonEmpty ? 'a non-empty string' : 'a string',
    kind: typeof value === 'string',
    valid: !check?.nonEmpty || value !== '',
  });
}

/** Options of {@link number}. */
export interface NumberCheck extends Check {
  /** Whether only integers pass. */
  readonly integer?: boolean | undefined;
  /** The smallest value allowed. */
  readonly min?: number | undefined;
  /** The largest value allowed. */
  readonly max?: number | undefined;
}

/**
 * Checks a finite number (`NaN` and the infinities never pass).
 *
 * @param value The value.
 * @param path Where it is.
 * @param check `integer`, `min`, `max`, and the common options.
 * @returns The number.
 * @throws {InputIssue} `missing`, `invalid_type`, or `invalid_value`.
 */
export function number<O extends NumberCheck = NumberCheck>(
  value: unknown,
  path: string,
  check?: O,
): Read<number, O> {
  const { min = -Infinity, max = Infinity } = check ?? {};
  const n = value as number;
  return checked(value, path, check, {
    expected: (check?.integer ? 'an integer' : 'a finite number') +
      (min === -Infinity ? '' : ` >= ${min}`) +
      (max === Infinity ? '' : ` <= ${max}`),
    kind: typeof value === 'number',
    valid: Number.isFinite(n) && n >= min && n <= max &&
      (!check?.integer || Number.isInteger(n)),
  });
}

/**
 * Checks a boolean.
 *
 * @param value The value.
 * @param path Where it is.
 * @param check The common options.
 * @returns The boolean.
 * @throws {InputIssue} `missing` or `invalid_type`.
 */
export function boolean<O extends Check = Check>(
  value: unknown,
  path: string,
  check?: O,
): Read<boolean, O> {
  return checked(value, path, check, {
    expected: 'a boolean',
    kind: typeof value === 'boolean',
  });
}

/** Options of {@link func}. */
export interface FunctionCheck extends Check {
  /** Whether a native async function is rejected (it can only answer late). */
  readonly sync?: boolean | undefined;
}

/** Any function. */
export type AnyFunction = (...args: never[]) => unknown;

/**
 * Checks a function.
 *
 * @param value The value.
 * @param path Where it is.
 * @param check `sync`, and the common options.
 * @returns The function.
 * @throws {InputIssue} `missing`, `invalid_type`, or `invalid_value` (an
 * async function, when `sync`).
 */
export function func<O extends FunctionCheck = FunctionCheck>(
  value: unknown,
  path: string,
  check?: O,
): Read<AnyFunction, O> {
  return checked(value, path, check, {
    expected: check?.sync ? 'a synchronous function' : 'a function',
    kind: typeof value === 'function',
    valid: !check?.sync || !isAsyncFunction(value),
  });
}

/**
 * Checks one of a few literal choices; a misspelt string gets the closest
 * choice as `suggestion`.
 *
 * @param value The value.
 * @param path Where it is.
 * @param choices The values allowed.
 * @param check The common options.
 * @returns The choice.
 * @throws {InputIssue} `missing`, `invalid_type` (not a string), or
 * `invalid_value` (a string not among the choices).
 */
export function oneOf<const T extends string, O extends Check = Check>(
  value: unknown,
  path: string,
  choices: readonly T[],
  check?: O,
): Read<T, O> {
  const expected = `one of ${either(choices)}`;
  // `includes` compares by identity: only the strings themselves pass.
  if (value === undefined || choices.includes(value as T)) {
    return checked(value, path, check, { expected, kind: true });
  }
  throw reject(
    typeof value === 'string' ? 'invalid_value' : 'invalid_type',
    path,
    value,
    {
      ...check,
      expected: check?.expected ?? expected,
      suggestion: closest(value, choices),
    },
  );
}

/**
 * Checks an object that is not an array (nothing of it is read).
 *
 * @param value The value.
 * @param path Where it is.
 * @param check The common options.
 * @returns The object.
 * @throws {InputIssue} `missing`, `invalid_type`, or `unreadable` (a
 * revoked proxy).
 */
export function object<O extends Check = Check>(
  value: unknown,
  path: string,
  check?: O,
): Read<object, O> {
  return checked(value, path, check, {
    expected: 'an object',
    kind: () =>
      typeof value === 'object' && value !== null &&
      !isArray(value, path, check),
  });
}

/** Whether a value is an array; a revoked proxy is `unreadable`. */
function isArray(value: unknown, path: string, check?: Check): boolean {
  return guard(path, () => Array.isArray(value), check);
}

/** The longest list a reader copies by default (2^20). */
export const maxItems: number = 2 ** 20;

/** Options of {@link array} and {@link items}. */
export interface ArrayCheck extends Check {
  /** The most elements allowed ({@link maxItems} unless given). */
  readonly max?: number | undefined;
  /** Whether an empty list is rejected. */
  readonly nonEmpty?: boolean | undefined;
}

// Rejects a list length outside the bounds (`max` before anything is read:
// walking a sparse 2^32 - 1 would never end).
function checkLength(
  length: number,
  value: unknown,
  path: string,
  check?: ArrayCheck,
): void {
  const max = check?.max ?? maxItems;
  if (length > max) {
    throw fail('invalid_value', path, value, `a list of at most ${max}`, check);
  }
  if (check?.nonEmpty && length === 0) {
    throw fail('invalid_value', path, value, 'a non-empty list', check);
  }
}

/**
 * Checks an array and copies its elements, each read once by index (a
 * hostile `length` or element getter is `unreadable` at its path).
 *
 * @param value The value.
 * @param path Where it is.
 * @param check `max`, `nonEmpty`, and the common options.
 * @returns A plain copy of the elements.
 * @throws {InputIssue} `missing`, `invalid_type`, `invalid_value` (too
 * long, or empty when `nonEmpty`), or `unreadable`.
 */
export function array<O extends ArrayCheck = ArrayCheck>(
  value: unknown,
  path: string,
  check?: O,
): Read<unknown[], O> {
  const source = checked<unknown[] | undefined>(value, path, check, {
    expected: 'an array',
    kind: () => isArray(value, path, check),
  });
  if (source === undefined) return undefined as Read<unknown[], O>;
  const length = guard(path, () => source.length, check);
  checkLength(length, value, path, check);
  return Array.from(
    { length },
    (_, i) => guard(at(path, i), () => source[i], check),
  );
}

/**
 * Reads the elements of any iterable (an array by index, anything else,
 * a string too, by iterating it) and hands each to `visit` as it is read,
 * so the first bad element ends the reading; when `visit` throws, an
 * iterator is closed (a generator's `finally` runs).
 *
 * @param value The value.
 * @param path Where it is.
 * @param visit Called with each element and its zero-based position.
 * @param check `max`, `nonEmpty`, and the common options.
 * @throws {InputIssue} `invalid_type` (not iterable), `invalid_value` (more
 * than `max` elements, or none when `nonEmpty`), `unreadable` (iterating
 * threw, at `path[i]`), or what `visit` throws.
 */
export function items(
  value: unknown,
  path: string,
  visit: (item: unknown, index: number) => void,
  check?: ArrayCheck,
): void {
  if (isArray(value, path, check)) {
    // Read by index as visited: a bad element ends the reading there.
    const list = value as unknown[];
    const length = guard(path, () => list.length, check);
    checkLength(length, value, path, check);
    for (let i = 0; i < length; i++) {
      visit(guard(at(path, i), () => list[i], check), i);
    }
    return;
  }
  const open = guard(path, () => Object(value)[Symbol.iterator], check);
  if (typeof open !== 'function') {
    const expected = 'an iterable (an array, a Set, a generator)';
    throw fail('invalid_type', path, value, expected, check);
  }
  let i = 0;
  let opened = false;
  let visiting = false;
  const iterable = {
    [Symbol.iterator]: () => {
      const iterator = open.call(value);
      opened = true;
      return iterator;
    },
  };
  try {
    // `for...of` closes the iterator when the body throws.
    for (const item of iterable) {
      checkLength(i + 1, value, path, check);
      visiting = true;
      visit(item, i++);
      visiting = false;
    }
  } catch (error) {
    if (visiting || error instanceof InputIssue) throw error;
    throw unreadable(opened ? at(path, i) : path, error, check);
  }
  checkLength(i, value, path, check);
}

/** The fields {@link fields} read, and the object's own keys. */
export interface Fields<K extends string> {
  /**
   * The named fields the object has (own or inherited, as `key in value`
   * says), in a null-prototype record: a key the object lacks is absent,
   * so `key in fields` tells a missing field from one set to `undefined`.
   */
  readonly fields: { readonly [P in K]?: unknown };
  /** The object's own enumerable string keys, in order. */
  readonly keys: readonly string[];
}

/** Options of {@link fields}. */
export interface FieldsCheck extends Check {
  /** Whether own keys other than the named ones are rejected (default). */
  readonly unknownKeys?: 'reject' | 'allow' | undefined;
}

/**
 * Checks an object and reads each named field once (`key in value`, then
 * the read, present or not: a proxy's throwing `get` trap is a problem, not
 * an empty field). Unless `unknownKeys` is `'allow'`, an own enumerable key
 * that is not named is rejected, the closest named key as `suggestion`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { boundary, fields, type Issue } from './read.ts';
 *
 * const read = fields({ name: 'a' }, 'step', ['name', 'args']);
 * assert.equal(read.fields.name, 'a');
 * assert.equal('args' in read.fields, false);
 * assert.throws(
 *   () =>
 *     boundary(
 *       (issue: Issue) => new Error(`${issue.path}: ${issue.suggestion}`),
 *       () => fields({ nme: 'a' }, 'step', ['name']),
 *     ),
 *   { message: 'step.nme: name' },
 * );
 * ```
 *
 * @param value The value.
 * @param path Where it is.
 * @param names The fields to read.
 * @param check `unknownKeys`, and the common options (`optional` makes an
 * `undefined` value read as no fields).
 * @returns The fields and the own keys.
 * @throws {InputIssue} `missing`, `invalid_type`, `unknown_key`, or
 * `unreadable` (at the key whose read threw).
 */
export function fields<const K extends string>(
  value: unknown,
  path: string,
  names: readonly K[],
  check?: FieldsCheck,
): Fields<K> {
  if (object(value, path, check) === undefined) {
    return { fields: Object.create(null), keys: [] };
  }
  const read = readFields(value as object, names);
  if (!read.ok) {
    const where = read.key === undefined ? path : at(path, read.key);
    throw unreadable(where, read.cause, check);
  }
  const unknown = read.keys.filter((key) => !names.includes(key as K));
  if (unknown.length > 0 && check?.unknownKeys !== 'allow') {
    const where = at(path, unknown[0]!);
    throw reject('unknown_key', where, value, {
      label: check?.label,
      expected: `only ${either(names, 'and')}`,
      received: listNames(unknown),
      suggestion: unknown.map((key) => closest(key, names)).find(Boolean),
    });
  }
  return read;
}

/** What {@link readFields} read, or why it could not. */
export type ReadResult<K extends string> =
  | ({ readonly ok: true } & Fields<K>)
  | {
    readonly ok: false;
    /**
     * The key whose reading threw; `undefined` when listing the keys threw
     * (a revoked proxy, an `ownKeys` trap).
     */
    readonly key: string | undefined;
    /** What the read threw. */
    readonly cause: unknown;
  };

/**
 * The primitive under {@link fields}: reads the own enumerable string keys
 * of `value`, then each named field once. Never throws: a read that throws
 * becomes `{ ok: false }` with the thrown value as `cause`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { readFields } from './read.ts';
 *
 * const read = readFields({ type: 'response', respnse: [] }, ['type', 'response']);
 * assert.ok(read.ok);
 * assert.equal(read.fields.type, 'response');
 * assert.equal('response' in read.fields, false);
 * assert.deepEqual(read.keys, ['type', 'respnse']);
 *
 * const { proxy, revoke } = Proxy.revocable({}, {});
 * revoke();
 * assert.equal(readFields(proxy, ['type']).ok, false);
 * ```
 *
 * @param value The user's object.
 * @param names The fields to read.
 * @returns The fields and keys read, or the failure.
 */
export function readFields<K extends string>(
  value: object,
  names: readonly K[],
): ReadResult<K> {
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (cause) {
    return { ok: false, key: undefined, cause };
  }
  const fields: { [P in K]?: unknown } = Object.create(null);
  for (const name of names) {
    try {
      // Read even when absent: a proxy's throwing `get` trap is a failure,
      // not an empty object.
      const present = name in value;
      const field = (value as Record<K, unknown>)[name];
      if (present) fields[name] = field;
    } catch (cause) {
      return { ok: false, key: name, cause };
    }
  }
  return { ok: true, fields, keys };
}
