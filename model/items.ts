/**
 * The two item helpers: a completed assistant message and a completed
 * function call. Other normalized output items are written directly.
 *
 * @module
 */
import type {
  AssistantMessageItem,
  FunctionCallItem,
} from '@openai/agents-core';
import { describe, guarded, show as quote } from './_checks.ts';
import { InvalidScriptedModelStepError } from './errors.ts';

/**
 * Options of `assistantMessage()`.
 *
 * @example
 * ```ts
 * import type { AssistantMessageOptions } from '@scripted/agents';
 *
 * const options: AssistantMessageOptions = { id: 'msg_1', phase: 'final_answer' };
 * ```
 */
export interface AssistantMessageOptions {
  /** The item id. */
  id?: string;
  /** The phase of the message. */
  phase?: 'commentary' | 'final_answer';
  /** Provider data carried on the item. */
  providerData?: Record<string, unknown>;
}

/**
 * Options of `functionCall()`; `callId` is required.
 *
 * @example
 * ```ts
 * import type { FunctionCallOptions } from '@scripted/agents';
 *
 * const options: FunctionCallOptions = { callId: 'call_1' };
 * ```
 */
export interface FunctionCallOptions {
  /** The call id that ties the tool result to this call. Required. */
  callId: string;
  /** The item id. */
  id?: string;
  /** The tool namespace. */
  namespace?: string;
  /** Provider data carried on the item. */
  providerData?: Record<string, unknown>;
}

/** Rejects a helper argument where it is written. */
function invalid(detail: string): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({ reason: 'invalid_input', detail });
}

/** Reads `options` defensively: getters and proxies may throw. */
function readOptions(
  options: unknown,
  keys: readonly string[],
  helper: string,
): Record<string, unknown> {
  if (options === undefined) return {};
  if (typeof options !== 'object' || options === null) {
    throw invalid(`${helper} options must be an object, got ${quote(options)}`);
  }
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    try {
      const value = (options as Record<string, unknown>)[key];
      if (value !== undefined) out[key] = value;
    } catch (error) {
      throw invalid(
        `reading ${helper} option ${quote(key)} threw ${describe(error)}`,
      );
    }
  }
  return out;
}

function checkString(
  value: unknown,
  what: string,
  required: boolean,
): void {
  if (value === undefined && !required) return;
  if (typeof value !== 'string' || value === '') {
    throw invalid(`${what} must be a non-empty string, got ${quote(value)}`);
  }
}

function checkProviderData(value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(`providerData must be an object, got ${quote(value)}`);
  }
}

/**
 * Builds a completed assistant text message output item.
 *
 * @param text The message text.
 * @param options Optional `id`, `phase` and `providerData`.
 * @returns A normalized `AssistantMessageItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'` when
 * `text` is not a string or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { assistantMessage } from '@scripted/agents';
 *
 * assert.deepEqual(assistantMessage('Hi'), {
 *   type: 'message',
 *   role: 'assistant',
 *   status: 'completed',
 *   content: [{ type: 'output_text', text: 'Hi' }],
 * });
 * ```
 */
export function assistantMessage(
  text: string,
  options?: AssistantMessageOptions,
): AssistantMessageItem {
  return guarded(undefined, undefined, () => buildMessage(text, options));
}

function buildMessage(
  text: unknown,
  options: unknown,
): AssistantMessageItem {
  if (typeof text !== 'string') {
    throw invalid(`assistantMessage text must be a string, got ${quote(text)}`);
  }
  const { id, phase, providerData } = readOptions(
    options,
    ['id', 'phase', 'providerData'],
    'assistantMessage',
  );
  checkString(id, 'id', false);
  if (
    phase !== undefined && phase !== 'commentary' && phase !== 'final_answer'
  ) {
    throw invalid(
      `phase must be "commentary" or "final_answer", got ${quote(phase)}`,
    );
  }
  checkProviderData(providerData);
  const item: AssistantMessageItem = {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: text as string }],
  };
  if (id !== undefined) item.id = id as string;
  if (phase !== undefined) item.phase = phase as 'commentary';
  if (providerData !== undefined) {
    item.providerData = providerData as Record<string, unknown>;
  }
  return item;
}

/**
 * Builds a completed function call output item. `options.callId` is
 * required and checked here, not when a run trips over it.
 *
 * @param name The function tool's name.
 * @param args The arguments: a JSON string, or a value to serialize.
 * @param options `callId` (required), optional `id`, `namespace`,
 * `providerData`.
 * @returns A normalized `FunctionCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'` when
 * `callId` is missing, or `name`, `args` or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { functionCall } from '@scripted/agents';
 *
 * const call = functionCall('get_weather', { city: 'Tokyo' }, {
 *   callId: 'call_1',
 * });
 * assert.equal(call.arguments, '{"city":"Tokyo"}');
 * ```
 */
export function functionCall(
  name: string,
  args: string | object,
  options: FunctionCallOptions,
): FunctionCallItem {
  return guarded(undefined, undefined, () => buildCall(name, args, options));
}

function buildCall(
  name: unknown,
  args: unknown,
  options: unknown,
): FunctionCallItem {
  checkString(name, 'functionCall name', true);
  if (options === undefined) {
    throw invalid('functionCall requires options with a "callId"');
  }
  const { callId, id, namespace, providerData } = readOptions(
    options,
    ['callId', 'id', 'namespace', 'providerData'],
    'functionCall',
  );
  checkString(callId, 'callId', true);
  checkString(id, 'id', false);
  checkString(namespace, 'namespace', false);
  checkProviderData(providerData);
  const item: FunctionCallItem = {
    type: 'function_call',
    callId: callId as string,
    name: name as string,
    status: 'completed',
    arguments: serializeArguments(args),
  };
  if (id !== undefined) item.id = id as string;
  if (namespace !== undefined) item.namespace = namespace as string;
  if (providerData !== undefined) {
    item.providerData = providerData as Record<string, unknown>;
  }
  return item;
}

function serializeArguments(args: unknown): string {
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null) {
    throw invalid(
      `functionCall args must be a string or an object, got ${quote(args)}`,
    );
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(args);
  } catch (error) {
    throw invalid(
      `functionCall args could not be serialized: ${describe(error)}`,
    );
  }
  if (typeof json !== 'string') {
    throw invalid('functionCall args serialized to nothing');
  }
  return json;
}
