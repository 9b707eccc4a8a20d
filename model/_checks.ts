/**
 * Checks shared by the model's step factories, item helpers and calls:
 * hostile-value-safe rendering, and validation of responders, retry advice
 * and stream events. Private to the model folder.
 *
 * @module
 */
import type { StreamEvent } from '@openai/agents-core';
import { snapshot } from '../_internal/snapshot.ts';
import { describeValue } from './_describe.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
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

/** The finer fields of an invalid-step error. */
export interface Found {
  /** The finer classification; `reason` when omitted. */
  issue?: InvalidScriptedModelStepIssue;
  /** Where in the input. */
  path?: string;
  /** What was found, rendered. */
  received?: string;
  /** The closest valid name. */
  suggestion?: string;
}

/**
 * An `InvalidScriptedModelStepError` for a step defined or used at `where`.
 *
 * @param reason What is wrong, as the SDK module says it.
 * @param stepType The step's type, if known.
 * @param where Where the step was defined or used.
 * @param found The finer fields.
 * @param cause The error thrown while reading the input, if any.
 * @returns The error, to throw.
 */
export function fail(
  reason: InvalidScriptedModelStepReason,
  stepType: string | undefined,
  where: Where | undefined,
  found?: Found,
  cause?: unknown,
): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError(
    {
      reason,
      issue: found?.issue,
      inputIndex: where?.inputIndex,
      callIndex: where?.callIndex,
      stepType,
      path: found?.path,
      received: found?.received,
      suggestion: found?.suggestion,
    },
    cause === undefined ? undefined : { cause },
  );
}

/**
 * Renders a found value for an error's `received`; never throws.
 *
 * @param value The value found.
 * @returns Its short rendering, or `undefined` when it cannot be read.
 */
export function show(value: unknown): string | undefined {
  return describeValue(value);
}

/**
 * Joins a path and a key: `join('response', 'output')` is
 * `response.output`, `join(undefined, 'output')` is `output`.
 *
 * @param base The path so far, if any.
 * @param key The key or `[index]`.
 * @returns The joined path.
 */
export function join(base: string | undefined, key: string): string {
  if (base === undefined || base === '') return key;
  return key.startsWith('[') ? base + key : `${base}.${key}`;
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
    throw fail(
      'missing_responder',
      stepType,
      where,
      respond === undefined ? { path: 'respond' } : {
        issue: 'invalid_responder',
        path: 'respond',
        received: show(respond),
      },
    );
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
    throw fail('invalid_input', 'error', where, {
      issue: 'invalid_retry_advice',
      path: 'retryAdvice',
      received: show(advice),
    });
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
  path: string = 'events',
): ModelStreamEvents {
  if (isArray(events)) {
    for (let i = 0; i < events.length; i++) {
      checkEvent(events[i], i, stepType, where, path);
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
    throw fail('invalid_stream', stepType, where, {
      path,
      received: show(events),
    });
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
 * @param path Where the events are, relative to the step.
 * @throws {InvalidScriptedModelStepError} `invalid_stream`.
 */
export function checkEvent(
  event: unknown,
  position: number,
  stepType: string,
  where?: Where,
  path: string = 'events',
): void {
  if (!isRecord(event)) {
    throw fail('invalid_stream', stepType, where, {
      issue: 'invalid_event',
      path: `${path}[${position}]`,
      received: show(event),
    });
  }
  const type = event.type;
  if (typeof type !== 'string') {
    throw fail('invalid_stream', stepType, where, {
      issue: 'invalid_event',
      path: `${path}[${position}].type`,
      received: show(type),
    });
  }
}

/**
 * Runs a check, turning anything but an `InvalidScriptedModelStepError`
 * (a throwing getter, a revoked proxy) into `invalid_input` with issue
 * `unreadable` and the thrown value as `cause`.
 *
 * @param stepType The step's type, for the error.
 * @param where Where the step was defined.
 * @param check The check.
 * @param path Where the value being read is, if known.
 * @returns What the check returns.
 * @throws {InvalidScriptedModelStepError} From the check, or `invalid_input`.
 */
export function guarded<T>(
  stepType: string | undefined,
  where: Where | undefined,
  check: () => T,
  path?: string,
): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof InvalidScriptedModelStepError) throw error;
    throw fail(
      'invalid_input',
      stepType,
      where,
      { issue: 'unreadable', path },
      error,
    );
  }
}
