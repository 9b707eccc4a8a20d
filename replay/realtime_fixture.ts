/**
 * The Realtime fixture format: one ordered log of outbound transport calls
 * and inbound events, written by `recordRealtimeTransport()` and read by
 * `replayRealtimeTransport()`.
 *
 * @module
 */
import type { FixtureJson } from './model_fixture.ts';
import type { RealtimeTransportMethod } from '../realtime/mod.ts';

/**
 * One outbound call in a Realtime recording: the method, its arguments
 * named as in `RecordedRealtimeCall` (the connect key reduced to
 * `apiKeyProvided`), and the error the real transport threw, if any.
 *
 * @example
 * ```ts
 * import type { RealtimeFixtureCall } from '@scripted/agents/replay';
 *
 * const call: RealtimeFixtureCall = {
 *   type: 'call',
 *   method: 'sendMessage',
 *   data: { message: 'Hi', otherEventData: {} },
 * };
 * ```
 */
export interface RealtimeFixtureCall {
  /** The entry kind. */
  readonly type: 'call';
  /** The transport method. */
  readonly method: RealtimeTransportMethod;
  /** Its arguments, by name; bytes as `{ $bytes, $type }`. */
  readonly data: FixtureJson;
  /** What the real transport threw: `name`, `message`… */
  readonly error?: FixtureJson;
}

/**
 * One inbound event in a Realtime recording: the event name and its
 * arguments.
 *
 * @example
 * ```ts
 * import type { RealtimeFixtureEvent } from '@scripted/agents/replay';
 *
 * const event: RealtimeFixtureEvent = {
 *   type: 'event',
 *   event: 'audio_interrupted',
 *   args: [],
 * };
 * ```
 */
export interface RealtimeFixtureEvent {
  /** The entry kind. */
  readonly type: 'event';
  /** The transport event name (`'*'`, `'item_update'`, `'error'`…). */
  readonly event: string;
  /** Its arguments; bytes as `{ $bytes, $type }`, errors as `{ $error }`. */
  readonly args: readonly FixtureJson[];
}

/**
 * One entry of a Realtime recording's log.
 *
 * @example
 * ```ts
 * import type { RealtimeFixtureEntry } from '@scripted/agents/replay';
 *
 * const entry: RealtimeFixtureEntry = { type: 'call', method: 'close', data: {} };
 * ```
 */
export type RealtimeFixtureEntry = RealtimeFixtureCall | RealtimeFixtureEvent;

/**
 * A recording of a Realtime transport, as
 * `recordRealtimeTransport(...).fixture()` returns it.
 *
 * @example
 * ```ts
 * import type { RealtimeFixture } from '@scripted/agents/replay';
 *
 * const fixture: RealtimeFixture = {
 *   version: 1,
 *   kind: 'realtime',
 *   sdkVersion: 'unknown',
 *   log: [],
 * };
 * ```
 */
export interface RealtimeFixture {
  /** The fixture format version. */
  readonly version: 1;
  /** Which double replays it. */
  readonly kind: 'realtime';
  /** The SDK version that produced it (`'unknown'` when not known). */
  readonly sdkVersion: string;
  /** Calls and events, in the order they happened. */
  readonly log: readonly RealtimeFixtureEntry[];
}
