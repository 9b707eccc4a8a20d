/**
 * The model's public types: the steps and inputs of a script, and the record
 * of a call. A leaf: it imports only the SDK's types.
 *
 * @module
 */
import type {
  AgentOutputItem,
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';

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
 * One call the model received, recorded before its step was handled: a
 * frozen object whose `request` is a frozen snapshot taken at call time.
 * Arrays and plain objects of the request are copies; runtime objects (the
 * `AbortSignal`, callbacks, class instances) keep their identity.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   type RecordedModelCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello')]]);
 * await new Runner({ tracingDisabled: true }).run(
 *   new Agent({ name: 'A', model }),
 *   'Hi',
 * );
 * const call: RecordedModelCall | undefined = model.firstCall;
 * assert.equal(call?.index, 0);
 * assert.equal(call?.streamed, false);
 * ```
 */
export interface RecordedModelCall {
  /** Zero-based position of this call in `calls`. */
  readonly index: number;
  /** Whether the call was `getStreamedResponse` (`true`) or `getResponse`. */
  readonly streamed: boolean;
  /** The normalized request, as the model received it at call time. */
  readonly request: ModelRequest;
}
