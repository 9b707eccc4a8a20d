/**
 * Errors of the scripted Realtime transport, one class per failure mode.
 * Each constructor accepts the argument form of the SDK's testing module
 * (`@openai/agents/realtime/testing`) as well as this package's richer form.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';
import {
  frozenCandidates,
  incompleteMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';
import {
  cancelledMessage,
  matcherMessage,
  noFaults,
} from './_error_messages.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeFaultRecord,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RecordedRealtimeTransportCall,
} from './calls.ts';

function freezeItems<T extends object>(items: readonly T[]): readonly T[] {
  return Object.freeze(items.map((item) => Object.freeze({ ...item })));
}

/** Whether the first argument is the SDK module's list form. */
function isList<T>(value: readonly T[] | object): value is readonly T[] {
  return Array.isArray(value);
}

/** `RealtimeCallMatcherError`'s fields, in this package's form. */
interface MatcherFields {
  callIndex: number;
  actualMethod: string;
  matcherResult?: 'false' | 'threw' | undefined;
  candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
}

/** Whether the first argument is this package's form (a numeric `callIndex`). */
function isMatcherFields(value: unknown): value is MatcherFields {
  return typeof value === 'object' && value !== null &&
    'callIndex' in value && typeof value.callIndex === 'number';
}

/**
 * An unused expectation of an `expectAnyOrder()` group that did not take a
 * call, as `UnexpectedRealtimeCallError.candidates` and
 * `RealtimeCallMatcherError.candidates` list it.
 *
 * @example
 * ```ts
 * import type { RealtimeAnyOrderCandidate } from '@scripted/agents/realtime';
 *
 * const candidate: RealtimeAnyOrderCandidate = {
 *   position: 0,
 *   method: 'sendFunctionCallOutput',
 *   rejection: 'false',
 * };
 * ```
 */
export interface RealtimeAnyOrderCandidate {
  /** Zero-based position of the expectation in its group. */
  readonly position: number;
  /** The expectation's method. */
  readonly method: RealtimeTransportMethod;
  /**
   * Why it did not take the call: `method` (it expects another method),
   * `false` (its matcher returned false), `threw` (its matcher threw).
   */
  readonly rejection: 'method' | 'false' | 'threw';
}

