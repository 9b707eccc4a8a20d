/**
 * Turn builders: each emits the normalized inbound event sequence of one
 * whole turn in the order the SDK's own OpenAI transport delivers it
 * (`openaiRealtimeBase`), so a scenario scripts "the assistant answers" or
 * "the user barges in" instead of a dozen low-level events. This file holds
 * the spoken and text turns; `tool_turns.ts` the tool, handoff and approval
 * turns.
 *
 * @module
 */
import type { RecordedRealtimeCall } from '../mod.ts';
import type { RealtimeScenarioContext } from '../mod.ts';
import { readNumber, readString, specError } from './_read.ts';
import {
  closeAssistantTurn,
  nextId,
  openAssistantTurn,
  playChunks,
  raw,
  readAudio,
  readDeltas,
  readId,
  readSpec,
  readTarget,
  requireExpectCall,
} from './_turn_events.ts';

/**
 * An `emit` function: the scenario's `emit`, or a bound transport `emit`.
 *
 * @example
 * ```ts
 * import type { RealtimeEmit } from '@scripted/agents/realtime/sim';
 *
 * const emit: RealtimeEmit = () => true;
 * void emit;
 * ```
 */
// deno-lint-ignore no-explicit-any
export type RealtimeEmit = (type: string, ...args: any[]) => boolean;

/**
 * Where a builder emits: the scenario context, the transport, a fault
 * injector, or a bare `emit` function (enough for builders that never wait).
 *
 * @example
 * ```ts
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { type RealtimeTurnTarget } from '@scripted/agents/realtime/sim';
 *
 * const target: RealtimeTurnTarget = new ScriptedRealtimeTransport();
 * void target;
 * ```
 */
export type RealtimeTurnTarget = RealtimeEmit | {
  emit: RealtimeEmit;
  expectCall?: RealtimeScenarioContext['expectCall'];
};

/**
 * What every builder reports: the ids it used (given or generated).
 *
 * @example
 * ```ts
 * import type { RealtimeTurnResult } from '@scripted/agents/realtime/sim';
 *
 * const result: RealtimeTurnResult = { responseId: 'r', itemId: 'i' };
 * void result;
 * ```
 */
export interface RealtimeTurnResult {
  /** The response id of `turn_started`/`turn_done`. */
  readonly responseId: string;
  /** The id of the item the turn produced. */
  readonly itemId: string;
}

