/**
 * Errors of the scripted Realtime transport, one class per failure mode.
 * Each constructor accepts the argument form of the SDK's testing module
 * (`@openai/agents/realtime/testing`) as well as this package's richer form.
 *
 * @module
 */
import type { RealtimeTransportLayer } from '@openai/agents-realtime';
import { plural, quote } from '../_internal/format.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
  RecordedRealtimeTransportCall,
} from './calls.ts';

/** The status of a Realtime transport, as the SDK declares it. */
type Status = RealtimeTransportLayer['status'];

// Keeps messages short when thousands of calls are left (e.g. audio chunks).
const listLimit = 5;

function counted(
  total: number,
  shown: readonly string[],
  noun: string,
): string {
  if (shown.length === 0) return plural(total, noun);
  const head = shown.slice(0, listLimit).join(', ');
  const more = shown.length > listLimit
    ? ` and ${shown.length - listLimit} more`
    : '';
  return `${plural(total, noun)} (${head}${more})`;
}

function expectationList(
  pending: readonly PendingRealtimeExpectation[],
): string {
  return counted(
    pending.length,
    pending.map((item) => `#${item.order} ${quote(item.method)}`),
    'pending expectation',
  );
}

function freezeItems<T extends object>(items: readonly T[]): readonly T[] {
  return Object.freeze(items.map((item) => Object.freeze({ ...item })));
}

/** Whether `value` is a record with a numeric `callIndex` (our rich form). */
function hasCallIndex(value: unknown): value is { callIndex: number } {
  return typeof value === 'object' && value !== null &&
    typeof (value as { callIndex?: unknown }).callIndex === 'number';
}

/**
 * An outbound call reached the transport while a different method was
 * expected next. It is thrown into the application code making the call,
 * rejects the pending expectation, fails a running `runScenario()` at once,
 * and `assertComplete()` rethrows it.
 *
 * Constructible as the SDK module's `(expectedMethod, actualCall)` or as
 * `({ callIndex, expectedMethod, actualMethod })`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeTransport,
 *   UnexpectedRealtimeCallError,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const expected = transport.expectCall('close');
 * assert.throws(() => transport.interrupt(), UnexpectedRealtimeCallError);
 * await assert.rejects(expected, UnexpectedRealtimeCallError);
 * const built = new UnexpectedRealtimeCallError('close', {
 *   index: 0,
 *   method: 'interrupt',
 * });
 * assert.equal(built.callIndex, 0);
 * ```
 */
export class UnexpectedRealtimeCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** The method the next expectation named. */
  readonly expectedMethod: RealtimeTransportMethod;
  /** The method that was called. */
  readonly actualMethod: string;

  /**
   * @param expectedMethod The method the next expectation named.
   * @param actualCall The recorded call that arrived instead.
   */
  constructor(
    expectedMethod: RealtimeTransportMethod,
    actualCall: RecordedRealtimeTransportCall,
  );
  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    expectedMethod: RealtimeTransportMethod;
    actualMethod: string;
  });
  constructor(
    first:
      | RealtimeTransportMethod
      | {
        callIndex: number;
        expectedMethod: RealtimeTransportMethod;
        actualMethod: string;
      },
    actualCall?: RecordedRealtimeTransportCall,
  ) {
    const fields = typeof first === 'object' && first !== null ? first : {
      callIndex: actualCall?.index ?? -1,
      expectedMethod: first,
      actualMethod: actualCall?.method ?? '',
    };
    super(
      `Unexpected realtime call ${fields.callIndex}: expected ${
        quote(fields.expectedMethod)
      }, got ${quote(fields.actualMethod)}`,
    );
    this.name = 'UnexpectedRealtimeCallError';
    this.callIndex = fields.callIndex;
    this.expectedMethod = fields.expectedMethod;
    this.actualMethod = fields.actualMethod;
  }
}

