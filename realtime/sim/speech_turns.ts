/**
 * Turn builders for speech: the user speaking (server VAD, input
 * transcription) and a spoken answer cut off (by the user's speech or the
 * application's `interrupt()`), with what the SDK's WebSocket transport does
 * about the audio still playing: `audio_interrupted`, and a
 * `conversation.item.truncate` the server answers.
 *
 * @module
 */
import type { RecordedRealtimeCall } from '../mod.ts';
import { boolean, number, oneOf } from '../../_internal/read.ts';
import { inSpec } from './_read.ts';
import {
  addItem,
  assistantItem,
  endAudio,
  finishResponse,
  heardMs,
  openResponse,
  startAudio,
  streamAudio,
} from './_responses.ts';
import {
  nextId,
  readTarget,
  requireExpectCall,
  type Target,
} from './_target.ts';
import {
  readDeltas,
  readId,
  readSpec,
  readSpeech,
  readUsage,
  speechKeys,
} from './_turn_events.ts';
import {
  deliver,
  deliverRetrieved,
  deliverTruncation,
  interruptPlayback,
  place,
  playingChunks,
  remember,
  type Truncation,
} from './_wire.ts';
import type {
  AudioTurnSpec,
  RealtimeTurnResult,
  RealtimeTurnTarget,
} from './turns.ts';

/** The spec of {@link userSpeechTurn}. */
export interface UserSpeechTurnSpec {
  /** The final input transcript, or its transcription deltas. */
  transcript: string | readonly string[];
  /** Where speech started in the input buffer, in ms (default 0). */
  audioStartMs?: number;
  /** Where speech stopped, in ms (default `audioStartMs` + 1000). */
  audioEndMs?: number;
  /**
   * How many chunks of the assistant's spoken answer still playing the
   * user had heard when they started to speak (default: all of it). Only
   * while an answer plays (after `audioTurn` on this target).
   */
  heard?: number;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link userSpeechTurn} reports. */
export interface UserSpeechTurnResult {
  /** The user item id. */
  readonly itemId: string;
}

/** Delivers an interruption's truncation round trip, if it asked for one. */
function truncate(t: Target, cut: Truncation | null | undefined): void {
  if (cut) deliverTruncation(t, cut);
}

function speechStarted(t: Target, itemId: string, startMs: number): void {
  deliver(t, {
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: startMs,
    item_id: itemId,
  });
}

/**
 * Emits the user speaking, as the Realtime API reports it with server VAD
 * and input transcription: `input_audio_buffer.speech_started` (and, when a
 * spoken answer still plays, what the SDK's transport does about it:
 * `audio_interrupted`, and unless the whole answer was generated and heard,
 * the server's `conversation.item.truncated` and the retrieved item with the
 * transcript deleted), `speech_stopped`, `committed`, the user item added
 * and done (`completed`, `input_audio` with `transcript: null`), one
 * `conversation.item.input_audio_transcription.delta` per delta, the
 * `completed` transcription, and the retrieved item with the transcript the
 * transport asks for. The session emits `transport_event`s,
 * `history_added`, and `history_updated`s that fill in the transcript.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript (deltas), timing, what was heard, and the id.
 * @returns The item id.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { userSpeechTurn } from '@scripted/agents/realtime/sim';
 *
 * const raw: string[] = [];
 * userSpeechTurn((type, ...args) => {
 *   if (type === '*') raw.push((args[0] as { type: string }).type);
 *   return true;
 * }, { transcript: ['Hello', '?'] });
 * assert.equal(raw[0], 'input_audio_buffer.speech_started');
 * assert.equal(raw.at(-1), 'conversation.item.retrieved');
 * ```
 */
