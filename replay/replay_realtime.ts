/**
 * `replayRealtimeTransport()`: a scripted transport that
 * expects the recorded outbound calls in order, compares each with its
 * recording, and emits the recorded inbound events right after the call
 * that preceded them.
 *
 * @module
 */
import {
  decode,
  encode,
  type Json,
  type JsonObject,
  replayedError,
} from '../_internal/encode.ts';
import { difference } from './_difference.ts';
import { readEnvelope } from './_envelope.ts';
import { readReplayOptions } from './_options.ts';
import type { Redaction } from '../_internal/redact.ts';
import { ReplayMismatchError, withReplayTimeline } from './errors.ts';
import type { RecordedRealtimeCall } from '../realtime/mod.ts';
import { encodeRecordedCall, readLogEntry } from './_realtime_log.ts';
import type {
  RealtimeFixture,
  RealtimeFixtureCall,
  RealtimeFixtureEntry,
  RealtimeFixtureEvent,
} from './realtime_fixture.ts';
import { ScriptedRealtimeTransport } from '../realtime/mod.ts';

/**
 * Options of `replayRealtimeTransport()`.
 *
 * @example
 * ```ts
 * import type { RealtimeReplayOptions } from '@scripted/agents/replay';
 *
 * const options: RealtimeReplayOptions = { compare: false };
 * ```
 */
export interface RealtimeReplayOptions {
  /** `false` replays without comparing the calls' arguments. */
  readonly compare?: boolean;
  /** The `redact` hook the recording used, applied to each call too. */
  readonly redact?: (entry: RealtimeFixtureEntry) => RealtimeFixtureEntry;
  /**
   * The `secrets` the recording used: removed from each call too before
   * it is compared.
   */
  readonly secrets?: readonly string[];
}

interface Turn {
  readonly call: RealtimeFixtureCall;
  readonly events: RealtimeFixtureEvent[];
}

type Emit = (type: string, ...args: unknown[]) => boolean;

// A Realtime replay compares every argument: no aspects to choose.
const none: never[] = [];

/**
 * A transport that replays a recording made with
 * `recordRealtimeTransport()`: it expects the recorded outbound calls in
 * order, compares each call's arguments with its recording (the first
 * difference throws `ReplayMismatchError`, remembered for
 * `assertComplete()`), replays recorded failures, and emits the recorded
 * inbound events right after the call that preceded them.
 *
 * @example
 * ```ts
 * import { replayRealtimeTransport } from '@scripted/agents/replay';
 *
 * const transport = replayRealtimeTransport({
 *   version: 1,
 *   kind: 'realtime',
 *   sdkVersion: 'unknown',
 *   log: [{ type: 'call', method: 'mute', data: { muted: true } }],
 * });
 * transport.mute(true);
 * transport.assertComplete();
 * ```
 *
 * @param fixture A Realtime fixture, as an object or JSON text.
 * @param options `compare: false`, `redact`, `secrets`.
 * @returns The replaying transport.
 * @throws {InvalidRecordingError} When the fixture or the options are
 * malformed.
 */
export function replayRealtimeTransport(
  fixture: RealtimeFixture | string,
  options: RealtimeReplayOptions = {},
): ScriptedRealtimeTransport {
  const { compare, redact, redaction } = readReplayOptions<
    RealtimeFixtureEntry
  >(options, { known: none, fallback: none });
  const { list } = readEnvelope(fixture, 'realtime');
  const entries = list.map((entry, i) => readLogEntry(entry, i, redaction));

  // Events before the first call go out right after it.
  const leading: RealtimeFixtureEvent[] = [];
  const turns: Turn[] = [];
  for (const entry of entries) {
    if (entry.type === 'call') turns.push({ call: entry, events: [] });
    else (turns.at(-1)?.events ?? leading).push(entry);
  }
  turns[0]?.events.unshift(...leading);

  const transport = new ScriptedRealtimeTransport();
  const emit = transport.emit.bind(transport) as unknown as Emit;
  const deliver = (event: RealtimeFixtureEvent): void => {
    if (event.event !== 'connection_change') {
      emit(event.event, ...(decode(event.args as Json[], true) as unknown[]));
    } else if (event.args[0] === 'disconnected') {
      // The scripted transport reports its own status changes; only a
      // remote close needs replaying (after a local one it does nothing).
      transport.disconnect();
    }
  };
  const schedule = (events: readonly RealtimeFixtureEvent[]): void => {
    // Inbound events arrive after the call returned, like network traffic;
    // a call followed by none leaves no timer behind (fake timers see none).
    if (events.length === 0) return;
    setTimeout(() => events.forEach(deliver), 0);
  };
  const failure = (call: RealtimeFixtureCall): void => {
    if (call.error === undefined) return;
    transport.failNextCall(
      call.method,
      replayedError(call.error as JsonObject),
    );
  };

  const first = turns[0];
  if (first !== undefined) failure(first.call);
  turns.forEach(({ call: recorded, events }, index) => {
    void transport.expectCall(recorded.method, (call) => {
      if (compare) {
        check(recorded, call, index, { redact, redaction, turns, transport });
      }
      const next = turns[index + 1];
      if (next !== undefined) failure(next.call);
      schedule(events);
    });
  });
  return transport;
}

function check(
  recorded: RealtimeFixtureCall,
  call: RecordedRealtimeCall,
  index: number,
  how: {
    redact: RealtimeReplayOptions['redact'];
    redaction: Redaction;
    /** The recorded turns and the transport, for the timeline. */
    turns: readonly Turn[];
    transport: ScriptedRealtimeTransport;
  },
): void {
  let actual: RealtimeFixtureEntry = {
    type: 'call',
    method: call.method,
    data: encodeRecordedCall(call, how.redaction),
  };
  if (how.redact !== undefined) {
    // Redacted again after the hook, as the recording was.
    actual = encode(how.redact(structuredClone(actual)), {
      redaction: how.redaction,
    }) as unknown as RealtimeFixtureEntry;
  }
  const found = difference(
    recorded.data as Json,
    (actual as RealtimeFixtureCall).data as Json,
    '',
  );
  if (found === undefined) return;
  throw withReplayTimeline(
    new ReplayMismatchError({
      double: 'realtime',
      callIndex: index,
      aspect: recorded.method,
      ...found,
    }),
    {
      recorded: how.turns.map((turn) => turn.call.method),
      actual: how.transport.calls.map((made) => made.method),
    },
  );
}
