/**
 * The recorded-call surface of the scripted Realtime transport, derived from
 * the SDK's `RealtimeTransportLayer` so that a method a future SDK adds
 * cannot silently drop out of it.
 *
 * @module
 */
import type {
  RealtimeTransportEventTypes,
  RealtimeTransportLayer,
} from '@openai/agents-realtime';
import type { RecordedConnectOptions } from '../_internal/realtime_types.ts';

export type {
  RealtimeFaultAction,
  RealtimeFaultRecord,
  RecordedConnectOptions,
} from '../_internal/realtime_types.ts';

/**
 * Members of the SDK's `RealtimeTransportLayer` that belong to its event
 * emitter rather than to its outbound methods.
 *
 * @example
 * ```ts
 * import type { RealtimeTransportEmitterMember } from '@scripted/agents/realtime';
 *
 * const member: RealtimeTransportEmitterMember = 'emit';
 * ```
 */
export type RealtimeTransportEmitterMember = 'on' | 'off' | 'once' | 'emit';

/**
 * The connection status of a Realtime transport, as the SDK's
 * `RealtimeTransportLayer['status']` spells it (`'connected'`,
 * `'disconnected'`, ...).
 *
 * @example
 * ```ts
 * import type { RealtimeTransportStatus } from '@scripted/agents/realtime';
 *
 * const status: RealtimeTransportStatus = 'disconnected';
 * ```
 */
export type RealtimeTransportStatus = RealtimeTransportLayer['status'];

/**
 * A listener for the transport event `K`: it receives that event's arguments
 * as the SDK's `RealtimeTransportEventTypes` declares them.
 *
 * @example
 * ```ts
 * import type { RealtimeTransportListener } from '@scripted/agents/realtime';
 *
 * const onError: RealtimeTransportListener<'error'> = (event) => {
 *   console.log(event.type);
 * };
 * ```
 */
export type RealtimeTransportListener<
  K extends keyof RealtimeTransportEventTypes,
> = (...args: RealtimeTransportEventTypes[K]) => void;

/**
 * The name of an outbound method of the SDK's `RealtimeTransportLayer`
 * (every function member except the event emitter's `on`, `off`, `once`
 * and `emit`), such as `'connect'`, `'sendMessage'` or `'close'`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeTransportMethod,
 *   realtimeTransportMethods,
 * } from '@scripted/agents/realtime';
 *
 * const method: RealtimeTransportMethod = 'sendFunctionCallOutput';
 * assert.ok(realtimeTransportMethods.includes(method));
 * ```
 */
export type RealtimeTransportMethod = Exclude<
  {
    [K in keyof RealtimeTransportLayer]-?: NonNullable<
      RealtimeTransportLayer[K]
    > extends (...args: never[]) => unknown ? K
      : never;
  }[keyof RealtimeTransportLayer],
  RealtimeTransportEmitterMember
>;

/**
 * The parameters the SDK declares for one transport method.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { RealtimeTransportParameters } from '@scripted/agents/realtime';
 *
 * const args: RealtimeTransportParameters<'mute'> = [true];
 * assert.equal(args.length, 1);
 * ```
 */
export type RealtimeTransportParameters<M extends RealtimeTransportMethod> =
  Parameters<NonNullable<RealtimeTransportLayer[M]>>;

/**
 * The recorded data of each outbound method, its fields named after the
 * SDK's parameter names and typed from the SDK's `RealtimeTransportLayer`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { RealtimeCallData } from '@scripted/agents/realtime';
 *
 * const data: RealtimeCallData['mute'] = { muted: true };
 * assert.equal(data.muted, true);
 * ```
 */
