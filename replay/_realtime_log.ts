/**
 * Realtime log entries: a call's arguments encoded by name, credentials
 * removed, and one entry of a fixture read strictly.
 *
 * @module
 */
import { recordConnectOptions } from '../_internal/connect_options.ts';
import {
  checkBytes,
  encode,
  type Json,
  type JsonObject,
} from '../_internal/encode.ts';
import { callFailure } from './_envelope.ts';
import type { Redaction } from '../_internal/redact.ts';
import { at } from '../_internal/read.ts';
import type {
  RealtimeFixtureCall,
  RealtimeFixtureEntry,
  RealtimeFixtureEvent,
} from './realtime_fixture.ts';
import {
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from '../realtime/mod.ts';

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
 * @param redaction The recording's redaction.
 * @returns The JSON data.
 */
export function encodeCallArgs(
  method: RealtimeTransportMethod,
  args: readonly unknown[],
  redaction: Redaction,
): Json {
  const data: Record<string, unknown> = {};
  parameterNames[method].forEach((name, i) => {
    data[name] = method === 'connect' ? recordConnectOptions(args[i]) : args[i];
  });
  return encode(data, { tagged: true, redaction }) ?? {};
}

/**
 * Encodes a recorded call of `ScriptedRealtimeTransport` like
 * {@link encodeCallArgs} encodes the arguments.
 *
 * @param call The recorded call.
 * @param redaction The replay's redaction.
 * @returns The JSON data.
 */
export function encodeRecordedCall(call: object, redaction: Redaction): Json {
  const data: Record<string, unknown> = {};
  const source = call as Record<string, unknown>;
  for (const name of parameterNames[source.method as RealtimeTransportMethod]) {
    data[name] = source[name];
  }
  return encode(data, { tagged: true, redaction }) ?? {};
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path and problem of the first tagged bytes that cannot decode. */
function badBytes(
  value: Json,
  path: string,
): { path: string; expected: string; value: Json } | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = badBytes(item, at(path, i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(value)) return undefined;
  if (
    typeof value.$bytes === 'string' && typeof value.$type === 'string' &&
    Object.keys(value).length === 2
  ) {
    const expected = checkBytes(value);
    return expected === undefined
      ? undefined
      : { path: `${path}.$bytes`, expected, value: value.$bytes };
  }
  for (const key of Object.keys(value)) {
    const found = badBytes(value[key]!, at(path, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Checks one log entry of a Realtime fixture.
 *
 * @param entry The entry, as strict JSON data.
 * @param index Its position in the log.
 * @param redaction The replay's redaction (for messages).
 * @returns The entry.
 * @throws {InvalidRecordingError} `invalid_call` naming the path.
 */
export function readLogEntry(
  entry: Json,
  index: number,
  redaction: Redaction,
): RealtimeFixtureEntry {
  const at = `log[${index}]`;
  const fail = callFailure(index, redaction);
  const bytes = isObject(entry) ? badBytes(entry, at) : undefined;
  if (bytes !== undefined) throw fail(bytes.path, bytes.expected, bytes.value);
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
