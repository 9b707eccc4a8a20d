/**
 * Errors of the scripted Realtime transport, one class per failure mode.
 * Each constructor accepts the argument form of the SDK's testing module
 * (`@openai/agents/realtime/testing`) as well as this package's richer form.
 *
 * @module
 */
import { describe, listNames, plural, quote } from '../_internal/format.ts';
import {
  candidateList,
  frozenCandidates,
  incompleteMessage,
  invalidInputMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeTransportMethod,
  RealtimeTransportStatus,
  RecordedRealtimeCall,
  RecordedRealtimeTransportCall,
} from './calls.ts';
import type { RealtimeFaultRecord } from './calls.ts';

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

function freezeItems<T extends object>(items: readonly T[]): readonly T[] {
  return Object.freeze(items.map((item) => Object.freeze({ ...item })));
}

/** The injected faults as an error field: a frozen copy, empty for none. */
function faultsField(
  faults: readonly RealtimeFaultRecord[] | undefined,
): readonly RealtimeFaultRecord[] {
  return Object.freeze([...(faults ?? [])]);
}

/**
 * What was done to the inbound events, for a message: `2 injected faults:
 * dropped "audio" (faults[0], after 3 calls), ...`; `undefined` for none.
 */
function faultsDetail(
  faults: readonly RealtimeFaultRecord[],
): string | undefined {
  if (faults.length === 0) return undefined;
  const limit = 5;
  const shown = faults.slice(0, limit).map((record) =>
    `${record.action} ${quote(record.event)} (faults[${record.fault}]${
      record.afterCall === undefined
        ? ''
        : `, after ${plural(record.afterCall, 'call')}`
    })`
  );
  const more = faults.length - shown.length;
  return `${plural(faults.length, 'injected fault')}: ${shown.join(', ')}${
    more > 0 ? ` and ${more} more` : ''
  }`;
}