/**
 * The matcher of the expectation answering a call returned `false` (or
 * something that is not a synchronous result).
 *
 * Constructible as the SDK module's `(call)` (with an optional
 * `{ matcherResult }`) or as `({ callIndex, actualMethod, matcherResult? })`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeCallMatcherError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const expected = transport.expectCall('mute', (call) => call.muted);
 * assert.throws(() => transport.mute(false), RealtimeCallMatcherError);
 * await assert.rejects(expected, RealtimeCallMatcherError);
 * ```
 */
export class RealtimeCallMatcherError extends Error {
  /** Zero-based index of the rejected call in `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly actualMethod: string;
  /**
   * What the matcher returned: `false`, or a promise (matchers run inside
   * the application's call and must be synchronous).
   */
  readonly matcherResult: 'false' | 'promise';

  /**
   * @param call The recorded call the matcher rejected.
   * @param options `matcherResult`: what the matcher returned (`'false'`
   *   unless given).
   */
  constructor(
    call: RecordedRealtimeTransportCall,
    options?: { matcherResult?: 'false' | 'promise' },
  );
  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    actualMethod: string;
    matcherResult?: 'false' | 'promise';
  });
  constructor(
    first: RecordedRealtimeTransportCall | {
      callIndex: number;
      actualMethod: string;
      matcherResult?: 'false' | 'promise';
    },
    options?: { matcherResult?: 'false' | 'promise' },
  ) {
    const fields = hasCallIndex(first)
      ? first as {
        callIndex: number;
        actualMethod: string;
        matcherResult?: 'false' | 'promise';
      }
      : {
        callIndex: (first as RecordedRealtimeTransportCall | undefined)
          ?.index ?? -1,
        actualMethod: (first as RecordedRealtimeTransportCall | undefined)
          ?.method ?? '',
        matcherResult: options?.matcherResult,
      };
    const matcherResult = fields.matcherResult ?? 'false';
    super(
      `Realtime call matcher rejected call ${fields.callIndex}: ${
        quote(fields.actualMethod)
      } did not match its expectation (${
        matcherResult === 'false'
          ? 'the matcher returned false'
          : 'the matcher returned a promise; matchers must be synchronous'
      })`,
    );
    this.name = 'RealtimeCallMatcherError';
    this.callIndex = fields.callIndex;
    this.actualMethod = fields.actualMethod;
    this.matcherResult = matcherResult;
  }
}

/**
 * The scenario ended with work left: calls no expectation consumed,
 * expectations no call satisfied, or injected failures no call used.
 *
 * Constructible as the SDK module's `(unconsumedCalls,
 * pendingExpectations, pendingFailures)` or as one object with those
 * fields.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   IncompleteRealtimeScenarioError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.interrupt();
 * transport.failNextCall('mute', new Error('no microphone'));
 * assert.throws(() => transport.assertComplete(), (error) => {
 *   assert(error instanceof IncompleteRealtimeScenarioError);
 *   assert.equal(error.unconsumedCalls[0].method, 'interrupt');
 *   assert.deepEqual(error.pendingFailures, [{ method: 'mute', count: 1 }]);
 *   return true;
 * });
 * ```
 */
export class IncompleteRealtimeScenarioError extends Error {
  /** Recorded calls no expectation consumed, in call order. */
  readonly unconsumedCalls: readonly RecordedRealtimeCall[];
  /** The expectations still waiting, in registration order. */
  readonly pendingExpectations: readonly PendingRealtimeExpectation[];
  /**
   * The injected failures not used, one item per method with its count,
   * in the order each method's first failure was registered.
   */
  readonly pendingFailures: readonly PendingRealtimeFailure[];

