/**
 * Validation and normalization of scripted model inputs, done once where a
 * step is defined. Private to the model folder.
 *
 * @module
 */
import type {
  AgentOutputItem,
  StreamEvent,
  UsageInput,
} from '@openai/agents-core';
import { quote } from '../_internal/format.ts';
import { snapshot } from '../_internal/snapshot.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
} from './errors.ts';
import type {
  ModelResponder,
  ModelRetryAdviceInput,
  ModelStreamEvents,
  ModelStreamResponder,
} from './steps.ts';

/** Where a step was defined or used, for error fields. */
export interface Where {
  /** Zero-based position among the constructor's or `enqueue()`'s inputs. */
  inputIndex?: number;
  /** Zero-based index of the call using the step. */
  callIndex?: number;
}

/** A validated response, frozen; materialized afresh for every call. */
export interface ResponseTemplate {
  /** Frozen snapshot of the output items. */
  readonly output: readonly AgentOutputItem[];
  /** Frozen usage data, or `undefined` for the deterministic default. */
  readonly usage: UsageInput | undefined;
  /** The response id, if the script gave one. */
  readonly responseId: string | undefined;
  /** The request id, if the script gave one. */
  readonly requestId: string | undefined;
  /** Frozen provider data, if any. */
  readonly providerData: Record<string, unknown> | undefined;
  /** Whether this came from the output-array shorthand. */
  readonly shorthand: boolean;
}

/** A normalized step, as the model keeps it. */
export type NormalizedStep =
  | { readonly type: 'response'; readonly template: ResponseTemplate }
  | { readonly type: 'responder'; readonly respond: ModelResponder }
  | {
    readonly type: 'error';
    readonly error: unknown;
    readonly advice: ModelRetryAdviceInput | undefined;
  }
  | { readonly type: 'stream'; readonly events: ModelStreamEvents }
  | {
    readonly type: 'stream_responder';
    readonly respond: ModelStreamResponder;
  };

const isArray = Array.isArray;

function fail(
  reason: InvalidScriptedModelStepReason,
  stepType: string | undefined,
  where: Where | undefined,
  detail?: string,
): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError({
    reason,
    inputIndex: where?.inputIndex,
    callIndex: where?.callIndex,
    stepType,
    detail,
  });
}

/**
 * `quote()` that survives hostile values (a revoked proxy throws even on
 * `Array.isArray`).
 *
 * @param value The value to show.
 * @returns Its rendering for an error message.
 */
export function show(value: unknown): string {
  try {
    return quote(value);
  } catch {
    return 'an unreadable value';
  }
}

/**
 * `String(error)` that survives a hostile `toString`.
 *
 * @param error The thrown value.
 * @returns Its quoted message.
 */
