/**
 * One model response as the Realtime API (GA) streams it, built from
 * {@link deliver}ed server events: `response.created` and
 * `rate_limits.updated`, each output item added (`response.output_item.added`,
 * `conversation.item.added`) and done (`response.output_item.done`,
 * `conversation.item.done`), the content part events of a text or audio
 * answer, and `response.done` with its usage.
 *
 * @module
 */
import type { Target } from './_target.ts';
import { toBase64, type WireItem } from './_normalized.ts';
import { chunkMs, deliver, place, previousOf, remember } from './_wire.ts';

/** Token usage in the GA `response.done` shape. */
export interface WireUsage {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly input_token_details?: Readonly<Record<string, number>>;
  readonly output_token_details?: Readonly<Record<string, number>>;
}

/** A response being streamed. */
export interface OpenResponse {
  readonly responseId: string;
  readonly itemId: string;
  readonly usage: WireUsage;
  readonly response: Readonly<Record<string, unknown>>;
}

/** The ids a response uses. */
export interface ResponseIds {
  readonly responseId: string;
  readonly itemId: string;
}

/**
 * `response.created` (status `in_progress`, the default 24 kHz PCM audio
 * output and voice) and `rate_limits.updated`.
 */
export function openResponse(
  t: Target,
  ids: ResponseIds,
  modalities: readonly string[],
  usage: WireUsage,
): OpenResponse {
  const response = {
    object: 'realtime.response',
    id: ids.responseId,
    status: 'in_progress',
    status_details: null,
    output: [],
    conversation_id: 'scripted_conversation',
    output_modalities: [...modalities],
    max_output_tokens: 'inf',
    audio: {
      output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' },
    },
    usage: null,
    metadata: null,
  };
  deliver(t, { type: 'response.created', response });
  deliver(t, {
    type: 'rate_limits.updated',
    rate_limits: [
      { name: 'requests', limit: 5000, remaining: 4999, reset_seconds: 0.012 },
      { name: 'tokens', limit: 400000, remaining: 399000, reset_seconds: 0.15 },
    ],
  });
  return { ...ids, usage, response };
}

/** Where a response's events point: its id and output index. */
function at(r: OpenResponse): Record<string, unknown> {
  return { response_id: r.responseId, output_index: 0 };
}

/** Where a content part's events point. */
function partAt(r: OpenResponse): Record<string, unknown> {
  return { ...at(r), item_id: r.itemId, content_index: 0 };
}

/** The output item is added: to the response, then to the conversation. */
export function addItem(t: Target, r: OpenResponse, item: WireItem): void {
  deliver(t, { type: 'response.output_item.added', ...at(r), item });
  deliver(t, {
    type: 'conversation.item.added',
    previous_item_id: place(t, item.id),
    item,
  });
}

/** `response.output_item.done`: the response finished the item. */
export function itemDone(t: Target, r: OpenResponse, item: WireItem): void {
  remember(t, item);
  deliver(t, { type: 'response.output_item.done', ...at(r), item });
}

/**
 * `conversation.item.done`, then `response.done` with `status` (and
 * `reason`, for a cancelled one) and the usage.
 */
export function closeResponse(
  t: Target,
  r: OpenResponse,
  item: WireItem,
  status: 'completed' | 'cancelled' = 'completed',
  reason?: 'turn_detected' | 'client_cancelled',
): void {
  deliver(t, {
    type: 'conversation.item.done',
    previous_item_id: previousOf(t, item.id),
    item,
  });
  deliver(t, {
    type: 'response.done',
    response: {
      ...r.response,
      status,
      status_details: reason === undefined ? null : {
        type: 'cancelled',
        reason,
      },
      output: [item],
      usage: {
        total_tokens: r.usage.input_tokens + r.usage.output_tokens,
        ...r.usage,
      },
    },
  });
}

/** The output item is done, then the response (see `closeResponse`). */
export function finishResponse(
  ...args: Parameters<typeof closeResponse>
): void {
  itemDone(args[0], args[1], args[2]);
  closeResponse(...args);
}