export function userSpeechTurn(
  target: RealtimeTurnTarget,
  spec: UserSpeechTurnSpec,
): UserSpeechTurnResult {
  const plan = inSpec('userSpeechTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, [
      'transcript',
      'audioStartMs',
      'audioEndMs',
      'heard',
      'itemId',
    ]);
    const deltas = readDeltas('spec.transcript', s.transcript);
    const start = number(s.audioStartMs, 'spec.audioStartMs', {
      optional: true,
      integer: true,
      min: 0,
    }) ?? 0;
    const end = number(s.audioEndMs, 'spec.audioEndMs', {
      optional: true,
      integer: true,
      min: start,
    }) ?? start + 1000;
    const chunks = playingChunks(t) ?? [];
    const heard = number(s.heard, 'spec.heard', {
      optional: true,
      integer: true,
      min: 0,
      max: chunks.length,
      expected:
        `an integer from 0 to the chunks of the answer playing (${chunks.length})`,
    }) ?? chunks.length;
    let ms = 0;
    for (let i = 0; i < heard; i++) ms += chunks[i] as number;
    return {
      t,
      deltas,
      start,
      end,
      ms,
      itemId: readId(s, 'itemId', t, 'item'),
    };
  });
  const { t, deltas, start, end, ms, itemId } = plan;
  speechStarted(t, itemId, start);
  truncate(t, interruptPlayback(t, ms));
  deliver(t, {
    type: 'input_audio_buffer.speech_stopped',
    audio_end_ms: end,
    item_id: itemId,
  });
  const previous = place(t, itemId);
  deliver(t, {
    type: 'input_audio_buffer.committed',
    previous_item_id: previous,
    item_id: itemId,
  });
  const item = {
    id: itemId,
    object: 'realtime.item',
    type: 'message',
    status: 'completed',
    role: 'user',
    content: [{ type: 'input_audio', transcript: null }],
  };
  for (const type of ['added', 'done']) {
    deliver(t, {
      type: `conversation.item.${type}`,
      previous_item_id: previous,
      item,
    });
  }
  const at = { item_id: itemId, content_index: 0 };
  for (const delta of deltas) {
    deliver(t, {
      type: 'conversation.item.input_audio_transcription.delta',
      ...at,
      delta,
    });
  }
  const transcript = deltas.join('');
  remember(t, { ...item, content: [{ type: 'input_audio', transcript }] });
  deliver(t, {
    type: 'conversation.item.input_audio_transcription.completed',
    ...at,
    transcript,
    usage: {
      type: 'tokens',
      total_tokens: 12,
      input_tokens: 8,
      input_token_details: { text_tokens: 0, audio_tokens: 8 },
      output_tokens: 4,
    },
  });
  deliverRetrieved(t, itemId);
  return { itemId };
}

/** The spec of {@link interruptedTurn}: a spoken answer, and its cut. */
export interface InterruptedTurnSpec extends AudioTurnSpec {
  /** How many chunks (deltas) the user heard when the cut came. */
  heard: number;
  /**
   * `speech` (default): the user barges in (`speech_started`; the server
   * cancels the response); `interrupt`: the application calls
   * `session.interrupt()` (awaited; the transport cancels the response).
   */
  trigger?: 'speech' | 'interrupt';
  /**
   * A late barge-in: the whole answer was generated (`response.done`)
   * while its audio still played; the cut comes after it (default `false`).
   */
  late?: boolean;
}

/** What {@link interruptedTurn} reports. */
export interface InterruptedTurnResult extends RealtimeTurnResult {
  /** The transcript that was played (the heard deltas, joined). */
  readonly heard: string;
  /** The recorded `interrupt` call, for `trigger: 'interrupt'`. */
  readonly interrupt: RecordedRealtimeCall<'interrupt'> | undefined;
}

