/**
 * The message and function-call item helpers: a completed assistant
 * message and a completed function call. The other builders are in
 * `tool_items.ts` and `hosted_items.ts`.
 *
 * @module
 */
import type {
  AssistantMessageItem,
  FunctionCallItem,
} from '@openai/agents-core';
import type { Newer } from '../_internal/sdk.ts';
import { guarded, nowhere } from '../_internal/model_checks.ts';
import {
  checkProviderData,
  checkString,
  invalid,
  readOptions,
  serializeArguments,
} from '../_internal/item_checks.ts';

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
  return guarded(nowhere, () => buildMessage(text, options));
}

function buildMessage(
  text: unknown,
  options: unknown,
): AssistantMessageItem {
  if (typeof text !== 'string') throw invalid('invalid_text', 'text', text);
  const { id, phase, providerData } = readOptions(
    options,
    ['id', 'phase', 'providerData'],
  );
  checkString(id, 'id');
  if (
    phase !== undefined && phase !== 'commentary' && phase !== 'final_answer'
  ) {
    throw invalid('invalid_option', 'options.phase', phase);
  }
  checkProviderData(providerData);
  // Keys in the order `@openai/agents/testing` writes them.
  // `phase` is newer than SDK 0.11: declared where the release has it.
  const item = {
    type: 'message',
    role: 'assistant',
    status: 'completed',
  } as Newer<AssistantMessageItem, { phase: 'commentary' | 'final_answer' }>;
  if (id !== undefined) item.id = id as string;
  if (phase !== undefined) item.phase = phase as 'commentary';
  item.content = [{ type: 'output_text', text: text as string }];
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
  return guarded(nowhere, () => buildCall(name, args, options));
}

function buildCall(
  name: unknown,
  args: unknown,
  options: unknown,
): FunctionCallItem {
  if (typeof name !== 'string' || name === '') {
    throw invalid('invalid_name', 'name', name);
  }
  if (options === undefined) {
    throw invalid('missing_call_id', 'options', options);
  }
  const { callId, id, namespace, providerData } = readOptions(
    options,
    ['callId', 'id', 'namespace', 'providerData'],
  );
  if (typeof callId !== 'string' || callId === '') {
    throw invalid('missing_call_id', 'options.callId', callId);
  }
  checkString(id, 'id');
  checkString(namespace, 'namespace');
  checkProviderData(providerData);
  const serialized = serializeArguments(args, 'args', 'invalid_arguments');
  // Keys in the order `@openai/agents/testing` writes them; `id` defaults to
  // the call id, as there.
  const item = {
    type: 'function_call',
    name: name as string,
    callId,
    id: (id ?? callId) as string,
  } as FunctionCallItem;
  if (namespace !== undefined) item.namespace = namespace as string;
  item.status = 'completed';
  item.arguments = serialized;
  if (providerData !== undefined) {
    item.providerData = providerData as Record<string, unknown>;
  }
  return item;
}
