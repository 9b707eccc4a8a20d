/**
 * Private: reads the options of `new ScriptedModel(steps, options)` and the
 * `defaultUsage` setter, validated where they are written.
 *
 * @module
 */
import type { UsageInput } from '../_internal/sdk.ts';
import { closest, describe, listNames } from '../_internal/format.ts';
import { readFields } from '../_internal/read.ts';
import { snapshot } from '../_internal/snapshot.ts';
import { invalid, nowhere } from '../_internal/model_checks.ts';
import { readUsage } from './_usage.ts';

const optionNames = ['defaultUsage'] as const;
const known: ReadonlySet<string> = new Set(optionNames);

/** The options as the model keeps them. */
export interface ReadOptions {
  /** Frozen usage data, or `undefined` for one request and no tokens. */
  readonly defaultUsage: UsageInput | undefined;
}

/**
 * Reads a default usage: a `Usage` or usage data, copied and frozen;
 * `undefined` restores the built-in default.
 *
 * @param value What the user gave.
 * @returns Frozen usage data, or `undefined`.
 * @throws {InvalidScriptedModelStepError} `invalid_input`, issue
 * `invalid_usage` (`path` `defaultUsage` or one of its members) or
 * `unreadable`.
 */
export function readDefaultUsage(value: unknown): UsageInput | undefined {
  if (value === undefined) return undefined;
  return snapshot(
    readUsage(value, nowhere, undefined, {
      key: 'defaultUsage',
      reason: 'invalid_input',
    }),
  );
}

/**
 * Reads the constructor's options object.
 *
 * @param options What the user gave (`undefined`: no options).
 * @returns The options read.
 * @throws {InvalidScriptedModelStepError} `invalid_input`: issue
 * `invalid_option` (not an object), `unknown_property` (a key other than
 * `defaultUsage`, with the closest name as `suggestion`), `unreadable`
 * (paths `modelOptions`, `modelOptions.<key>`), or
 * an invalid `defaultUsage` (see {@link readDefaultUsage}).
 */
export function readOptions(options: unknown): ReadOptions {
  if (options === undefined) return { defaultUsage: undefined };
  if (typeof options !== 'object' || options === null) {
    throw invalid('invalid_input', nowhere, {
      issue: 'invalid_option',
      path: 'modelOptions',
      received: describe(options),
    });
  }
  const read = readFields(options, optionNames);
  if (!read.ok) {
    throw invalid('invalid_input', nowhere, {
      issue: 'unreadable',
      path: read.key === undefined
        ? 'modelOptions'
        : `modelOptions.${read.key}`,
    }, { cause: read.cause });
  }
  const unknown = read.keys.filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw invalid('invalid_input', nowhere, {
      issue: 'unknown_property',
      path: `modelOptions.${unknown[0]}`,
      received: listNames(unknown),
      suggestion: closest(unknown[0], optionNames),
    });
  }
  return { defaultUsage: readDefaultUsage(read.fields.defaultUsage) };
}
