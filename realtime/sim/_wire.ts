/**
 * The wire layer of the turn builders. A turn is built as the server events
 * the Realtime API (GA) sends for it, and {@link deliver} hands each event to
 * the target the way the SDK's OpenAI WebSocket transport does: raw on `*`
 * and under its own name, then the normalized events the transport derives
 * from it (`item_update`, `turn_started`, `audio`, `usage_update`, ...), with
 * the transport's playback bookkeeping (what is playing, for `interrupt()`).
 * State (event ids, the conversation's order, what is playing) is kept per
 * target.
 *
 * @module
 */
import {
  fromBase64,
  fromItemEvent,
  fromOutputItem,
  fromResponseDone,
  type WireEvent,
  type WireItem,
} from './_normalized.ts';
import type { Target } from './_target.ts';

/** The assistant audio the transport tracks for `interrupt()`. */
interface Playing {
  readonly itemId: string;
  /** Milliseconds of each chunk received, in order. */
  readonly chunks: number[];
  /** Their sum, summed per chunk as the transport sums them. */
  lengthMs: number;
  /** `response.output_audio.done` arrived since it started. */
  generationDone: boolean;
}

interface WireState {
  events: number;
  /** The conversation's last item (`previous_item_id` of the next). */
  tail: string | null;
  /** Each item's predecessor, as placed. */
  readonly previous: Map<string, string | null>;
  /** Items the server could return on `conversation.item.retrieve`. */
  readonly items: Map<string, WireItem>;
  playing: Playing | undefined;
}

const states = new WeakMap<object, WireState>();

function stateOf(t: Target): WireState {
  let state = states.get(t.key);
  if (state === undefined) {
    state = {
      events: 0,
      tail: null,
      previous: new Map(),
      items: new Map(),
      playing: undefined,
    };
    states.set(t.key, state);
  }
  return state;
}

/** Milliseconds of one PCM16 24 kHz chunk, computed as the transport does. */
export function chunkMs(bytes: number): number {
  return (bytes / 2 / 24000) * 1000;
}

/**
 * Places `id` in the conversation: after `previous` when given (the tail
 * moves only when `previous` was the tail), else at the end.
 *
 * @returns Its predecessor.
 */
export function place(
  t: Target,
  id: string,
  previous?: string,
): string | null {
  const state = stateOf(t);
  const before = previous ?? state.tail;
  state.previous.set(id, before);
  if (before === state.tail) state.tail = id;
  return before;
}

/** Where `id` was placed: its predecessor (`null` for the first item). */
export function previousOf(t: Target, id: string): string | null {
  return stateOf(t).previous.get(id) as string | null;
}

/** Keeps `item` for a later `conversation.item.retrieved`. */
export function remember(t: Target, item: WireItem): void {
  stateOf(t).items.set(item.id, item);
}

function fromAudioDelta(
  t: Target,
  state: WireState,
  e: Record<string, unknown>,
): void {
  // The builders stream one audio part per item: a new item starts anew.
  let playing = state.playing;
  if (playing === undefined || playing.itemId !== e.item_id) {
    playing = state.playing = {
      itemId: e.item_id as string,
      chunks: [],
      lengthMs: 0,
      generationDone: false,
    };
  }
  const data = fromBase64(e.delta as string);
  playing.chunks.push(chunkMs(data.byteLength));
  playing.lengthMs += chunkMs(data.byteLength);
  t.emit('audio', { type: 'audio', data, responseId: e.response_id });
}