/** An assistant message item. */
export function assistantItem(
  id: string,
  status: 'in_progress' | 'completed' | 'incomplete',
  content: readonly Record<string, unknown>[],
): WireItem {
  return {
    id,
    object: 'realtime.item',
    type: 'message',
    status,
    role: 'assistant',
    content: [...content],
  };
}

/** A text answer's content part: added, one delta each, done. */
export function streamText(
  t: Target,
  r: OpenResponse,
  deltas: readonly string[],
): string {
  const where = partAt(r);
  deliver(t, {
    type: 'response.content_part.added',
    ...where,
    part: { type: 'text', text: '' },
  });
  for (const delta of deltas) {
    deliver(t, { type: 'response.output_text.delta', ...where, delta });
  }
  const text = deltas.join('');
  deliver(t, { type: 'response.output_text.done', ...where, text });
  deliver(t, {
    type: 'response.content_part.done',
    ...where,
    part: { type: 'text', text },
  });
  return text;
}

/** Which delta of a chunk comes first on the wire. */
export type DeltaOrder = 'audio-first' | 'transcript-first';

/** A spoken answer in progress: its deltas, chunks and delta order. */
export interface Speech {
  readonly deltas: readonly string[];
  readonly chunks: readonly ArrayBuffer[];
  readonly order: DeltaOrder;
}

/** The audio content part is added (an empty transcript). */
export function startAudio(t: Target, r: OpenResponse): void {
  deliver(t, {
    type: 'response.content_part.added',
    ...partAt(r),
    part: { type: 'audio', transcript: '' },
  });
}

/** Chunks `from` to `to` (exclusive): audio and transcript deltas. */
export function streamAudio(
  t: Target,
  r: OpenResponse,
  speech: Speech,
  from: number,
  to: number,
): void {
  const where = partAt(r);
  for (let i = from; i < to; i++) {
    const audio = {
      type: 'response.output_audio.delta',
      ...where,
      delta: toBase64(speech.chunks[i] as ArrayBuffer),
    };
    const transcript = {
      type: 'response.output_audio_transcript.delta',
      ...where,
      delta: speech.deltas[i],
    };
    const pair = speech.order === 'audio-first'
      ? [audio, transcript]
      : [transcript, audio];
    for (const event of pair) deliver(t, event);
  }
}

/**
 * The audio part ends with what was generated (`count` chunks): audio
 * done, transcript done, part done; the finished item is returned.
 */
export function endAudio(
  t: Target,
  r: OpenResponse,
  speech: Speech,
  count: number,
  status: 'completed' | 'incomplete',
): WireItem {
  const where = partAt(r);
  const transcript = speech.deltas.slice(0, count).join('');
  deliver(t, { type: 'response.output_audio.done', ...where });
  deliver(t, {
    type: 'response.output_audio_transcript.done',
    ...where,
    transcript,
  });
  deliver(t, {
    type: 'response.content_part.done',
    ...where,
    part: { type: 'audio', transcript },
  });
  return assistantItem(r.itemId, status, [{
    type: 'output_audio',
    transcript,
  }]);
}

/** Milliseconds of the first `count` chunks, summed as the transport sums. */
export function heardMs(speech: Speech, count: number): number {
  let ms = 0;
  for (let i = 0; i < count; i++) {
    ms += chunkMs((speech.chunks[i] as ArrayBuffer).byteLength);
  }
  return ms;
}

/**
 * The server's echo of an item the client created: added, then done,
 * placed after `previous` (or at the end).
 */
export function echoItem(t: Target, item: WireItem, previous?: string): void {
  const before = place(t, item.id, previous);
  remember(t, item);
  deliver(t, {
    type: 'conversation.item.added',
    previous_item_id: before,
    item,
  });
  deliver(t, {
    type: 'conversation.item.done',
    previous_item_id: before,
    item,
  });
}
