/**
 * The argument checks the item builders share beyond the model's own
 * (`_internal/item_reading.ts`): the boundary that turns a reader's issue
 * into the model's public `InvalidScriptedModelStepError`, lists of
 * strings and lists of plain records. Private to the items folder.
 *
 * @module
 */
import { InvalidScriptedModelStepError } from '../model/mod.ts';
import { nowhere, serialized, stepFields } from '../_internal/item_reading.ts';
import {
  array,
  at,
  boundary,
  guard,
  object,
  string,
} from '../_internal/read.ts';

/** The fields the error's constructor takes. */
type ErrorFields = ConstructorParameters<
  typeof InvalidScriptedModelStepError
>[0];

/**
 * Runs an item builder: its reader checks report `invalid_input` faults
 * with no step around them, and anything else thrown while reading its
 * arguments (a throwing getter, a revoked proxy) is `unreadable`.
 *
 * @param build The builder.
 * @returns The item.
 * @throws {InvalidScriptedModelStepError} For a bad argument.
 */
export function building<T>(build: () => T): T {
  return boundary((issue) => {
    const [fields, cause] = stepFields(issue, nowhere, 'invalid_input');
    return new InvalidScriptedModelStepError(fields as ErrorFields, cause);
  }, () => guard('', build));
}

/** The longest list a builder copies. */
export const maxParts: number = 2 ** 16;

/**
 * Copies a string or an array of strings into an array of strings.
 *
 * @param value The value.
 * @param path Where it is.
 * @param check `nonEmpty`: whether an empty array is rejected;
 * `expected`: what the value must be, in a fault.
 * @returns The strings.
 * @throws {InputIssue} For anything else, or an array of more than 65,536.
 */
export function strings(
  value: unknown,
  path: string,
  check: { readonly nonEmpty?: boolean; readonly expected: string },
): string[] {
  if (typeof value === 'string') return [value];
  return array(value, path, { ...check, max: maxParts }).map((item, i) =>
    string(item, at(path, i))
  );
}

/**
 * Copies an option that is an array of plain records (search results,
 * interpreter outputs) through JSON, so the item holds data only.
 *
 * @param value The option.
 * @param key Its name.
 * @returns The copy, or `undefined` when not given.
 * @throws {InputIssue} `invalid_option`, or `unreadable`.
 */
export function records(
  value: unknown,
  key: string,
): Record<string, unknown>[] | undefined {
  const path = `options.${key}`;
  return array(value, path, {
    optional: true,
    max: maxParts,
    expected: 'an array of objects',
  })?.map(
    (item, i) => {
      object(item, at(path, i));
      return JSON.parse(serialized(item, at(path, i))) as Record<
        string,
        unknown
      >;
    },
  );
}
