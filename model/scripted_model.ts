/**
 * `ScriptedModel`: a deterministic, in-memory SDK `Model` that answers each
 * call with the next scripted step and records what it received.
 *
 * @module
 */
import type {
  Model,
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
  Usage,
} from '@openai/agents-core';
import type { UsageInput } from '../_internal/sdk.ts';
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { installDispose, modelHooks, stateSlot } from '../_internal/state.ts';
import {
  adviceFor,
  answer,
  answerStreamed,
  append,
  type ModelState,
} from './_calls.ts';
import { readDefaultUsage, readOptions } from './_usage.ts';
import { modelTrail, UnconsumedModelStepsError } from './errors.ts';
import { appendTimeline } from '../_internal/timeline.ts';
import type { RecordedModelCall, ScriptedModelInput } from './types.ts';

/**
 * The options of `new ScriptedModel(inputs, options)`.
 *
 * @example
 * ```ts
 * import type { ScriptedModelOptions } from '@scripted/agents';
 *
 * const options: ScriptedModelOptions = {
 *   defaultUsage: { requests: 1, inputTokens: 10, outputTokens: 5, totalTokens: 15 },
 * };
 * ```
 */
export interface ScriptedModelOptions {
  /**
   * The usage of every response that does not give one (a plain output
   * array, a `ModelResponse` or responder result without `usage`, an
   * automatic stream): a `Usage` or usage data, copied when given. Left
   * out: one request and no tokens.
   */
  readonly defaultUsage?: Usage | UsageInput | undefined;
}

const slot = stateSlot<ModelState>('ScriptedModel');

/**
 * A scripted SDK `Model`. Each call consumes the next step, in order: an
 * output array, a complete `ModelResponse`, or a step from `modelResponse`,
 * `modelResponder`, `modelError`, `modelStream` or `modelStreamResponder`.
 * Plain response steps serve both `run(...)` and `run(..., { stream: true })`.
 *
 * Every call is recorded, before its step is handled, as a frozen
 * `RecordedModelCall` whose request is detached at call time. The first
 * mismatch it throws (an unexpected call, a step that cannot answer the
 * call) is remembered and rethrown by `assertComplete()`, so drift cannot
 * hide behind a `catch`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('Paris.')]]);
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Capital?');
 * assert.equal(result.finalOutput, 'Paris.');
 * model.assertComplete();
 * ```
 */
export class ScriptedModel implements Model {
  /**
   * Creates a `ScriptedModel`.
   * @param inputs The script, any iterable (an array, a `Set`, a
   * generator): step envelopes, complete `ModelResponse`s or output arrays,
   * one per expected call.
   * @param options `defaultUsage`: the usage of responses that give none
   * (see {@link ScriptedModelOptions}).
   * @throws {InvalidScriptedModelStepError} When `inputs` is not iterable
   * (`invalid_input`, issue `not_iterable`) or an input is malformed
   * (`inputIndex` is its position); no step is added then. When `options`
   * is malformed: `invalid_input` with issue `invalid_option`,
   * `unknown_property` or `invalid_usage`, and `path` (`modelOptions`,
   * `modelOptions.<key>`, `defaultUsage`, `defaultUsage.<member>`).
   */
  constructor(
    inputs?: Iterable<ScriptedModelInput>,
    options?: ScriptedModelOptions,
  ) {
    const { defaultUsage } = readOptions(options);
    const state = slot.attach(this, {
      steps: [],
      next: 0,
      took: new Map(),
      calls: new CallLog(),
      previous: undefined,
      drift: new FirstMismatch(),
      failures: [],
      defaultUsage,
    });
    if (inputs === undefined) return;
    append(state, inputs);
  }

  static {
    // `using model = new ScriptedModel([...])` asserts completeness at
    // scope end (see `_internal/state.ts`).
    installDispose(this.prototype, function () {
      this.assertComplete();
    });
  }

