/**
 * Checks shared by the model's step factories, item helpers and calls:
 * hostile-value-safe rendering, and validation of responders, retry advice
 * and stream events. Private to the model folder.
 *
 * @module
 */
import type { StreamEvent } from '@openai/agents-core';
import { quote } from '../_internal/format.ts';
import { snapshot } from '../_internal/snapshot.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepReason,
} from './errors.ts';
import type { ModelRetryAdviceInput, ModelStreamEvents } from './steps.ts';

/** Where a step was defined or used, for error fields. */
export interface Where {
  /** Zero-based position among the constructor's or `enqueue()`'s inputs. */
  inputIndex?: number;
  /** Zero-based index of the call using the step. */
  callIndex?: number;
}

const isArray = Array.isArray;

/**
 * An `InvalidScriptedModelStepError` for a step defined or used at `where`.
 *
 * @param reason What is wrong.
 * @param stepType The step's type, if known.
 * @param where Where the step was defined or used.
 * @param detail What was found instead.
 * @returns The error, to throw.
 */
export function fail(
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

/**
 * Whether a value is a non-array object.
 *
 * @param value The value.
 * @returns `true` for objects other than arrays.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
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
