/**
 * Hostile-safe reading of plain-data specs (turns, faults, clock input):
 * every read that can run user code (getters, proxy traps) is guarded, and
 * every defect becomes an `InvalidRealtimeSpecError` naming its path.
 *
 * @module
 */
import { closest, describe } from '../../_internal/format.ts';
import {
  InvalidRealtimeSpecError,
  type InvalidRealtimeSpecReason,
} from './errors.ts';

/** A plain record whose keys were checked against a known list. */
export type SpecRecord = Readonly<Record<string, unknown>>;

/**
 * Builds the error for one defect.
 *
 * @param operation The builder or method.
 * @param reason Why.
 * @param path Where.
 * @param issue What the value must be.
 * @param value What was given.
 * @param suggestion The closest valid name, when a name looks misspelt.
 * @returns The error (to throw).
 */
export function specError(
  operation: string,
  reason: InvalidRealtimeSpecReason,
  path: string,
  issue: string,
  value: unknown,
  suggestion?: string | undefined,
): InvalidRealtimeSpecError {
  return new InvalidRealtimeSpecError({
    operation,
    reason,
    path,
    issue,
    // `describe` never throws: a getter or trap that throws reads as
    // `an unreadable value`.
    received: describe(value),
    suggestion,
  });
}

/**
 * Builds the error for a defect whose value cannot be shown (a read that
 * throws, a disposed clock): `received` is prose, never quoted.
 *
 * @param operation The builder or method.
 * @param reason Why.
 * @param path Where.
 * @param issue What the value must be.
 * @param received What was found, in words.
 * @returns The error (to throw).
 */
export function specErrorText(
  operation: string,
  reason: InvalidRealtimeSpecReason,
  path: string,
  issue: string,
  received: string,
): InvalidRealtimeSpecError {
  return new InvalidRealtimeSpecError({
    operation,
    reason,
    path,
    issue,
    received,
    suggestion: undefined,
  });
}

/**
 * Reads a spec object: copies its own enumerable data once, rejecting
 * non-objects, unknown keys and reads that throw.
 *
 * @param operation The builder or method.
 * @param path Where the object is.
 * @param value The given value.
 * @param keys The keys the spec may have.
 * @returns A null-prototype copy holding only the known keys.
 * @throws {InvalidRealtimeSpecError} For anything malformed.
 */
export function readRecord(
  operation: string,
  path: string,
  value: unknown,
  keys: readonly string[],
): SpecRecord {
  let plain: boolean;
  try {
    plain = typeof value === 'object' && value !== null &&
      !Array.isArray(value);
  } catch {
    throw specError(operation, 'unreadable', path, 'an object', value);
  }
  if (!plain) {
    throw specError(operation, 'invalid_type', path, 'an object', value);
  }
  const out: Record<string, unknown> = Object.create(null);
  let own: PropertyKey[];
  try {
    own = Reflect.ownKeys(value as object);
  } catch {
    throw specError(operation, 'unreadable', path, 'an object', value);
  }
  for (const key of own) {
    // A symbol is never a known key.
    if (!(keys as readonly PropertyKey[]).includes(key)) {
      throw specError(
        operation,
        'unknown_key',
        `${path}.${String(key)}`,
        `absent (known keys: ${keys.join(', ')})`,
        key,
        closest(key, keys),
      );
    }
    try {
      out[key as string] = (value as Record<string, unknown>)[key as string];
    } catch {
      throw specErrorText(
        operation,
        'unreadable',
        `${path}.${key as string}`,
        'a readable value',
        'a property whose read throws',
      );
    }
  }
  return out;
}

/**
 * Reads a string field.
 *
 * @param operation The builder or method.
 * @param path Where.
 * @param value The value.
 * @param options `optional`: `undefined` is allowed; `nonEmpty`: `''` is not.
 * @returns The string, or `undefined` when optional and absent.
 * @throws {InvalidRealtimeSpecError} For anything else.
 */
