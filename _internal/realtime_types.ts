/**
 * The realtime record types the floor needs (the add-on hooks of
 * `state.ts`, `connect_options.ts`), declared here so that `_internal/`
 * imports no other folder; `realtime/calls.ts` re-exports them under the
 * same public names.
 *
 * @module
 */
import type { RealtimeTransportLayerConnectOptions } from '@openai/agents-realtime';

/**
 * The connect options as recorded: every option except the API key, which
 * is reduced to `apiKeyProvided` (a string, even empty, or a key function).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { RecordedConnectOptions } from '@scripted/agents/realtime';
 *
 * const options: RecordedConnectOptions = { apiKeyProvided: true };
 * assert.equal('apiKey' in options, false);
 * ```
 */
export type RecordedConnectOptions =
  & Readonly<Omit<RealtimeTransportLayerConnectOptions, 'apiKey'>>
  & { readonly apiKeyProvided: boolean };

/** What happened to an event, as logged. */
export type RealtimeFaultAction =
  | 'dropped'
  | 'duplicated'
  | 'delayed'
  | 'delivered-late'
  | 'held'
  | 'released'
  | 'disconnected'
  | 'lost';

/**
 * One entry of the fault log.
 *
 * @example
 * ```ts
 * import type { RealtimeFaultRecord } from '@scripted/agents/realtime';
 *
 * const record: RealtimeFaultRecord = {
 *   index: 0,
 *   fault: 0,
 *   kind: 'drop',
 *   action: 'dropped',
 *   event: 'audio',
 *   sequence: 3,
 *   time: undefined,
 *   afterCall: 1,
 * };
 * void record;
 * ```
 */
export interface RealtimeFaultRecord {
  /** Position in the log (0-based). */
  readonly index: number;
  /** Index of the fault in the injector's list (0-based). */
  readonly fault: number;
  /** The fault's kind. */
  readonly kind: 'drop' | 'duplicate' | 'delay' | 'reorder' | 'disconnect';
  /** What was done to the event. */
  readonly action: RealtimeFaultAction;
  /** The event's name. */
  readonly event: string;
  /** The event's position among everything emitted through the injector (0-based). */
  readonly sequence: number;
  /** The clock's virtual time, when the injector has a clock. */
  readonly time: number | undefined;
  /**
   * How many outbound calls the transport had recorded when the fault was
   * injected: its place among `calls`. `undefined` when the transport is
   * not a `ScriptedRealtimeTransport`.
   */
  readonly afterCall: number | undefined;
}
