/**
 * The validation plumbing of the model's steps, factories, item helpers and
 * calls: where a problem is ({@link At}), the error for it, and the checks
 * shared by several kinds of step. Private to the model folder.
 *
 * @module
 */
import { describe } from './format.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
  type InvalidScriptedModelStepReason,
} from '../model/errors.ts';

/**
 * Where the value under check belongs: the step's type, and where the step
 * was defined (`inputIndex`) or used (`callIndex`). Every field is optional:
 * a factory knows only the type, an item helper nothing.
 */
export interface At {
  /** The step's `type`, when known. */
  readonly stepType?: string | undefined;
  /** Zero-based position among the constructor's or `enqueue()`'s inputs. */
  readonly inputIndex?: number | undefined;
  /** Zero-based index of the call using the step. */
  readonly callIndex?: number | undefined;
}

/** Nowhere in particular: an item helper's argument. */
export const nowhere: At = Object.freeze({});

/** The finer fields of an invalid-step error. */
export interface Found {
  /** The finer classification; `reason` when omitted. */
  readonly issue?: InvalidScriptedModelStepIssue | undefined;
  /** Where in the input. */
  readonly path?: string | undefined;
  /** What was found, rendered ({@link describe}). */
  readonly received?: string | undefined;
  /** The closest valid name. */
  readonly suggestion?: string | undefined;
}

/**
 * An `InvalidScriptedModelStepError` for a step at `at`.
 *
 * @param reason What is wrong, as the SDK module says it.
 * @param at Where the step was defined or used.
 * @param found The finer fields.
 * @param cause The error thrown while reading the input, if any.
 * @returns The error, to throw.
 */
export function invalid(
  reason: InvalidScriptedModelStepReason,
  at: At,
  found: Found,
  cause?: { readonly cause: unknown },
): InvalidScriptedModelStepError {
  return new InvalidScriptedModelStepError(
    {
      reason,
      issue: found.issue,
      inputIndex: at.inputIndex,
      callIndex: at.callIndex,
      stepType: at.stepType,
      path: found.path,
      received: found.received,
      suggestion: found.suggestion,
    },
    cause,
  );
}

/**
 * The error for an input whose reading threw: `invalid_input`, issue
 * `unreadable`, the thrown value kept as `cause`.
 *
 * @param at Where the step was defined or used.
 * @param path Where the value being read is, if known.
 * @param cause What the read threw.
 * @returns The error, to throw.
 */
export function unreadable(
  at: At,
  path: string | undefined,
  cause: unknown,
): InvalidScriptedModelStepError {
  return invalid('invalid_input', at, { issue: 'unreadable', path }, {
    cause,
  });
}

/**
 * Runs a check that reads user values, turning anything thrown but an
 * `InvalidScriptedModelStepError` (a throwing getter, a revoked proxy) into
 * {@link unreadable}.
 *
 * @param at Where the step was defined or used.
 * @param check The check.
 * @param path Where the value being read is, if known.
 * @returns What the check returns.
 * @throws {InvalidScriptedModelStepError} From the check, or `unreadable`.
 */
export function guarded<T>(
  at: At,
  check: () => T,
  path?: string,
): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof InvalidScriptedModelStepError) throw error;
    throw unreadable(at, path, error);
  }
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
 * What kind of value a user gave: an array, a non-array object, or
 * anything else.
 *
 * @param value The value.
 * @param at Where the step was defined or used.
 * @param path Where the value is, if known.
 * @returns The kind.
 * @throws {InvalidScriptedModelStepError} `unreadable` for a revoked proxy
 * (even `Array.isArray` throws on one).
 */
export function kindOf(
  value: unknown,
  at: At,
  path: string | undefined,
): 'array' | 'record' | 'other' {
  if (typeof value !== 'object' || value === null) return 'other';
  try {
    return Array.isArray(value) ? 'array' : 'record';
  } catch (error) {
    throw unreadable(at, path, error);
  }
}

/**
 * Whether a value is a non-array object.
 *
 * @param value The value.
 * @returns `true` for objects other than arrays.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a responder callback.
 *
 * @param respond The callback.
 * @param at Where the step was defined (with its type).
 * @throws {InvalidScriptedModelStepError} `missing_responder`.
 */
export function checkFunction(respond: unknown, at: At): void {
  if (typeof respond === 'function') return;
  throw invalid(
    'missing_responder',
    at,
    respond === undefined ? { path: 'respond' } : {
      issue: 'invalid_responder',
      path: 'respond',
      received: describe(respond),
    },
  );
}

/**
 * Checks retry advice: `undefined`, a callback, or an advice object.
 *
 * @param advice The advice.
 * @param at Where the step was defined.
 * @throws {InvalidScriptedModelStepError} `invalid_input`.
 */
export function checkRetryAdvice(advice: unknown, at: At): void {
  if (advice === undefined || typeof advice === 'function') return;
  if (kindOf(advice, at, 'retryAdvice') === 'record') return;
  throw invalid('invalid_input', at, {
    issue: 'invalid_retry_advice',
    path: 'retryAdvice',
    received: describe(advice),
  });
}

/**
 * Checks stream events without copying them: an array item by item, any
 * other value for being iterable (its events are checked as they are read).
 *
 * @param events The events.
 * @param at Where the step was defined or used.
 * @param path Where the events are, relative to the step.
 * @throws {InvalidScriptedModelStepError} `invalid_stream`, or
 * `unreadable`.
 */
export function checkEvents(events: unknown, at: At, path: string): void {
  guarded(at, () => {
    if (Array.isArray(events)) {
      for (let i = 0; i < events.length; i++) {
        checkEvent(events[i], i, at, path);
      }
      return;
    }
    const source = events as Record<symbol, unknown>;
    if (
      ((typeof events !== 'object' || events === null) &&
        typeof events !== 'function') ||
      (typeof source[Symbol.asyncIterator] !== 'function' &&
        typeof source[Symbol.iterator] !== 'function')
    ) {
      throw invalid('invalid_stream', at, {
        path,
        received: describe(events),
      });
    }
  }, path);
}

/**
 * Checks one stream event: an object with a string `type`.
 *
 * @param event The event.
 * @param position Its zero-based position in the stream.
 * @param at Where the step was defined or used.
 * @param path Where the events are, relative to the step.
 * @throws {InvalidScriptedModelStepError} `invalid_stream`.
 */
export function checkEvent(
  event: unknown,
  position: number,
  at: At,
  path: string,
): void {
  if (!isRecord(event)) {
    throw invalid('invalid_stream', at, {
      issue: 'invalid_event',
      path: `${path}[${position}]`,
      received: describe(event),
    });
  }
  const type = event.type;
  if (typeof type !== 'string') {
    throw invalid('invalid_stream', at, {
      issue: 'invalid_event',
      path: `${path}[${position}].type`,
      received: describe(type),
    });
  }
}