/** The spec of {@link textTurn}. */
export interface TextTurnSpec {
  /** The answer, or its deltas in order. */
  text: string | readonly string[];
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/**
 * Emits a whole text answer: `turn_started`, the assistant item
 * (`in_progress`), one `output_text_delta` per delta, the completed item,
 * `usage_update` and `turn_done`. The session then emits `agent_start`,
 * `history_added`/`history_updated` and `agent_end` with the text.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The text and optional ids.
 * @returns The ids used.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { textTurn } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport,
 * });
 * const ends: string[] = [];
 * session.on('agent_end', (_context, _agent, output) => ends.push(output));
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * textTurn(transport, { text: ['Hel', 'lo'] });
 * assert.deepEqual(ends, ['Hello']);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export function textTurn(
  target: RealtimeTurnTarget,
  spec: TextTurnSpec,
): RealtimeTurnResult {
  const op = 'textTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, ['text', 'responseId', 'itemId']);
  const deltas = readDeltas(op, 'spec.text', s.text);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const ids = { responseId, itemId };
  openAssistantTurn(t, responseId, itemId);
  for (const delta of deltas) {
    t.emit('output_text_delta', {
      type: 'output_text_delta',
      itemId,
      delta,
      responseId,
    });
  }
  closeAssistantTurn(t, ids, 'completed', [
    { type: 'output_text', text: deltas.join('') },
  ]);
  return ids;
}

/** The spec of {@link audioTurn}. */
export interface AudioTurnSpec {
  /** The spoken transcript, or its deltas (one audio chunk per delta). */
  transcript: string | readonly string[];
  /** The audio chunks, one per delta; defaults to silent chunks. */
  audio?: readonly ArrayBuffer[];
  /** Bytes of each generated chunk (default 960: 20 ms of 24 kHz PCM16). */
  chunkBytes?: number;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/**
 * Emits a whole spoken answer: `turn_started`, the assistant item, then per
 * chunk an `audio` event and its `audio_transcript_delta`, then
 * `audio_done`, the completed item (`output_audio` with the transcript),
 * `usage_update` and `turn_done`. The session emits `agent_start`,
 * `audio_start`, one `audio` per chunk, `audio_stopped` and `agent_end`
 * with the transcript.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript (deltas), optional audio and ids.
 * @returns The ids used.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { audioTurn } from '@scripted/agents/realtime/sim';
 *
 * const seen: string[] = [];
 * audioTurn((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { transcript: ['Hi ', 'there'] });
 * assert.equal(seen.filter((type) => type === 'audio').length, 2);
 * assert(seen.indexOf('audio_done') < seen.indexOf('turn_done'));
 * ```
 */
export function audioTurn(
  target: RealtimeTurnTarget,
  spec: AudioTurnSpec,
): RealtimeTurnResult {
  const op = 'audioTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'audio',
    'chunkBytes',
    'responseId',
    'itemId',
  ]);
  const deltas = readDeltas(op, 'spec.transcript', s.transcript);
  const audio = readAudio(op, s, deltas.length);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const ids = { responseId, itemId };
  openAssistantTurn(t, responseId, itemId);
  playChunks(t, ids, deltas, audio());
  t.emit('audio_done');
  closeAssistantTurn(t, ids, 'completed', [
    { type: 'output_audio', transcript: deltas.join('') },
  ]);
  return ids;
}

/** The spec of {@link userSpeechTurn}. */
export interface UserSpeechTurnSpec {
  /** The final input transcript. */
  transcript: string;
  /** Where speech started in the input buffer, in ms (default 0). */
  audioStartMs?: number;
  /** Where speech stopped, in ms (default `audioStartMs` + 1000). */
  audioEndMs?: number;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link userSpeechTurn} reports. */
export interface UserSpeechTurnResult {
  /** The user item id. */
  readonly itemId: string;
}

/**
 * Emits the user speaking: `input_audio_buffer.speech_started`,
 * `speech_stopped` and `committed` (as raw `*` events and by name, as the
 * SDK's transport does), the user item with an `input_audio` part awaiting
 * its transcript, then
 * `conversation.item.input_audio_transcription.completed`. The session
 * forwards each as `transport_event` and fills the transcript into
 * `history` (`history_updated`).
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript, timing and id.
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
 * }, { transcript: 'Hello?' });
 * assert.equal(raw[0], 'input_audio_buffer.speech_started');
 * ```
 */
export function userSpeechTurn(
  target: RealtimeTurnTarget,
  spec: UserSpeechTurnSpec,
): UserSpeechTurnResult {
  const op = 'userSpeechTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'audioStartMs',
    'audioEndMs',
    'itemId',
  ]);
  const transcript = readString(op, 'spec.transcript', s.transcript) as string;
  const start = readNumber(op, 'spec.audioStartMs', s.audioStartMs, {
    optional: true,
    integer: true,
    min: 0,
  }) ?? 0;
  const end = readNumber(op, 'spec.audioEndMs', s.audioEndMs, {
    optional: true,
    integer: true,
    min: start,
  }) ?? start + 1000;
  const itemId = readId(op, s, 'itemId', t, 'item');
  raw(t, {
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: start,
    item_id: itemId,
  });
  raw(t, {
    type: 'input_audio_buffer.speech_stopped',
    audio_end_ms: end,
    item_id: itemId,
  });
  raw(t, { type: 'input_audio_buffer.committed', item_id: itemId });
  t.emit('item_update', {
    itemId,
    type: 'message',
    role: 'user',
    status: 'in_progress',
    content: [{ type: 'input_audio', transcript: null }],
  });
  raw(t, {
    type: 'conversation.item.input_audio_transcription.completed',
    item_id: itemId,
    content_index: 0,
    transcript,
  });
  return { itemId };
}