/**
 * Emits a spoken answer cut off after the user heard `heard` chunks, as
 * the Realtime API and the SDK's WebSocket transport play it out:
 * - `speech`: the answer streams `heard` chunks, then the user's
 *   `speech_started` (the transport interrupts: `audio_interrupted`, when a
 *   chunk was heard), then the server cancels the response (audio done, so
 *   the session emits `audio_stopped`; the item done `incomplete` with the
 *   generated transcript; `response.done` `cancelled`, `turn_detected`),
 *   then the truncation round trip (`conversation.item.truncated`, the
 *   retrieved item without transcript; the session keeps the transcript).
 * - `interrupt`: after `heard` chunks the builder waits for the app's
 *   `session.interrupt()`, inside which `audio_interrupted` is emitted
 *   synchronously, then the cancelled response (`client_cancelled`) and the
 *   truncation. With `heard: 0` nothing plays yet: `interrupt()` is a
 *   no-op and the answer plays to completion.
 * - `late`: the whole answer is generated (`response.done` `completed`),
 *   then the cut; the transport truncates unless all was heard, and the
 *   history keeps the generated text.
 *
 * @param target The scenario context or the transport (`expectCall` is
 *   needed for `trigger: 'interrupt'`).
 * @param spec The planned deltas, how many were heard, the trigger.
 * @returns The ids, the heard transcript and the recorded interrupt.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { interruptedTurn } from '@scripted/agents/realtime/sim';
 *
 * const seen: string[] = [];
 * const result = await interruptedTurn((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { transcript: ['Once ', 'upon ', 'a time'], heard: 2 });
 * assert.equal(result.heard, 'Once upon ');
 * assert.equal(seen.filter((type) => type === 'audio').length, 2);
 * assert(seen.indexOf('audio_interrupted') < seen.indexOf('audio_done'));
 * ```
 */
export function interruptedTurn(
  target: RealtimeTurnTarget,
  spec: InterruptedTurnSpec,
): Promise<InterruptedTurnResult> {
  const plan = inSpec('interruptedTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, [...speechKeys, 'heard', 'trigger', 'late']);
    const speech = readSpeech(s);
    const trigger = oneOf(s.trigger, 'spec.trigger', ['speech', 'interrupt'], {
      optional: true,
    });
    return {
      t,
      speech,
      heard: number(s.heard, 'spec.heard', {
        integer: true,
        min: 0,
        max: speech.deltas.length,
      }),
      late: boolean(s.late, 'spec.late', { optional: true }) ?? false,
      usage: readUsage(s),
      responseId: readId(s, 'responseId', t, 'response'),
      itemId: readId(s, 'itemId', t, 'item'),
      expectCall: trigger === 'interrupt' ? requireExpectCall(t) : undefined,
    };
  });
  const { t, speech, heard, late, usage, responseId, itemId, expectCall } =
    plan;
  const n = speech.deltas.length;
  const ms = heardMs(speech, heard);
  const result = {
    responseId,
    itemId,
    heard: speech.deltas.slice(0, heard).join(''),
  };
  // Registered first: `audio_interrupted` is emitted inside the app's call.
  let effect: Truncation | null | undefined;
  const interrupt = expectCall?.('interrupt', () => {
    effect = interruptPlayback(t, ms);
    return true;
  });
  const r = openResponse(t, { responseId, itemId }, ['audio'], usage);
  addItem(t, r, assistantItem(itemId, 'in_progress', []));
  startAudio(t, r);
  streamAudio(t, r, speech, 0, late ? n : heard);
  if (late) finishResponse(t, r, endAudio(t, r, speech, n, 'completed'));
  if (interrupt === undefined) {
    speechStarted(t, nextId(t.key, 'item'), 0);
    effect = interruptPlayback(t, ms);
    if (!late) {
      const cut = endAudio(t, r, speech, heard, 'incomplete');
      finishResponse(t, r, cut, 'cancelled', 'turn_detected');
    }
    truncate(t, effect);
    return Promise.resolve({ ...result, interrupt: undefined });
  }
  return interrupt.then((call) => {
    if (!late && effect === undefined) {
      // Nothing played yet: no cancel was sent, the answer plays on.
      streamAudio(t, r, speech, heard, n);
      finishResponse(t, r, endAudio(t, r, speech, n, 'completed'));
    } else if (!late) {
      const cut = endAudio(t, r, speech, heard, 'incomplete');
      finishResponse(t, r, cut, 'cancelled', 'client_cancelled');
    }
    truncate(t, effect);
    return { ...result, interrupt: call };
  });
}
