/**
 * Validation of scripting input, robust to hostile values (proxies, getters
 * that throw): the shared reader (`_internal/read.ts`) reads each value
 * once, and its issue becomes an `InvalidRealtimeScenarioInputError` where
 * the input is given. Private to the realtime folder.
 *
 * @module
 */
import { closest, describe } from '../_internal/format.ts';
import {
  at,
  boundary,
  type Fields,
  fields,
  func,
  type Issue,
  type IssueCode,
  oneOf,
} from '../_internal/read.ts';
import {
  type RealtimeCallMatcher,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from './calls.ts';
import {
  InvalidRealtimeScenarioInputError,
  type InvalidRealtimeScenarioInputIssue,
  type InvalidRealtimeScenarioInputReason,
} from './input_errors.ts';
import type { RealtimeScenarioOptions } from './scenario.ts';

// Names people reach for that mean an outbound method (lower case).
const synonyms: ReadonlyMap<string, RealtimeTransportMethod> = new Map([
  ['hangup', 'close'],
  ['end', 'close'],
  ['stop', 'close'],
  ['disconnect', 'close'],
  ['open', 'connect'],
  ['start', 'connect'],
  ['message', 'sendMessage'],
  ['send', 'sendMessage'],
  ['audio', 'sendAudio'],
  ['image', 'addImage'],
  ['unmute', 'mute'],
  ['cancel', 'interrupt'],
  ['config', 'updateSessionConfig'],
  ['updatesession', 'updateSessionConfig'],
  ['response', 'requestResponse'],
  ['createresponse', 'requestResponse'],
  ['sethistory', 'resetHistory'],
  ['updatehistory', 'resetHistory'],
  ['functioncalloutput', 'sendFunctionCallOutput'],
  ['mcpresponse', 'sendMcpResponse'],
]);

/** The options of `runScenario()`. */
const optionKeys = ['scenario', 'exercise', 'signal'] as const;

/** The members of an `expectAnyOrder()` expectation. */
const expectationKeys = ['method', 'matcher'] as const;

/** A name an input error may suggest. */
type Suggestion = NonNullable<InvalidRealtimeScenarioInputError['suggestion']>;

// Every name a suggestion may hold.
const suggestible: ReadonlySet<unknown> = new Set<Suggestion>([
  ...realtimeTransportMethods,
  ...optionKeys,
  ...expectationKeys,
]);

function isSuggestion(name: unknown): name is Suggestion {
  return suggestible.has(name);
}

/** How one check's issue becomes the transport's error. */
interface Where {
  /** The scripting method given the input. */
  readonly operation: string;
  /** The error's reason (an unreadable value is `unreadable_option`). */
  readonly reason: InvalidRealtimeScenarioInputReason;
  /**
   * The finer `issue` per reader code (`missing` counts as `invalid_type`:
   * `undefined` is the wrong kind of value here); the reason otherwise.
   */
  readonly finer: Partial<Record<IssueCode, InvalidRealtimeScenarioInputIssue>>;
  /** What the input must be; the reason's own wording otherwise. */
  readonly expected?: string | undefined;
  /** A suggestion before the reader's own (asked only on failure). */
  readonly suggest?: () => Suggestion | undefined;
}

/** The error of a reader's issue. */
function inputError(
  where: Where,
  issue: Issue,
): InvalidRealtimeScenarioInputError {
  if (issue.code === 'unreadable') {
    return new InvalidRealtimeScenarioInputError({
      reason: 'unreadable_option',
      operation: where.operation,
      path: issue.path,
      expected: issue.expected,
      received: issue.received,
    }, { cause: issue.cause });
  }
  const suggestion = where.suggest?.() ?? issue.suggestion;
  return new InvalidRealtimeScenarioInputError({
    reason: where.reason,
    issue: where.finer[issue.code === 'missing' ? 'invalid_type' : issue.code],
    operation: where.operation,
    path: issue.path,
    // The reader's words for a key it does not know; ours otherwise.
    expected: issue.code === 'unknown_key' ? issue.expected : where.expected,
    received: issue.received,
    suggestion: isSuggestion(suggestion) ? suggestion : undefined,
  });
}

/** Runs a reading, turning its issue into the transport's error. */
function reading<T>(where: Where, read: () => T): T {
  return boundary((issue) => inputError(where, issue), read);
}

/**
 * The outbound method a wrong name stands for when it is a known synonym
 * (`hangUp` → `close`); the reader suggests the closest spelling otherwise.
 *
 * @param name What was written.
 * @returns The method, or `undefined`.
 */
function synonymOf(name: unknown): RealtimeTransportMethod | undefined {
  if (typeof name !== 'string') return undefined;
  return synonyms.get(name.toLowerCase().replace(/[-_\s]/g, ''));
}

/**
 * Throws unless `value` is an outbound method name.
 *
 * @param operation The scripting method.
 * @param value The given method name.
 * @param path Where it was given.
 * @returns The method name.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireMethod(
  operation: string,
  value: unknown,
  path = 'method',
): RealtimeTransportMethod {
  return reading({
    operation,
    reason: 'unknown_method',
    finer: { invalid_value: 'unknown_method', invalid_type: 'not_a_string' },
    // A synonym comes before the reader's closest spelling.
    suggest: () => synonymOf(value),
  }, () => oneOf(value, path, realtimeTransportMethods));
}

/**
 * Throws unless `value` is a synchronous function or `undefined`.
 *
 * @param operation The scripting method.
 * @param value The given matcher.
 * @param path Where it was given.
 * @returns The matcher.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireMatcher(
  operation: string,
  value: unknown,
  path = 'matcher',
): RealtimeCallMatcher | undefined {
  return reading({
    operation,
    reason: 'invalid_matcher',
    // A native async function always answers with a promise: never in time.
    finer: { invalid_type: 'not_a_function', invalid_value: 'async_matcher' },
  }, () => func(value, path, { optional: true, sync: true })) as
    | RealtimeCallMatcher
    | undefined;
}

/**
 * Throws unless `value` is a listener function.
 *
 * @param operation The scripting method.
 * @param value The given listener.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireListener(operation: string, value: unknown): void {
  reading({
    operation,
    reason: 'invalid_listener',
    finer: { invalid_type: 'not_a_function' },
  }, () => func(value, 'listener'));
}

/** The fields of the `runScenario()` options, read once. */
type OptionFields = Fields<(typeof optionKeys)[number]>;

/**
 * Throws unless the option `key` is a function; when it is missing, a key
 * that looks misspelt (`exercize`) is suggested as meaning it.
 */
function requireCallback(
  key: 'scenario' | 'exercise',
  read: OptionFields,
): void {
  const value = read.fields[key];
  reading({
    operation: 'runScenario',
    reason: 'invalid_option',
    finer: { invalid_type: 'not_a_function' },
    expected: 'a function',
    suggest: () =>
      value === undefined &&
        read.keys.some((written) => closest(written, optionKeys) === key)
        ? key
        : undefined,
  }, () => func(value, at('options', key)));
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
 * Validates the options of `runScenario()`, reading each once (other keys
 * are allowed, as the SDK module allows them).
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
  const read = reading({
    operation: 'runScenario',
    reason: 'invalid_option',
    finer: { invalid_type: 'not_an_object' },
    expected: 'an options object with scenario and exercise',
  }, () => fields(options, 'options', optionKeys, { unknownKeys: 'allow' }));
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

/** One expectation of an `expectAnyOrder()` group, as given. */
export interface ExpectationInput {
  readonly method: RealtimeTransportMethod;
  readonly matcher: RealtimeCallMatcher | undefined;
}

/**
 * Checks the expectations of an `expectAnyOrder()` group where they are
 * written: at least one, each `{ method, matcher? }` with a known method
 * and a synchronous matcher.
 *
 * @param expectations What the caller gave.
 * @returns The expectations, read once.
 * @throws {InvalidRealtimeScenarioInputError} `invalid_expectation`,
 * `unknown_method`, `invalid_matcher`, `unreadable_option`.
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
    const path = at('expectations', i);
    const read = reading({
      operation,
      reason: 'invalid_expectation',
      finer: { invalid_type: 'not_an_object', unknown_key: 'unknown_property' },
    }, () => fields(expectation, path, expectationKeys));
    return {
      method: requireMethod(operation, read.fields.method, at(path, 'method')),
      matcher: requireMatcher(
        operation,
        read.fields.matcher,
        at(path, 'matcher'),
      ),
    };
  });
}
