/**
 * The model's side of the one input reader (`_internal/read.ts`): the
 * error for a problem at a place ({@link At}), the boundary that turns a
 * reader's issue into an `InvalidScriptedModelStepError`, and the checks
 * shared by several kinds of step and by the model's item builders.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
import { boundary, type Issue, object } from '../_internal/read.ts';
import { type At, nowhere, stepFields } from '../_internal/item_reading.ts';
import {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
  type InvalidScriptedModelStepReason,
} from './step_errors.ts';

export { type At, nowhere };

/** The fields the error's constructor takes. */
type ErrorFields = ConstructorParameters<
  typeof InvalidScriptedModelStepError
>[0];

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
  /** What the value must be; derived from `issue` when left out. */
  readonly expected?: string | undefined;
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
  return new InvalidScriptedModelStepError({ ...at, ...found, reason }, cause);
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
export function guarded<T>(at: At, check: () => T, path?: string): T {
  try {
    return check();
  } catch (error) {
    if (error instanceof InvalidScriptedModelStepError) throw error;
    throw unreadable(at, path, error);
  }
}

/**
 * The model's error for a reader's issue at `at`: `reason` (an unreadable
 * value is always `invalid_input`), and the issue `unreadable`,
 * `unknown_property`, or the one the check's `label` names, else
 * `invalid_option` under `options`, or `invalid_value`.
 *
 * @param issue What the reader found.
 * @param at Where the step was defined or used.
 * @param reason The contract code of anything but an unreadable value.
 * @returns The error, to throw.
 */
export function fromIssue(
  issue: Issue,
  at: At,
  reason: InvalidScriptedModelStepReason = 'invalid_input',
): InvalidScriptedModelStepError {
  const [fields, cause] = stepFields(issue, at, reason);
  return new InvalidScriptedModelStepError(fields as ErrorFields, cause);
}

/**
 * Runs reader checks of an input at `at` (see {@link fromIssue}); anything
 * else thrown while reading is `unreadable`.
 *
 * @param at Where the step was defined or used.
 * @param body The checks.
 * @param reason The contract code of a fault found.
 * @returns What `body` returns.
 * @throws {InvalidScriptedModelStepError} For a fault found.
 */
export function reading<T>(
  at: At,
  body: () => T,
  reason?: InvalidScriptedModelStepReason,
): T {
  return guarded(
    at,
    () => boundary((issue) => fromIssue(issue, at, reason), body),
  );
}

/**
 * What kind of value a user gave: an array, a non-array object, or
 * (`undefined`) anything else.
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
): 'array' | 'record' | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return guarded(at, () => Array.isArray(value) ? 'array' : 'record', path);
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
 * @throws {InvalidScriptedModelStepError} `missing_responder`, or
 * `invalid_input` (`unreadable`) for a revoked proxy of a function.
 */
export function checkFunction(respond: unknown, at: At): void {
  if (guarded(at, () => callable(respond), 'respond')) return;
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
  reading(
    at,
    () => object(advice, 'retryAdvice', { label: 'invalid_retry_advice' }),
  );
}

/**
 * Whether `value` is a function that can be called: a revoked proxy of
 * one throws here (`Array.isArray` is the cheapest operation that checks),
 * so that it is unreadable at the call, not when the stream runs.
 */
function callable(value: unknown): boolean {
  return typeof value === 'function' && !Array.isArray(value);
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
      (!callable(source[Symbol.asyncIterator]) &&
        !callable(source[Symbol.iterator]))
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
  const where = `${path}[${position}]`;
  const type = isRecord(event) ? event.type : undefined;
  if (typeof type === 'string') return;
  throw invalid('invalid_stream', at, {
    issue: 'invalid_event',
    path: isRecord(event) ? `${where}.type` : where,
    received: describe(isRecord(event) ? type : event),
  });
}

/**
 * Runs an item builder: its reader checks report `invalid_input` faults
 * with no step around them ({@link fromIssue}).
 *
 * @param build The builder.
 * @returns The item.
 * @throws {InvalidScriptedModelStepError} For a bad argument.
 */
export function building<T>(build: () => T): T {
  return reading(nowhere, build);
}
