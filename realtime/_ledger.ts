/**
 * The matching core of the scripted Realtime transport: the recorded calls
 * (a {@link CallLog}), the calls no expectation consumed yet, expectations
 * waiting for calls (one global order), injected failures, and the first
 * mismatch, which `assertComplete()` rethrows. Private to the realtime
 * folder.
 *
 * @module
 */
import { isError, runMatcher } from '../_internal/matcher.ts';
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import { noop } from '../_internal/thenable.ts';
import type { RealtimeFaultRecord } from './faults.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  UnexpectedRealtimeCallError,
} from './errors.ts';

interface Expectation {
  readonly order: number;
  readonly method: RealtimeTransportMethod;
  readonly matcher: RealtimeCallMatcher | undefined;
  readonly resolve: (call: RecordedRealtimeCall) => void;
  readonly reject: (error: unknown) => void;
}

interface Failure {
  readonly method: RealtimeTransportMethod;
  readonly error: unknown;
}

/** What a running scenario hears from the ledger while it watches. */
export interface LedgerWatcher {
  /** An expectation started waiting for its call. */
  readonly onWait: () => void;
  /** A mismatch was found (and thrown into the call that made it). */
  readonly onMismatch: (error: unknown) => void;
}

/**
 * Checks a call against an expectation; returns the mismatch, if any. The
 * matcher semantics are `_internal/matcher.ts`'s.
 *
 * @param expectation The method and matcher answering the call.
 * @param call The call.
 * @param pending How many expectations were pending at the call, this one
 *   included.
 * @param injectedFaults The faults injected so far, for the error.
 */
function mismatchOf(
  expectation: Pick<Expectation, 'method' | 'matcher'>,
  call: RecordedRealtimeCall,
  pending: number,
  injectedFaults: readonly RealtimeFaultRecord[],
): unknown {
  if (expectation.method !== call.method) {
    return new UnexpectedRealtimeCallError({
      callIndex: call.index,
      expectedMethod: expectation.method,
      actualMethod: call.method,
      remainingExpectations: pending,
      injectedFaults,
    });
  }
  if (expectation.matcher === undefined) return undefined;
  // Its own mutable copy: a matcher's writes reach neither the record nor
  // the caller, and never throw on a frozen object.
  const verdict = runMatcher(expectation.matcher, [detachedCopy(call)]);
  if (verdict.kind === 'pass') return undefined;
  const fields = {
    callIndex: call.index,
    actualMethod: call.method,
    injectedFaults,
  };
  switch (verdict.kind) {
    case 'rejected':
      return new RealtimeCallMatcherError({
        ...fields,
        matcherResult: 'false',
      });
    case 'promise':
      return new InvalidRealtimeScenarioInputError({
        reason: 'invalid_matcher',
        issue: 'async_matcher',
        operation: 'expectCall',
        path: 'matcher',
        received: 'a promise',
      });
    case 'threw':
      // An assertion's own error is the most useful report.
      if (isError(verdict.error)) return verdict.error;
      return new RealtimeCallMatcherError(
        { ...fields, matcherResult: 'threw' },
        { cause: verdict.error },
      );
  }
}

/** Recorded calls, expectations and failures of one transport. */
export class CallLedger {
  #log = new CallLog<RecordedRealtimeCall>();
  #drift = new FirstMismatch();
  #watcher: LedgerWatcher | undefined;
  #registered = 0;
  // Calls no expectation consumed yet, from `#heldHead` on.
  #held: RecordedRealtimeCall[] = [];
  #heldHead = 0;
  // Expectations waiting for a call, from `#waitHead` on.
  #waiting: Expectation[] = [];
  #waitHead = 0;
  #failures: Failure[] = [];
  #faults: RealtimeFaultRecord[] = [];

  /** How many calls were recorded. */
  get count(): number {
    return this.#log.count;
  }

  /**
   * Every recorded call, in order, as a frozen view.
   *
   * @returns The view; bytes in it are fresh copies.
   */
  view(): readonly RecordedRealtimeCall[] {
    return this.#log.view();
  }

