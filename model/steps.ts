/**
 * The factories of scripted model steps. Each checks its argument where it
 * is written, without copying it: the step holds what it was given, and the
 * snapshot is taken once, when the step is added to a model.
 *
 * @module
 */
import {
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  invalid,
  nowhere,
} from '../_internal/model_checks.ts';
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
 * is not a function.
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
  checkFunction(respond, { stepType: 'stream_responder' });
  return Object.freeze({ type: 'stream_responder', respond });
}