export function describe(error: unknown): string {
  try {
    return show(error instanceof Error ? error.message : String(error));
  } catch {
    return 'an unprintable value';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArray(value);
}

/**
 * Whether a required value is absent.
 *
 * @param value The value.
 * @returns `true` for `undefined`.
 */
export function isMissing(value: unknown): boolean {
  return value === undefined;
}

/**
 * Checks a responder callback.
 *
 * @param respond The callback.
 * @param stepType The step's type, for the error.
 * @param where Where the step was defined.
 * @throws {InvalidScriptedModelStepError} `missing_responder`.
 */
export function checkFunction(
  respond: unknown,
  stepType: string,
  where?: Where,
): void {
  if (typeof respond !== 'function') {
    throw fail('missing_responder', stepType, where, `got ${show(respond)}`);
  }
}

/**
 * Checks and snapshots retry advice.
 *
 * @param advice The advice.
 * @param where Where the step was defined.
 * @returns The callback, or a frozen copy of fixed advice.
 * @throws {InvalidScriptedModelStepError} `invalid_input`.
 */
export function checkRetryAdvice(
  advice: unknown,
  where?: Where,
): ModelRetryAdviceInput | undefined {
  if (advice === undefined || typeof advice === 'function') {
    return advice as ModelRetryAdviceInput | undefined;
  }
  if (!isRecord(advice)) {
    throw fail(
      'invalid_input',
      'error',
      where,
      `retryAdvice must be an object or a function, got ${show(advice)}`,
    );
  }
  return snapshot(advice);
}

/**
 * Checks stream events; arrays are checked item by item and snapshotted,
 * other iterables are checked as they are read.
 *
 * @param events The events.
 * @param stepType The step's type, for the error.
 * @param where Where the step was defined or used.
 * @returns The events to stream.
 * @throws {InvalidScriptedModelStepError} `invalid_stream`.
 */
export function checkEvents(
  events: unknown,
  stepType: string,
  where?: Where,
): ModelStreamEvents {
  if (isArray(events)) {
    for (let i = 0; i < events.length; i++) {
      checkEvent(events[i], i, stepType, where);
    }
    return snapshot(events) as readonly StreamEvent[];
  }
  const iterable = (typeof events === 'object' && events !== null) ||
    typeof events === 'function';
  const source = events as Record<symbol, unknown>;
  if (
    !iterable || (typeof source[Symbol.asyncIterator] !== 'function' &&
      typeof source[Symbol.iterator] !== 'function')
  ) {
    throw fail('invalid_stream', stepType, where, `got ${show(events)}`);
  }
  return events as ModelStreamEvents;
}

/**
 * Checks one stream event.
 *
 * @param event The event.
 * @param position Its zero-based position in the stream.
 * @param stepType The step's type, for the error.
 * @param where Where the step was defined or used.
 * @throws {InvalidScriptedModelStepError} `invalid_stream`.
 */
export function checkEvent(
  event: unknown,
  position: number,
  stepType: string,
  where?: Where,
): void {
  if (!isRecord(event) || typeof event.type !== 'string') {
    throw fail(
      'invalid_stream',
      stepType,
      where,
      `event ${position} is ${show(event)}`,
    );
  }
}

function checkItems(
  output: readonly unknown[],
  stepType: string,
  where: Where | undefined,
): void {
  for (let i = 0; i < output.length; i++) {
    if (!isRecord(output[i])) {
      throw fail(
        'invalid_response',
        stepType,
        where,
        `output item ${i} is ${show(output[i])}`,
      );
    }
  }
}

function optional(
  value: unknown,
  kind: 'string' | 'object',
  name: string,
  stepType: string,
  where: Where | undefined,
): void {
  if (value === undefined) return;
  if (kind === 'string' ? typeof value === 'string' : isRecord(value)) return;
  throw fail(
    'invalid_response',
    stepType,
    where,
    `${quote(name)} must be a${
      kind === 'string' ? ' string' : 'n object'
    }, got ${show(value)}`,
  );
}

/**
 * Validates an output array or a `ModelResponse` and freezes a template of
 * it.
 *
 * @param value The response.
 * @param stepType The step's type, for the error.
 * @param where Where the response was defined or returned.
 * @returns The frozen template.
 * @throws {InvalidScriptedModelStepError} `invalid_response`, or
 * `invalid_input` when reading the value throws.
 */
export function readResponse(
  value: unknown,
  stepType: string,
  where?: Where,
): ResponseTemplate {
  return guarded(stepType, where, () => {
    if (isArray(value)) {
      checkItems(value, stepType, where);
      return template(snapshot(value), undefined, true);
    }
    if (!isRecord(value)) {
      throw fail('invalid_response', stepType, where, `got ${show(value)}`);
    }
    const { output, usage, responseId, requestId, providerData } = value;
    if (!isArray(output)) {
      throw fail(
        'invalid_response',
        stepType,
        where,
        `"output" is ${show(output)}`,
      );
    }
    checkItems(output, stepType, where);
    optional(usage, 'object', 'usage', stepType, where);
    optional(responseId, 'string', 'responseId', stepType, where);
    optional(requestId, 'string', 'requestId', stepType, where);
    optional(providerData, 'object', 'providerData', stepType, where);
    return template(snapshot(output), usage, false, {
      responseId: responseId as string | undefined,
      requestId: requestId as string | undefined,
      providerData: snapshot(providerData as Record<string, unknown>),
    });
  });
}

function template(
  output: readonly AgentOutputItem[],
  usage: unknown,
  shorthand: boolean,
  extra?: Pick<ResponseTemplate, 'responseId' | 'requestId' | 'providerData'>,
): ResponseTemplate {
  return Object.freeze({
    output,
    usage: usage === undefined ? undefined : usageData(usage as UsageInput),
    responseId: extra?.responseId,
    requestId: extra?.requestId,
    providerData: extra?.providerData,
    shorthand,
  });
}

/** Plain, frozen usage data from a `Usage` instance or usage data. */
function usageData(usage: UsageInput): UsageInput {
  const data: Record<string, unknown> = {};
  const keys = [
    'requests',
    'inputTokens',
    'outputTokens',
    'totalTokens',
    'inputTokensDetails',
    'outputTokensDetails',
    'requestUsageEntries',
  ] as const;
  for (const key of keys) {
    const value = usage[key];
    if (value !== undefined) data[key] = value;
  }
  return snapshot(data) as UsageInput;
}

/**
 * Runs a check, turning anything but an `InvalidScriptedModelStepError`
 * (a throwing getter, a revoked proxy) into `invalid_input`.
 *
 * @param stepType The step's type, for the error.
 * @param where Where the step was defined.
 * @param check The check.
 * @returns What the check returns.
 * @throws {InvalidScriptedModelStepError} From the check, or `invalid_input`.
 */
export function guarded<T>(
  stepType: string | undefined,
  where: Where | undefined,
  check: () => T,
): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof InvalidScriptedModelStepError) throw error;
    throw fail(
      'invalid_input',
      stepType,
      where,
      `reading it threw ${describe(error)}`,
    );
  }
}