export function readString(
  operation: string,
  path: string,
  value: unknown,
  options: { optional?: boolean; nonEmpty?: boolean } = {},
): string | undefined {
  if (value === undefined) {
    if (options.optional) return undefined;
    throw specError(operation, 'missing', path, 'a string', value);
  }
  if (typeof value !== 'string') {
    throw specError(operation, 'invalid_type', path, 'a string', value);
  }
  if (options.nonEmpty && value.length === 0) {
    throw specError(
      operation,
      'invalid_value',
      path,
      'a non-empty string',
      value,
    );
  }
  return value;
}

/**
 * Reads a finite number field within bounds.
 *
 * @param operation The builder or method.
 * @param path Where.
 * @param value The value.
 * @param options `min`, `integer`, `optional`.
 * @returns The number, or `undefined` when optional and absent.
 * @throws {InvalidRealtimeSpecError} For anything else.
 */
export function readNumber(
  operation: string,
  path: string,
  value: unknown,
  options: { min?: number; integer?: boolean; optional?: boolean } = {},
): number | undefined {
  const what = `${options.integer ? 'an integer' : 'a finite number'}${
    options.min === undefined ? '' : ` >= ${options.min}`
  }`;
  if (value === undefined) {
    if (options.optional) return undefined;
    throw specError(operation, 'missing', path, what, value);
  }
  if (typeof value !== 'number') {
    throw specError(operation, 'invalid_type', path, what, value);
  }
  if (
    !Number.isFinite(value) ||
    (options.integer && !Number.isInteger(value)) ||
    value < (options.min ?? -Infinity)
  ) {
    throw specError(operation, 'invalid_value', path, what, value);
  }
  return value;
}

/**
 * Reads a boolean field.
 *
 * @param operation The builder or method.
 * @param path Where.
 * @param value The value.
 * @param fallback Used when `value` is `undefined`.
 * @returns The boolean.
 * @throws {InvalidRealtimeSpecError} For anything else.
 */
export function readBoolean(
  operation: string,
  path: string,
  value: unknown,
  fallback: boolean,
): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') {
    throw specError(operation, 'invalid_type', path, 'a boolean', value);
  }
  return value;
}

/**
 * Reads a dense array, copying it once (a hostile `length` or element
 * getter becomes an `unreadable` error).
 *
 * @param operation The builder or method.
 * @param path Where.
 * @param value The value.
 * @param options `max`: the longest allowed; `nonEmpty`.
 * @returns A copy of the elements.
 * @throws {InvalidRealtimeSpecError} For anything else.
 */
export function readArray(
  operation: string,
  path: string,
  value: unknown,
  options: { max?: number; nonEmpty?: boolean } = {},
): unknown[] {
  const max = options.max ?? 100_000;
  let isArray: boolean;
  try {
    isArray = Array.isArray(value);
  } catch {
    throw specError(operation, 'unreadable', path, 'an array', value);
  }
  if (!isArray) {
    throw specError(operation, 'invalid_type', path, 'an array', value);
  }
  const array = value as unknown[];
  let length: number;
  try {
    length = array.length;
  } catch {
    throw specError(operation, 'unreadable', path, 'an array', value);
  }
  if (length > max || (options.nonEmpty && length === 0)) {
    throw specError(
      operation,
      'invalid_value',
      path,
      `an array of ${options.nonEmpty ? '1' : '0'} to ${max} elements`,
      value,
    );
  }
  const out: unknown[] = [];
  for (let i = 0; i < length; i++) {
    try {
      out.push(array[i]);
    } catch {
      throw specErrorText(
        operation,
        'unreadable',
        `${path}[${i}]`,
        'a readable element',
        'an element whose read throws',
      );
    }
  }
  return out;
}

/**
 * Whether `value` is an `ArrayBuffer` (never throws).
 *
 * @param value Any value.
 * @returns `true` for an `ArrayBuffer`.
 */
export function isArrayBuffer(value: unknown): value is ArrayBuffer {
  try {
    return value instanceof ArrayBuffer;
  } catch {
    return false;
  }
}
