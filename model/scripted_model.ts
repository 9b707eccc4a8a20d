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
import { installDispose } from '../_internal/dispose.ts';
import { describe } from '../_internal/format.ts';
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { detachedCopy, snapshot } from '../_internal/snapshot.ts';
import { modelHooks } from '../_internal/hooks.ts';
import { stateSlot } from '../_internal/state.ts';
import { isThenable } from '../_internal/thenable.ts';
import {
  type At,
  checkEvents,
  guarded,
  invalid,
  nowhere,
  unreadable,
} from '../_internal/model_checks.ts';
import {
  type NormalizedStep,
  normalizeInput,
  readResponse,
  type ResponseTemplate,
} from './_normalize.ts';
import { readDefaultUsage, readOptions } from './_options.ts';
import { snapshotRequest } from './_request_snapshot.ts';
import { toModelResponse } from './_response.ts';
import { autoStream, checkpoint, exactStream } from './_stream.ts';
import {
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './errors.ts';
import type {
  RecordedModelCall,
  ScriptedModelInput,
  ScriptedModelRetryAdvice,
  ScriptedModelStream,
} from './types.ts';

/** A call that was recorded and took a step. */
interface Begun {
  readonly call: RecordedModelCall;
  readonly step: NormalizedStep;
  readonly signal: AbortSignal | undefined;
}

/**
 * A failure an error step threw, kept for `getRetryAdvice()` until the
 * runner asks about it: one per failed request, answered once.
 */
interface Failure {
  readonly error: unknown;
  readonly streamed: boolean;
  readonly advice: ScriptedModelRetryAdvice | undefined;
  /** The failed request's `input`, to tell concurrent requests apart. */
  readonly input: WeakRef<object> | string | undefined;
}

/**
 * Everything a model keeps; reached through `slot.of(this)`. Consumed steps
 * stay in `steps` (the script as written); `next` is the first unused one.
 */
interface ModelState {
  readonly steps: NormalizedStep[];
  next: number;
  readonly calls: CallLog<RecordedModelCall>;
  /** The last recorded request, whose frozen parts the next one reuses. */
  previous: ModelRequest | undefined;
  readonly drift: FirstMismatch;
  readonly failures: Failure[];
  /** Frozen usage for responses without one; `undefined`: no tokens. */
  defaultUsage: UsageInput | undefined;
}

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

// The step's response, with the model's default usage when it gives none.
function withDefaultUsage(
  state: ModelState,
  template: ResponseTemplate,
): ResponseTemplate {
  return template.usage === undefined && state.defaultUsage !== undefined
    ? { ...template, usage: state.defaultUsage }
    : template;
}

const slot = stateSlot<ModelState>('ScriptedModel');

type ResponderStep = Extract<
  NormalizedStep,
  { type: 'responder' | 'stream_responder' }
>;

function signalOf(request: unknown): AbortSignal | undefined {
  return typeof request === 'object' && request !== null
    ? (request as ModelRequest).signal
    : undefined;
}

function inputOf(request: unknown): Failure['input'] {
  try {
    const input = (request as ModelRequest).input as unknown;
    if (typeof input === 'string') return input;
    if (typeof input === 'object' && input !== null) return new WeakRef(input);
  } catch {
    // A hostile request: match on the error alone.
  }
  return undefined;
}

function sameInput(failure: Failure, request: unknown): boolean {
  const kept = failure.input;
  if (kept === undefined) return false;
  let input: unknown;
  try {
    input = (request as ModelRequest | undefined)?.input;
  } catch {
    return false;
  }
  return typeof kept === 'string' ? kept === input : kept.deref() === input;
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
      calls: new CallLog(),
      previous: undefined,
      drift: new FirstMismatch(),
      failures: [],
      defaultUsage,
    });
    if (inputs === undefined) return;
    append(state, readInputs(inputs));
  }

  static {
    // `using model = new ScriptedModel([...])` asserts completeness at
    // scope end (see `_internal/dispose.ts`).
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
    throw new UnconsumedModelStepsError({
      remainingSteps,
      pendingStepTypes: state.steps.slice(state.next).map((step) => step.type),
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
   * assert.equal(response.responseId, 'scripted-response-1');
   * ```
   */
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const state = slot.of(this);
    const { call, step, signal } = begin(state, request, false);
    switch (step.type) {
      case 'response':
        return toModelResponse(
          withDefaultUsage(state, step.template),
          call.index,
        );
      case 'responder':
        return toModelResponse(
          withDefaultUsage(
            state,
            await respond(state, step, call, signal) as ResponseTemplate,
          ),
          call.index,
        );
      case 'error':
        throw fail(state, step, request, false);
      default:
        throw remember(
          state,
          invalid(
            'incompatible_call',
            { stepType: step.type, callIndex: call.index },
            { received: 'a non-streaming call' },
          ),
        );
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
    const state = slot.of(this);
    let begun: Begun | { error: unknown };
    try {
      begun = begin(state, request, true);
    } catch (error) {
      begun = { error };
    }
    return stream(state, begun, request);
  }

  /**
   * The retry advice scripted for a failed request, always as a promise.
   * Each request an error step failed keeps its own advice, answered once:
   * the oldest unanswered failure with the same `error` (and `stream` flag)
   * answers, preferring the one whose request had the same `input`. Any
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
      const failures = slot.of(this).failures;
      const hooked = modelHooks.find(this)?.retryAdvice?.(args);
      if (hooked?.found) return Promise.resolve(hooked.advice);
      const error = args?.error;
      const streamed = args?.stream;
      let found = -1;
      for (let i = 0; i < failures.length; i++) {
        const failure = failures[i]!;
        if (
          !Object.is(failure.error, error) || failure.streamed !== streamed
        ) {
          continue;
        }
        if (found < 0) found = i;
        if (sameInput(failure, args.request)) {
          found = i;
          break;
        }
      }
      if (found < 0) return Promise.resolve(undefined);
      const { advice } = failures.splice(found, 1)[0]!;
      if (typeof advice === 'function') {
        return Promise.resolve(advice(args));
      }
      return Promise.resolve(advice === undefined ? undefined : { ...advice });
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/**
 * Reads the constructor's inputs: an array by index, any other iterable by
 * iterating it.
 */
function readInputs(inputs: unknown): readonly unknown[] {
  return guarded(nowhere, () => {
    if (Array.isArray(inputs)) return inputs;
    const iterate = typeof inputs === 'object' && inputs !== null ||
        typeof inputs === 'function' || typeof inputs === 'string'
      ? (inputs as Partial<Iterable<unknown>>)[Symbol.iterator]
      : undefined;
    if (typeof iterate !== 'function') {
      throw invalid('invalid_input', nowhere, {
        issue: 'not_iterable',
        path: 'inputs',
        received: describe(inputs),
      });
    }
    const out: unknown[] = [];
    const iterator = iterate.call(inputs) as Iterator<unknown>;
    for (;;) {
      let result: IteratorResult<unknown>;
      try {
        result = iterator.next();
        if (result.done) return out;
        out.push(result.value);
      } catch (error) {
        throw unreadable({ inputIndex: out.length }, undefined, error);
      }
    }
  }, 'inputs');
}

function append(state: ModelState, inputs: readonly unknown[]): void {
  const length = guarded(nowhere, () => inputs.length);
  const steps: NormalizedStep[] = new Array(length);
  for (let i = 0; i < length; i++) {
    const input = guarded({ inputIndex: i }, () => inputs[i]);
    steps[i] = normalizeInput(input, i);
  }
  for (const step of steps) state.steps.push(step);
}

/** Records the call, then takes its step (unless already aborted). */
function begin(
  state: ModelState,
  request: ModelRequest,
  streamed: boolean,
): Begun {
  const signal = signalOf(request);
  if (signal?.aborted) {
    throw new ScriptedModelRequestAbortedError({ cause: signal.reason });
  }
  const snapshotted = snapshotRequest(request, state.previous);
  state.previous = snapshotted;
  const call = state.calls.record((index) => ({
    index,
    streamed,
    request: snapshotted,
  }));
  const step = state.steps[state.next];
  if (step === undefined) {
    throw remember(state, new UnexpectedModelCallError(call));
  }
  state.next++;
  return { call, step, signal };
}

async function* stream(
  state: ModelState,
  begun: Begun | { error: unknown },
  request: ModelRequest,
): AsyncGenerator<StreamEvent, void, undefined> {
  if (!('step' in begun)) throw begun.error;
  const { call, step, signal } = begun;
  // The step was taken when the call was made; the iterator may start
  // later, after an abort.
  checkpoint(signal, call.index);
  switch (step.type) {
    case 'response':
      yield* autoStream(
        withDefaultUsage(state, step.template),
        call.index,
        signal,
      );
      return;
    case 'responder':
      yield* autoStream(
        withDefaultUsage(
          state,
          await respond(state, step, call, signal) as ResponseTemplate,
        ),
        call.index,
        signal,
      );
      return;
    case 'error':
      throw fail(state, step, request, true);
    default: {
      // A stream responder's result is checked events.
      const events = step.type === 'stream'
        ? step.events
        : await respond(state, step, call, signal) as ScriptedModelStream;
      yield* exactStream(events, {
        at: { stepType: step.type, callIndex: call.index },
        signal,
        remember: (error) => remember(state, error),
        path: step.type === 'stream' ? 'events' : 'respond()',
      });
    }
  }
}

/**
 * Runs a responder cooperatively on its own detached, mutable copy of the
 * call, then checks the signal and its result.
 */
async function respond(
  state: ModelState,
  step: ResponderStep,
  call: RecordedModelCall,
  signal: AbortSignal | undefined,
): Promise<ResponseTemplate | ScriptedModelStream> {
  let value: unknown = step.respond(detachedCopy(call));
  if (isThenable(value)) value = await value;
  checkpoint(signal, call.index);
  try {
    // A malformed response names no step type, as the SDK module's does.
    if (step.type === 'responder') {
      return readResponse(value, { callIndex: call.index }, 'respond()');
    }
    const at: At = { stepType: step.type, callIndex: call.index };
    checkEvents(value, at, 'respond()');
    return Array.isArray(value)
      ? guarded(at, () => snapshot(value) as ScriptedModelStream, 'respond()')
      : value as ScriptedModelStream;
  } catch (error) {
    throw remember(state, error);
  }
}

function fail(
  state: ModelState,
  step: Extract<NormalizedStep, { type: 'error' }>,
  request: ModelRequest,
  streamed: boolean,
): unknown {
  state.failures.push({
    error: step.error,
    streamed,
    advice: step.advice,
    input: inputOf(request),
  });
  return step.error;
}

function remember(state: ModelState, error: unknown): unknown {
  state.drift.remember(error);
  return error;
}
