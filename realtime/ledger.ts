/**
 * The matching core of the scripted Realtime transport: recorded calls,
 * expectations waiting for them (one global order), injected failures, and
 * the first mismatch, which `assertComplete()` rethrows.
 *
 * @module
 */
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  UnexpectedRealtimeCallError,
} from './errors.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import { isThenable } from '../_internal/thenable.ts';

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

function noop(): void {}

/** Checks a call against an expectation; returns the mismatch, if any. */
function check(
  expectation: Expectation,
  call: RecordedRealtimeCall,
): unknown {
  if (expectation.method !== call.method) {
    return new UnexpectedRealtimeCallError({
      callIndex: call.index,
      expectedMethod: expectation.method,
      actualMethod: call.method,
    });
  }
  const matcher = expectation.matcher;
  if (matcher === undefined) return undefined;
  let result: unknown;
  try {
    // Its own mutable copy: a matcher's writes reach neither the record
    // nor the caller, and never throw on a frozen object.
    result = matcher(detachedCopy(call));
  } catch (error) {
    // An assertion's own error is the most useful report.
    if (error !== undefined) return error;
    result = false;
  }
  let matcherResult: 'false' | 'promise' = 'false';
  if (isThenable(result)) {
    // Matchers run inside the application's call and cannot be awaited.
    Promise.resolve(result).catch(noop);
    matcherResult = 'promise';
  } else if (result !== false) {
    return undefined;
  }
  return new RealtimeCallMatcherError({
    callIndex: call.index,
    actualMethod: call.method,
    matcherResult,
  });
}

/** Recorded calls, expectations and failures of one transport. */
export class CallLedger {
  /** Every recorded call, in order; `index` is the position here. */
  readonly calls: RecordedRealtimeCall[] = [];
  /** Called when an expectation starts waiting (the scenario's hook). */
  onWait: (() => void) | undefined = undefined;
  /** Called with each mismatch as it is found (the scenario's hook). */
  onMismatch: ((error: unknown) => void) | undefined = undefined;
  #registered = 0;
  #consumed = 0;
  #waiting: Expectation[] = [];
  #waitHead = 0;
  #failures: Failure[] = [];
  #mismatch: { readonly error: unknown } | undefined = undefined;

  /**
   * Records a call and matches it against the expectation waiting next.
   *
   * @param call The frozen, detached call record.
   * @returns The error the call must throw (a mismatch before an injected
   *   failure), or `undefined` when it proceeds.
   */
  enter(call: RecordedRealtimeCall): unknown {
    const calls = this.calls;
    calls.push(call);
    const failure = this.#failures.length === 0
      ? undefined
      : this.#takeFailure(call.method);
    const waiting = this.#waiting;
    if (this.#waitHead === waiting.length) return failure;
    const expectation = waiting[this.#waitHead++];
    if (this.#waitHead === waiting.length) {
      waiting.length = 0;
      this.#waitHead = 0;
    }
    this.#consumed = calls.length;
    const mismatch = check(expectation, call);
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
    let promise: Promise<RecordedRealtimeCall>;
    const order = ++this.#registered;
    if (this.#consumed < this.calls.length) {
      const call = this.calls[this.#consumed++];
      const mismatch = check(
        { order, method, matcher, resolve: noop, reject: noop },
        call,
      );
      if (mismatch === undefined) return Promise.resolve(call);
      promise = Promise.reject(mismatch);
      promise.catch(noop);
      this.#remember(mismatch);
      return promise;
    }
    promise = new Promise((resolve, reject) => {
      this.#waiting.push({ order, method, matcher, resolve, reject });
    });
    this.onWait?.();
    // The failure also reaches the caller and assertComplete(); an ignored
    // expectation must not crash the process as an unhandled rejection.
    promise.catch(noop);
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

  /** @returns Whether an expectation is waiting. */
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
   * @returns The first mismatch thrown, else an incomplete-scenario error
   *   when anything is left, else `undefined`.
   */
  completion(): { readonly error: unknown } | undefined {
    if (this.#mismatch !== undefined) return this.#mismatch;
    const incomplete = this.incomplete();
    return incomplete === undefined ? undefined : { error: incomplete };
  }

  /**
   * @returns An error listing what is left, or `undefined` when nothing is.
   */
  incomplete(): IncompleteRealtimeScenarioError | undefined {
    if (
      this.#consumed === this.calls.length && !this.waiting &&
      this.#failures.length === 0
    ) return undefined;
    return new IncompleteRealtimeScenarioError({
      unconsumedCalls: this.calls.slice(this.#consumed),
      pendingExpectations: this.pendingExpectations(),
      pendingFailures: this.pendingFailures(),
    });
  }

  #takeFailure(method: RealtimeTransportMethod): unknown {
    const failures = this.#failures;
    for (let i = 0; i < failures.length; i++) {
      if (failures[i].method === method) {
        return failures.splice(i, 1)[0].error;
      }
    }
    return undefined;
  }

  #remember(error: unknown): void {
    this.#mismatch ??= { error };
    this.onMismatch?.(error);
  }
}
