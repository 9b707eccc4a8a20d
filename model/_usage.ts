/**
 * Normalization of the usage of a scripted `ModelResponse`, done once where
 * the response is defined: read through the SDK's own `Usage` (camelCase or
 * snake_case keys, `totalTokens` derived when missing), then checked against
 * the shape the runner's `response_done` schema accepts. Private to the
 * model folder.
 *
 * @module
 */
import { Usage } from '@openai/agents-core';
import type { UsageInput } from '../_internal/sdk.ts';
import {
  boundary,
  fields,
  guard,
  number as tokens,
  reject,
  string,
} from '../_internal/read.ts';
import { snapshot } from '../_internal/snapshot.ts';
import {
  type At,
  fromIssue,
  invalid,
  isRecord,
  nowhere,
  reading,
} from './_checks.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
} from './step_errors.ts';

/** A plain copy of one token-details record, checked value by value. */
function details(value: unknown, path: string): Record<string, number> {
  if (!isRecord(value)) {
    throw reject('invalid_type', path, value, {
      expected: 'an object of token counts',
    });
  }
  const keys = Object.keys(value);
  return Object.fromEntries(
    keys.map((key) => [key, tokens(value[key], `${path}.${key}`)]),
  );
}

const totals = ['inputTokens', 'outputTokens', 'totalTokens'] as const;
const detailKeys = ['inputTokensDetails', 'outputTokensDetails'] as const;

/** A plain copy of one per-request entry (a `RequestUsage`). */
function entry(value: unknown, path: string): Record<string, unknown> {
  const item = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const key of totals) copy[key] = tokens(item[key], `${path}.${key}`);
  for (const key of detailKeys) {
    copy[key] = details(item[key], `${path}.${key}`);
  }
  const endpoint = string(item.endpoint, `${path}.endpoint`, {
    optional: true,
  });
  if (endpoint !== undefined) copy.endpoint = endpoint;
  return copy;
}

// The counts `new Usage()` adds up: anything but a number (or nothing) is
// refused before it is coerced, which for a huge sparse array would walk
// every index (Bun).
const countKeys = [
  'requests',
  'inputTokens',
  'input_tokens',
  'outputTokens',
  'output_tokens',
  'totalTokens',
  'total_tokens',
] as const;

function plainUsage(
  value: Record<string, unknown>,
  at: string,
): Record<string, unknown> {
  for (const key of countKeys) {
    const count = value[key];
    if (count !== null) tokens(count, `${at}.${key}`, { optional: true });
  }
  const usage = new Usage(value as UsageInput);
  const data: Record<string, unknown> = {};
  for (const key of ['requests', ...totals] as const) {
    data[key] = tokens(usage[key], `${at}.${key}`);
  }
  for (const key of detailKeys) {
    data[key] = Array.from(
      usage[key],
      (item, i) => details(item, `${at}.${key}[${i}]`),
    );
  }
  const entries = usage.requestUsageEntries;
  if (entries !== undefined) {
    data.requestUsageEntries = Array.from(
      entries,
      (item, i) => entry(item, `${at}.requestUsageEntries[${i}]`),
    );
  }
  return data;
}

/**
 * Reads the `usage` of a `ModelResponse` (a `Usage` instance or usage data,
 * camelCase or snake_case) into plain camelCase usage data, a new unfrozen
 * object, that both `new Usage()` and the runner's `response_done` schema
 * accept.
 *
 * @param value The usage, not `undefined`.
 * @param at Where the response was defined or returned.
 * @param base The path of the response, if any (`usage` is under it).
 * @param options `key`: the usage's own name in paths (`usage` unless
 * given); `reason`: the contract code of a fault (`invalid_response` unless
 * given).
 * @returns Plain usage data.
 * @throws {InvalidScriptedModelStepError} `invalid_response` (issue
 * `invalid_usage`) when the usage is not an object, reading it throws, or a
 * count is not a finite number.
 */
export function readUsage(
  value: unknown,
  at: At,
  base: string | undefined,
  options?: {
    readonly key?: string;
    readonly reason?: InvalidScriptedModelStepReason;
  },
): UsageInput {
  const reason = options?.reason ?? 'invalid_response';
  const key = options?.key ?? 'usage';
  const path = base === undefined ? key : `${base}.${key}`;
  return boundary(
    (issue) =>
      // A read that threw anywhere inside is the usage's, as a whole.
      issue.code === 'unreadable'
        ? invalid(reason, at, { issue: 'unreadable', path }, {
          cause: issue.cause,
        })
        : fromIssue({ ...issue, label: 'invalid_usage' }, at, reason),
    () => {
      try {
        if (isRecord(value)) return plainUsage(value, path) as UsageInput;
      } catch (error) {
        // The issues found, and the model's own error (from a getter),
        // pass through as they are; any other throw is a failed read.
        if (error instanceof InvalidScriptedModelStepError) throw error;
        guard(path, () => {
          throw error;
        });
      }
      throw reject('invalid_type', path, value, {
        expected: 'a Usage or usage data',
      });
    },
  );
}

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
 * Reads the options of `new ScriptedModel(steps, options)`.
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
  const read = reading(
    nowhere,
    () =>
      fields(options, 'modelOptions', ['defaultUsage'], {
        optional: true,
        label: 'invalid_option',
      }),
  );
  return { defaultUsage: readDefaultUsage(read.fields.defaultUsage) };
}