  /**
   * The usage of responses that do not give one, as frozen usage data;
   * `undefined` when none was set (one request, no tokens). Setting it
   * (a `Usage`, usage data, or `undefined` for the built-in default)
   * affects the calls made afterwards.
   *
   * @throws {InvalidScriptedModelStepError} On set, when the value is not
   * usage: `invalid_input`, issue `invalid_usage`, `path` `defaultUsage` or
   * the faulty member (`defaultUsage.inputTokens`).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * const model = new ScriptedModel([[assistantMessage('Hi')]]);
   * model.defaultUsage = { inputTokens: 3, outputTokens: 1, totalTokens: 4 };
   * const response = await model.getResponse({
   *   input: 'Hi',
   *   modelSettings: {},
   *   tools: [],
   *   handoffs: [],
   *   outputType: 'text',
   *   tracing: false,
   * });
   * assert.equal(response.usage.totalTokens, 4);
   * ```
   */
  get defaultUsage(): UsageInput | undefined {
    return slot.of(this).defaultUsage;
  }

  set defaultUsage(usage: Usage | UsageInput | undefined) {
    slot.of(this).defaultUsage = readDefaultUsage(usage);
  }

  /**
   * Asserts completeness, as {@link ScriptedModel.assertComplete} does:
   * `using model = new ScriptedModel([...])` checks the script at scope
   * end. When the scope's body already threw, the runtime keeps both
   * errors in a `SuppressedError` (`error`: this failure, `suppressed`: the
   * body's). Installed under `Symbol.dispose` where the runtime has it.
   *
   * @throws What `assertComplete()` throws.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * assert.throws(() => {
   *   using model = new ScriptedModel([[assistantMessage('unused')]]);
   *   assert.equal(model.remainingSteps, 1);
   * }, { name: 'UnconsumedModelStepsError' });
   * ```
   */
  declare readonly [Symbol.dispose]: () => void;

  /**
   * Appends steps to the script.
   *
   * @param inputs Step envelopes, complete `ModelResponse`s or output arrays.
   * @throws {InvalidScriptedModelStepError} When an input is malformed
   * (`inputIndex` is its position among `inputs`); no step is added then.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * const model = new ScriptedModel();
   * model.enqueue([assistantMessage('one')], [assistantMessage('two')]);
   * assert.equal(model.remainingSteps, 2);
   * ```
   */
  enqueue(...inputs: ScriptedModelInput[]): void {
    append(slot.of(this), inputs);
  }

  /**
   * Every recorded call, in call order (a frozen array).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedModel } from '@scripted/agents';
   *
   * assert.deepEqual(new ScriptedModel().calls, []);
   * ```
   */
  get calls(): readonly RecordedModelCall[] {
    return slot.of(this).calls.view();
  }

  /**
   * The first recorded call, or `undefined`.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedModel } from '@scripted/agents';
   *
   * assert.equal(new ScriptedModel().firstCall, undefined);
   * ```
   */
  get firstCall(): RecordedModelCall | undefined {
    return slot.of(this).calls.first();
  }

  /**
   * The most recent recorded call, or `undefined`.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedModel } from '@scripted/agents';
   *
   * assert.equal(new ScriptedModel().lastCall, undefined);
   * ```
   */
  get lastCall(): RecordedModelCall | undefined {
    return slot.of(this).calls.last();
  }

  /**
   * How many steps no call has consumed yet.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * assert.equal(new ScriptedModel([[assistantMessage('hi')]]).remainingSteps, 1);
   * ```
   */
  get remainingSteps(): number {
    const state = slot.of(this);
    return state.steps.length - state.next;
  }

  /**
   * Fails when the workflow drifted from the script: rethrows the first
   * mismatch a call threw (even if application code caught it), else throws
   * when steps are left.
   *
   * @throws {UnexpectedModelCallError} The remembered unexpected call.
   * @throws {InvalidScriptedModelStepError} The remembered incompatible step.
   * @throws {UnconsumedModelStepsError} When steps are left.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import {
   *   assistantMessage,
   *   ScriptedModel,
   *   UnconsumedModelStepsError,
   * } from '@scripted/agents';
   *
   * new ScriptedModel().assertComplete(); // nothing scripted, nothing left
   * const model = new ScriptedModel([[assistantMessage('unused')]]);
   * assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
   * ```
   */
  assertComplete(): void {
    const state = slot.of(this);
    modelHooks.find(this)?.beforeComplete?.();
    state.drift.rethrow();
    const remainingSteps = state.steps.length - state.next;
    if (remainingSteps === 0) return;
    const error = new UnconsumedModelStepsError({
      remainingSteps,
      pendingStepTypes: state.steps.slice(state.next).map((step) => step.type),
    });
    throw appendTimeline(error, modelTrail(state));
  }