/** Whether `value` is a record with a numeric `callIndex` (our rich form). */
function hasCallIndex(value: unknown): value is { callIndex: number } {
  return typeof value === 'object' && value !== null &&
    typeof (value as { callIndex?: unknown }).callIndex === 'number';
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
   * The faults `injectFaults()` had injected into this transport's inbound
   * events when the error was raised, in order (empty without faults), so
   * the failure shows what was done to the event stream; also in the
   * message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[];
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
    injectedFaults?: readonly RealtimeFaultRecord[];
    candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
  });
  constructor(
    first: RealtimeTransportMethod | {
      callIndex: number;
      expectedMethod: RealtimeTransportMethod;
      actualMethod: string;
      remainingExpectations?: number;
      injectedFaults?: readonly RealtimeFaultRecord[];
      candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
    },
    actualCall?: RecordedRealtimeTransportCall,
  ) {
    const fields = typeof first === 'object' && first !== null ? first : {
      callIndex: actualCall?.index ?? -1,
      expectedMethod: first,
      actualMethod: actualCall?.method ?? '',
      remainingExpectations: 1,
    };
    const remaining = fields.remainingExpectations ?? 1;
    const injectedFaults = faultsField(
      (fields as { injectedFaults?: readonly RealtimeFaultRecord[] })
        .injectedFaults,
    );
    const candidates = frozenCandidates(
      'candidates' in fields ? fields.candidates : undefined,
    );
    super(unexpectedCallMessage({
      double: 'realtime',
      callIndex: fields.callIndex,
      actual: fields.actualMethod,
      expected: fields.expectedMethod,
      expectedAnyOf: candidates?.map((candidate) => candidate.method),
      remaining,
      unit: 'expectation',
      detail: faultsDetail(injectedFaults),
    }));
    this.name = 'UnexpectedRealtimeCallError';
    this.callIndex = fields.callIndex;
    this.expectedMethod = fields.expectedMethod;
    this.actualMethod = fields.actualMethod;
    this.remainingExpectations = remaining;
    this.injectedFaults = injectedFaults;
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
   * The faults `injectFaults()` had injected into this transport's inbound
   * events when the error was raised, in order (empty without faults), so
   * the failure shows what was done to the event stream; also in the
   * message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[];
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
      injectedFaults?: readonly RealtimeFaultRecord[];
      candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
    },
    options?: { cause?: unknown },
  );
  constructor(
    first: RecordedRealtimeTransportCall | {
      callIndex: number;
      actualMethod: string;
      matcherResult?: 'false' | 'threw';
      injectedFaults?: readonly RealtimeFaultRecord[];
      candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
    },
    options?: { matcherResult?: 'false' | 'threw'; cause?: unknown },
  ) {
    let callIndex: number;
    let actualMethod: string;
    let matcherResult: 'false' | 'threw' | undefined;
    let injectedFaults: readonly RealtimeFaultRecord[] = faultsField(undefined);
    let candidates: readonly RealtimeAnyOrderCandidate[] | undefined;
    if (hasCallIndex(first)) {
      const fields = first as {
        actualMethod: string;
        matcherResult?: 'false' | 'threw';
        injectedFaults?: readonly RealtimeFaultRecord[];
        candidates?: readonly RealtimeAnyOrderCandidate[] | undefined;
      };
      callIndex = first.callIndex;
      actualMethod = fields.actualMethod;
      matcherResult = fields.matcherResult;
      injectedFaults = faultsField(fields.injectedFaults);
      candidates = frozenCandidates(fields.candidates);
    } else {
      const call = first as RecordedRealtimeTransportCall | undefined;
      callIndex = call?.index ?? -1;
      actualMethod = call?.method ?? '';
      matcherResult = options?.matcherResult;
    }
    matcherResult ??= 'false';
    const hasCause = options !== undefined && 'cause' in options;
    const detail = faultsDetail(injectedFaults);
    super(
      `Realtime call ${callIndex} to ${quote(actualMethod)} rejected: ${
        candidates !== undefined
          ? `no unused expectation of its anyOrder group accepts it, ${
            candidateList(candidates, 'expectation')
          }`
          : matcherResult === 'false'
          ? 'the matcher of its expectation returned false'
          : `the matcher of its expectation threw ${describe(options?.cause)}`
      }${detail === undefined ? '' : `, ${detail}`}`,
      hasCause ? { cause: options.cause } : undefined,
    );
    this.name = 'RealtimeCallMatcherError';
    this.callIndex = callIndex;
    this.actualMethod = actualMethod;
    this.matcherResult = matcherResult;
    this.injectedFaults = injectedFaults;
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
   * The faults `injectFaults()` had injected into this transport's inbound
   * events when the error was raised, in order (empty without faults), so
   * the failure shows what was done to the event stream; also in the
   * message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[];

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
    injectedFaults?: readonly RealtimeFaultRecord[];
  });
  constructor(
    first: readonly RecordedRealtimeTransportCall[] | {
      unconsumedCalls: readonly RecordedRealtimeTransportCall[];
      pendingExpectations: readonly PendingRealtimeExpectation[];
      pendingFailures: readonly PendingRealtimeFailure[];
      injectedFaults?: readonly RealtimeFaultRecord[];
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
        injectedFaults?: readonly RealtimeFaultRecord[];
      };
    const injectedFaults = faultsField(
      (fields as { injectedFaults?: readonly RealtimeFaultRecord[] })
        .injectedFaults,
    );
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
    ], faultsDetail(injectedFaults)));
    this.name = 'IncompleteRealtimeScenarioError';
    this.unconsumedCalls = Object.freeze([
      ...calls,
    ]) as readonly RecordedRealtimeCall[];
    this.pendingExpectations = freezeItems(fields.pendingExpectations);
    this.pendingFailures = freezeItems(failures);
    this.injectedFaults = injectedFaults;
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
   * The faults `injectFaults()` had injected into this transport's inbound
   * events when the error was raised, in order (empty without faults), so
   * the failure shows what was done to the event stream; also in the
   * message.
   */
  readonly injectedFaults: readonly RealtimeFaultRecord[];

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
    fields: {
      pendingExpectations: readonly PendingRealtimeExpectation[];
      injectedFaults?: readonly RealtimeFaultRecord[];
    },
    options?: { cause?: unknown },
  );
  constructor(
    first: readonly PendingRealtimeExpectation[] | {
      pendingExpectations: readonly PendingRealtimeExpectation[];
      injectedFaults?: readonly RealtimeFaultRecord[];
    },
    options?: { cause?: unknown },
  ) {
    const fields = Array.isArray(first)
      ? { pendingExpectations: first as readonly PendingRealtimeExpectation[] }
      : first as {
        pendingExpectations: readonly PendingRealtimeExpectation[];
        injectedFaults?: readonly RealtimeFaultRecord[];
      };
    const pending = fields.pendingExpectations;
    const injectedFaults = faultsField(
      (fields as { injectedFaults?: readonly RealtimeFaultRecord[] })
        .injectedFaults,
    );
    const methods = pending.map((expectation) => expectation.method);
    const detail = faultsDetail(injectedFaults);
    super(
      `Realtime scenario cancelled by its signal: ${
        plural(pending.length, 'pending expectation')
      }${methods.length === 0 ? '' : ` (${listNames(methods)})`}${
        detail === undefined ? '' : `, ${detail}`
      }`,
      options,
    );
    this.name = 'AbortError';
    this.pendingExpectations = freezeItems(pending);
    this.injectedFaults = injectedFaults;
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
 * - `unreadable_option`: reading an option threw (`cause` holds the error);
 * - `scenario_running`: `runScenario` while another runs on the transport;
 * - `invalid_expectation`: `expectAnyOrder` given no expectation (issue
 *   `empty_group`), an expectation that is not an object (`not_an_object`)
 *   or one with a member other than `method` and `matcher`
 *   (`unknown_property`); its method and matcher are checked as
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
   * `error`) or an option (`options`, `options.scenario`, `options.signal`).
   */
  readonly path: string | undefined;
  /** What the input must be. */
  readonly expected: string | undefined;
  /**
   * What was found, rendered short: strings quoted and cut when long,
   * other values by kind (`42`, `null`, `an object`, `a function`,
   * `an unreadable value`). `undefined` when nothing concrete was found.
   */
  readonly received: string | undefined;
  /**
   * The name the input most likely meant: for `unknown_method` the closest
   * method, for a missing `runScenario` callback the option a misspelt key
   * stands for.
   */
  readonly suggestion:
    | RealtimeTransportMethod
    | RealtimeScenarioOptionKey
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
        | undefined;
    },
    options?: { cause?: unknown },
  ) {
    const expected = fields.message !== undefined
      ? fields.expected
      : fields.expected ??
        (fields.issue === 'async_matcher'
          ? synchronousMatcher
          : expectedByReason[fields.reason]);
    // A state the transport is in, not a value at a path.
    const pathed = fields.path !== undefined &&
      fields.reason !== 'scenario_running';
    super(
      fields.message ?? invalidInputMessage({
        subject: 'realtime input',
        name: fields.operation,
        expected: pathed
          ? `${quote(fields.path!)} to be ${expected}`
          : `${expected}`,
        received: fields.received ?? fallbackByReason[fields.reason],
        suggestion: fields.suggestion,
      }),
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
