/**
 * The matching core of the scripted Realtime transport: the recorded calls
 * (a {@link CallLog}), the calls no expectation consumed yet, expectations
 * waiting for calls (one global order), injected failures, and the first
 * mismatch, which `assertComplete()` rethrows. Private to the realtime
 * folder.
 *
 * @module
 */
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import { noop } from '../_internal/matcher.ts';
import { appendTimeline, type ScriptTrail } from '../_internal/timeline.ts';
import { callDetail } from './_trail.ts';
import { attachFaults, faultSteps } from './_error_messages.ts';
import {
  type Expectation,
  groupTaker,
  type Refusal,
  refusalOf,
} from './_match.ts';
import type {
  PendingRealtimeExpectation,
  PendingRealtimeFailure,
  RealtimeCallMatcher,
  RealtimeFaultRecord,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';
import {
  IncompleteRealtimeScenarioError,
  ScriptedRealtimeScenarioCancelledError,
} from './errors.ts';

/**
 * What waits in the one global order: a single expectation, or an
 * `expectAnyOrder()` group whose members take calls in any order.
 */
interface Waiter {
  readonly members: readonly Expectation[];
  /** The call each member took, by member. */
  readonly calls: (RecordedRealtimeCall | undefined)[];
  /** How many members wait for a call. */
  left: number;
  readonly group: boolean;
  readonly resolve: (calls: RecordedRealtimeCall[]) => void;
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

/** Recorded calls, expectations and failures of one transport. */
export class CallLedger {
  #log = new CallLog<RecordedRealtimeCall>();
  #drift = new FirstMismatch();
  #watcher: LedgerWatcher | undefined;
  // Calls no expectation consumed yet, from `#heldHead` on.
  #held: RecordedRealtimeCall[] = [];
  #heldHead = 0;
  // Expectations waiting for a call, from `#waitHead` on.
  #waiting: Waiter[] = [];
  #waitHead = 0;
  #failures: Failure[] = [];
  #faults: RealtimeFaultRecord[] = [];
  // Each expectation's method, by registration order (`order - 1`), and
  // the expectation each call took, by call index: the timeline's parts.
  #expected: RealtimeTransportMethod[] = [];
  #took = new Map<number, number>();

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
    const failure = this.#takeFailure(call.method);
    const pending = this.#pendingCount();
    if (pending === 0) {
      this.#held.push(call);
      return failure;
    }
    const waiter = this.#waiting[this.#waitHead]!;
    // A single expectation leaves the queue before its matcher runs, so a
    // call the matcher itself causes (a close inside a connect matcher)
    // meets the next one; a group stays until it is used up or fails.
    if (!waiter.group) this.#dequeue();
    const mismatch = this.#offer(waiter, call, pending);
    if (mismatch === undefined) {
      if (waiter.left === 0) {
        this.#remove(waiter);
        waiter.resolve(waiter.calls as RecordedRealtimeCall[]);
      }
      return failure;
    }
    this.#remove(waiter);
    waiter.reject(mismatch);
    this.#remember(mismatch);
    return mismatch;
  }

  /**
   * Expects the next unconsumed call: a call already held is matched now,
   * otherwise the expectation waits for the next call.
   *
   * @param method The expected method.
   * @param matcher Optional check of the call.
   * @returns A writable copy of the matched call, or a rejection with the
   *   mismatch.
   */
  expect(
    method: RealtimeTransportMethod,
    matcher: RealtimeCallMatcher | undefined,
  ): Promise<RecordedRealtimeCall> {
    return this.#register([{ method, matcher }], false) as Promise<
      RecordedRealtimeCall
    >;
  }

  /**
   * Expects one call per expectation, in any order: held calls are matched
   * now, the rest as they come. The group takes the place of one
   * expectation in the global order.
   *
   * @param expectations The checked expectations, at least one.
   * @returns The call each expectation took, in expectation order, or a
   *   rejection with the mismatch.
   */
  expectAnyOrder(
    expectations: readonly {
      readonly method: RealtimeTransportMethod;
      readonly matcher: RealtimeCallMatcher | undefined;
    }[],
  ): Promise<RecordedRealtimeCall[]> {
    return this.#register(expectations, true) as Promise<
      RecordedRealtimeCall[]
    >;
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

  /**
   * @returns The waiting expectations, in registration order (a group's
   * members that took no call yet included).
   */
  pendingExpectations(): PendingRealtimeExpectation[] {
    return this.#waiting.slice(this.#waitHead).flatMap((waiter) =>
      waiter.members.flatMap((member, i) =>
        waiter.calls[i] === undefined
          ? [{ order: member.order, method: member.method }]
          : []
      )
    );
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
    const waiting = this.#waiting;
    const head = this.#waitHead;
    this.#waiting = [];
    this.#waitHead = 0;
    for (let i = head; i < waiting.length; i++) waiting[i]!.reject(error);
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
    const unconsumed = this.#heldHead < this.#held.length;
    if (!unconsumed && !this.waiting && this.#failures.length === 0) {
      return;
    }
    throw appendTimeline(
      attachFaults(
        new IncompleteRealtimeScenarioError({
          unconsumedCalls: this.#held.slice(this.#heldHead),
          pendingExpectations: this.pendingExpectations(),
          pendingFailures: this.pendingFailures(),
        }),
        this.#faults,
      ),
      this.#trail(),
    );
  }

  /**
   * The error of a scenario its signal cancelled, naming the expectations
   * still waiting and the faults injected so far.
   *
   * @param reason The signal's abort reason, kept as `cause`.
   * @returns The error.
   */
  cancelled(reason: unknown): ScriptedRealtimeScenarioCancelledError {
    return attachFaults(
      new ScriptedRealtimeScenarioCancelledError(this.pendingExpectations(), {
        cause: reason,
      }),
      this.#faults,
    );
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

  // Queues the expectations as one waiter, after matching held calls.
  #register(
    expectations: readonly {
      readonly method: RealtimeTransportMethod;
      readonly matcher: RealtimeCallMatcher | undefined;
    }[],
    group: boolean,
  ): Promise<unknown> {
    const members = expectations.map((expectation) => ({
      // Its 1-based registration order: how many were registered.
      order: this.#expected.push(expectation.method),
      method: expectation.method,
      matcher: expectation.matcher,
    }));
    let resolve!: Waiter['resolve'];
    let reject!: Waiter['reject'];
    // A single expectation resolves with its call, a group with its calls,
    // each the caller's own writable copy (as a matcher's is).
    const promise = new Promise<unknown>((yes, no) => {
      resolve = group
        ? (calls) => yes(calls.map(detachedCopy))
        : (calls) => yes(detachedCopy(calls[0]));
      reject = no;
    });
    // The failure also reaches the caller and assertComplete(); an ignored
    // expectation must not crash the process as an unhandled rejection.
    promise.catch(noop);
    const waiter: Waiter = {
      members,
      calls: members.map(() => undefined),
      left: members.length,
      group,
      resolve,
      reject,
    };
    const held = this.#held;
    while (waiter.left > 0 && this.#heldHead < held.length) {
      const call = held[this.#heldHead++]!;
      if (this.#heldHead === held.length) {
        held.length = 0;
        this.#heldHead = 0;
      }
      const mismatch = this.#offer(waiter, call, waiter.left);
      if (mismatch !== undefined) {
        reject(mismatch);
        this.#remember(mismatch);
        return promise;
      }
    }
    if (waiter.left === 0) {
      resolve(waiter.calls as RecordedRealtimeCall[]);
      return promise;
    }
    this.#waiting.push(waiter);
    this.#watcher?.onWait();
    return promise;
  }

  // Gives the call to the waiter; returns the error it refused it with, the
  // ledger's own mismatches carrying the faults injected so far.
  #offer(
    waiter: Waiter,
    call: RecordedRealtimeCall,
    pending: number,
  ): unknown {
    let taker = 0;
    let refusal: Refusal | undefined;
    if (!waiter.group) {
      refusal = refusalOf(waiter.members[0]!, call, pending);
    } else {
      for (;;) {
        const found = groupTaker(waiter.members, waiter.calls, call, pending);
        if (typeof found !== 'number') {
          refusal = found;
          break;
        }
        taker = found;
        // A call its own matcher caused may have taken that member
        // meanwhile: look again among those left.
        if (waiter.calls[taker] === undefined) break;
      }
    }
    if (refusal !== undefined) {
      return 'mismatch' in refusal
        ? appendTimeline(
          attachFaults(refusal.mismatch, this.#faults),
          this.#trail(waiter.group ? waiter : undefined),
        )
        : refusal.error;
    }
    this.#took.set(call.index, waiter.members[taker]!.order - 1);
    waiter.calls[taker] = call;
    waiter.left--;
    return undefined;
  }

  // Removes the waiter at the head of the queue.
  #dequeue(): void {
    const waiting = this.#waiting;
    this.#waitHead++;
    if (this.#waitHead === waiting.length) {
      waiting.length = 0;
      this.#waitHead = 0;
    }
  }

  // Removes a group that is done, if it is still at the head (a call its
  // own matcher caused may have settled it already); a single expectation
  // left the queue before its matcher ran, so it is never there.
  #remove(waiter: Waiter): void {
    if (this.#waiting[this.#waitHead] === waiter) this.#dequeue();
  }

  // How many expectations wait for a call, a group's unused members each.
  #pendingCount(): number {
    let count = 0;
    for (let i = this.#waitHead; i < this.#waiting.length; i++) {
      count += this.#waiting[i]!.left;
    }
    return count;
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

  // The expectations, the calls and the faults, for a timeline; `group`:
  // the group a refused call met, whose members (those no call took) are
  // candidates.
  #trail(group?: Waiter): ScriptTrail {
    return {
      steps: this.#expected,
      calls: this.#log.view().map((call) => ({
        name: call.method,
        detail: callDetail(call),
      })),
      took: this.#took,
      candidates: group?.members.map((member) => member.order - 1),
      faults: faultSteps(this.#faults),
      unit: 'expectation',
    };
  }

  #remember(error: unknown): void {
    this.#drift.remember(error);
    this.#watcher?.onMismatch(error);
  }
}