export interface RealtimeCallData {
  /** `connect(options)`; the API key itself is never recorded. */
  connect: { readonly options: RecordedConnectOptions };
  /** `sendEvent(event)`. */
  sendEvent: { readonly event: RealtimeTransportParameters<'sendEvent'>[0] };
  /** `requestResponse(response?)`. */
  requestResponse: {
    readonly response?: RealtimeTransportParameters<'requestResponse'>[0];
  };
  /** `sendMessage(message, otherEventData, options?)`. */
  sendMessage: {
    readonly message: RealtimeTransportParameters<'sendMessage'>[0];
    readonly otherEventData: RealtimeTransportParameters<'sendMessage'>[1];
    readonly options?: RealtimeTransportParameters<'sendMessage'>[2];
  };
  /** `addImage(image, options?)`. */
  addImage: {
    readonly image: RealtimeTransportParameters<'addImage'>[0];
    readonly options?: RealtimeTransportParameters<'addImage'>[1];
  };
  /** `sendAudio(audio, options)`; `audio` is a copy of the buffer. */
  sendAudio: {
    readonly audio: RealtimeTransportParameters<'sendAudio'>[0];
    readonly options: RealtimeTransportParameters<'sendAudio'>[1];
  };
  /** `updateSessionConfig(config)`. */
  updateSessionConfig: {
    readonly config: RealtimeTransportParameters<'updateSessionConfig'>[0];
  };
  /** `close()`. */
  close: Record<never, never>;
  /** `mute(muted)`. */
  mute: { readonly muted: RealtimeTransportParameters<'mute'>[0] };
  /** `sendFunctionCallOutput(toolCall, output, startResponse)`. */
  sendFunctionCallOutput: {
    readonly toolCall: RealtimeTransportParameters<'sendFunctionCallOutput'>[0];
    readonly output: RealtimeTransportParameters<'sendFunctionCallOutput'>[1];
    readonly startResponse: RealtimeTransportParameters<
      'sendFunctionCallOutput'
    >[2];
  };
  /** `interrupt()`. */
  interrupt: Record<never, never>;
  /** `resetHistory(oldHistory, newHistory)`. */
  resetHistory: {
    readonly oldHistory: RealtimeTransportParameters<'resetHistory'>[0];
    readonly newHistory: RealtimeTransportParameters<'resetHistory'>[1];
  };
  /** `sendMcpResponse(approvalRequest, approved, reason?)`. */
  sendMcpResponse: {
    readonly approvalRequest: RealtimeTransportParameters<'sendMcpResponse'>[0];
    readonly approved: RealtimeTransportParameters<'sendMcpResponse'>[1];
    readonly reason?: RealtimeTransportParameters<'sendMcpResponse'>[2];
  };
}

/**
 * One recorded outbound call: its zero-based `index` in `calls`, its
 * `method`, and the method's arguments as a frozen, detached snapshot.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import type { RecordedRealtimeCall } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.mute(true);
 * const call: RecordedRealtimeCall = transport.calls[0]!;
 * assert.deepEqual(call, { index: 0, method: 'mute', muted: true });
 * ```
 */
export type RecordedRealtimeCall<
  M extends RealtimeTransportMethod = RealtimeTransportMethod,
> = M extends RealtimeTransportMethod ?
    & {
      /** Zero-based position of the call in `calls`. */
      readonly index: number;
      /** The transport method that was called. */
      readonly method: M;
    }
    & Readonly<RealtimeCallData[M]>
  : never;

/**
 * One recorded call of `method`, as the SDK's testing module names it: the
 * same type as {@link RecordedRealtimeCall}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import type { RealtimeTransportCallFor } from '@scripted/agents/realtime';
 *
 * const call: RealtimeTransportCallFor<'interrupt'> = {
 *   index: 2,
 *   method: 'interrupt',
 * };
 * assert.equal(call.method, 'interrupt');
 * ```
 */
export type RealtimeTransportCallFor<M extends RealtimeTransportMethod> =
  RecordedRealtimeCall<M>;

/**
 * The summary every recorded call satisfies: its zero-based `index` in
 * `calls` and its `method` (a plain string, so a method a later SDK adds
 * still fits). The error constructors' SDK forms take this shape; the
 * calls this package records are the richer {@link RecordedRealtimeCall}.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeCallMatcherError,
 *   type RecordedRealtimeTransportCall,
 * } from '@scripted/agents/realtime';
 *
 * const call: RecordedRealtimeTransportCall = { index: 0, method: 'close' };
 * assert.equal(new RealtimeCallMatcherError(call).callIndex, 0);
 * ```
 */
