/**
 * How one outbound call meets what waits for it: a single expectation
 * ({@link refusalOf}) or an `expectAnyOrder()` group ({@link groupTaker}).
 * The matcher semantics are `_internal/matcher.ts`'s. Private to the
 * realtime folder; the ledger owns the queue these answer for.
 *
 * @module
 */
import { isError, runMatcher } from '../_internal/matcher.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import type {
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';
import {
  type RealtimeAnyOrderCandidate,
  RealtimeCallMatcherError,
  UnexpectedRealtimeCallError,
} from './errors.ts';
import { InvalidRealtimeScenarioInputError } from './input_errors.ts';

/** One expectation: its registration order, method and matcher. */
export interface Expectation {
  readonly order: number;
  readonly method: RealtimeTransportMethod;
  readonly matcher: RealtimeCallMatcher | undefined;
}

/**
 * Why a call was refused: a `mismatch` this module raised (the ledger
 * gives it the injected faults), or an error passed on as it is (what a
 * matcher threw, an async matcher's input error).
 */
export type Refusal =
  | {
    readonly mismatch: UnexpectedRealtimeCallError | RealtimeCallMatcherError;
  }
  | { readonly error: unknown };

/** The input error of a matcher that answered with a promise. */
function promiseAnswer(
  operation: 'expectCall' | 'expectAnyOrder',
  path: string,
): Refusal {
  return {
    error: new InvalidRealtimeScenarioInputError({
      reason: 'invalid_matcher',
      issue: 'async_matcher',
      operation,
      path,
      received: 'a promise',
    }),
  };
}

/**
 * Checks a call against a single expectation.
 *
 * @param expectation The method and matcher answering the call.
 * @param call The call.
 * @param pending How many expectations were pending at the call, this one
 *   included.
 * @returns Why the call was refused, or `undefined` when it matches.
 */
export function refusalOf(
  expectation: Pick<Expectation, 'method' | 'matcher'>,
  call: RecordedRealtimeCall,
  pending: number,
): Refusal | undefined {
  if (expectation.method !== call.method) {
    return {
      mismatch: new UnexpectedRealtimeCallError({
        callIndex: call.index,
        expectedMethod: expectation.method,
        actualMethod: call.method,
        remainingExpectations: pending,
      }),
    };
  }
  if (expectation.matcher === undefined) return undefined;
  // Its own mutable copy: a matcher's writes reach neither the record nor
  // the caller, and never throw on a frozen object.
  const verdict = runMatcher(expectation.matcher, [detachedCopy(call)]);
  const fields = { callIndex: call.index, actualMethod: call.method };
  switch (verdict.kind) {
    case 'rejected':
      return {
        mismatch: new RealtimeCallMatcherError({
          ...fields,
          matcherResult: 'false',
        }),
      };
    case 'promise':
      return promiseAnswer('expectCall', 'matcher');
    case 'threw':
      // An assertion's own error is the most useful report.
      if (isError(verdict.error)) return { error: verdict.error };
      return {
        mismatch: new RealtimeCallMatcherError(
          { ...fields, matcherResult: 'threw' },
          { cause: verdict.error },
        ),
      };
  }
  return undefined;
}

/**
 * Finds the member of a group that takes a call: the first unused one whose
 * method and matcher accept it (a matcher that rejects or throws passes the
 * call on).
 *
 * @param members The group's expectations.
 * @param taken Which members took a call already, by member.
 * @param call The call.
 * @param pending How many expectations were pending at the call.
 * @returns The taker's position, or the refusal listing every candidate.
 */
export function groupTaker(
  members: readonly Expectation[],
  taken: readonly unknown[],
  call: RecordedRealtimeCall,
  pending: number,
): number | Refusal {
  const candidates: RealtimeAnyOrderCandidate[] = [];
  let cause: { readonly value: unknown } | undefined;
  let sameMethod = false;
  for (let i = 0; i < members.length; i++) {
    if (taken[i] !== undefined) continue;
    const { method, matcher } = members[i]!;
    if (method !== call.method) {
      candidates.push({ position: i, method, rejection: 'method' });
      continue;
    }
    sameMethod = true;
    if (matcher === undefined) return i;
    const verdict = runMatcher(matcher, [detachedCopy(call)]);
    switch (verdict.kind) {
      case 'pass':
        return i;
      case 'promise':
        return promiseAnswer('expectAnyOrder', `expectations[${i}].matcher`);
      case 'rejected':
        candidates.push({ position: i, method, rejection: 'false' });
        break;
      case 'threw':
        cause ??= { value: verdict.error };
        candidates.push({ position: i, method, rejection: 'threw' });
    }
  }
  if (!sameMethod) {
    return {
      mismatch: new UnexpectedRealtimeCallError({
        callIndex: call.index,
        expectedMethod: (candidates[0] ?? members[0]!).method,
        actualMethod: call.method,
        remainingExpectations: pending,
        candidates,
      }),
    };
  }
  return {
    mismatch: new RealtimeCallMatcherError(
      {
        callIndex: call.index,
        actualMethod: call.method,
        matcherResult: cause === undefined ? 'false' : 'threw',
        candidates,
      },
      cause === undefined ? undefined : { cause: cause.value },
    ),
  };
}
