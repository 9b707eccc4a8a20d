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
} from './calls.ts';
import { InvalidRealtimeScenarioInputError } from './errors.ts';
import type { RealtimeScenarioOptions } from './scenario.ts';

/**
 * Describes a value for an error message without running user code.
 *
 * @param value Any value.
 * @returns A short description.
 */
export function describe(value: unknown): string {
  if (typeof value === 'string') {
    return value.length > 60 ? `a string of ${value.length}` : quote(value);
  }
  if (typeof value !== 'object' || value === null) return quote(value);
  try {
    return Array.isArray(value) ? 'an array' : 'an object';
  } catch {
    return 'a revoked proxy';
  }
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
    operation,
    argument: 'method',
    expected: 'a realtime transport method name',
    received: describe(value),
  });
}

/**
 * Throws unless `value` is a function (or `undefined` when optional).
 *
 * @param operation The scripting method.
 * @param argument The parameter name.
 * @param value The given value.
 * @param optional Whether `undefined` is allowed.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireFunction(
  operation: string,
  argument: string,
  value: unknown,
  optional: boolean,
): void {
  if (typeof value === 'function' || (optional && value === undefined)) {
    return;
  }
  throw new InvalidRealtimeScenarioInputError({
    operation,
    argument,
    expected: optional ? 'a function or undefined' : 'a function',
    received: describe(value),
  });
}

/**
 * Reads one option; a throwing getter or proxy trap is reported as invalid
 * input instead of escaping as an unrelated error.
 *
 * @param operation The scripting method.
 * @param options The options object.
 * @param key The option to read.
 * @returns The option's value.
 * @throws {InvalidRealtimeScenarioInputError} When reading it throws.
 */
export function readOption(
  operation: string,
  options: object,
  key: string,
): unknown {
  try {
    return (options as Record<string, unknown>)[key];
  } catch {
    throw new InvalidRealtimeScenarioInputError({
      operation,
      argument: key,
      expected: 'a readable option',
      received: 'a property whose read throws',
    });
  }
}

/**
 * Throws unless `value` is an `AbortSignal` or `undefined`.
 *
 * @param value The given signal.
 * @returns The signal.
 * @throws {InvalidRealtimeScenarioInputError} For anything else.
 */
export function requireSignal(value: unknown): AbortSignal | undefined {
  if (value === undefined) return value;
  try {
    if (value instanceof AbortSignal) return value;
  } catch {
    // A proxy whose prototype trap throws is not a signal either.
  }
  throw new InvalidRealtimeScenarioInputError({
    operation: 'runScenario',
    argument: 'signal',
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
export function readScenarioOptions(options: unknown): {
  scenario: RealtimeScenarioOptions['scenario'];
  exercise: RealtimeScenarioOptions['exercise'];
  signal: AbortSignal | undefined;
} {
  const op = 'runScenario';
  if (typeof options !== 'object' || options === null) {
    throw new InvalidRealtimeScenarioInputError({
      operation: op,
      argument: 'options',
      expected: 'an object',
      received: describe(options),
    });
  }
  const scenario = readOption(op, options, 'scenario');
  const exercise = readOption(op, options, 'exercise');
  requireFunction(op, 'scenario', scenario, false);
  requireFunction(op, 'exercise', exercise, false);
  const signal = requireSignal(readOption(op, options, 'signal'));
  return {
    scenario: scenario as RealtimeScenarioOptions['scenario'],
    exercise: exercise as RealtimeScenarioOptions['exercise'],
    signal,
  };
}
