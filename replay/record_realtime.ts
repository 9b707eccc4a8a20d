/**
 * `recordRealtimeTransport()`: wraps a real `RealtimeTransportLayer`,
 * delegates every call to it and records outbound calls and inbound events
 * in one ordered log.
 *
 * @module
 */
import type { RealtimeTransportLayer } from '@openai/agents-realtime';
import { encode, encodeError, type Json } from '../_internal/encode.ts';
import { exposedSdkVersion, fixtureVersion } from './_envelope.ts';
import { readDouble, readRecordOptions } from './_options.ts';
import {
  type RealtimeTransportMethod,
  realtimeTransportMethods,
} from '../realtime/mod.ts';
import { ListenerRegistry } from '../_internal/emitter.ts';
import { encodeCallArgs, readLogEntry } from './_realtime_log.ts';
import { StreamDeltas } from './_stream_text.ts';
import type {
  RealtimeFixture,
  RealtimeFixtureEntry,
} from './realtime_fixture.ts';
import { isThenable } from '../_internal/matcher.ts';

/**
 * Options of `recordRealtimeTransport()`.
 *
 * @example
 * ```ts
 * import type { RecordRealtimeOptions } from '@scripted/agents/replay';
 *
 * const options: RecordRealtimeOptions = { sdkVersion: '0.20.0' };
 * ```
 */
export interface RecordRealtimeOptions {
  /**
   * Rewrites each log entry before it enters the fixture (after the
   * built-in redaction, which runs again on what it returns); return the
   * entry to store. Pass the same hook to `replayRealtimeTransport()`, so
   * a replayed call is redacted alike before it is compared.
   */
  readonly redact?: (entry: RealtimeFixtureEntry) => RealtimeFixtureEntry;
  /**
   * Values replaced by `"[redacted]"` wherever they appear (also
   * URL-encoded), each a string of at least 8 characters. Pass the same
   * list to `replayRealtimeTransport()`.
   */
  readonly secrets?: readonly string[];
  /** The SDK version to write into the fixture. */
  readonly sdkVersion?: string;
}

/**
 * What `recordRealtimeTransport()` adds to the wrapped transport.
 *
 * @example
 * ```ts
 * import type { RealtimeRecording } from '@scripted/agents/replay';
 *
 * function save(transport: RealtimeRecording): string {
 *   return transport.fixtureJson();
 * }
 * void save;
 * ```
 */
export interface RealtimeRecording {
  /** The recording: versioned, keys in a stable order, JSON data only. */
  fixture(): RealtimeFixture;
  /** `fixture()` as pretty-printed JSON text, ending in a newline. */
  fixtureJson(): string;
}

// deno-lint-ignore no-explicit-any
type Listener = (...args: any[]) => void;

/**
 * Wraps a real `RealtimeTransportLayer` (the SDK's
 * `OpenAIRealtimeWebSocket`, WebRTC or SIP transport, or your own) so that a
 * `RealtimeSession` using it records one ordered log: each outbound call
 * (its arguments named as in `RecordedRealtimeCall`; the connect key reduced
 * to `apiKeyProvided`, never stored) and each inbound event the session
 * listens to. Everything is delegated unchanged; every other member of the
 * transport (`status`, `connectionState`…) reads through. Credentials are
 * removed before anything is stored, as `recordModel()` removes them: the
 * connect URL's credential query parameters and userinfo, session tokens,
 * `client_secret` values, ephemeral keys, and each value of `secrets`.
 *
 * `fixture()` returns the log; `replayRealtimeTransport()`
 * replays it without a connection.
 *
 * @param realTransport The transport to delegate to.
 * @param options `redact`, `secrets` and `sdkVersion`.
 * @returns The same transport, recording, with `fixture()`.
 * @throws {InvalidRecordingError} `invalid_options` for a `realTransport`
 * that is not a Realtime transport (an object with `on` and `connect`
 * functions), or a bad option.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { recordRealtimeTransport } from '@scripted/agents/replay';
 *
 * // Any transport records; the SDK's WebSocket transport is the usual one.
 * const transport = recordRealtimeTransport(new ScriptedRealtimeTransport());
 * await transport.connect({ apiKey: 'sk-never-recorded' });
 * transport.close();
 * const fixture = transport.fixture();
 * assert.deepEqual(fixture.log[0], {
 *   type: 'call',
 *   method: 'connect',
 *   data: { options: { apiKeyProvided: true } },
 * });
 * assert(!transport.fixtureJson().includes('sk-never-recorded'));
 * ```
 */
