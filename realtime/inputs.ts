/**
 * Validation of scripting input, robust to hostile values (proxies, getters
 * that throw): bad input becomes an `InvalidRealtimeScenarioInputError`
 * where it is given.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';
import {
  isRealtimeTransportMethod,
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from './calls.ts';
import { InvalidRealtimeScenarioInputError } from './errors.ts';
import type { RealtimeScenarioOptions } from './scenario.ts';

/** Longest string shown in full; longer ones are cut. */
const maxShown = 40;
/** Longest name compared for a suggestion (bounds the edit distance). */
const maxCompared = 64;

/**
 * Renders a found value for a message without running user code: strings
 * quoted (cut when long), other primitives as written, containers by kind.
 *
 * @param value Any value.
 * @returns The rendering, or `undefined` when inspecting `value` threw (a
 *   revoked proxy, say).
 */
export function describe(value: unknown): string | undefined {
  try {
    if (typeof value === 'string' && value.length > maxShown) {
      return `${
        quote(value.slice(0, maxShown))
      }... (${value.length} characters)`;
    }
    return quote(value);
  } catch {
    return undefined;
  }
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length];
}

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
 * (`hangUp` → `close`), else the method closest by edit distance
 * (case-insensitive) within a third of the name's length, at most 3 edits.
 *
 * @param name What was written.
 * @returns The suggestion, or `undefined` when nothing is close.
 */
export function suggestMethod(
  name: unknown,
): RealtimeTransportMethod | undefined {
  if (typeof name !== 'string' || name.length > maxCompared) return undefined;
  const lower = name.toLowerCase().replace(/[-_\s]/g, '');
  if (Object.hasOwn(synonyms, lower)) return synonyms[lower];
  const limit = Math.min(3, Math.max(1, Math.floor(name.length / 3)));
  let best: RealtimeTransportMethod | undefined;
  let bestDistance = limit + 1;
  for (const candidate of realtimeTransportMethods) {
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
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
): RealtimeTransportMethod {
  if (isRealtimeTransportMethod(value)) return value;
  throw new InvalidRealtimeScenarioInputError({
    reason: 'unknown_method',
    issue: typeof value === 'string' ? 'unknown_method' : 'not_a_string',
    operation,
    path: 'method',
    received: describe(value),
    suggestion: suggestMethod(value),
  });
}

const toTag = Object.prototype.toString;

/**
 * Whether `fn` is a native `async` function or async generator, known
 * without calling it: it always returns a promise (or an async iterator),
 * so as a matcher it could never answer in time.
 *
 * @param fn A function.
 * @returns `true` for a native async function.
 */
export function isNativeAsync(fn: unknown): boolean {
  try {
    const tag = toTag.call(fn);
    return tag === '[object AsyncFunction]' ||
      tag === '[object AsyncGeneratorFunction]';
  } catch {
    return false;
  }
}

/**
 * Throws unless `value` is a synchronous function or `undefined`.
 *
 * @param operation The scripting method.
 * @param value The given matcher.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireMatcher(operation: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== 'function') {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_matcher',
      issue: 'not_a_function',
      operation,
      path: 'matcher',
      received: describe(value),
    });
  }
  if (isNativeAsync(value)) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      operation,
      path: 'matcher',
      expected:
        "a synchronous function (it runs inside the application's call)",
      received: 'an async function',
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

/**
 * Reads one option; a throwing getter or proxy trap is reported as invalid
 * input instead of escaping as an unrelated error.
 *
 * @param options The options object.
 * @param key The option to read.
 * @returns The option's value.
 * @throws {InvalidRealtimeScenarioInputError} When reading it throws.
 */
function readOption(options: object, key: string): unknown {
  try {
    return (options as Record<string, unknown>)[key];
  } catch (cause) {
    throw new InvalidRealtimeScenarioInputError({
      reason: 'unreadable_option',
      operation: 'runScenario',
      path: `options.${key}`,
    }, { cause });
  }
}

function requireCallback(key: string, value: unknown): void {
  if (typeof value === 'function') return;
  throw new InvalidRealtimeScenarioInputError({
    reason: 'invalid_option',
    issue: 'not_a_function',
    operation: 'runScenario',
    path: `options.${key}`,
    expected: 'a function',
    received: describe(value),
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
  const scenario = readOption(options, 'scenario');
  const exercise = readOption(options, 'exercise');
  requireCallback('scenario', scenario);
  requireCallback('exercise', exercise);
  const signal = requireSignal(readOption(options, 'signal'));
  return {
    scenario: scenario as RealtimeScenarioOptions<R>['scenario'],
    exercise: exercise as RealtimeScenarioOptions<R>['exercise'],
    signal,
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