  /**
   * Records a fault injected into the inbound events, placed among the
   * calls by how many were recorded before it.
   *
   * @param build Makes the fault's record, given that count.
   * @returns The record.
   */
  noteFault(
    build: (afterCall: number) => RealtimeFaultRecord,
  ): RealtimeFaultRecord {
    const record = build(this.#log.count);
    this.#faults.push(record);
    return record;
  }

  /** @returns Every fault injected so far, in order, as a frozen list. */
  faults(): readonly RealtimeFaultRecord[] {
    return Object.freeze([...this.#faults]);
  }

  /**
   * Records a call and matches it against the expectation waiting next.
   *
   * @param build Makes the call's record, given its index.
   * @returns The error the call must throw (a mismatch before an injected
   *   failure), or `undefined` when it proceeds.
   */
  enter(build: (index: number) => RecordedRealtimeCall): unknown {
    const call = this.#log.record(build);
    const failure = this.#failures.length === 0
      ? undefined
      : this.#takeFailure(call.method);
    const waiting = this.#waiting;
    const pending = waiting.length - this.#waitHead;
    if (pending === 0) {
      this.#held.push(call);
      return failure;
    }
    const expectation = waiting[this.#waitHead++]!;
    if (this.#waitHead === waiting.length) {
      waiting.length = 0;
      this.#waitHead = 0;
    }
    const mismatch = mismatchOf(expectation, call, pending, this.#faults);
    if (mismatch === undefined) {
      expectation.resolve(call);
      return failure;
    }
    expectation.reject(mismatch);
    this.#remember(mismatch);
    return mismatch;
  }

  /**
   * Expects the next unconsumed call: a call already held is matched now,
   * otherwise the expectation waits for the next call.
   *
   * @param method The expected method.
   * @param matcher Optional check of the call.
   * @returns The matched call, or a rejection with the mismatch.
   */
  expect(
    method: RealtimeTransportMethod,
    matcher: RealtimeCallMatcher | undefined,
  ): Promise<RecordedRealtimeCall> {
    const order = ++this.#registered;
    const held = this.#held;
    if (this.#heldHead < held.length) {
      const call = held[this.#heldHead++]!;
      if (this.#heldHead === held.length) {
        held.length = 0;
        this.#heldHead = 0;
      }
      const mismatch = mismatchOf(
        { method, matcher },
        call,
        1,
        this.#faults,
      );
      if (mismatch === undefined) return Promise.resolve(call);
      const rejected = Promise.reject(mismatch);
      rejected.catch(noop);
      this.#remember(mismatch);
      return rejected;
    }
    const promise = new Promise<RecordedRealtimeCall>((resolve, reject) => {
      this.#waiting.push({ order, method, matcher, resolve, reject });
    });
    // The failure also reaches the caller and assertComplete(); an ignored
    // expectation must not crash the process as an unhandled rejection.
    promise.catch(noop);
    this.#watcher?.onWait();
    return promise;
  }

  /**
   * Makes the next call of `method` fail with `error`.
   *
   * @param method The method to fail.
   * @param error The value it throws or rejects with.
   */
  failNext(method: RealtimeTransportMethod, error: unknown): void {
    this.#failures.push({ method, error });
  }

  /** Whether an expectation is waiting. */
  get waiting(): boolean {
    return this.#waitHead < this.#waiting.length;
  }

  /** @returns The waiting expectations, in registration order. */
  pendingExpectations(): PendingRealtimeExpectation[] {
    return this.#waiting.slice(this.#waitHead).map((e) => ({
      order: e.order,
      method: e.method,
    }));
  }

  /** @returns The unused failures per method, by first registration. */
  pendingFailures(): PendingRealtimeFailure[] {
    const counts = new Map<RealtimeTransportMethod, number>();
    for (const { method } of this.#failures) {
      counts.set(method, (counts.get(method) ?? 0) + 1);
    }
    return [...counts].map(([method, count]) => ({ method, count }));
  }

  /**
   * Rejects every waiting expectation with `error` (not a mismatch).
   *
   * @param error The rejection.
   */
  rejectWaiting(error: unknown): void {
    const waiting = this.#waiting.slice(this.#waitHead);
    this.#waiting = [];
    this.#waitHead = 0;
    for (const expectation of waiting) expectation.reject(error);
  }

  /**
   * Checks that nothing is left: rethrows the first mismatch, else throws
   * what is left.
   *
   * @throws {unknown} The first mismatch thrown, if any.
   * @throws {IncompleteRealtimeScenarioError} When a call, expectation or
   *   failure is left.
   */
  assertComplete(): void {
    this.#drift.rethrow();
    const unconsumed = this.#held.length - this.#heldHead;
    if (unconsumed === 0 && !this.waiting && this.#failures.length === 0) {
      return;
    }
    throw new IncompleteRealtimeScenarioError({
      unconsumedCalls: this.#held.slice(this.#heldHead),
      pendingExpectations: this.pendingExpectations(),
      pendingFailures: this.pendingFailures(),
      injectedFaults: this.faults(),
    });
  }

  /**
   * Lets a running scenario hear of waiting expectations and mismatches,
   * until the returned function is called. One watcher at a time.
   *
   * @param watcher The scenario's hooks.
   * @returns Stops watching.
   */
  watch(watcher: LedgerWatcher): () => void {
    this.#watcher = watcher;
    return () => {
      if (this.#watcher === watcher) this.#watcher = undefined;
    };
  }

  #takeFailure(method: RealtimeTransportMethod): unknown {
    const failures = this.#failures;
    for (let i = 0; i < failures.length; i++) {
      if (failures[i]!.method === method) {
        return failures.splice(i, 1)[0]!.error;
      }
    }
    return undefined;
  }

  #remember(error: unknown): void {
    this.#drift.remember(error);
    this.#watcher?.onMismatch(error);
  }
}
