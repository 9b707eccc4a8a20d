/**
 * Validation of scripting input, robust to hostile values (proxies, getters
 * that throw): bad input becomes an `InvalidRealtimeScenarioInputError`
 * where it is given. Private to the realtime folder.
 *
 * @module
 */
import { closest, describe, listNames } from '../_internal/format.ts';
import { isAsyncFunction } from '../_internal/matcher.ts';
import { readFields } from '../_internal/read.ts';
import {
  isRealtimeTransportMethod,
  type RealtimeCallMatcher,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from './calls.ts';
import { InvalidRealtimeScenarioInputError } from './input_errors.ts';
import type { RealtimeScenarioOptions } from './scenario.ts';

// Names people reach for that mean an outbound method (lower case).
const synonyms: Readonly<Record<string, RealtimeTransportMethod>> = {
  hangup: 'close',
  end: 'close',
  stop: 'close',
  disconnect: 'close',
  open: 'connect',
  start: 'connect',
  message: 'sendMessage',
  send: 'sendMessage',
  audio: 'sendAudio',
  image: 'addImage',
  unmute: 'mute',
  cancel: 'interrupt',
  config: 'updateSessionConfig',
  updatesession: 'updateSessionConfig',
  response: 'requestResponse',
  createresponse: 'requestResponse',
  sethistory: 'resetHistory',
  updatehistory: 'resetHistory',
  functioncalloutput: 'sendFunctionCallOutput',
  mcpresponse: 'sendMcpResponse',
};

/**
 * The outbound method a wrong name most likely meant: a known synonym
 * (`hangUp` → `close`), else the closest method name ({@link closest}).
 *
 * @param name What was written.
 * @returns The suggestion, or `undefined` when nothing is close.
 */
function suggestMethod(name: unknown): RealtimeTransportMethod | undefined {
  if (typeof name !== 'string') return undefined;
  const written = name.toLowerCase().replace(/[-_\s]/g, '');
  if (Object.hasOwn(synonyms, written)) return synonyms[written];
  return closest(name, realtimeTransportMethods);
}

/**
 * Throws unless `value` is an outbound method name.
 *
 * @param operation The scripting method.
 * @param value The given method name.
 * @returns The method name.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireMethod(
  operation: string,
  value: unknown,
  path = 'method',
): RealtimeTransportMethod {
  if (isRealtimeTransportMethod(value)) return value;
  throw new InvalidRealtimeScenarioInputError({
    reason: 'unknown_method',
    issue: typeof value === 'string' ? 'unknown_method' : 'not_a_string',
    operation,
    path,
    received: describe(value),
    suggestion: suggestMethod(value),
  });
}

/**
 * Throws unless `value` is a synchronous function or `undefined`.
 *
 * @param operation The scripting method.
 * @param value The given matcher.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireMatcher(
  operation: string,
  value: unknown,
  path = 'matcher',
): void {
  if (value === undefined) return;
  if (typeof value !== 'function') {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_matcher',
      issue: 'not_a_function',
      operation,
      path,
      received: describe(value),
    });
  }
  // It always answers with a promise, so it could never answer in time.
  if (isAsyncFunction(value)) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      operation,
      path,
      received: describe(value),
    });
  }
}

/**
 * Throws unless `value` is a listener function.
 *
 * @param operation The scripting method.
 * @param value The given listener.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireListener(operation: string, value: unknown): void {
  if (typeof value === 'function') return;
  throw new InvalidRealtimeScenarioInputError({
    reason: 'invalid_listener',
    issue: 'not_a_function',
    operation,
    path: 'listener',
    received: describe(value),
  });
}

/** The options of `runScenario()`. */
const optionKeys = ['scenario', 'exercise', 'signal'] as const;

/**
 * Throws unless the option `key` is a function; when it is missing, a key
 * that looks misspelt (`exercize`) is suggested as meaning it.
 */
function requireCallback(
  key: 'scenario' | 'exercise',
  read: {
    readonly fields: Readonly<Record<string, unknown>>;
    readonly keys: readonly string[];
  },
): void {
  const value = read.fields[key];
  if (typeof value === 'function') return;
  const misspelt = value === undefined &&
    read.keys.some((written) => closest(written, optionKeys) === key);
  throw new InvalidRealtimeScenarioInputError({
    reason: 'invalid_option',
    issue: 'not_a_function',
    operation: 'runScenario',
    path: `options.${key}`,
    expected: 'a function',
    received: describe(value),
    suggestion: misspelt ? key : undefined,
  });
}

/**
 * Throws unless `value` is an `AbortSignal` or `undefined`.
 *
 * @param value The given signal.
 * @returns The signal.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
function requireSignal(value: unknown): AbortSignal | undefined {
  if (value === undefined) return value;
  try {
    if (value instanceof AbortSignal) return value;
  } catch {
    // A proxy whose prototype trap throws is not a signal either.
  }
  throw new InvalidRealtimeScenarioInputError({
    reason: 'invalid_option',
    issue: 'not_a_signal',
    operation: 'runScenario',
    path: 'options.signal',
    expected: 'an AbortSignal or undefined',
    received: describe(value),
  });
}

/**
 * Validates the options of `runScenario()`.
 *
 * @param options The given options.
 * @returns The validated callbacks and signal.
 * @throws {InvalidRealtimeScenarioInputError} For malformed options.
 */
export function readScenarioOptions<R>(options: unknown): {
  scenario: RealtimeScenarioOptions<R>['scenario'];
  exercise: RealtimeScenarioOptions<R>['exercise'];
  signal: AbortSignal | undefined;
} {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_option',
      issue: 'not_an_object',
      operation: 'runScenario',
      path: 'options',
      expected: 'an options object with scenario and exercise',
      received: describe(options),
    });
  }
  const read = readFields(options, optionKeys);
  if (!read.ok) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'unreadable_option',
      operation: 'runScenario',
      path: read.key === undefined ? 'options' : `options.${read.key}`,
    }, { cause: read.cause });
  }
  requireCallback('scenario', read);
  requireCallback('exercise', read);
  return {
    scenario: read.fields.scenario as RealtimeScenarioOptions<R>['scenario'],
    exercise: read.fields.exercise as RealtimeScenarioOptions<R>['exercise'],
    signal: requireSignal(read.fields.signal),
  };
}

