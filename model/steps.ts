/**
 * Scripted model steps: plain data discriminated on `type`, and the
 * factories that build and check them.
 *
 * @module
 */
import type {
  AgentOutputItem,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';
import type { RecordedModelCall } from './recorded_call.ts';
import {
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  guarded,
  isMissing,
} from './_checks.ts';
import { readResponse } from './_normalize.ts';
import { InvalidScriptedModelStepError } from './errors.ts';

/**
 * What a step may answer with: a complete `ModelResponse`, or the shorthand
 * output array (which counts as one request with zero tokens and gets the
 * response id `scripted-response-<call index + 1>`). The same type as
 * `@openai/agents/testing`'s.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ScriptedModelResponse } from '@scripted/agents';
 *
 * const response: ScriptedModelResponse = [assistantMessage('Hi')];
 * ```
 */
export type ScriptedModelResponse =
  | ModelResponse
  | readonly AgentOutputItem[];

/**
 * Our earlier name of {@link ScriptedModelResponse}.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ModelResponseInput } from '@scripted/agents';
 *
 * const response: ModelResponseInput = [assistantMessage('Hi')];
 * ```
 */
export type ModelResponseInput = ScriptedModelResponse;

/**
 * Derives a response from the recorded call (its own detached, mutable
 * copy: changing it never reaches `calls`); sync or async.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ModelResponder } from '@scripted/agents';
 *
 * const respond: ModelResponder = (call) => [
 *   assistantMessage(`Call ${call.index}`),
 * ];
 * ```
 */
export type ModelResponder = (
  call: RecordedModelCall,
) => ScriptedModelResponse | PromiseLike<ScriptedModelResponse>;

/**
 * Normalized stream events, as a sync or async iterable. The same type as
 * `@openai/agents/testing`'s.
 *
 * @example
 * ```ts
 * import type { ScriptedModelStream } from '@scripted/agents';
 *
 * const events: ScriptedModelStream = [{ type: 'response_started' }];
 * ```
 */
export type ScriptedModelStream =
  | Iterable<StreamEvent>
  | AsyncIterable<StreamEvent>;

/**
 * Our earlier name of {@link ScriptedModelStream}.
 *
 * @example
 * ```ts
 * import type { ModelStreamEvents } from '@scripted/agents';
 *
 * const events: ModelStreamEvents = [{ type: 'response_started' }];
 * ```
 */
export type ModelStreamEvents = ScriptedModelStream;

/**
 * Derives the exact stream from the recorded call (its own detached,
 * mutable copy).
 *
 * @example
 * ```ts
 * import type { ModelStreamResponder } from '@scripted/agents';
 *
 * const respond: ModelStreamResponder = () => [{ type: 'response_started' }];
 * ```
 */
export type ModelStreamResponder = (
  call: RecordedModelCall,
) => ScriptedModelStream | PromiseLike<ScriptedModelStream>;

/**
 * Our earlier name of {@link ScriptedModelRetryAdvice}.
 *
 * @example
 * ```ts
 * import type { ModelRetryAdviceInput } from '@scripted/agents';
 *
 * const advice: ModelRetryAdviceInput = { suggested: true };
 * ```
 */
export type ModelRetryAdviceInput = ScriptedModelRetryAdvice;

/**
 * Retry advice for a failed request: fixed, or computed (sync or async) from
 * the advice request the runner passes to `getRetryAdvice()`. The same type
 * as `@openai/agents/testing`'s, also accepting any `PromiseLike`.
 *
 * @example
 * ```ts
 * import type { ScriptedModelRetryAdvice } from '@scripted/agents';
 *
 * const advice: ScriptedModelRetryAdvice = ({ attempt }) => ({
 *   suggested: attempt === 1,
 * });
 * ```
 */
export type ScriptedModelRetryAdvice =
  | ModelRetryAdvice
  | ((
    request: ModelRetryAdviceRequest,
  ) =>
    | ModelRetryAdvice
    | undefined
    | PromiseLike<ModelRetryAdvice | undefined>);

/**
 * A step that answers with a fixed response.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ModelResponseStep } from '@scripted/agents';
 *
 * const step: ModelResponseStep = {
 *   type: 'response',
 *   response: [assistantMessage('Hi')],
 * };
 * ```
 */
export interface ModelResponseStep {
  /** The step kind. */
  readonly type: 'response';
  /** The response. */
  readonly response: ScriptedModelResponse;
}

/**
 * A step that derives its response from the recorded call.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ModelResponderStep } from '@scripted/agents';
 *
 * const step: ModelResponderStep = {
 *   type: 'responder',
 *   respond: () => [assistantMessage('Hi')],
 * };
 * ```
 */
export interface ModelResponderStep {
  /** The step kind. */
  readonly type: 'responder';
  /** Computes the response. */
  readonly respond: ModelResponder;
}

/**
 * A step that fails its call with `error`.
 *
 * @example
 * ```ts
 * import type { ModelErrorStep } from '@scripted/agents';
 *
 * const step: ModelErrorStep = { type: 'error', error: new Error('boom') };
 * ```
 */
export interface ModelErrorStep {
  /** The step kind. */
  readonly type: 'error';
  /** The value thrown (or the stream fails with). */
  readonly error: unknown;
  /** What `getRetryAdvice()` answers for this failure. */
  readonly retryAdvice?: ScriptedModelRetryAdvice;
}

/**
 * A step that streams an exact sequence of normalized events.
 *
 * @example
 * ```ts
 * import type { ModelStreamStep } from '@scripted/agents';
 *
 * const step: ModelStreamStep = {
 *   type: 'stream',
 *   events: [{ type: 'response_started' }],
 * };
 * ```
 */
export interface ModelStreamStep {
  /** The step kind. */
  readonly type: 'stream';
  /** The events, yielded in order. */
  readonly events: ScriptedModelStream;
}

/**
 * A step that derives its exact stream from the recorded call.
 *
 * @example
 * ```ts
 * import type { ModelStreamResponderStep } from '@scripted/agents';
 *
 * const step: ModelStreamResponderStep = {
 *   type: 'stream_responder',
 *   respond: () => [{ type: 'response_started' }],
 * };
 * ```
 */
export interface ModelStreamResponderStep {
  /** The step kind. */
  readonly type: 'stream_responder';
  /** Computes the events. */
  readonly respond: ModelStreamResponder;
}

/**
 * One scripted step; one model call consumes one step, in order.
 *
 * @example
 * ```ts
 * import { modelError, type ScriptedModelStep } from '@scripted/agents';
 *
 * const step: ScriptedModelStep = modelError(new Error('boom'));
 * ```
 */
export type ScriptedModelStep =
  | ModelResponseStep
  | ModelResponderStep
  | ModelErrorStep
  | ModelStreamStep
  | ModelStreamResponderStep;

/**
 * What the constructor and `enqueue()` accept: a step envelope, a complete
 * `ModelResponse`, or an output array.
 *
 * @example
 * ```ts
 * import { assistantMessage, type ScriptedModelInput } from '@scripted/agents';
 *
 * const inputs: ScriptedModelInput[] = [[assistantMessage('Hi')]];
 * ```
 */
export type ScriptedModelInput = ScriptedModelStep | ScriptedModelResponse;

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
 * import { assistantMessage, modelResponse, ScriptedModel } from '@scripted/agents';
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
  if (isMissing(response)) {
    throw new InvalidScriptedModelStepError({
      reason: 'missing_response',
      stepType: 'response',
      path: 'response',
    });
  }
  readResponse(response, undefined, undefined, 'response');
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
 * is not a function.
 *
 * @example
 * ```ts
 * import { assistantMessage, modelResponder, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([
 *   modelResponder((call) => [assistantMessage(`Call ${call.index}`)]),
 * ]);
 * ```
 */
export function modelResponder(respond: ModelResponder): ModelResponderStep {
  checkFunction(respond, 'responder');
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
    throw new InvalidScriptedModelStepError({
      reason: 'missing_error',
      stepType: 'error',
      path: 'error',
    });
  }
  if (retryAdvice === undefined) return Object.freeze({ type: 'error', error });
  guarded(
    'error',
    undefined,
    () => checkRetryAdvice(retryAdvice),
    'retryAdvice',
  );
  return Object.freeze({ type: 'error', error, retryAdvice });
}

/**
 * A step that streams exactly `events` (normalized SDK `StreamEvent`s, not
 * provider wire chunks). Only a streaming call can consume it.
 *
 * @param events A sync or async iterable of events.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `invalid_stream` when `events` is
 * not iterable, or an array holds a non-event.
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
  guarded('stream', undefined, () => checkEvents(events, 'stream'), 'events');
  return Object.freeze({ type: 'stream', events });
}

/**
 * A step whose exact stream is computed from the recorded call. Only a
 * streaming call can consume it.
 *
 * @param respond Receives the recorded call, returns the events.
 * @returns The step.
 * @throws {InvalidScriptedModelStepError} `missing_responder` when `respond`
 * is not a function.
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
  checkFunction(respond, 'stream_responder');
  return Object.freeze({ type: 'stream_responder', respond });
}
