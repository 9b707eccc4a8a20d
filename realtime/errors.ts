/**
 * Errors of the scripted Realtime transport, one class per failure mode.
 *
 * @module
 */
import { plural, quote, quoteList } from '../_internal/format.ts';
import type { RealtimeTransportMethod, RecordedRealtimeCall } from './calls.ts';

// Keeps messages short when thousands of calls are left (e.g. audio chunks).
const listLimit = 5;

function counted(names: readonly string[], noun: string): string {
  if (names.length === 0) return plural(0, noun);
  const shown = quoteList(names.slice(0, listLimit));
  const more = names.length > listLimit
    ? ` and ${names.length - listLimit} more`
    : '';
  return `${plural(names.length, noun)} (${shown}${more})`;
}

/**
 * An outbound call reached the transport while a different method was
 * expected next. It is thrown into the application code making the call,
 * rejects the pending expectation, and `assertComplete()` rethrows it.
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
 * ```
 */
export class UnexpectedRealtimeCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** The method the next expectation named. */
  readonly expectedMethod: RealtimeTransportMethod;
  /** The method that was called. */
  readonly actualMethod: RealtimeTransportMethod;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    expectedMethod: RealtimeTransportMethod;
    actualMethod: RealtimeTransportMethod;
  }) {
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
  readonly actualMethod: RealtimeTransportMethod;
  /**
   * What the matcher returned: `false`, or a promise (matchers run inside
   * the application's call and must be synchronous).
   */
  readonly matcherResult: 'false' | 'promise';

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    actualMethod: RealtimeTransportMethod;
    matcherResult?: 'false' | 'promise';
  }) {
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
 * assert.throws(() => transport.assertComplete(), (error) => {
 *   assert(error instanceof IncompleteRealtimeScenarioError);
 *   assert.equal(error.unconsumedCalls[0].method, 'interrupt');
 *   return true;
 * });
 * ```
 */
export class IncompleteRealtimeScenarioError extends Error {
  /** Recorded calls no expectation consumed, in call order. */
  readonly unconsumedCalls: readonly RecordedRealtimeCall[];
  /** Methods of the expectations still waiting, in registration order. */
  readonly pendingExpectations: readonly RealtimeTransportMethod[];
  /** Methods of the injected failures not used, in registration order. */
  readonly pendingFailures: readonly RealtimeTransportMethod[];

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    unconsumedCalls: readonly RecordedRealtimeCall[];
    pendingExpectations: readonly RealtimeTransportMethod[];
    pendingFailures: readonly RealtimeTransportMethod[];
  }) {
    const calls = fields.unconsumedCalls.map((call) => call.method);
    super(
      `Incomplete realtime scenario: ${counted(calls, 'unconsumed call')}, ${
        counted(fields.pendingExpectations, 'pending expectation')
      }, ${counted(fields.pendingFailures, 'unused failure')}`,
    );
    this.name = 'IncompleteRealtimeScenarioError';
    this.unconsumedCalls = Object.freeze([...fields.unconsumedCalls]);
    this.pendingExpectations = Object.freeze([...fields.pendingExpectations]);
    this.pendingFailures = Object.freeze([...fields.pendingFailures]);
  }
}

/**
 * The `signal` given to `runScenario()` aborted before both sides finished.
 * The pending expectations are rejected with this error, so the scenario's
 * `catch` can release the application side.
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
 *   ScriptedRealtimeScenarioCancelledError,
 * );
 * ```
 */
export class ScriptedRealtimeScenarioCancelledError extends Error {
  /** Methods of the expectations still waiting, in registration order. */
  readonly pendingExpectations: readonly RealtimeTransportMethod[];

  /**
   * @param fields The structured fields of the error.
   * @param options `cause`: the signal's abort reason.
   */
  constructor(
    fields: { pendingExpectations: readonly RealtimeTransportMethod[] },
    options?: { cause?: unknown },
  ) {
    super(
      `Realtime scenario cancelled by its signal: ${
        counted(fields.pendingExpectations, 'pending expectation')
      }`,
      options,
    );
    this.name = 'ScriptedRealtimeScenarioCancelledError';
    this.pendingExpectations = Object.freeze([...fields.pendingExpectations]);
  }
}

/**
 * `assertClosed()` found the transport in a status other than
 * `disconnected`.
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
  readonly status: string;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: { status: string }) {
    super(
      `Realtime transport not closed: expected status "disconnected", got ${
        quote(fields.status)
      }`,
    );
    this.name = 'RealtimeTransportNotClosedError';
    this.status = fields.status;
  }
}

/**
 * A pending `connect()` was replaced before it completed: by a later
 * `connect()`, by `close()`, or by a scripted remote `disconnect()`. The
 * superseded `connect()` rejects with this error.
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
 * const connecting = transport.connect({ apiKey: 'test' });
 * transport.close();
 * await assert.rejects(connecting, ScriptedRealtimeConnectionSupersededError);
 * ```
 */
export class ScriptedRealtimeConnectionSupersededError extends Error {
  /** The operation that superseded the pending connection attempt. */
  readonly operation: 'connect' | 'close' | 'disconnect';

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: { operation: 'connect' | 'close' | 'disconnect' }) {
    super(
      `Realtime connection attempt superseded: a later ${
        quote(fields.operation)
      } replaced the pending "connect"`,
    );
    this.name = 'ScriptedRealtimeConnectionSupersededError';
    this.operation = fields.operation;
  }
}

/**
 * A scripting method got an argument it cannot use (an unknown method name,
 * a matcher that is not a function, a missing failure value, a second
 * concurrent `runScenario()`). Thrown where the input is given.
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
 *   InvalidRealtimeScenarioInputError,
 * );
 * ```
 */
export class InvalidRealtimeScenarioInputError extends Error {
  /** The method that received the input, such as `expectCall`. */
  readonly operation: string;
  /** The name of the offending parameter or option. */
  readonly argument: string;
  /** What the argument must be. */
  readonly expected: string;
  /** A short description of what was given. */
  readonly received: string;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    operation: string;
    argument: string;
    expected: string;
    received: string;
  }) {
    super(
      `Invalid realtime scenario input: ${fields.operation}() ${
        quote(fields.argument)
      } must be ${fields.expected}, got ${fields.received}`,
    );
    this.name = 'InvalidRealtimeScenarioInputError';
    this.operation = fields.operation;
    this.argument = fields.argument;
    this.expected = fields.expected;
    this.received = fields.received;
  }
}