  /**
   * Answers a non-streaming call with the next step.
   *
   * @param request The normalized request.
   * @returns A fresh `ModelResponse`.
   * @throws {ScriptedModelRequestAbortedError} When the request is aborted.
   * @throws {UnexpectedModelCallError} When the script has no steps left.
   * @throws {InvalidScriptedModelStepError} `incompatible_call` for a raw
   * stream step, `invalid_response` for a bad responder result.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * const model = new ScriptedModel([[assistantMessage('Hi')]]);
   * const response = await model.getResponse({
   *   input: 'Hello',
   *   modelSettings: {},
   *   tools: [],
   *   handoffs: [],
   *   outputType: 'text',
   *   tracing: false,
   * });
   * assert.equal(response.responseId, 'scripted-response-1');
   * ```
   */
  getResponse(request: ModelRequest): Promise<ModelResponse> {
    try {
      return answer(slot.of(this), request);
    } catch (error) {
      // A foreign receiver rejects, as any failure of the call does.
      return Promise.reject(error);
    }
  }

  /**
   * Answers a streaming call with the next step. The call is recorded (and
   * its step taken) when this is called; errors surface from the iterator.
   * The signal is checked again when the iterator starts: a step deferred
   * past an abort is not played (an error step then fails with the abort
   * error, a responder is not called).
   *
   * @param request The normalized request.
   * @returns The normalized stream events.
   * @throws {ScriptedModelRequestAbortedError} From the iterator, when the
   * request is aborted.
   * @throws {UnexpectedModelCallError} From the iterator, when the script has
   * no steps left.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { assistantMessage, ScriptedModel } from '@scripted/agents';
   *
   * const model = new ScriptedModel([[assistantMessage('Hi')]]);
   * const types: string[] = [];
   * for await (
   *   const event of model.getStreamedResponse({
   *     input: 'Hello',
   *     modelSettings: {},
   *     tools: [],
   *     handoffs: [],
   *     outputType: 'text',
   *     tracing: false,
   *   })
   * ) types.push(event.type);
   * assert.deepEqual(types, ['response_started', 'output_text_delta', 'response_done']);
   * ```
   */
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    return answerStreamed(slot.of(this), request);
  }

  /**
   * The retry advice scripted for a failed request, always as a promise.
   * Each request an error step failed keeps its own advice, answered once,
   * in any order: among the unanswered failures with the same `error` (and
   * `stream` flag), the one whose request is the very object asked about
   * answers; else the oldest whose request had the same `input`,
   * `modelSettings`, `tools` and `handoffs` (`===`); else the oldest. Any
   * other error gets `undefined`. The runner's retry policy decides what to
   * do.
   *
   * @param args The advice request the runner passes.
   * @returns The fixed advice (a fresh copy), or what the callback returns.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { modelError, ScriptedModel } from '@scripted/agents';
   *
   * const error = new Error('overloaded');
   * const model = new ScriptedModel([modelError(error, { suggested: true })]);
   * const request = {
   *   input: 'Hi',
   *   modelSettings: {},
   *   tools: [],
   *   handoffs: [],
   *   outputType: 'text' as const,
   *   tracing: false as const,
   * };
   * await assert.rejects(model.getResponse(request), error);
   * assert.deepEqual(
   *   await model.getRetryAdvice({ request, error, stream: false, attempt: 1 }),
   *   { suggested: true },
   * );
   * ```
   */
  getRetryAdvice(
    args: ModelRetryAdviceRequest,
  ): Promise<ModelRetryAdvice | undefined> {
    try {
      const state = slot.of(this);
      const hooked = modelHooks.find(this)?.retryAdvice?.(args);
      if (hooked?.found) return Promise.resolve(hooked.advice);
      return Promise.resolve(adviceFor(state, args));
    } catch (error) {
      return Promise.reject(error);
    }
  }
}
