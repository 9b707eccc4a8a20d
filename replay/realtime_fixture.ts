/**
 * The Realtime fixture format: one ordered log of outbound transport calls
 * and inbound events, written by `recordRealtimeTransport()` and read by
 * `replayRealtimeTransport()`.
 *
 * @module
 */
import { recordConnectOptions } from '../_internal/connect_options.ts';
import { describeValue, encode, type Json } from './_json.ts';
import type { FixtureJson } from './model_fixture.ts';
import { InvalidRecordingError } from './errors.ts';
import {
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from '../realtime/mod.ts';

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

/** The SDK's parameter names of each outbound method. */
const parameterNames: Record<RealtimeTransportMethod, readonly string[]> = {
  connect: ['options'],
  sendEvent: ['event'],
  requestResponse: ['response'],
  sendMessage: ['message', 'otherEventData', 'options'],
  addImage: ['image', 'options'],
  sendAudio: ['audio', 'options'],
  updateSessionConfig: ['config'],
  close: [],
  mute: ['muted'],
  sendFunctionCallOutput: ['toolCall', 'output', 'startResponse'],
  interrupt: [],
  resetHistory: ['oldHistory', 'newHistory'],
  sendMcpResponse: ['approvalRequest', 'approved', 'reason'],
};

/**
 * Encodes the arguments of an outbound call by name, the connect key
 * reduced to `apiKeyProvided`.
 *
 * @param method The method.
 * @param args Its arguments.
 * @returns The JSON data.
 */
export function encodeCallArgs(
  method: RealtimeTransportMethod,
  args: readonly unknown[],
): Json {
  const data: Record<string, unknown> = {};
  parameterNames[method].forEach((name, i) => {
    data[name] = method === 'connect' ? recordConnectOptions(args[i]) : args[i];
  });
  return encode(data, { tagged: true }) ?? {};
}

/**
 * Encodes a recorded call of `ScriptedRealtimeTransport` like
 * {@link encodeCallArgs} encodes the arguments.
 *
 * @param call The recorded call.
 * @returns The JSON data.
 */
export function encodeRecordedCall(call: object): Json {
  const data: Record<string, unknown> = {};
  const source = call as Record<string, unknown>;
  for (const name of parameterNames[source.method as RealtimeTransportMethod]) {
    data[name] = source[name];
  }
  return encode(data, { tagged: true }) ?? {};
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one log entry of a Realtime fixture.
 *
 * @param entry The entry, as strict JSON data.
 * @param index Its position in the log.
 * @returns The entry.
 * @throws {InvalidRecordingError} `invalid_call` naming the path.
 */
export function readLogEntry(entry: Json, index: number): RealtimeFixtureEntry {
  const at = `log[${index}]`;
  const fail = (path: string, expected: string, value: unknown) =>
    new InvalidRecordingError({
      reason: 'invalid_call',
      path,
      expected,
      received: describeValue(value),
      callIndex: index,
    });
  if (!isObject(entry)) throw fail(at, 'a log entry object', entry);
  if (entry.type === 'call') {
    if (!isTransportMethod(entry.method)) {
      throw fail(`${at}.method`, 'a transport method name', entry.method);
    }
    if (!isObject(entry.data)) {
      throw fail(`${at}.data`, 'the call arguments object', entry.data);
    }
    if (entry.error !== undefined && !isObject(entry.error)) {
      throw fail(`${at}.error`, 'an error object', entry.error);
    }
    return entry as unknown as RealtimeFixtureCall;
  }
  if (entry.type === 'event') {
    if (typeof entry.event !== 'string' || entry.event === '') {
      throw fail(`${at}.event`, 'an event name', entry.event);
    }
    if (!Array.isArray(entry.args)) {
      throw fail(`${at}.args`, 'an array of event arguments', entry.args);
    }
    return entry as unknown as RealtimeFixtureEvent;
  }
  throw fail(`${at}.type`, '"call" or "event"', entry.type);
}

/** Whether `value` names an outbound transport method. */
function isTransportMethod(value: unknown): value is RealtimeTransportMethod {
  return (realtimeTransportMethods as readonly unknown[]).includes(value);
}
