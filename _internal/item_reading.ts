/**
 * What the model's step checks and the item builders (`model/`, `items/`)
 * share: where a value under check belongs ({@link At}), the fields of the
 * model's step error for a reader's issue ({@link stepFields}: each folder
 * builds the public `InvalidScriptedModelStepError` from them), and the
 * readers of an item builder's options and arguments.
 *
 * @module
 */
import { fields, type Issue, object, reject, string } from './read.ts';

/**
 * Where the value under check belongs: the step's type, and where the step
 * was defined (`inputIndex`) or used (`callIndex`). Every field is optional:
 * a factory knows only the type, an item helper nothing.
 */
export interface At {
  /** The step's `type`, when known. */
  readonly stepType?: string | undefined;
  /** Zero-based position among the constructor's or `enqueue()`'s inputs. */
  readonly inputIndex?: number | undefined;
  /** Zero-based index of the call using the step. */
  readonly callIndex?: number | undefined;
}

/** Nowhere in particular: an item helper's argument. */
export const nowhere: At = Object.freeze({});

/** The fields of the model's step error, as its constructor takes them. */
export interface StepFields extends At {
  readonly reason: string;
  readonly issue: string;
  readonly path: string | undefined;
  readonly received?: string | undefined;
  readonly suggestion?: string | undefined;
  readonly expected?: string | undefined;
}

/**
 * The fields of the model's step error for a reader's issue at `at`:
 * `reason` (an unreadable value is always `invalid_input`), and the issue
 * `unreadable`, `unknown_property`, or the one the check's `label` names,
 * else `invalid_option` under `options`, or `invalid_value`; with the
 * error's options (`cause`), when there is one (always for `unreadable`).
 * `model/` and `items/` build the public error from them.
 *
 * @param issue What the reader found.
 * @param at Where the step was defined or used.
 * @param reason The contract code of anything but an unreadable value.
 * @returns The error's fields and options, to pass to its constructor.
 */
export function stepFields(
  issue: Issue,
  at: At,
  reason: string,
): readonly [StepFields, { readonly cause: unknown } | undefined] {
  const { code, received, suggestion, expected, cause } = issue;
  const where = { ...at, path: issue.path === '' ? undefined : issue.path };
  if (code === 'unreadable') {
    return [{ ...where, reason: 'invalid_input', issue: code }, { cause }];
  }
  const option = /^options\b/.test(issue.path);
  return [{
    ...where,
    reason,
    issue: code === 'unknown_key'
      ? 'unknown_property'
      : issue.label ?? (option ? 'invalid_option' : 'invalid_value'),
    received,
    suggestion,
    expected,
  }, cause === undefined ? undefined : { cause }];
}

/**
 * Reads the options of an item builder (`undefined`: none); an option not
 * named is ignored.
 *
 * @param options The options argument.
 * @param names The options to read.
 * @returns The options read.
 * @throws {InputIssue} `invalid_option` when `options` is not an object, or
 * `unreadable`.
 */
export function options<const K extends string>(
  options: unknown,
  names: readonly K[],
): { readonly [P in K]?: unknown } {
  return fields(options, 'options', names, {
    optional: true,
    unknownKeys: 'allow',
  }).fields;
}

/**
 * Reads the options of a tool-call builder: a required `callId`, an `id`
 * that defaults to it, `providerData`, and `more`.
 *
 * @param given The options argument.
 * @param more The builder's own options.
 * @returns The call's fields, and the options read.
 * @throws {InputIssue} `missing_call_id`, `invalid_option`, `unreadable`.
 */
export function callOptions<const K extends string>(
  given: unknown,
  more: readonly K[],
): {
  readonly callId: string;
  readonly id: string;
  readonly providerData: Record<string, unknown> | undefined;
  readonly fields: { readonly [P in K]?: unknown };
} {
  // No options at all is no call id; options of another kind are a bad
  // option.
  const read =
    fields(given, 'options', ['callId', 'id', 'providerData', ...more], {
      unknownKeys: 'allow',
      label: given === undefined ? 'missing_call_id' : undefined,
      expected: 'an options object with a "callId"',
    }).fields;
  const callId = string(read.callId, 'options.callId', {
    nonEmpty: true,
    label: 'missing_call_id',
  });
  const id = string(read.id, 'options.id', { optional: true, nonEmpty: true });
  return {
    callId,
    id: id ?? callId,
    providerData: object(read.providerData, 'options.providerData', {
      optional: true,
    }) as Record<string, unknown> | undefined,
    fields: read,
  };
}

/**
 * Serializes tool-call arguments: a string is kept, an object serialized.
 *
 * @param args The arguments.
 * @param path Where they are (`args`, `options.arguments`).
 * @param label The issue to report (`invalid_option` under `options`
 * unless given).
 * @returns The JSON text.
 * @throws {InputIssue} When `args` is neither, or does not serialize (the
 * error thrown is `cause`).
 */
export function serialized(
  args: unknown,
  path: string,
  label?: string,
): string {
  if (typeof args === 'string') return args;
  const check = { label, expected: 'a JSON string or a serializable object' };
  if (typeof args !== 'object' || args === null) {
    throw reject('invalid_type', path, args, check);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch (cause) {
    throw reject('invalid_value', path, args, { ...check, cause });
  }
  if (typeof json !== 'string') {
    throw reject('invalid_value', path, args, check);
  }
  return json;
}
