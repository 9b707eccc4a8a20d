/**
 * `InvalidRealtimeScenarioInputError`, the error of scripting input the
 * transport cannot use, with its vocabulary: why (`reason`), more finely
 * (`issue`), and what each reason expects. Thrown where the input is given.
 *
 * @module
 */
import { redactedCopy } from '../_internal/redacted_copy.ts';
import { invalidInputMessage } from '../_internal/messages.ts';
import type { RealtimeTransportMethod } from './calls.ts';

/**
 * The options of `runScenario()`, by name: what
 * `InvalidRealtimeScenarioInputError.suggestion` can propose.
 *
 * @example
 * ```ts
 * import type { RealtimeScenarioOptionKey } from '@scripted/agents/realtime';
 *
 * const key: RealtimeScenarioOptionKey = 'scenario';
 * ```
 */
export type RealtimeScenarioOptionKey = 'scenario' | 'exercise' | 'signal';

/**
 * Why scripting input was rejected (the contract's coarse code; `issue`
 * holds the finer one):
 * - `unknown_method`: `expectCall`/`failNextCall` got something that is not
 *   an outbound transport method name (`suggestion` may name the closest);
 * - `invalid_matcher`: an `expectCall` matcher that is not a function, or a
 *   native `async` one, or one that returned a promise when its call came
 *   (issue `async_matcher`);
 * - `invalid_listener`: an `on`/`once` listener that is not a function;
 * - `invalid_error`: `failNextCall` given `undefined` as the error;
 * - `invalid_option`: `runScenario` options that are not an object, or a
 *   `scenario`/`exercise` that is not a function, or a `signal` that is not
 *   an `AbortSignal`;
 * - `unreadable_option`: reading an option or an expectation threw
 *   (`cause` holds what it threw, `received` describes it);
 * - `scenario_running`: `runScenario` while another runs on the transport;
 * - `invalid_expectation`: `expectAnyOrder` given no expectation (issue
 *   `empty_group`), an expectation that is not an object (`not_an_object`)
 *   or one with a member other than `method` and `matcher`
 *   (`unknown_property`, `path` at that member); its method and matcher
 *   are checked as
 *   `expectCall`'s, with paths such as `expectations[1].method`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidRealtimeScenarioInputError,
 *   type InvalidRealtimeScenarioInputReason,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const expected: InvalidRealtimeScenarioInputReason = 'invalid_error';
 * assert.throws(
 *   () => new ScriptedRealtimeTransport().failNextCall('close', undefined),
 *   (error) =>
 *     error instanceof InvalidRealtimeScenarioInputError &&
 *     error.reason === expected,
 * );
 * ```
 */
export type InvalidRealtimeScenarioInputReason =
  | 'unknown_method'
  | 'invalid_matcher'
  | 'invalid_listener'
  | 'invalid_error'
  | 'invalid_option'
  | 'unreadable_option'
  | 'scenario_running'
  | 'invalid_expectation';

/**
 * The finer classification of rejected scripting input: the `reason`
 * itself when there is nothing finer, or `not_a_string` (a method name
 * that is not a string), `not_a_function`, `async_matcher`,
 * `not_an_object` (the options, an expectation), `not_a_signal`,
 * `empty_group`, `unknown_property`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidRealtimeScenarioInputError,
 *   type InvalidRealtimeScenarioInputIssue,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const expected: InvalidRealtimeScenarioInputIssue = 'async_matcher';
 * assert.throws(
 *   () =>
 *     new ScriptedRealtimeTransport().expectCall(
 *       'mute',
 *       // deno-lint-ignore require-await
 *       (async () => true) as never,
 *     ),
 *   (error) =>
 *     error instanceof InvalidRealtimeScenarioInputError &&
 *     error.issue === expected,
 * );
 * ```
 */
export type InvalidRealtimeScenarioInputIssue =
  | InvalidRealtimeScenarioInputReason
  | 'not_a_string'
  | 'not_a_function'
  | 'async_matcher'
  | 'not_an_object'
  | 'not_a_signal'
  | 'empty_group'
  | 'unknown_property';

// What each reason expects when the caller gives no `expected`.
const expectedByReason: Record<InvalidRealtimeScenarioInputReason, string> = {
  unknown_method: 'a realtime transport method name',
  invalid_matcher: 'a function or undefined',
  invalid_listener: 'a function',
  invalid_error: 'any value but undefined',
  invalid_option: 'a valid option',
  unreadable_option: 'a readable option',
  scenario_running: 'the previous scenario on this transport to have ended',
  invalid_expectation: 'an expectation { method, matcher? }',
};