  /**
   * @param unconsumedCalls Recorded calls no expectation consumed.
   * @param pendingExpectations The expectations still waiting.
   * @param pendingFailures The injected failures not used, per method.
   */
  constructor(
    unconsumedCalls: readonly RecordedRealtimeTransportCall[],
    pendingExpectations: readonly PendingRealtimeExpectation[],
    pendingFailures: readonly PendingRealtimeFailure[],
  );
  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    unconsumedCalls: readonly RecordedRealtimeTransportCall[];
    pendingExpectations: readonly PendingRealtimeExpectation[];
    pendingFailures: readonly PendingRealtimeFailure[];
  });
  constructor(
    first: readonly RecordedRealtimeTransportCall[] | {
      unconsumedCalls: readonly RecordedRealtimeTransportCall[];
      pendingExpectations: readonly PendingRealtimeExpectation[];
      pendingFailures: readonly PendingRealtimeFailure[];
    },
    pendingExpectations?: readonly PendingRealtimeExpectation[],
    pendingFailures?: readonly PendingRealtimeFailure[],
  ) {
    const fields = Array.isArray(first)
      ? {
        unconsumedCalls: first as readonly RecordedRealtimeTransportCall[],
        pendingExpectations: pendingExpectations ?? [],
        pendingFailures: pendingFailures ?? [],
      }
      : first as {
        unconsumedCalls: readonly RecordedRealtimeTransportCall[];
        pendingExpectations: readonly PendingRealtimeExpectation[];
        pendingFailures: readonly PendingRealtimeFailure[];
      };
    const calls = fields.unconsumedCalls;
    const failures = fields.pendingFailures;
    let unused = 0;
    for (const failure of failures) unused += failure.count;
    super(
      `Incomplete realtime scenario: ${
        counted(
          calls.length,
          calls.map((call) => quote(call.method)),
          'unconsumed call',
        )
      }, ${expectationList(fields.pendingExpectations)}, ${
        counted(
          unused,
          failures.map((failure) =>
            failure.count === 1
              ? quote(failure.method)
              : `${quote(failure.method)} x${failure.count}`
          ),
          'unused failure',
        )
      }`,
    );
    this.name = 'IncompleteRealtimeScenarioError';
    this.unconsumedCalls = Object.freeze([
      ...calls,
    ]) as readonly RecordedRealtimeCall[];
    this.pendingExpectations = freezeItems(fields.pendingExpectations);
    this.pendingFailures = freezeItems(failures);
  }
}

/**
 * The `signal` given to `runScenario()` aborted before both sides finished.
 * The pending expectations are rejected with this error, so the scenario's
 * `catch` can release the application side. Like other abort errors its
 * `name` is `'AbortError'`; identify it by
 * `code === 'scripted_realtime_scenario_cancelled'`. `cause` is the
 * signal's reason.
 *
 * Constructible as the SDK module's `(pendingExpectations)` or as
 * `({ pendingExpectations })`, either with an optional `{ cause }`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeScenarioCancelledError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * await assert.rejects(
 *   transport.runScenario({
 *     signal: AbortSignal.abort(),
 *     scenario: () => {},
 *     exercise: () => {},
 *   }),
 *   (error) =>
 *     error instanceof ScriptedRealtimeScenarioCancelledError &&
 *     error.name === 'AbortError' &&
 *     error.code === 'scripted_realtime_scenario_cancelled',
 * );
 * ```
 */
export class ScriptedRealtimeScenarioCancelledError extends Error {
  /** Identifies this abort error among others named `'AbortError'`. */
  readonly code: 'scripted_realtime_scenario_cancelled' =
    'scripted_realtime_scenario_cancelled';
  /** The expectations still waiting, in registration order. */
  readonly pendingExpectations: readonly PendingRealtimeExpectation[];

  /**
   * @param pendingExpectations The expectations still waiting.
   * @param options `cause`: the signal's abort reason.
   */
  constructor(
    pendingExpectations: readonly PendingRealtimeExpectation[],
    options?: { cause?: unknown },
  );
  /**
   * @param fields The structured fields of the error.
   * @param options `cause`: the signal's abort reason.
   */
  constructor(
    fields: { pendingExpectations: readonly PendingRealtimeExpectation[] },
    options?: { cause?: unknown },
  );
  constructor(
    first: readonly PendingRealtimeExpectation[] | {
      pendingExpectations: readonly PendingRealtimeExpectation[];
    },
    options?: { cause?: unknown },
  ) {
    const pending = Array.isArray(first)
      ? first as readonly PendingRealtimeExpectation[]
      : (first as {
        pendingExpectations: readonly PendingRealtimeExpectation[];
      })
        .pendingExpectations;
    super(
      `Realtime scenario cancelled by its signal: ${expectationList(pending)}`,
      options,
    );
    this.name = 'AbortError';
    this.pendingExpectations = freezeItems(pending);
  }
}

