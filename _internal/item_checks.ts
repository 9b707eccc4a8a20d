/**
 * The argument checks of the item builders, shared by `items.ts`,
 * `tool_items.ts` and `hosted_items.ts`: each rejects a bad argument where
 * the builder is called, with an `InvalidScriptedModelStepError` of reason
 * `invalid_input`. Private to the model folder.
 *
 * @module
 */
import { closest, describe } from './format.ts';
import { readFields } from './read.ts';
import { nowhere, unreadable } from './model_checks.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
} from '../model/errors.ts';

/**
 * Rejects a builder argument where it is written.
 *
 * @param issue What is wrong.
 * @param path Where: `text`, `action.x`, `options.callId`.
 * @param value What was given.
 * @param suggestion The valid value meant, if one is close.
 * @returns The error, to throw.
 */
export function invalid(
  issue: InvalidScriptedModelStepIssue,
  path: string,
  value: unknown,
  suggestion?: string,
): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({
    reason: 'invalid_input',
    issue,
    path,
    received: describe(value),
    suggestion,
  });
}

/**
 * Reads the listed fields of a user object once (getters and proxies may
 * throw).
 *
 * @param value The object (already known to be a non-null object).
 * @param keys The fields to read.
 * @param path Where the object is.
 * @returns The fields read.
 * @throws {InvalidScriptedModelStepError} `unreadable`.
 */
export function readObject<K extends string>(
  value: object,
  keys: readonly K[],
  path: string,
): { readonly [P in K]?: unknown } {
  const read = readFields(value, keys);
  if (!read.ok) {
    throw unreadable(
      nowhere,
      read.key === undefined ? path : `${path}.${read.key}`,
      read.cause,
    );
  }
  return read.fields;
}

/**
 * Reads `options` once; `undefined` reads as no options.
 *
 * @param options The options argument.
 * @param keys The options to read.
 * @returns The options read.
 * @throws {InvalidScriptedModelStepError} `invalid_option` when `options`
 * is not an object, or `unreadable`.
 */
export function readOptions<K extends string>(
  options: unknown,
  keys: readonly K[],
): { readonly [P in K]?: unknown } {
  if (options === undefined) return {};
  if (!isObject(options, 'options')) {
    throw invalid('invalid_option', 'options', options);
  }
  return readObject(options, keys, 'options');
}

/**
 * Whether a value is a non-array object.
 *
 * @param value The value.
 * @param path Where it is, for a revoked proxy's error.
 * @returns Whether it is an object and not an array.
 * @throws {InvalidScriptedModelStepError} `unreadable` for a revoked proxy.
 */
export function isObject(value: unknown, path: string): value is object {
  if (typeof value !== 'object' || value === null) return false;
  try {
    return !Array.isArray(value);
  } catch (error) {
    // A revoked proxy throws even here.
    throw unreadable(nowhere, path, error);
  }
}

/**
 * A copy of a user array, read once.
 *
 * @param value The value.
 * @param path Where it is.
 * @returns The elements, or `undefined` when `value` is not an array.
 * @throws {InvalidScriptedModelStepError} `unreadable`, or `invalid_value`
 * (`invalid_option`) for an array of more than 65,536 elements.
 */
export function readArray(
  value: unknown,
  path: string,
): unknown[] | undefined {
  let length: number;
  try {
    if (!Array.isArray(value)) return undefined;
    length = value.length;
  } catch (error) {
    throw unreadable(nowhere, path, error);
  }
  // No item holds a million parts; walking a sparse 2^32 - 1 would hang.
  if (length > maxParts) {
    throw invalid(
      path.startsWith('options.') ? 'invalid_option' : 'invalid_value',
      path,
      value,
    );
  }
  try {
    return Array.from(value as unknown[]);
  } catch (error) {
    throw unreadable(nowhere, path, error);
  }
}

/** The longest array a builder copies. */
const maxParts = 2 ** 16;

/**
 * Checks an optional option that must be a non-empty string.
 *
 * @param value The option.
 * @param key Its name.
 * @throws {InvalidScriptedModelStepError} `invalid_option`.
 */
export function checkString(value: unknown, key: string): void {
  if (value === undefined) return;
  if (typeof value !== 'string' || value === '') {
    throw invalid('invalid_option', `options.${key}`, value);
  }
}