/**
 * Throws unless `error` can be thrown as an injected failure.
 *
 * @param error The value given to `failNextCall`.
 * @throws {InvalidRealtimeScenarioInputError} For `undefined`.
 */
export function requireFailure(error: unknown): void {
  if (error !== undefined) return;
  throw new InvalidRealtimeScenarioInputError({
    reason: 'invalid_error',
    operation: 'failNextCall',
    path: 'error',
    received: 'undefined',
  });
}

// An object that is not an array; a revoked proxy is not one.
function isPlainObject(value: unknown): value is object {
  try {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** One expectation of an `expectAnyOrder()` group, as given. */
export interface ExpectationInput {
  readonly method: RealtimeTransportMethod;
  readonly matcher: RealtimeCallMatcher | undefined;
}

const expectationKeys = ['method', 'matcher'] as const;

/**
 * Checks the expectations of an `expectAnyOrder()` group where they are
 * written: at least one, each `{ method, matcher? }` with a known method
 * and a synchronous matcher.
 *
 * @param expectations What the caller gave.
 * @returns The expectations, read once.
 * @throws {InvalidRealtimeScenarioInputError} `invalid_expectation`,
 * `unknown_method`, `invalid_matcher`.
 */
export function requireExpectations(
  expectations: readonly unknown[],
): ExpectationInput[] {
  const operation = 'expectAnyOrder';
  if (expectations.length === 0) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_expectation',
      issue: 'empty_group',
      operation,
      path: 'expectations',
      expected: 'a list of at least one expectation',
      received: 'none',
    });
  }
  return expectations.map((expectation, i) => {
    const at = `expectations[${i}]`;
    if (!isPlainObject(expectation)) {
      throw new InvalidRealtimeScenarioInputError({
        reason: 'invalid_expectation',
        issue: 'not_an_object',
        operation,
        path: at,
        received: describe(expectation),
      });
    }
    const read = readFields(expectation, expectationKeys);
    if (!read.ok) {
      throw new InvalidRealtimeScenarioInputError({
        reason: 'unreadable_option',
        operation,
        path: read.key === undefined ? at : `${at}.${read.key}`,
      }, { cause: read.cause });
    }
    const unknown = read.keys.filter((key) =>
      key !== 'method' && key !== 'matcher'
    );
    if (unknown.length > 0) {
      throw new InvalidRealtimeScenarioInputError({
        reason: 'invalid_expectation',
        issue: 'unknown_property',
        operation,
        path: at,
        expected: 'an object with only "method" and "matcher"',
        received: listNames(unknown),
      });
    }
    const method = requireMethod(operation, read.fields.method, `${at}.method`);
    requireMatcher(operation, read.fields.matcher, `${at}.matcher`);
    return {
      method,
      matcher: read.fields.matcher as ExpectationInput['matcher'],
    };
  });
}