/**
 * `assertClosed()` found the transport in a status other than
 * `disconnected`.
 *
 * Constructible as the SDK module's `(status)` or as `({ status })`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeTransportNotClosedError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * await transport.connect({ apiKey: 'test' });
 * assert.throws(() => transport.assertClosed(), RealtimeTransportNotClosedError);
 * transport.close();
 * ```
 */
export class RealtimeTransportNotClosedError extends Error {
  /** The transport's status when it was checked. */
  readonly status: Status;

  /**
   * @param status The status found.
   */
  constructor(status: Status);
  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: { status: Status });
  constructor(first: Status | { status: Status }) {
    const status = typeof first === 'object' && first !== null
      ? first.status
      : first;
    super(
      `Realtime transport not closed: expected status "disconnected", got ${
        quote(status)
      }`,
    );
    this.name = 'RealtimeTransportNotClosedError';
    this.status = status;
  }
}

/**
 * What can replace a `connect()` still in progress (the `supersededBy` of
 * `ScriptedRealtimeConnectionSupersededError`).
 *
 * @example
 * ```ts
 * import type { RealtimeSupersedingOperation } from '@scripted/agents/realtime';
 *
 * const by: RealtimeSupersedingOperation = 'close';
 * void by;
 * ```
 */
export type RealtimeSupersedingOperation = 'connect' | 'close' | 'disconnect';

/**
 * A `connect()` was replaced before it completed: a `close()`,
 * `disconnect()` or another `connect()` ran inside its own notifications
 * (a `connection_change` listener) or inside its expectation's matcher. The
 * superseded `connect()` rejects with this error and the transport keeps
 * the state the later operation left.
 *
 * Constructible as the SDK module's `()` or as `({ supersededBy })`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedRealtimeConnectionSupersededError,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.on('connection_change', (status) => {
 *   if (status === 'connecting') transport.close();
 * });
 * await assert.rejects(
 *   transport.connect({ apiKey: 'test' }),
 *   (error) =>
 *     error instanceof ScriptedRealtimeConnectionSupersededError &&
 *     error.operation === 'connect' && error.supersededBy === 'close',
 * );
 * assert.equal(transport.status, 'disconnected');
 * ```
 */
export class ScriptedRealtimeConnectionSupersededError extends Error {
  /** The operation that was superseded: always `'connect'`. */
  readonly operation: 'connect' = 'connect';
  /** The operation that replaced it, when known. */
  readonly supersededBy: RealtimeSupersedingOperation | undefined;

  /**
   * @param fields `supersededBy`: the operation that replaced the connect.
   */
  constructor(fields?: { supersededBy?: RealtimeSupersedingOperation }) {
    const by = fields?.supersededBy;
    super(
      `Realtime connection attempt superseded: ${
        by === undefined
          ? 'another lifecycle operation'
          : `a later ${quote(by)}`
      } replaced the pending "connect"`,
    );
    this.name = 'ScriptedRealtimeConnectionSupersededError';
    this.supersededBy = by;
  }
}