/**
 * An outbound call reached the transport while a different method was
 * expected next. It is thrown into the application code making the call,
 * rejects the pending expectation, fails a running `runScenario()` at once,
 * and `assertComplete()` rethrows it.
 *
 * Constructible as the SDK module's `(expectedMethod, actualCall)` or as
 * `({ callIndex, expectedMethod, actualMethod, remainingExpectations? })`.
 *
 * Raised by the transport, its message ends with the failure timeline:
 * the expectations, the calls and the injected faults, the first
 * divergence marked (docs/realtime.md).
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
   * How many expectations were pending when the call arrived, the one it
   * failed included (at least 1; 1 in the SDK module's form).
   */
  readonly remainingExpectations: number;
  /**
   * The faults `injectFaults()` had injected into the transport's inbound
   * events when it raised the error, in order (empty without faults, and
   * for an error constructed by hand), so the failure shows what was done
   * to the event stream; also named at the end of the message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[] = noFaults;
  /**
   * When the call met an `expectAnyOrder()` group: its unused
   * expectations, in group order, none of which expects the method called
   * (`expectedMethod` is the first one's); `undefined` otherwise.
   */
  readonly candidates: readonly RealtimeAnyOrderCandidate[] | undefined;

  /**
   * Creates an `UnexpectedRealtimeCallError`.
   * @param expectedMethod The method the next expectation named.
   * @param actualCall The recorded call that arrived instead.
   */
  constructor(
    expectedMethod: RealtimeTransportMethod,
    actualCall: RecordedRealtimeTransportCall,
  );
  /**
   * Creates an `UnexpectedRealtimeCallError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    expectedMethod: RealtimeTransportMethod;
    actualMethod: string;
    remainingExpectations?: number;
    candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
  });
  constructor(
    first: RealtimeTransportMethod | {
      callIndex: number;
      expectedMethod: RealtimeTransportMethod;
      actualMethod: string;
      remainingExpectations?: number;
      candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
    },
    actualCall?: RecordedRealtimeTransportCall,
  ) {
    const fields = typeof first === 'object' && first !== null ? first : {
      callIndex: actualCall?.index ?? -1,
      expectedMethod: first,
      actualMethod: actualCall?.method ?? '',
      candidates: undefined,
    };
    const remaining = fields.remainingExpectations ?? 1;
    const candidates = frozenCandidates(fields.candidates);
    super(unexpectedCallMessage({
      double: 'realtime',
      callIndex: fields.callIndex,
      actual: fields.actualMethod,
      expected: fields.expectedMethod,
      expectedAnyOf: candidates?.map((candidate) => candidate.method),
      remaining,
      unit: 'expectation',
    }));
    this.name = 'UnexpectedRealtimeCallError';
    this.callIndex = fields.callIndex;
    this.expectedMethod = fields.expectedMethod;
    this.actualMethod = fields.actualMethod;
    this.remainingExpectations = remaining;
    this.candidates = candidates;
  }
}

/**
 * The matcher of the expectation answering a call rejected it: it returned
 * `false` (`matcherResult: 'false'`), or threw something that is not an
 * error (`matcherResult: 'threw'`, the thrown value as `cause`; a thrown
 * error is passed through unchanged instead).
 *
 * Constructible as the SDK module's `(call)` (with optional
 * `{ matcherResult, cause }`) or as
 * `({ callIndex, actualMethod, matcherResult? }, { cause? })`.
 *
 * Raised by the transport, its message ends with the failure timeline:
 * the expectations, the calls and the injected faults, the first
 * divergence marked (docs/realtime.md).
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
   * How the matcher rejected the call: it returned `false`, or it threw a
   * value that is not an error (kept as `cause`).
   */
  readonly matcherResult: 'false' | 'threw';
  /**
   * The faults `injectFaults()` had injected into the transport's inbound
   * events when it raised the error, in order (empty without faults, and
   * for an error constructed by hand), so the failure shows what was done
   * to the event stream; also named at the end of the message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[] = noFaults;
  /**
   * When the call met an `expectAnyOrder()` group: every unused
   * expectation of the group, in group order, with why it did not take the
   * call; `matcherResult` is then `'threw'` when any matcher threw (the
   * first thrown value is the `cause`). `undefined` otherwise.
   */
  readonly candidates: readonly RealtimeAnyOrderCandidate[] | undefined;

  /**
   * Creates a `RealtimeCallMatcherError`.
   * @param call The recorded call the matcher rejected.
   * @param options `matcherResult` (`'false'` unless given) and `cause`,
   *   what the matcher threw.
   */
  constructor(
    call: RecordedRealtimeTransportCall,
    options?: { matcherResult?: 'false' | 'threw'; cause?: unknown },
  );
  /**
   * Creates a `RealtimeCallMatcherError`.
   * @param fields The structured fields of the error.
   * @param options `cause`: what the matcher threw.
   */
  constructor(
    fields: {
      callIndex: number;
      actualMethod: string;
      matcherResult?: 'false' | 'threw';
      candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
    },
    options?: { cause?: unknown },
  );
  constructor(
    first: RecordedRealtimeTransportCall | MatcherFields,
    options?: { matcherResult?: 'false' | 'threw'; cause?: unknown },
  ) {
    const fields: MatcherFields = isMatcherFields(first) ? first : {
      callIndex: first?.index ?? -1,
      actualMethod: first?.method ?? '',
      matcherResult: options?.matcherResult,
    };
    const matcherResult = fields.matcherResult ?? 'false';
    const candidates = frozenCandidates(fields.candidates);
    const hasCause = options !== undefined && 'cause' in options;
    super(
      matcherMessage({
        callIndex: fields.callIndex,
        actualMethod: fields.actualMethod,
        matcherResult,
        thrown: options?.cause,
        candidates,
      }),
      hasCause ? { cause: options.cause } : undefined,
    );
    this.name = 'RealtimeCallMatcherError';
    this.callIndex = fields.callIndex;
    this.actualMethod = fields.actualMethod;
    this.matcherResult = matcherResult;
    this.candidates = candidates;
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
 * Raised by the transport, its message ends with the failure timeline:
 * the expectations, the calls and the injected faults, the first
 * divergence marked (docs/realtime.md).
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
 *   assert.equal(error.unconsumedCalls[0]?.method, 'interrupt');
 *   assert.deepEqual(error.pendingFailures, [{ method: 'mute', count: 1 }]);
 *   return true;
 * });
 * ```
 */
export class IncompleteRealtimeScenarioError extends Error {
  /**
   * The calls no expectation consumed, in call order, as `{ index, method }`
   * (the call's data is in the transport's `calls[index]`).
   */
  readonly unconsumedCalls: readonly RecordedRealtimeTransportCall[];
  /** The expectations still waiting, in registration order. */
  readonly pendingExpectations: readonly PendingRealtimeExpectation[];
  /**
   * The injected failures not used, one item per method with its count,
   * in the order each method's first failure was registered.
   */
  readonly pendingFailures: readonly PendingRealtimeFailure[];
  /**
   * The faults `injectFaults()` had injected into the transport's inbound
   * events when it raised the error, in order (empty without faults, and
   * for an error constructed by hand), so the failure shows what was done
   * to the event stream; also named at the end of the message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[] = noFaults;

  /**
   * Creates an `IncompleteRealtimeScenarioError`.
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
   * Creates an `IncompleteRealtimeScenarioError`.
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
    const fields = isList(first)
      ? {
        unconsumedCalls: first,
        pendingExpectations: pendingExpectations ?? [],
        pendingFailures: pendingFailures ?? [],
      }
      : first;
    const calls = fields.unconsumedCalls;
    const expectations = fields.pendingExpectations;
    const failures = fields.pendingFailures;
    const unused: string[] = [];
    for (const { method, count } of failures) {
      for (let i = 0; i < count; i++) unused.push(method);
    }
    super(incompleteMessage('realtime scenario', [
      {
        count: calls.length,
        noun: 'unconsumed call',
        names: calls.map((call) => call.method),
      },
      {
        count: expectations.length,
        noun: 'pending expectation',
        names: expectations.map((pending) => pending.method),
      },
      { count: unused.length, noun: 'unused failure', names: unused },
    ]));
    this.name = 'IncompleteRealtimeScenarioError';
    // The summary the SDK module reports: no payload.
    this.unconsumedCalls = Object.freeze(
      calls.map(({ index, method }) => Object.freeze({ index, method })),
    );
    this.pendingExpectations = freezeItems(expectations);
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
   * The faults `injectFaults()` had injected into the transport's inbound
   * events when it raised the error, in order (empty without faults, and
   * for an error constructed by hand), so the failure shows what was done
   * to the event stream; also named at the end of the message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[] = noFaults;

  /**
   * Creates a `ScriptedRealtimeScenarioCancelledError`.
   * @param pendingExpectations The expectations still waiting.
   * @param options `cause`: the signal's abort reason.
   */
  constructor(
    pendingExpectations: readonly PendingRealtimeExpectation[],
    options?: { cause?: unknown },
  );
  /**
   * Creates a `ScriptedRealtimeScenarioCancelledError`.
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
    const pending = isList(first) ? first : first.pendingExpectations;
    super(cancelledMessage(pending), options);
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
  readonly status: RealtimeTransportStatus;

  /**
   * Creates a `RealtimeTransportNotClosedError`.
   * @param status The status found.
   */
  constructor(status: RealtimeTransportStatus);
  /**
   * Creates a `RealtimeTransportNotClosedError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: { status: RealtimeTransportStatus });
  constructor(
    first: RealtimeTransportStatus | { status: RealtimeTransportStatus },
  ) {
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
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeSupersedingOperation,
 *   ScriptedRealtimeConnectionSupersededError,
 * } from '@scripted/agents/realtime';
 *
 * const by: RealtimeSupersedingOperation = 'close';
 * const error = new ScriptedRealtimeConnectionSupersededError({
 *   supersededBy: by,
 * });
 * assert.equal(error.supersededBy, 'close');
 * ```
 */
export type RealtimeSupersedingOperation = 'connect' | 'close' | 'disconnect';

/**
 * A `connect()` was replaced before it completed: a `close()` (even one
 * that throws: an injected failure or a mismatch), `disconnect()` or
 * another `connect()` ran inside its own notifications (a
 * `connection_change` listener) or inside its expectation's matcher. The
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
   * Creates a `ScriptedRealtimeConnectionSupersededError`.
   * @param fields `supersededBy`: the operation that replaced the connect.
   */
  constructor(
    fields?: { supersededBy?: RealtimeSupersedingOperation | undefined },
  ) {
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
