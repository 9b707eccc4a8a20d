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
import { closest, describe, either, listNames, quote } from './format.ts';
import { isAsyncFunction } from './matcher.ts';

/** What kind of problem a reader found; see the module documentation. */
export type IssueCode =
  | 'invalid_type'
  | 'missing'
  | 'invalid_value'
  | 'unknown_key'
  | 'unreadable';

/** One problem with a user's input, as a reader reports it. */
export interface Issue {
  /** What kind of problem. */
  readonly code: IssueCode;
  /** Where: `steps[0].respond`, `options.callId`; `''` for the input itself. */
  readonly path: string;
  /**
   * What the value must be, said after "to be": `a non-empty string`, `one
   * of "a" or "b"`; for `unknown_key`, the keys allowed (`only "a" and
   * "b"`); for `unreadable`, `readable`.
   */
  readonly expected: string;
  /**
   * What was found, rendered ({@link describe}); the unknown keys for
   * `unknown_key` ({@link listNames}); what the read threw for `unreadable`
   * (`the error "boom"`).
   */
  readonly received: string;
  /** The closest valid name, when a name or key looks misspelt. */
  readonly suggestion: string | undefined;
  /** What the read threw (`unreadable`); `undefined` otherwise. */
  readonly cause: unknown;
  /** The `label` the check was given, for a double with finer codes. */
  readonly label: string | undefined;
}

/**
 * The problem a reader found, thrown to the nearest {@link boundary}. It
 * is an `Error` only so that one escaping by mistake still explains itself.
 */
export class InputIssue extends Error {
  /** The problem. */
  readonly issue: Issue;

  /**
   * Creates an `InputIssue`.
   * @param issue The problem.
   */
  constructor(issue: Issue) {
    const where = issue.path === '' ? '' : `${quote(issue.path)} to be `;
    super(
      `Invalid input: expected ${where}${issue.expected}, got ${issue.received}`,
    );
    this.name = 'InputIssue';
    this.issue = issue;
  }
}

/**
 * Runs `body`, turning an {@link InputIssue} it throws into the double's
 * own error (`toError`); anything else passes through unchanged.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { boundary, string } from './read.ts';
 *
 * assert.throws(
 *   () => boundary((issue) => new RangeError(issue.path), () => string(1, 'name')),
 *   { name: 'RangeError', message: 'name' },
 * );
 * ```
 *
 * @param toError Builds the double's error from the issue.
 * @param body The reading.
 * @returns What `body` returns.
 * @throws What `toError` returns, or what `body` throws otherwise.
 */
export function boundary<T>(
  toError: (issue: Issue) => unknown,
  body: () => T,
): T {
  try {
    return body();
  } catch (error) {
    throw error instanceof InputIssue ? toError(error.issue) : error;
  }
}

/**
 * A path one step down: `at('steps', 0)` is `steps[0]`, `at('options',
 * 'callId')` is `options.callId`, `at('', 'a-b')` is `["a-b"]`.
 *
 * @param path The path so far (`''` for the input itself).
 * @param key The key or index.
 * @returns The longer path.
 */
