/**
 * The recorded-call surface of the scripted Realtime transport, derived from
 * the SDK's `RealtimeTransportLayer` so that a method a future SDK adds
 * cannot silently drop out of it.
 *
 * @module
 */
import type {
  RealtimeTransportLayer,
  RealtimeTransportLayerConnectOptions,
} from '@openai/agents-realtime';
import { setOwn, snapshot } from '../_internal/snapshot.ts';

/** Members of the transport that belong to its event emitter. */
type EmitterMember = 'on' | 'off' | 'once' | 'emit';

/**
 * The name of an outbound method of the SDK's `RealtimeTransportLayer`
 * (every function member except the event emitter's `on`, `off`, `once`
 * and `emit`), such as `'connect'`, `'sendMessage'` or `'close'`.
 *
 * @example
 * ```ts
 * import type { RealtimeTransportMethod } from '@scripted/agents/realtime';
 *
 * const method: RealtimeTransportMethod = 'sendFunctionCallOutput';
 * void method;
 * ```
 */
export type RealtimeTransportMethod = Exclude<
  {
    [K in keyof RealtimeTransportLayer]-?: NonNullable<
      RealtimeTransportLayer[K]
    > extends (...args: never[]) => unknown ? K
      : never;
  }[keyof RealtimeTransportLayer],
  EmitterMember
>;

/**
 * The parameters the SDK declares for one transport method.
 *
 * @example
 * ```ts
 * import type { RealtimeTransportParameters } from '@scripted/agents/realtime';
 *
 * const args: RealtimeTransportParameters<'mute'> = [true];
 * void args;
 * ```
 */
export type RealtimeTransportParameters<M extends RealtimeTransportMethod> =
  Parameters<NonNullable<RealtimeTransportLayer[M]>>;

type P<M extends RealtimeTransportMethod> = RealtimeTransportParameters<M>;

/**
 * The connect options as recorded: every option except the API key, which
 * is reduced to `apiKeyProvided` (a string, even empty, or a key function).
 *
 * @example
 * ```ts
 * import type { RecordedConnectOptions } from '@scripted/agents/realtime';
 *
 * const options: RecordedConnectOptions = { apiKeyProvided: true };
 * void options.apiKeyProvided;
 * ```
 */
export type RecordedConnectOptions =
  & Readonly<Omit<RealtimeTransportLayerConnectOptions, 'apiKey'>>
  & { readonly apiKeyProvided: boolean };

/**
 * The recorded data of each outbound method, its fields named after the
 * SDK's parameter names and typed from the SDK's `RealtimeTransportLayer`.
 *
 * @example
 * ```ts
 * import type { RealtimeCallData } from '@scripted/agents/realtime';
 *
 * const data: RealtimeCallData['mute'] = { muted: true };
 * void data.muted;
 * ```
 */
export interface RealtimeCallData {
  /** `connect(options)`; the API key itself is never recorded. */
  connect: { readonly options: RecordedConnectOptions };
  /** `sendEvent(event)`. */
  sendEvent: { readonly event: P<'sendEvent'>[0] };
  /** `requestResponse(response?)`. */
  requestResponse: { readonly response?: P<'requestResponse'>[0] };
  /** `sendMessage(message, otherEventData, options?)`. */
  sendMessage: {
    readonly message: P<'sendMessage'>[0];
    readonly otherEventData: P<'sendMessage'>[1];
    readonly options?: P<'sendMessage'>[2];
  };
  /** `addImage(image, options?)`. */
  addImage: {
    readonly image: P<'addImage'>[0];
    readonly options?: P<'addImage'>[1];
  };
  /** `sendAudio(audio, options)`; `audio` is a copy of the buffer. */
  sendAudio: {
    readonly audio: P<'sendAudio'>[0];
    readonly options: P<'sendAudio'>[1];
  };
  /** `updateSessionConfig(config)`. */
  updateSessionConfig: { readonly config: P<'updateSessionConfig'>[0] };
  /** `close()`. */
  close: Record<never, never>;
  /** `mute(muted)`. */
  mute: { readonly muted: P<'mute'>[0] };
  /** `sendFunctionCallOutput(toolCall, output, startResponse)`. */
  sendFunctionCallOutput: {
    readonly toolCall: P<'sendFunctionCallOutput'>[0];
    readonly output: P<'sendFunctionCallOutput'>[1];
    readonly startResponse: P<'sendFunctionCallOutput'>[2];
  };
  /** `interrupt()`. */
  interrupt: Record<never, never>;
  /** `resetHistory(oldHistory, newHistory)`. */
  resetHistory: {
    readonly oldHistory: P<'resetHistory'>[0];
    readonly newHistory: P<'resetHistory'>[1];
  };
  /** `sendMcpResponse(approvalRequest, approved, reason?)`. */
  sendMcpResponse: {
    readonly approvalRequest: P<'sendMcpResponse'>[0];
    readonly approved: P<'sendMcpResponse'>[1];
    readonly reason?: P<'sendMcpResponse'>[2];
  };
}