/** The spec of {@link interruptedTurn}. */
export interface InterruptedTurnSpec {
  /** The transcript deltas the assistant would have spoken. */
  transcript: readonly string[];
  /** How many chunks (deltas) were played before the interruption. */
  heard: number;
  /**
   * `speech` (default): the user barges in (`speech_started`);
   * `interrupt`: wait for the application's `interrupt()` call.
   */
  trigger?: 'speech' | 'interrupt';
  /** Audio chunks, one per delta; defaults to silent chunks. */
  audio?: readonly ArrayBuffer[];
  /** Bytes of each generated chunk (default 960). */
  chunkBytes?: number;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link interruptedTurn} reports. */
export interface InterruptedTurnResult extends RealtimeTurnResult {
  /** The transcript that was played (the heard deltas, joined). */
  readonly heard: string;
  /** The recorded `interrupt` call, for `trigger: 'interrupt'`. */
  readonly interrupt: RecordedRealtimeCall<'interrupt'> | undefined;
}

/**
 * Emits an assistant audio answer cut off mid-turn: the first `heard`
 * chunks with their transcript deltas, then the interruption (the user's
 * `speech_started`, or the application's `interrupt()` call), then
 * `audio_interrupted`, the truncated assistant item (`incomplete`, holding
 * only the heard transcript), `usage_update` and a cancelled `turn_done`.
 * The session emits `audio_interrupted` and keeps the truncated item in
 * `history`.
 *
 * @param target The scenario context or the transport (`expectCall` is
 *   needed for `trigger: 'interrupt'`).
 * @param spec The planned deltas, how many were heard, and the trigger.
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
 * assert(seen.includes('audio_interrupted'));
 * ```
 */
export function interruptedTurn(
  target: RealtimeTurnTarget,
  spec: InterruptedTurnSpec,
): Promise<InterruptedTurnResult> {
  const op = 'interruptedTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'heard',
    'trigger',
    'audio',
    'chunkBytes',
    'responseId',
    'itemId',
  ]);
  const deltas = readDeltas(op, 'spec.transcript', s.transcript);
  const heard = readNumber(op, 'spec.heard', s.heard, {
    integer: true,
    min: 0,
  }) as number;
  if (heard > deltas.length) {
    throw specError(
      op,
      'invalid_value',
      'spec.heard',
      `at most the number of deltas (${deltas.length})`,
      heard,
    );
  }
  const trigger = s.trigger ?? 'speech';
  if (trigger !== 'speech' && trigger !== 'interrupt') {
    throw specError(
      op,
      'invalid_value',
      'spec.trigger',
      '"speech" or "interrupt"',
      trigger,
    );
  }
  const audio = readAudio(op, s, deltas.length);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const expectCall = trigger === 'interrupt'
    ? requireExpectCall(op, t)
    : undefined;
  const ids = { responseId, itemId };
  const heardText = deltas.slice(0, heard).join('');
  openAssistantTurn(t, responseId, itemId);
  playChunks(t, ids, deltas, audio(), heard);
  const finish = (
    interrupt: RecordedRealtimeCall<'interrupt'> | undefined,
  ): InterruptedTurnResult => {
    t.emit('audio_interrupted');
    closeAssistantTurn(t, ids, 'incomplete', [
      { type: 'output_audio', transcript: heardText },
    ]);
    return { ...ids, heard: heardText, interrupt };
  };
  if (expectCall === undefined) {
    raw(t, {
      type: 'input_audio_buffer.speech_started',
      audio_start_ms: 0,
      item_id: nextId(t.key, 'item'),
    });
    return Promise.resolve(finish(undefined));
  }
  return expectCall('interrupt').then(finish);
}