// A matcher that answers with a promise, found where it is given or when it
// runs.
const synchronousMatcher =
  "a synchronous function (it runs inside the application's call)";

// What to say was found when nothing concrete was.
const fallbackByReason: Partial<
  Record<InvalidRealtimeScenarioInputReason, string>
> = {
  unreadable_option: 'a property whose read threw',
  scenario_running: 'a second runScenario() while one is running',
};

/**
 * A scripting method got input it cannot use (an unknown method name, a
 * matcher that is not a synchronous function, a missing failure value,
 * malformed `runScenario()` options, a second concurrent `runScenario()`).
 * Thrown where the input is given. The fields follow the data model the
 * package's three doubles share: `reason`, `issue`, `path`, `received`,
 * `suggestion`, and `cause` when reading the input threw.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidRealtimeScenarioInputError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * assert.throws(
 *   // @ts-expect-error: not a transport method
 *   () => transport.expectCall('hangUp'),
 *   (error) =>
 *     error instanceof InvalidRealtimeScenarioInputError &&
 *     error.reason === 'unknown_method' && error.path === 'method' &&
 *     error.received === '"hangUp"' && error.suggestion === 'close',
 * );
 * ```
 */
export class InvalidRealtimeScenarioInputError extends Error {
  /** What is wrong; see {@link InvalidRealtimeScenarioInputReason}. */
  readonly reason: InvalidRealtimeScenarioInputReason;
  /** The finer code; see {@link InvalidRealtimeScenarioInputIssue}. */
  readonly issue: InvalidRealtimeScenarioInputIssue;
  /** The scripting method that got the input, such as `expectCall`. */
  readonly operation: string | undefined;
  /**
   * Where in the input: a parameter (`method`, `matcher`, `listener`,
   * `error`), an option (`options`, `options.scenario`, `options.signal`)
   * or a member of an expectation (`expectations[1].matcher`).
   */
  readonly path: string | undefined;
  /** What the input must be. */
  readonly expected: string | undefined;
  /**
   * What was found, rendered short: strings quoted and cut when long,
   * other values by kind (`42`, `null`, `an object`, `a function`,
   * `an unreadable value`); what a read threw (`the error "boom"`);
   * `undefined` when nothing concrete was found.
   */
  readonly received: string | undefined;
  /**
   * The name the input most likely meant: for `unknown_method` the closest
   * method, for a missing `runScenario` callback the option a misspelt key
   * stands for, for an expectation's unknown member (`mehtod`) the member
   * it stands for.
   */
  readonly suggestion:
    | RealtimeTransportMethod
    | RealtimeScenarioOptionKey
    | 'method'
    | 'matcher'
    | undefined;

  /**
   * Creates an `InvalidRealtimeScenarioInputError`.
   * @param fields The structured fields; with `message`, the message is
   *   used verbatim and `issue` defaults to `reason`.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidRealtimeScenarioInputReason;
      message?: string | undefined;
      issue?: InvalidRealtimeScenarioInputIssue | undefined;
      operation?: string | undefined;
      path?: string | undefined;
      expected?: string | undefined;
      received?: string | undefined;
      suggestion?:
        | RealtimeTransportMethod
        | RealtimeScenarioOptionKey
        | 'method'
        | 'matcher'
        | undefined;
    },
    options?: { cause?: unknown },
  ) {
    const expected = fields.expected ??
      (fields.issue === 'async_matcher'
        ? synchronousMatcher
        : expectedByReason[fields.reason]);
    // What was found, as a message may print it (redacted).
    const received = redactedCopy(fields.received) as string | undefined;
    super(
      fields.message ?? invalidInputMessage({
        subject: 'realtime input',
        name: fields.operation,
        // A state the transport is in, not a value at a path.
        path: fields.reason === 'scenario_running' ? undefined : fields.path,
        expected,
        received: received ?? fallbackByReason[fields.reason],
        suggestion: fields.suggestion,
      }),
      options,
    );
    this.name = 'InvalidRealtimeScenarioInputError';
    this.reason = fields.reason;
    this.issue = fields.issue ?? fields.reason;
    this.operation = fields.operation;
    this.path = fields.path;
    this.expected = fields.message === undefined ? expected : fields.expected;
    this.received = received;
    this.suggestion = fields.suggestion;
  }
}