/** The normalized events the transport derives from one server event. */
function normalize(
  t: Target,
  state: WireState,
  e: Record<string, unknown>,
): void {
  switch (e.type) {
    case 'response.created':
      t.emit('turn_started', { type: 'response_started', providerData: e });
      return;
    case 'response.done':
      return fromResponseDone(t, e);
    case 'response.output_audio.done':
      t.emit('audio_done');
      // A cut before any chunk: the answer still current is marked done.
      if (state.playing !== undefined) state.playing.generationDone = true;
      return;
    case 'response.output_text.delta':
    case 'response.output_audio_transcript.delta':
      t.emit(
        e.type === 'response.output_text.delta'
          ? 'output_text_delta'
          : 'audio_transcript_delta',
        {
          type: e.type === 'response.output_text.delta'
            ? 'output_text_delta'
            : 'transcript_delta',
          delta: e.delta,
          itemId: e.item_id,
          responseId: e.response_id,
        },
      );
      return;
    case 'conversation.item.added':
    case 'conversation.item.done':
    case 'conversation.item.retrieved':
      return fromItemEvent(t, e);
    case 'response.output_item.added':
    case 'response.output_item.done':
      return fromOutputItem(t, e);
    case 'response.output_audio.delta':
      return fromAudioDelta(t, state, e);
  }
}

/**
 * The event as the transport's schema parses it (what it emits by name):
 * the schema of a response's usage has no `total_tokens`.
 */
function parsed(event: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(event);
  const usage =
    (copy.response as { usage?: Record<string, unknown> } | undefined)
      ?.usage;
  if (usage) delete usage.total_tokens;
  return copy;
}

/**
 * Delivers one server event as the SDK's transport does: a clone raw on
 * `*`, its schema's parse by name, then its normalized events.
 */
export function deliver(t: Target, event: WireEvent): void {
  const state = stateOf(t);
  const stamped = { event_id: `scripted_event_${++state.events}`, ...event };
  t.emit('*', structuredClone(stamped));
  t.emit(stamped.type, parsed(stamped));
  normalize(t, state, parsed(stamped));
}

/** What a truncation asks the server for (content part 0, the audio). */
export interface Truncation {
  readonly itemId: string;
  readonly audioEndMs: number;
}

/**
 * The milliseconds of each chunk of the assistant audio playing (what
 * `interrupt()` acts on), or `undefined` when none plays.
 */
export function playingChunks(t: Target): readonly number[] | undefined {
  return stateOf(t).playing?.chunks;
}

/**
 * The transport's `interrupt()` after the user heard `heardMs` of the
 * playing audio: nothing when none plays (`undefined`); else
 * `audio_interrupted`, and the truncation it sends, or `null` when the
 * whole answer was generated and heard. Playback then resets.
 */
export function interruptPlayback(
  t: Target,
  heardMs: number,
): Truncation | null | undefined {
  const state = stateOf(t);
  const playing = state.playing;
  if (playing === undefined) return undefined;
  state.playing = undefined;
  t.emit('audio_interrupted');
  if (playing.generationDone && heardMs >= playing.lengthMs) return null;
  return {
    itemId: playing.itemId,
    audioEndMs: Math.max(0, Math.floor(Math.min(heardMs, playing.lengthMs))),
  };
}

/**
 * The server's answer to a truncation (`conversation.item.truncated`), then
 * to the transport's `conversation.item.retrieve`: the item with its
 * transcript deleted, as the Realtime API deletes it.
 */
export function deliverTruncation(t: Target, cut: Truncation): void {
  deliver(t, {
    type: 'conversation.item.truncated',
    item_id: cut.itemId,
    content_index: 0,
    audio_end_ms: cut.audioEndMs,
  });
  const state = stateOf(t);
  // Every answer the builders play is remembered when its response ends.
  const item = state.items.get(cut.itemId) as WireItem;
  const content = (item.content as Record<string, unknown>[]).map((
    { transcript: _deleted, ...rest },
  ) => rest);
  const truncated = { ...item, content };
  state.items.set(item.id, truncated);
  deliver(t, { type: 'conversation.item.retrieved', item: truncated });
}

/** The server's answer to `conversation.item.retrieve` for an item kept. */
export function deliverRetrieved(t: Target, id: string): void {
  deliver(t, {
    type: 'conversation.item.retrieved',
    item: stateOf(t).items.get(id),
  });
}