/**
 * Checks a required option that must be a non-empty string.
 *
 * @param value The option.
 * @param key Its name.
 * @returns The string.
 * @throws {InvalidScriptedModelStepError} `invalid_option`.
 */
export function requireString(value: unknown, key: string): string {
  if (typeof value !== 'string' || value === '') {
    throw invalid('invalid_option', `options.${key}`, value);
  }
  return value;
}

/**
 * Checks an optional option against its allowed values.
 *
 * @param value The option.
 * @param key Its name.
 * @param allowed The values it may take.
 * @throws {InvalidScriptedModelStepError} `invalid_option`, with the
 * closest allowed value as `suggestion`.
 */
export function checkChoice(
  value: unknown,
  key: string,
  allowed: readonly string[],
): void {
  if (value === undefined) return;
  // `includes` matches by identity: only one of the strings passes.
  if (allowed.includes(value as string)) return;
  throw invalid(
    'invalid_option',
    `options.${key}`,
    value,
    closest(value, allowed),
  );
}

/**
 * Checks `options.providerData`: an object, if given.
 *
 * @param value The option.
 * @throws {InvalidScriptedModelStepError} `invalid_option`, or
 * `unreadable`.
 */
export function checkProviderData(value: unknown): void {
  if (value === undefined) return;
  if (!isObject(value, 'options.providerData')) {
    throw invalid('invalid_option', 'options.providerData', value);
  }
}

/**
 * Serializes tool-call arguments: a string is kept, an object serialized.
 *
 * @param args The arguments.
 * @param path Where they are (`args`, `options.arguments`).
 * @param issue The issue to report.
 * @returns The JSON text.
 * @throws {InvalidScriptedModelStepError} With `issue` when `args` is
 * neither, or does not serialize (the error thrown is `cause`).
 */
export function serializeArguments(
  args: unknown,
  path: string,
  issue: 'invalid_arguments' | 'invalid_option',
): string {
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null) {
    throw invalid(issue, path, args);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch (error) {
    throw new InvalidScriptedModelStepError({
      reason: 'invalid_input',
      issue,
      path,
      received: describe(args),
    }, { cause: error });
  }
  if (typeof json !== 'string') throw invalid(issue, path, args);
  return json;
}

/**
 * Checks a finite number.
 *
 * @param value The value.
 * @param path Where it is.
 * @returns The number.
 * @throws {InvalidScriptedModelStepError} `invalid_argument`.
 */
export function finite(value: unknown, path: string): number {
  // `Number.isFinite` is false for anything but a finite number.
  if (!Number.isFinite(value)) throw invalid('invalid_value', path, value);
  return value as number;
}

/**
 * Copies a string or an array of strings into an array of strings.
 *
 * @param value The value.
 * @param path Where it is.
 * @param nonEmpty Whether an empty array is rejected.
 * @returns The strings.
 * @throws {InvalidScriptedModelStepError} `invalid_argument` (or
 * `invalid_option` under `options.`), or `unreadable`.
 */
export function strings(
  value: unknown,
  path: string,
  nonEmpty: boolean,
): string[] {
  const issue = path.startsWith('options.')
    ? 'invalid_option'
    : 'invalid_value';
  if (typeof value === 'string') return [value];
  const array = readArray(value, path);
  if (array === undefined || (nonEmpty && array.length === 0)) {
    throw invalid(issue, path, value);
  }
  array.forEach((element, i) => {
    if (typeof element !== 'string') {
      throw invalid(issue, `${path}[${i}]`, element);
    }
  });
  return array as string[];
}

/**
 * Copies an array of plain records (search results, interpreter outputs)
 * through JSON, so the item holds data only.
 *
 * @param value The option.
 * @param key Its name.
 * @returns The copy, or `undefined` when not given.
 * @throws {InvalidScriptedModelStepError} `invalid_option`, or
 * `unreadable`.
 */
export function records(
  value: unknown,
  key: string,
): Record<string, unknown>[] | undefined {
  if (value === undefined) return undefined;
  const path = `options.${key}`;
  const array = readArray(value, path);
  if (array === undefined) throw invalid('invalid_option', path, value);
  return array.map((element, i) => {
    if (!isObject(element, `${path}[${i}]`)) {
      throw invalid('invalid_option', `${path}[${i}]`, element);
    }
    const json = serializeArguments(element, `${path}[${i}]`, 'invalid_option');
    return JSON.parse(json) as Record<string, unknown>;
  });
}