export function recordRealtimeTransport<T extends RealtimeTransportLayer>(
  realTransport: T,
  options: RecordRealtimeOptions = {},
): T & RealtimeRecording {
  readDouble(
    realTransport,
    'realTransport',
    'a Realtime transport (an object with on and connect functions)',
    { required: ['on', 'connect'] },
  );
  const { redact, redaction, sdkVersion } = readRecordOptions<
    RealtimeFixtureEntry
  >(options);
  const log: RealtimeFixtureEntry[] = [];
  const listeners = new ListenerRegistry(undefined);
  const forwarded = new Set<PropertyKey>();
  const deltas = new StreamDeltas();

  const forward = (type: PropertyKey): void => {
    if (forwarded.has(type)) return;
    forwarded.add(type);
    realTransport.on(
      type as never,
      ((...args: unknown[]) => {
        args.forEach((arg, i) =>
          deltas.note(log.length, arg, ['args', i], String(type))
        );
        log.push({
          type: 'event',
          event: String(type),
          args: args.map((arg) =>
            encode(arg, { tagged: true, redaction }) ?? null
          ),
        });
        listeners.emit(type, args);
      }) as never,
    );
  };

  const call = (method: string) => (...args: unknown[]): unknown => {
    const entry: { type: 'call'; method: string; data: Json; error?: Json } = {
      type: 'call',
      method,
      data: encodeCallArgs(method as never, args, redaction),
    };
    log.push(entry as RealtimeFixtureEntry);
    const fail = (error: unknown): never => {
      entry.error = encodeError(error, redaction);
      throw error;
    };
    let result: unknown;
    try {
      result = Reflect.apply(
        Reflect.get(realTransport, method) as Listener,
        realTransport,
        args,
      );
    } catch (error) {
      fail(error);
    }
    return isThenable(result) ? Promise.resolve(result).catch(fail) : result;
  };

  // The log's copy, a transcript split across deltas redacted as a whole.
  const copies = (): RealtimeFixtureEntry[] => {
    const out = structuredClone(log);
    deltas.apply(
      out,
      redaction,
      (text) => encode(text, { tagged: true, redaction }),
    );
    return out;
  };

  const fixture = (): RealtimeFixture => ({
    version: fixtureVersion,
    kind: 'realtime',
    // Every field of the envelope goes through the encoder.
    sdkVersion: encode(sdkVersion ?? exposedSdkVersion() ?? 'unknown', {
      redaction,
    }) as string,
    log: copies().map((copy, index) => {
      // Keys sorted, like every object of the fixture.
      const sorted = (value: unknown) => encode(value, { redaction }) ?? null;
      if (redact === undefined) {
        return sorted(copy) as unknown as RealtimeFixtureEntry;
      }
      return readLogEntry(sorted(redact(copy)), index, redaction);
    }),
  });

  const own: Record<PropertyKey, unknown> = {
    fixture,
    fixtureJson: (): string => `${JSON.stringify(fixture(), null, 2)}\n`,
    on(type: PropertyKey, listener: Listener): unknown {
      forward(type);
      listeners.add(type, listener);
      return proxy;
    },
    once(type: PropertyKey, listener: Listener): unknown {
      forward(type);
      listeners.addOnce(type, listener);
      return proxy;
    },
    off(type: PropertyKey, listener: Listener): unknown {
      listeners.remove(type, listener);
      return proxy;
    },
    emit(type: PropertyKey, ...args: unknown[]): boolean {
      return listeners.emit(type, args);
    },
    // Serializing the transport shows the key-free recording, nothing else.
    toJSON: (): RealtimeFixture => fixture(),
  };
  const wrapped = new Map<PropertyKey, unknown>();

  const proxy = new Proxy(realTransport, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key];
      if (isTransportMethod(key)) {
        if (!wrapped.has(key)) wrapped.set(key, call(key));
        return wrapped.get(key);
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  }) as T & RealtimeRecording;
  return proxy;
}

/** Whether `value` names an outbound transport method. */
function isTransportMethod(value: unknown): value is RealtimeTransportMethod {
  return (realtimeTransportMethods as readonly unknown[]).includes(value);
}