export function at(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  if (!/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}[${quote(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** What every check accepts. */
export interface Check {
  /** Whether `undefined` is accepted (and returned as is). */
  readonly optional?: boolean;
  /** What the value must be, in the issue, instead of the reader's words. */
  readonly expected?: string;
  /** Passed on as the issue's `label`. */
  readonly label?: string;
}

/** A check's result: `undefined` too when the check was `optional`. */
export type Read<T, O> = O extends { readonly optional: true } ? T | undefined
  : T;

/** What was found, when it is not the value rendered. */
interface Found {
  readonly received?: string;
  readonly suggestion?: string | undefined;
  readonly cause?: unknown;
}

// The issue of one check; `expected` is the check's own unless it says.
function fail(
  code: IssueCode,
  at: {
    readonly path: string;
    readonly value: unknown;
    readonly check?: Check | undefined;
  },
  expected: string,
  found: Found = {},
): InputIssue {
  const own = code === 'unknown_key' || code === 'unreadable';
  return new InputIssue({
    code,
    path: at.path,
    expected: own ? expected : at.check?.expected ?? expected,
    received: found.received ?? describe(at.value),
    suggestion: found.suggestion,
    cause: found.cause,
    label: at.check?.label,
  });
}

/** What a throw is, for `received`; never throws itself. */
function thrown(cause: unknown): string {
  try {
    if (cause instanceof Error) return `the error ${describe(cause.message)}`;
  } catch {
    // A hostile error: described by kind below.
  }
  return `the thrown value ${describe(cause)}`;
}

/**
 * The issue of a read that threw at `path`.
 *
 * @param path Where the read was.
 * @param cause What it threw.
 * @param check The check, for its label.
 * @returns The issue, to throw.
 */
export function unreadable(
  path: string,
  cause: unknown,
  check?: Check,
): InputIssue {
  return fail('unreadable', { path, value: undefined, check }, 'readable', {
    received: thrown(cause),
    cause,
  });
}

/**
 * Runs a read of user values (a getter, `JSON.stringify`, an iterator),
 * turning what it throws into an `unreadable` issue at `path`.
 *
 * @param path Where the read is.
 * @param read The read.
 * @param check The check, for its label.
 * @returns What `read` returns.
 * @throws {InputIssue} `unreadable`, or the issue `read` threw.
 */
export function guard<T>(path: string, read: () => T, check?: Check): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof InputIssue ? error : unreadable(path, error, check);
  }
}

// Checks `value` (absent: `undefined` when optional, else `missing`; then
// `kind`, else `invalid_type`; then `valid`, else `invalid_value`).
function checked<T>(
  value: unknown,
  path: string,
  check: Check | undefined,
  rule: { expected: string; kind: boolean | (() => boolean); valid?: boolean },
): T {
  const where = { path, value, check };
  if (value === undefined) {
    if (check?.optional) return undefined as T;
    throw fail('missing', where, rule.expected);
  }
  const kind = typeof rule.kind === 'function' ? rule.kind() : rule.kind;
  if (!kind) throw fail('invalid_type', where, rule.expected);
  if (rule.valid === false) throw fail('invalid_value', where, rule.expected);
  return value as T;
}

/** Options of {@link string}. */
export interface StringCheck extends Check {
  /** Whether `''` is rejected. */
  readonly nonEmpty?: boolean;
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
  readonly integer?: boolean;
  /** The smallest value allowed. */
  readonly min?: number;
  /** The largest value allowed. */
  readonly max?: number;
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
  readonly sync?: boolean;
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
  // `includes` compares by identity: only the strings themselves pass.
  if (value === undefined || choices.includes(value as T)) {
    return checked(value, path, check, { expected: '', kind: true });
  }
  throw fail(
    typeof value === 'string' ? 'invalid_value' : 'invalid_type',
    { path, value, check },
    `one of ${either(choices)}`,
    { suggestion: closest(value, choices) },
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
  readonly max?: number;
  /** Whether an empty list is rejected. */
  readonly nonEmpty?: boolean;
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
  const where = { path, value, check };
  if (length > max) {
    throw fail('invalid_value', where, `a list of at most ${max}`);
  }
  if (check?.nonEmpty && length === 0) {
    throw fail('invalid_value', where, 'a non-empty list');
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
 * a string too, by iterating it) and hands each to `visit` as it is read;
 * when `visit` throws, the iterator is closed (a generator's `finally`
 * runs).
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
    return array(value, path, check).forEach(visit);
  }
  const open = guard(
    path,
    () =>
      typeof value === 'string' || typeof value === 'function' ||
        typeof value === 'object' && value !== null
        ? (value as { [Symbol.iterator]?: unknown })[Symbol.iterator]
        : undefined,
    check,
  );
  if (typeof open !== 'function') {
    throw fail(
      'invalid_type',
      { path, value, check },
      'an iterable (an array, a Set, a generator)',
    );
  }
  const iterator: Iterator<unknown> = guard(path, () => open.call(value));
  for (let i = 0;; i++) {
    const next = guard(at(path, i), () => {
      const result = iterator.next();
      if (Object(result) !== result) {
        throw new TypeError(
          `Iterator result ${describe(result)} is not an object`,
        );
      }
      return result.done ? undefined : { item: result.value };
    }, check);
    if (next === undefined) return checkLength(i, value, path, check);
    try {
      checkLength(i + 1, value, path, { ...check, nonEmpty: false });
      visit(next.item, i);
    } catch (error) {
      try {
        iterator.return?.();
      } catch {
        // The element's own problem is the one to report.
      }
      throw error;
    }
  }
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
  readonly unknownKeys?: 'reject' | 'allow';
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
    const where = { path: at(path, unknown[0]!), value, check };
    throw fail('unknown_key', where, `only ${either(names, 'and')}`, {
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