/**
 * One recorded outbound call: its zero-based `index` in `calls`, its
 * `method`, and the method's arguments as a frozen, detached snapshot.
 *
 * @example
 * ```ts
 * import type { RecordedRealtimeCall } from '@scripted/agents/realtime';
 *
 * const call: RecordedRealtimeCall<'mute'> = {
 *   index: 0,
 *   method: 'mute',
 *   muted: true,
 * };
 * void call.muted;
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
 * import type { RealtimeTransportCallFor } from '@scripted/agents/realtime';
 *
 * const call: RealtimeTransportCallFor<'interrupt'> = {
 *   index: 2,
 *   method: 'interrupt',
 * };
 * void call.index;
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
 * import type { RecordedRealtimeTransportCall } from '@scripted/agents/realtime';
 *
 * const call: RecordedRealtimeTransportCall = { index: 0, method: 'close' };
 * void call.method;
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
 * import type { PendingRealtimeExpectation } from '@scripted/agents/realtime';
 *
 * const pending: PendingRealtimeExpectation = { order: 2, method: 'close' };
 * void pending.order;
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
 * import type { PendingRealtimeFailure } from '@scripted/agents/realtime';
 *
 * const unused: PendingRealtimeFailure = { method: 'mute', count: 2 };
 * void unused.count;
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
 * be thrown into it (a native `async` matcher is rejected by `expectCall`).
 *
 * @example
 * ```ts
 * import type { RealtimeCallMatcher } from '@scripted/agents/realtime';
 *
 * const isHello: RealtimeCallMatcher<'sendMessage'> = (call) =>
 *   call.message === 'Hello';
 * void typeof isHello;
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

// Fails to compile when the SDK adds a method that RealtimeCallData lacks.
type MissingCallData = Exclude<RealtimeTransportMethod, keyof RealtimeCallData>;
const callDataIsComplete: [MissingCallData] extends [never] ? true
  : MissingCallData = true;

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
    callDataIsComplete && Object.keys(methodTable) as RealtimeTransportMethod[],
  );

const methodSet: ReadonlySet<unknown> = new Set(realtimeTransportMethods);

/**
 * Whether `value` names an outbound transport method.
 *
 * @param value Any value.
 * @returns `true` for a method name.
 */
export function isRealtimeTransportMethod(
  value: unknown,
): value is RealtimeTransportMethod {
  return methodSet.has(value);
}

/**
 * Records connect options without the API key, reduced to
 * `apiKeyProvided`; the key (string or function) is never read beyond its
 * type.
 *
 * @param options The options the SDK passed to `connect`.
 * @returns A frozen, detached record.
 */
export function recordConnectOptions(options: unknown): RecordedConnectOptions {
  const out: Record<string, unknown> = { apiKeyProvided: false };
  if (typeof options !== 'object' || options === null) {
    return Object.freeze(out) as RecordedConnectOptions;
  }
  const source = options as Record<string, unknown>;
  for (const key in source) {
    if (!Object.hasOwn(source, key)) continue;
    if (key === 'apiKey') {
      const apiKey = source.apiKey;
      out.apiKeyProvided = typeof apiKey === 'function' ||
        typeof apiKey === 'string';
    } else {
      setOwn(out, key, source[key]);
    }
  }
  return snapshot(out) as RecordedConnectOptions;
}
