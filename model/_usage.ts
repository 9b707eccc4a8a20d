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
import { describe } from '../_internal/format.ts';
import { type At, invalid, isRecord, join } from '../_internal/model_checks.ts';
import { InvalidScriptedModelStepError } from './errors.ts';

/** Thrown inside `readUsage` with the offending path; wrapped there. */
class UsageProblem {
  readonly path: string;
  readonly received: string | undefined;
  constructor(path: string, value: unknown) {
    this.path = path;
    this.received = describe(value);
  }
}

function tokens(value: unknown, path: string): number {
  // `Number.isFinite` is false for anything but a finite number.
  if (Number.isFinite(value)) return value as number;
  throw new UsageProblem(path, value);
}

/** A plain copy of one token-details record, checked value by value. */
function details(value: unknown, path: string): Record<string, number> {
  if (!isRecord(value)) throw new UsageProblem(path, value);
  const copy: Record<string, number> = {};
  for (const key of Object.keys(value)) {
    copy[key] = tokens(value[key], `${path}.${key}`);
  }
  return copy;
}

function detailsList(
  value: readonly unknown[],
  path: string,
): Record<string, number>[] {
  return Array.from(value, (item, i) => details(item, `${path}[${i}]`));
}

/** A plain copy of one per-request entry (a `RequestUsage`). */
function entry(value: unknown, path: string): Record<string, unknown> {
  const item = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {
    inputTokens: tokens(item.inputTokens, `${path}.inputTokens`),
    outputTokens: tokens(item.outputTokens, `${path}.outputTokens`),
    totalTokens: tokens(item.totalTokens, `${path}.totalTokens`),
    inputTokensDetails: details(
      item.inputTokensDetails,
      `${path}.inputTokensDetails`,
    ),
    outputTokensDetails: details(
      item.outputTokensDetails,
      `${path}.outputTokensDetails`,
    ),
  };
  const endpoint = item.endpoint;
  if (endpoint !== undefined) {
    if (typeof endpoint !== 'string') {
      throw new UsageProblem(`${path}.endpoint`, endpoint);
    }
    copy.endpoint = endpoint;
  }
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
    if (count !== undefined && count !== null) tokens(count, `${at}.${key}`);
  }
  const usage = new Usage(value as UsageInput);
  const data: Record<string, unknown> = {
    requests: tokens(usage.requests, `${at}.requests`),
    inputTokens: tokens(usage.inputTokens, `${at}.inputTokens`),
    outputTokens: tokens(usage.outputTokens, `${at}.outputTokens`),
    totalTokens: tokens(usage.totalTokens, `${at}.totalTokens`),
    inputTokensDetails: detailsList(
      usage.inputTokensDetails,
      `${at}.inputTokensDetails`,
    ),
    outputTokensDetails: detailsList(
      usage.outputTokensDetails,
      `${at}.outputTokensDetails`,
    ),
  };
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
    readonly reason?: 'invalid_response' | 'invalid_input';
  },
): UsageInput {
  const reason = options?.reason ?? 'invalid_response';
  let path = join(base, options?.key ?? 'usage');
  let received: string | undefined;
  let cause: unknown;
  try {
    if (isRecord(value)) return plainUsage(value, path) as UsageInput;
    received = describe(value);
  } catch (error) {
    if (error instanceof InvalidScriptedModelStepError) throw error;
    if (error instanceof UsageProblem) {
      path = error.path;
      received = error.received;
    } else {
      cause = error;
    }
  }
  throw cause === undefined
    ? invalid(reason, at, {
      issue: 'invalid_usage',
      path,
      received,
    })
    : invalid(reason, at, { issue: 'unreadable', path }, {
      cause,
    });
}
