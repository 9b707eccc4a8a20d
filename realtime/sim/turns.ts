/**
 * Turn builders: each builds one whole turn as the server events the
 * Realtime API (GA) sends for it and delivers them as the SDK's OpenAI
 * WebSocket transport does (raw on `*` and by name, then the normalized
 * events, in the transport's order), so a scenario scripts "the assistant
 * answers" or "the user barges in" instead of dozens of low-level events.
 * This file holds the text and spoken answers; `speech_turns.ts` the user's
 * speech and interruptions; `tool_turns.ts` the tool, handoff and approval
 * turns.
 *
 * @module
 */
import type { RealtimeScenarioContext } from '../mod.ts';
import {
  addItem,
  assistantItem,
  endAudio,
  finishResponse,
  openResponse,
  startAudio,
  streamAudio,
  streamText,
} from './_responses.ts';
import { inSpec } from './_read.ts';
import { readTarget } from './_target.ts';
import {
  readDeltas,
  readId,
  readSpec,
  readSpeech,
  readUsage,
  speechKeys,
} from './_turn_events.ts';
import type { RealtimeTurnUsage } from './usage.ts';

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
  /** What `response.done` reports (default {@link defaultTurnUsage}). */
  usage?: RealtimeTurnUsage;
}

/**
 * Emits a whole text answer as the Realtime API streams it:
 * `response.created`, `rate_limits.updated`, the assistant item added
 * (`response.output_item.added`, `conversation.item.added`), the text part
 * (added, one `response.output_text.delta` per delta, done), the item done
 * (`response.output_item.done`, `conversation.item.done`) and
 * `response.done` with the usage. Each is delivered raw (`*` and by name)
 * and normalized as the SDK's transport normalizes it (`turn_started`, four
 * `item_update`s, `output_text_delta`s, `usage_update`, `turn_done`), so the
 * session emits `agent_start`, `history_added`, `history_updated`s,
 * `transport_event`s and `agent_end` with the text.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The text, optional ids and usage.
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
 * textTurn(transport, {
 *   text: ['Hel', 'lo'],
 *   usage: { inputTokens: 120, outputTokens: 4 },
 * });
 * assert.deepEqual(ends, ['Hello']);
 * assert.equal(session.usage.inputTokens, 120);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export function textTurn(
  target: RealtimeTurnTarget,
  spec: TextTurnSpec,
): RealtimeTurnResult {
  const { t, deltas, usage, responseId, itemId } = inSpec('textTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, ['text', 'responseId', 'itemId', 'usage']);
    return {
      t,
      deltas: readDeltas('spec.text', s.text),
      usage: readUsage(s),
      responseId: readId(s, 'responseId', t, 'response'),
      itemId: readId(s, 'itemId', t, 'item'),
    };
  });
  const r = openResponse(t, { responseId, itemId }, ['text'], usage);
  addItem(t, r, assistantItem(itemId, 'in_progress', []));
  const text = streamText(t, r, deltas);
  finishResponse(
    t,
    r,
    assistantItem(itemId, 'completed', [{ type: 'output_text', text }]),
  );
  return { responseId, itemId };
}

/** The spec of {@link audioTurn}. */
export interface AudioTurnSpec {
  /** The spoken transcript, or its deltas (one audio chunk per delta). */
  transcript: string | readonly string[];
  /** The audio chunks, one per delta; defaults to silent chunks. */
  audio?: readonly ArrayBuffer[];
  /** Bytes of each generated chunk (default 960: 20 ms of 24 kHz PCM16). */
  chunkBytes?: number;
  /**
   * Per chunk, which delta comes first on the wire (the API does not fix
   * it): `audio-first` (default) or `transcript-first`.
   */
  order?: 'audio-first' | 'transcript-first';
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
  /** What `response.done` reports (default {@link defaultTurnUsage}). */
  usage?: RealtimeTurnUsage;
}

/**
 * Emits a whole spoken answer as the Realtime API streams it:
 * `response.created`, `rate_limits.updated`, the assistant item added, the
 * audio part added, per chunk a `response.output_audio.delta` and its
 * `response.output_audio_transcript.delta` (in `order`), then
 * `response.output_audio.done`, the transcript and part done, the item done
 * (`output_audio` with the transcript) and `response.done`. The session
 * emits `agent_start`, `audio_start`, one `audio` per chunk,
 * `audio_stopped` and `agent_end` with the transcript; the answer stays
 * "playing" for a later `userSpeechTurn` or `interruptedTurn`, as in
 * the SDK's transport.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript (deltas), optional audio, order, ids, usage.
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
  const { t, speech, usage, responseId, itemId } = inSpec('audioTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, speechKeys);
    return {
      t,
      speech: readSpeech(s),
      usage: readUsage(s),
      responseId: readId(s, 'responseId', t, 'response'),
      itemId: readId(s, 'itemId', t, 'item'),
    };
  });
  const r = openResponse(t, { responseId, itemId }, ['audio'], usage);
  addItem(t, r, assistantItem(itemId, 'in_progress', []));
  startAudio(t, r);
  const count = speech.deltas.length;
  streamAudio(t, r, speech, 0, count);
  finishResponse(t, r, endAudio(t, r, speech, count, 'completed'));
  return { responseId, itemId };
}
