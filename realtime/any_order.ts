/**
 * The types of `expectAnyOrder()`: expectations of realtime calls that may
 * arrive in any order.
 *
 * @module
 */
import type {
  RealtimeCallMatcher,
  RealtimeTransportMethod,
  RecordedRealtimeCall,
} from './calls.ts';

/**
 * One expectation of an `expectAnyOrder()` group: a method and an optional
 * synchronous matcher, typed per method as `expectCall`'s.
 *
 * @example
 * ```ts
 * import type { RealtimeExpectation } from '@scripted/agents/realtime';
 *
 * const answered: RealtimeExpectation<'sendFunctionCallOutput'> = {
 *   method: 'sendFunctionCallOutput',
 *   matcher: (call) => call.toolCall.callId === 'call_1',
 * };
 * ```
 */
export type RealtimeExpectation<
  M extends RealtimeTransportMethod = RealtimeTransportMethod,
> = {
  [K in M]: {
    /** The expected method. */
    readonly method: K;
    /** Optional check of the call; see `RealtimeCallMatcher`. */
    readonly matcher?: RealtimeCallMatcher<K> | undefined;
  };
}[M];

/**
 * What `expectAnyOrder()` resolves with: the call each expectation took,
 * in the order the expectations were given.
 *
 * @example
 * ```ts
 * import type { RealtimeAnyOrderCalls } from '@scripted/agents/realtime';
 *
 * type Both = RealtimeAnyOrderCalls<
 *   [{ method: 'mute' }, { method: 'interrupt' }]
 * >;
 * const check = (calls: Both): boolean => calls[0].muted;
 * void check;
 * ```
 */
export type RealtimeAnyOrderCalls<
  T extends readonly RealtimeExpectation[],
> = {
  -readonly [I in keyof T]: RecordedRealtimeCall<T[I]['method']>;
};