export type RecordedRealtimeTransportCall = Readonly<{
  /** Zero-based position of the call in `calls`. */
  index: number;
  /** The method that was called. */
  method: string;
}>;

/**
 * An expectation still waiting for its call: its `order` (registrations
 * counted from 1 over the transport's life) and its `method`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   IncompleteRealtimeScenarioError,
 *   type PendingRealtimeExpectation,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * void transport.expectCall('close');
 * const pending: PendingRealtimeExpectation = { order: 1, method: 'close' };
 * assert.throws(
 *   () => transport.assertComplete(),
 *   (error) =>
 *     error instanceof IncompleteRealtimeScenarioError &&
 *     error.pendingExpectations[0]?.order === pending.order,
 * );
 * ```
 */
export type PendingRealtimeExpectation = Readonly<{
  /** Which registration this was, counted from 1. */
  order: number;
  /** The method it expects. */
  method: RealtimeTransportMethod;
}>;

/**
 * Injected failures of one method no call used yet: the `method` and how
 * many (`count`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   IncompleteRealtimeScenarioError,
 *   type PendingRealtimeFailure,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * transport.failNextCall('mute', new Error('no microphone'));
 * transport.failNextCall('mute', new Error('still none'));
 * const unused: PendingRealtimeFailure = { method: 'mute', count: 2 };
 * assert.throws(
 *   () => transport.assertComplete(),
 *   (error) =>
 *     error instanceof IncompleteRealtimeScenarioError &&
 *     error.pendingFailures[0]?.count === unused.count,
 * );
 * ```
 */
export type PendingRealtimeFailure = Readonly<{
  /** The method the failures are for. */
  method: RealtimeTransportMethod;
  /** How many are left, at least 1. */
  count: number;
}>;

/**
 * Checks one expected call: throw (an assertion) or return `false` to
 * reject it. The matcher gets its own detached, mutable copy of the call,
 * so writing to it reaches neither the record nor the caller. Matchers are
 * synchronous: they run inside the application's call, so a rejection can
 * be thrown into it. A thrown error is rethrown unchanged; `false`, or a
 * thrown value that is not an error (`undefined`, a string), becomes a
 * `RealtimeCallMatcherError`; a native `async` matcher is rejected by
 * `expectCall`, and one that returns a promise is reported when the call
 * arrives (`InvalidRealtimeScenarioInputError`, issue `async_matcher`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type RealtimeCallMatcher,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const isHello: RealtimeCallMatcher<'sendMessage'> = (call) =>
 *   call.message === 'Hello';
 * const transport = new ScriptedRealtimeTransport();
 * const sent = transport.expectCall('sendMessage', isHello);
 * transport.sendMessage('Hello', {});
 * assert.equal((await sent).message, 'Hello');
 * ```
 */
export type RealtimeCallMatcher<
  M extends RealtimeTransportMethod = RealtimeTransportMethod,
> = (call: RecordedRealtimeCall<M>) => boolean | void;

// Every method needs an entry here; TypeScript rejects a missing or extra
// one, so the runtime list below cannot drift from the SDK's interface.
const methodTable: Record<RealtimeTransportMethod, true> = {
  connect: true,
  sendEvent: true,
  requestResponse: true,
  sendMessage: true,
  addImage: true,
  sendAudio: true,
  updateSessionConfig: true,
  close: true,
  mute: true,
  sendFunctionCallOutput: true,
  interrupt: true,
  resetHistory: true,
  sendMcpResponse: true,
};

/**
 * The outbound transport methods, in the SDK interface's order.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { realtimeTransportMethods } from '@scripted/agents/realtime';
 *
 * assert(realtimeTransportMethods.includes('sendAudio'));
 * ```
 */
export const realtimeTransportMethods: readonly RealtimeTransportMethod[] =
  Object.freeze(
    Object.keys(methodTable) as RealtimeTransportMethod[],
  );
