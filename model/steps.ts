/**
 * The builders a model script is written with: the factories of scripted
 * model steps, and the two item helpers of the SDK's testing module (a
 * completed assistant message, a completed function call; the other item
 * builders are in `items/`). Each checks its argument where it is written;
 * a step holds what it was given without copying it, and the snapshot is
 * taken once, when the step is added to a model.
 *
 * @module
 */
import type {
  AssistantMessageItem,
  FunctionCallItem,
} from '@openai/agents-core';
import type { Newer } from '../_internal/sdk.ts';
import {
  callOptions,
  options as read,
  serialized,
} from '../_internal/item_reading.ts';
import { object, oneOf, string } from '../_internal/read.ts';
import {
  building,
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  invalid,
  nowhere,
} from './_checks.ts';
import { checkResponse } from './_normalize.ts';
import type {
  ModelErrorStep,
  ModelResponder,
  ModelResponderStep,
  ModelResponseStep,
  ModelStreamResponder,
  ModelStreamResponderStep,
  ModelStreamStep,
  ScriptedModelResponse,
  ScriptedModelRetryAdvice,
  ScriptedModelStream,
} from './types.ts';

/**
 * A step that answers with a fixed response. Output arrays may also be
 * passed to the model directly.
 *
 * @param response An output array or a complete `ModelResponse`.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `missing_response` or
 * `invalid_response` when `response` is neither.
 *
 * @example
 * ```ts
 * import {
 *   assistantMessage,
 *   modelResponse,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { Usage } from '@openai/agents';
 *
 * const model = new ScriptedModel([
 *   modelResponse({ output: [assistantMessage('Hi')], usage: new Usage() }),
 * ]);
 * ```
 */
export function modelResponse(
  response: ScriptedModelResponse,
): ModelResponseStep {
  if (response === undefined) {
    throw invalid('missing_response', { stepType: 'response' }, {
      path: 'response',
    });
  }
  // A malformed response names no step type, as the SDK module's does.
  checkResponse(response, nowhere, 'response');
  return Object.freeze({ type: 'response', response });
}

/**
 * A step whose response is computed from the recorded call. The callback may
 * be async; it is not raced against the request signal (observe
 * `call.request.signal` if it can wait).
 *
 * @param respond Receives the recorded call, returns the response.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `missing_responder` when `respond`
 * is not a function; `invalid_input` (issue `unreadable`) for a revoked
 * proxy of one.
 *
 * @example
 * ```ts
 * import {
 *   assistantMessage,
 *   modelResponder,
 *   ScriptedModel,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel([
 *   modelResponder((call) => [assistantMessage(`Call ${call.index}`)]),
 * ]);
 * ```
 */
export function modelResponder(respond: ModelResponder): ModelResponderStep {
  checkFunction(respond, { stepType: 'responder' });
  return Object.freeze({ type: 'responder', respond });
}

/**
 * A step that fails its call with `error`. `retryAdvice` is what the model's
 * `getRetryAdvice()` answers for this failure; whether the runner retries is
 * up to its retry policy, and a retry is another call that consumes the next
 * step.
 *
 * @param error The value to throw.
 * @param retryAdvice A fixed `ModelRetryAdvice`, or a callback of the advice
 * request.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `missing_error` when `error` is
 * `undefined`; `invalid_input` when `retryAdvice` is malformed.
 *
 * @example
 * ```ts
 * import { modelError, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([
 *   modelError(new Error('overloaded'), ({ attempt }) => ({
 *     suggested: attempt === 1,
 *   })),
 * ]);
 * ```
 */
export function modelError(
  error: unknown,
  retryAdvice?: ScriptedModelRetryAdvice,
): ModelErrorStep {
  if (error === undefined) {
    throw invalid('missing_error', { stepType: 'error' }, { path: 'error' });
  }
  if (retryAdvice === undefined) return Object.freeze({ type: 'error', error });
  checkRetryAdvice(retryAdvice, { stepType: 'error' });
  return Object.freeze({ type: 'error', error, retryAdvice });
}

/**
 * A step that streams exactly `events` (normalized SDK `StreamEvent`s, not
 * provider wire chunks). Only a streaming call can consume it.
 *
 * @param events A sync or async iterable of events.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `invalid_stream` when `events` is
 * not iterable, or an array holds a non-event; `invalid_input` (issue
 * `unreadable`) when it cannot be read (a revoked proxy, as `events` or as
 * its iterator method).
 *
 * @example
 * ```ts
 * import { modelStream, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([
 *   modelStream([{ type: 'response_started' }]),
 * ]);
 * ```
 */
export function modelStream(events: ScriptedModelStream): ModelStreamStep {
  checkEvents(events, { stepType: 'stream' }, 'events');
  return Object.freeze({ type: 'stream', events });
}

/**
 * A step whose exact stream is computed from the recorded call. Only a
 * streaming call can consume it.
 *
 * @param respond Receives the recorded call, returns the events.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `missing_responder` when `respond`
 * is not a function; `invalid_input` (issue `unreadable`) for a revoked
 * proxy of one.
 *
 * @example
 * ```ts
 * import { modelStreamResponder, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([
 *   modelStreamResponder((call) => [
 *     { type: 'output_text_delta', delta: `call ${call.index}` },
 *   ]),
 * ]);
 * ```
 */
export function modelStreamResponder(
  respond: ModelStreamResponder,
): ModelStreamResponderStep {
  checkFunction(respond, { stepType: 'stream_responder' });
  return Object.freeze({ type: 'stream_responder', respond });
}

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
  return building(() => {
    string(text, 'text', { label: 'invalid_text' });
    const given = read(options, ['id', 'phase', 'providerData']);
    const id = string(given.id, 'options.id', {
      optional: true,
      nonEmpty: true,
    });
    const phase = oneOf(given.phase, 'options.phase', phases, {
      optional: true,
    });
    const providerData = object(given.providerData, 'options.providerData', {
      optional: true,
    });
    // Keys in the order `@openai/agents/testing` writes them.
    // `phase` is newer than SDK 0.11: declared where the release has it.
    const item = {
      type: 'message',
      role: 'assistant',
      status: 'completed',
    } as Newer<AssistantMessageItem, { phase: (typeof phases)[number] }>;
    if (id !== undefined) item.id = id;
    if (phase !== undefined) item.phase = phase;
    item.content = [{ type: 'output_text', text }];
    if (providerData !== undefined) {
      item.providerData = providerData as Record<string, unknown>;
    }
    return item;
  });
}

const phases = ['commentary', 'final_answer'] as const;

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
  return building(() => {
    string(name, 'name', { nonEmpty: true, label: 'invalid_name' });
    const call = callOptions(options, ['namespace']);
    const namespace = string(call.fields.namespace, 'options.namespace', {
      optional: true,
      nonEmpty: true,
    });
    const json = serialized(args, 'args', 'invalid_arguments');
    // Keys in the order `@openai/agents/testing` writes them; `id` defaults
    // to the call id, as there.
    const item = {
      type: 'function_call',
      name,
      callId: call.callId,
      id: call.id,
    } as FunctionCallItem;
    if (namespace !== undefined) item.namespace = namespace;
    item.status = 'completed';
    item.arguments = json;
    if (call.providerData !== undefined) item.providerData = call.providerData;
    return item;
  });
}