/**
 * Why scripting input was rejected (the contract's coarse code; `issue`
 * holds the finer one):
 * - `unknown_method`: `expectCall`/`failNextCall` got something that is not
 *   an outbound transport method name (`suggestion` may name the closest);
 * - `invalid_matcher`: an `expectCall` matcher that is not a function, or a
 *   native `async` one (issue `async_matcher`);
 * - `invalid_listener`: an `on`/`once` listener that is not a function;
 * - `invalid_error`: `failNextCall` given `undefined` as the error;
 * - `invalid_option`: `runScenario` options that are not an object, or a
 *   `scenario`/`exercise` that is not a function, or a `signal` that is not
 *   an `AbortSignal`;
 * - `unreadable_option`: reading an option threw (`cause` holds the error);
 * - `scenario_running`: `runScenario` while another runs on the transport.
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeScenarioInputReason } from '@scripted/agents/realtime';
 *
 * const reason: InvalidRealtimeScenarioInputReason = 'unknown_method';
 * void reason;
 * ```
 */
export type InvalidRealtimeScenarioInputReason =
  | 'unknown_method'
  | 'invalid_matcher'
  | 'invalid_listener'
  | 'invalid_error'
  | 'invalid_option'
  | 'unreadable_option'
  | 'scenario_running';

/**
 * The finer classification of rejected scripting input: the `reason`
 * itself when there is nothing finer, or `not_a_string` (a method name
 * that is not a string), `not_a_function`, `async_matcher`,
 * `not_an_object` (the options), `not_a_signal`.
 *
 * @example
 * ```ts
 * import type { InvalidRealtimeScenarioInputIssue } from '@scripted/agents/realtime';
 *
 * const issue: InvalidRealtimeScenarioInputIssue = 'async_matcher';
 * void issue;
 * ```
 */
export type InvalidRealtimeScenarioInputIssue =
  | InvalidRealtimeScenarioInputReason
  | 'not_a_string'
  | 'not_a_function'
  | 'async_matcher'
  | 'not_an_object'
  | 'not_a_signal';

// What each reason expects when the caller gives no `expected`.
const expectedByReason: Record<InvalidRealtimeScenarioInputReason, string> = {
  unknown_method: 'a realtime transport method name',
  invalid_matcher: 'a function or undefined',
  invalid_listener: 'a function',
  invalid_error: 'the value to throw, not undefined',
  invalid_option: 'a valid option',
  unreadable_option: 'a readable option',
  scenario_running: 'the previous scenario on this transport to have ended',
};

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
   * `error`) or an option (`options`, `options.scenario`, `options.signal`).
   */
  readonly path: string | undefined;
  /** What the input must be. */
  readonly expected: string | undefined;
  /**
   * What was found, rendered short: strings quoted and cut when long,
   * other values by kind (`42`, `null`, `an object`, `a function`).
   * `undefined` when nothing concrete was found or it could not be read.
   */
  readonly received: string | undefined;
  /** For `unknown_method`: the closest method name, when one is likely. */
  readonly suggestion: RealtimeTransportMethod | undefined;

  /**
   * @param fields The structured fields; with `message`, the message is
   *   used verbatim and `issue` defaults to `reason`.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidRealtimeScenarioInputReason;
      message?: string;
      issue?: InvalidRealtimeScenarioInputIssue;
      operation?: string;
      path?: string;
      expected?: string;
      received?: string;
      suggestion?: RealtimeTransportMethod;
    },
    options?: { cause?: unknown },
  ) {
    const verbatim = fields.message !== undefined;
    const expected = verbatim
      ? fields.expected
      : fields.expected ?? expectedByReason[fields.reason];
    const found = fields.received ?? fallbackByReason[fields.reason];
    const where = [
      fields.operation === undefined ? undefined : `${fields.operation}()`,
      fields.path,
    ].filter((part) => part !== undefined).join(' ');
    const hint = fields.suggestion === undefined
      ? ''
      : ` (did you mean ${quote(fields.suggestion)}?)`;
    super(
      verbatim
        ? fields.message
        : `Invalid realtime scenario input: ${
          where === '' ? '' : `${where}: `
        }expected ${expected}${
          found === undefined ? '' : `, got ${found}`
        }${hint}`,
      options,
    );
    this.name = 'InvalidRealtimeScenarioInputError';
    this.reason = fields.reason;
    this.issue = fields.issue ?? fields.reason;
    this.operation = fields.operation;
    this.path = fields.path;
    this.expected = expected;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}
