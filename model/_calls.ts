/**
 * What a `ScriptedModel` does with its calls: records each, takes its
 * step, plays it (a response, a responder, an error, a stream), and keeps
 * each failure's retry advice until it is asked for. Private to the model
 * folder; the class (`scripted_model.ts`) is its public face.
 *
 * @module
 */
import type {
  ModelRequest,
  ModelResponse,
  ModelRetryAdvice,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents-core';
import type { UsageInput } from '../_internal/sdk.ts';
import { boundary, items } from '../_internal/read.ts';
import type { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { detachedCopy, snapshot } from '../_internal/snapshot.ts';
import { isThenable } from '../_internal/matcher.ts';
import {
  type At,
  checkEvents,
  guarded,
  invalid,
  nowhere,
  unreadable,
} from './_checks.ts';
import {
  type NormalizedStep,
  normalizeInput,
  readResponse,
  type ResponseTemplate,
} from './_normalize.ts';
import { snapshotRequest } from './_request_snapshot.ts';
import { rawUsageFor, toModelResponse } from './_response.ts';
import { autoStream, checkpoint, exactStream } from './_stream.ts';
import {
  modelTrail,
  ScriptedModelRequestAbortedError,
  UnexpectedModelCallError,
} from './errors.ts';
import { appendTimeline } from '../_internal/timeline.ts';
import type {
  RecordedModelCall,
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
  /**
   * The failed request, then its `input`, `modelSettings`, `tools` and
   * `handoffs` (objects held weakly), to tell concurrent requests apart.
   */
  readonly request: readonly Held[];
}

/** A value kept to compare by identity later; objects held weakly. */
type Held = WeakRef<object> | { readonly value: unknown };

/** The parts of a request its retry advice is matched on, in order. */
const requestParts = ['input', 'modelSettings', 'tools', 'handoffs'] as const;

/**
 * Everything a model keeps; reached through `slot.of(this)`. Consumed steps
 * stay in `steps` (the script as written); `next` is the first unused one.
 */
export interface ModelState {
  readonly steps: NormalizedStep[];
  next: number;
  readonly calls: CallLog<RecordedModelCall>;
  /** The step each call took, by call index (none: it took none). */
  readonly took: Map<number, number>;
  /** The last recorded request, whose frozen parts the next one reuses. */
  previous: ModelRequest | undefined;
  readonly drift: FirstMismatch;
  readonly failures: Failure[];
  /** Frozen usage for responses without one; `undefined`: no tokens. */
  defaultUsage: UsageInput | undefined;
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

type ResponderStep = Extract<
  NormalizedStep,
  { type: 'responder' | 'stream_responder' }
>;

function signalOf(request: unknown): AbortSignal | undefined {
  return typeof request === 'object' && request !== null
    ? (request as ModelRequest).signal
    : undefined;
}

// What a part whose read throws (a hostile request) is: equal to nothing.
const unreadablePart = Symbol('unreadable');

// The request and its parts, in `requestParts` order.
function partsOf(request: unknown): unknown[] {
  return [
    request,
    ...requestParts.map((key) => {
      try {
        return (request as Record<string, unknown>)[key];
      } catch {
        return unreadablePart;
      }
    }),
  ];
}

// Objects are held weakly (a `WeakRef` refuses anything else).
function hold(value: unknown): Held {
  try {
    return new WeakRef(value as object);
  } catch {
    return { value };
  }
}

function held(kept: Held): unknown {
  return kept instanceof WeakRef ? kept.deref() : kept.value;
}

// How closely a failure's request is the one asked about: 2 the very
// object, 1 the same `input`, `modelSettings`, `tools` and `handoffs`.
function closeness(failure: Failure, parts: readonly unknown[]): number {
  const [request, ...rest] = failure.request;
  if (held(request!) === parts[0]) return 2;
  return rest.every((kept, i) => held(kept) === parts[i + 1]) ? 1 : 0;
}

/**
 * Appends inputs to the script, each normalized where it was defined: an
 * array is read by index, any other iterable by iterating it; nothing is
 * added when one is malformed.
 *
 * @param state The model's state.
 * @param inputs The constructor's or `enqueue()`'s inputs.
 * @throws {InvalidScriptedModelStepError} For a malformed input, or inputs
 * that are not iterable or longer than the reader reads (2^20: an endless
 * generator ends there; issue `not_iterable`).
 */
export function append(state: ModelState, inputs: unknown): void {
  const given: unknown[] = [];
  // The reader's paths here are `''` (the inputs) or `[i]` (one of them).
  boundary(
    (issue) =>
      issue.code !== 'unreadable'
        ? invalid('invalid_input', nowhere, {
          issue: 'not_iterable',
          path: 'inputs',
          received: issue.received,
          expected: issue.expected,
        })
        : issue.path === ''
        ? unreadable(nowhere, 'inputs', issue.cause)
        : unreadable(
          { inputIndex: Number(issue.path.slice(1, -1)) },
          undefined,
          issue.cause,
        ),
    () => items(inputs, '', (input) => given.push(input)),
  );
  const steps = given.map((input, i) => normalizeInput(input, i));
  for (const step of steps) state.steps.push(step);
}

/**
 * Answers a non-streaming call with the next step.
 *
 * @param state The model's state.
 * @param request The request.
 * @returns A fresh `ModelResponse`.
 */
export async function answer(
  state: ModelState,
  request: ModelRequest,
): Promise<ModelResponse> {
  const { call, step, signal } = begin(state, request, false);
  switch (step.type) {
    case 'response':
    case 'responder': {
      const template = step.type === 'response'
        ? step.template
        : await respond(state, step, call, signal) as ResponseTemplate;
      const rawUsage = rawUsageFor(template, call);
      // Reading `rawUsage` runs the user's code, which may abort.
      checkpoint(signal, call.index);
      return toModelResponse(
        withDefaultUsage(state, template),
        call.index,
        rawUsage,
      );
    }
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
 * Answers a streaming call with the next step: recorded (and its step
 * taken) now, its errors surfacing from the iterator.
 *
 * @param state The model's state.
 * @param request The request.
 * @returns The events.
 */
export function answerStreamed(
  state: ModelState,
  request: ModelRequest,
): AsyncIterable<StreamEvent> {
  let begun: Begun | { error: unknown };
  try {
    begun = begin(state, request, true);
  } catch (error) {
    begun = { error };
  }
  return stream(state, begun, request);
}

/**
 * The advice of the failure `args` asks about (see
 * `ScriptedModel.getRetryAdvice`), answered once.
 *
 * @param state The model's state.
 * @param args The advice request.
 * @returns The advice, or what its callback returns.
 */
export function adviceFor(
  state: ModelState,
  args: ModelRetryAdviceRequest,
): ModelRetryAdvice | undefined | PromiseLike<ModelRetryAdvice | undefined> {
  const failures = state.failures;
  const parts = partsOf(args?.request);
  let found = -1;
  let best = -1;
  for (let i = 0; i < failures.length && best < 2; i++) {
    const failure = failures[i]!;
    if (
      !Object.is(failure.error, args?.error) ||
      failure.streamed !== args?.stream
    ) {
      continue;
    }
    const near = closeness(failure, parts);
    if (near > best) [found, best] = [i, near];
  }
  if (found < 0) return undefined;
  const { advice } = failures.splice(found, 1)[0]!;
  if (typeof advice === 'function') return advice(args);
  return advice === undefined ? undefined : { ...advice };
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
    const error = new UnexpectedModelCallError(call);
    throw remember(state, appendTimeline(error, modelTrail(state)));
  }
  state.took.set(call.index, state.next++);
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
    case 'responder': {
      const template = step.type === 'response'
        ? step.template
        : await respond(state, step, call, signal) as ResponseTemplate;
      // Read before the first event, whose checkpoint sees an abort.
      yield* autoStream(withDefaultUsage(state, template), {
        callIndex: call.index,
        signal,
        rawUsage: rawUsageFor(template, call),
      });
      return;
    }
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
    request: partsOf(request).map(hold),
  });
  return step.error;
}

function remember(state: ModelState, error: unknown): unknown {
  state.drift.remember(error);
  return error;
}
