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
} from '@openai/agents-core';
import { plural } from '../_internal/format.ts';
import { checkEvents, guarded } from './_checks.ts';
import {
  type NormalizedStep,
  normalizeInput,
  readResponse,
  type ResponseTemplate,
} from './_normalize.ts';
import { snapshotRequest } from './_request_snapshot.ts';
import { toModelResponse } from './_response.ts';
import {
  InvalidScriptedModelStepError,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './errors.ts';
import type { RecordedModelCall } from './recorded_call.ts';
import type {
  ModelRetryAdviceInput,
  ModelStreamEvents,
  ScriptedModelInput,
} from './steps.ts';
import { autoStream, checkpoint, exactStream } from './stream.ts';
import { isThenable } from '../_internal/thenable.ts';
import { frozenView } from '../_internal/view.ts';
import type { ModelFixture } from './fixture.ts';
import { type ModelReplayOptions, replayModel } from './replay.ts';

/** A call that was recorded and took a step. */
interface Begun {
  readonly call: RecordedModelCall;
  readonly step: NormalizedStep;
  readonly signal: AbortSignal | undefined;
}

/** A failure an error step threw, for `getRetryAdvice()`. */
interface Failure {
  readonly error: unknown;
  readonly advice: ModelRetryAdviceInput | undefined;
}

type ResponderStep = Extract<
  NormalizedStep,
  { type: 'responder' | 'stream_responder' }
>;

function signalOf(request: unknown): AbortSignal | undefined {
  return typeof request === 'object' && request !== null
    ? (request as ModelRequest).signal
    : undefined;
}

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
  #steps: (NormalizedStep | undefined)[] = [];
  #next = 0;
  #calls: RecordedModelCall[] = [];
  #callsView: readonly RecordedModelCall[] | undefined;
  #mismatch: unknown;
  #failures: Failure[] = [];

  /**
   * A `ScriptedModel` that replays a recording made with `recordModel()`:
   * each call is answered with its recorded response, stream events or
   * error, after its request is compared with the recorded one on
   * `options.aspects` (default input items, tool names, instructions). The
   * first difference throws `ReplayMismatchError` and is remembered, so
   * `assertComplete()` rethrows it.
   *
   * @param fixture The fixture, as an object or JSON text.
   * @param options `aspects`, `compare: false`, `redact`.
   * @returns The replaying model.
   * @throws {InvalidRecordingError} When the fixture is malformed.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { ScriptedModel } from '@scripted/agents';
   *
   * const model = ScriptedModel.fromRecording(
   *   '{"version":1,"kind":"model","sdkVersion":"0.20.0","calls":[]}',
   * );
   * assert.equal(model.remainingSteps, 0);
   * ```
   */
  static fromRecording(
    fixture: ModelFixture | string,
    options?: ModelReplayOptions,
  ): ScriptedModel {
    return replayModel(fixture, options);
  }

  /**
   * @param inputs The script: step envelopes, complete `ModelResponse`s or
   * output arrays, one per expected call.
   * @throws {InvalidScriptedModelStepError} When an input is malformed; no
   * step is added then.
   */
  constructor(inputs?: readonly ScriptedModelInput[]) {
    if (inputs === undefined) return;
    guarded(undefined, undefined, () => {
      if (!Array.isArray(inputs)) {
        throw new InvalidScriptedModelStepError({
          reason: 'invalid_input',
          detail: 'the constructor expects an array of inputs',
        });
      }
    });
    this.#append(inputs);
  }

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
    this.#append(inputs);
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
    return this.#callsView = frozenView(this.#calls, this.#callsView);
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
    return this.#calls[0];
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
    return this.#calls[this.#calls.length - 1];
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
    return this.#steps.length - this.#next;
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
    if (this.#mismatch !== undefined) throw this.#mismatch;
    const remainingSteps = this.remainingSteps;
    if (remainingSteps === 0) return;
    throw new UnconsumedModelStepsError({
      remainingSteps,
      pendingStepTypes: this.#steps.slice(this.#next).map((step) => step!.type),
    });
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
   * assert.equal(response.responseId, 'resp_scripted_0');
   * ```
   */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const { call, step, signal } = this.#begin(request, false);
    switch (step.type) {
      case 'response':
        return toModelResponse(step.template, call.index);
      case 'responder':
        return toModelResponse(
          await this.#respond(step, call, signal) as ResponseTemplate,
          call.index,
        );
      case 'error':
        throw this.#fail(step.error, step.advice);
      default:
        throw this.#remember(
          new InvalidScriptedModelStepError({
            reason: 'incompatible_call',
            callIndex: call.index,
            stepType: step.type,
            detail: `${
              plural(this.remainingSteps, 'step')
            } left in the script after it`,
          }),
        );
    }
  }

  /**
   * Answers a streaming call with the next step. The call is recorded (and
   * its step taken) when this is called; errors surface from the iterator.
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
    let begun: Begun | { error: unknown };
    try {
      begun = this.#begin(request, true);
    } catch (error) {
      begun = { error };
    }
    return this.#stream(begun);
  }

  /**
   * The retry advice scripted for a failure an error step threw; `undefined`
   * for any other error. The runner's retry policy decides what to do.
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
   *   model.getRetryAdvice({ request, error, stream: false, attempt: 1 }),
   *   { suggested: true },
   * );
   * ```
   */
  getRetryAdvice(
    args: ModelRetryAdviceRequest,
  ):
    | Promise<ModelRetryAdvice | undefined>
    | ModelRetryAdvice
    | undefined {
    const error = args?.error;
    for (let i = this.#failures.length - 1; i >= 0; i--) {
      const failure = this.#failures[i];
      if (!Object.is(failure.error, error)) continue;
      const advice = failure.advice;
      if (typeof advice === 'function') {
        return advice(args) as Promise<ModelRetryAdvice | undefined>;
      }
      return advice === undefined ? undefined : { ...advice };
    }
    return undefined;
  }

  #append(inputs: readonly unknown[]): void {
    const length = guarded(undefined, undefined, () => inputs.length);
    const steps: NormalizedStep[] = new Array(length);
    for (let i = 0; i < length; i++) {
      const input = guarded(undefined, { inputIndex: i }, () => inputs[i]);
      steps[i] = normalizeInput(input, i);
    }
    if (this.#next > 0 && this.#next * 2 >= this.#steps.length) {
      this.#steps = this.#steps.slice(this.#next);
      this.#next = 0;
    }
    for (const step of steps) this.#steps.push(step);
  }

  /** Records the call, then takes its step (unless already aborted). */
  #begin(request: ModelRequest, streamed: boolean): Begun {
    const signal = signalOf(request);
    if (signal?.aborted) {
      throw new ScriptedModelRequestAbortedError({ cause: signal.reason });
    }
    const index = this.#calls.length;
    const call: RecordedModelCall = Object.freeze({
      index,
      streamed,
      request: snapshotRequest(request, this.#calls[index - 1]?.request),
    });
    this.#calls.push(call);
    const step = this.#steps[this.#next];
    if (step === undefined) {
      throw this.#remember(
        new UnexpectedModelCallError({ callIndex: index, streamed }),
      );
    }
    this.#steps[this.#next++] = undefined;
    return { call, step, signal };
  }

  async *#stream(
    begun: Begun | { error: unknown },
  ): AsyncGenerator<StreamEvent, void, undefined> {
    if (!('step' in begun)) throw begun.error;
    const { call, step, signal } = begun;
    const remember = (error: unknown): unknown => this.#remember(error);
    switch (step.type) {
      case 'response':
        yield* autoStream(step.template, call.index, signal);
        return;
      case 'responder':
        yield* autoStream(
          await this.#respond(step, call, signal) as ResponseTemplate,
          call.index,
          signal,
        );
        return;
      case 'error':
        throw this.#fail(step.error, step.advice);
      case 'stream':
        yield* exactStream(
          step.events,
          step.type,
          call.index,
          signal,
          remember,
        );
        return;
      case 'stream_responder': {
        const events = await this.#respond(step, call, signal);
        // A stream responder's result is checked events.
        yield* exactStream(
          events as ModelStreamEvents,
          step.type,
          call.index,
          signal,
          remember,
        );
      }
    }
  }

  /** Runs a responder cooperatively, then checks the signal and its result. */
  async #respond(
    step: ResponderStep,
    call: RecordedModelCall,
    signal: AbortSignal | undefined,
  ): Promise<ResponseTemplate | ModelStreamEvents> {
    let value: unknown = step.respond(call);
    if (isThenable(value)) value = await value;
    checkpoint(signal, call.index);
    const where = { callIndex: call.index };
    try {
      return step.type === 'responder'
        ? readResponse(value, step.type, where)
        : guarded(step.type, where, () => checkEvents(value, step.type, where));
    } catch (error) {
      throw this.#remember(error);
    }
  }

  #fail(error: unknown, advice: ModelRetryAdviceInput | undefined): unknown {
    this.#failures.push({ error, advice });
    return error;
  }

  #remember(error: unknown): unknown {
    if (this.#mismatch === undefined) this.#mismatch = error;
    return error;
  }
}