/**
 * Validates and normalizes one input of the constructor or `enqueue()`.
 *
 * @param input The input.
 * @param inputIndex Its zero-based position.
 * @returns The normalized step.
 * @throws {InvalidScriptedModelStepError} With `inputIndex` set.
 */
export function normalizeInput(
  input: unknown,
  inputIndex: number,
): NormalizedStep {
  const where: Where = { inputIndex };
  return guarded(undefined, where, (): NormalizedStep => {
    if (isArray(input)) {
      return {
        type: 'response',
        template: readResponse(input, 'response', where),
      };
    }
    if (!isRecord(input)) {
      throw fail('invalid_input', undefined, where, `got ${show(input)}`);
    }
    const type = input.type;
    if (type === undefined) {
      return {
        type: 'response',
        template: readResponse(input, 'response', where),
      };
    }
    return normalizeEnvelope(input, type, where);
  });
}

function normalizeEnvelope(
  input: Record<string, unknown>,
  type: unknown,
  where: Where,
): NormalizedStep {
  switch (type) {
    case 'response': {
      if (isMissing(input.response)) {
        throw fail('missing_response', type, where);
      }
      return { type, template: readResponse(input.response, type, where) };
    }
    case 'responder':
    case 'stream_responder': {
      const respond = input.respond;
      checkFunction(respond, type, where);
      return type === 'responder'
        ? { type, respond: respond as ModelResponder }
        : { type, respond: respond as ModelStreamResponder };
    }
    case 'error': {
      const error = input.error;
      if (error === undefined) throw fail('missing_error', type, where);
      return {
        type,
        error,
        advice: checkRetryAdvice(input.retryAdvice, where),
      };
    }
    case 'stream':
      return { type, events: checkEvents(input.events, type, where) };
    default:
      throw fail(
        'unknown_step_type',
        typeof type === 'string' ? type : undefined,
        where,
        `got ${show(type)}`,
      );
  }
}
