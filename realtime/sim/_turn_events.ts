/**
 * Shared internals of the turn builders: reading the target and common spec
 * fields, deterministic ids, and the event shapes the SDK's OpenAI transport
 * emits for a response (`response.created`, `response.done`, items).
 *
 * @module
 */
import type {
  RealtimeItem,
  RealtimeTransportEventTypes,
} from '@openai/agents-realtime';
import { Usage } from '@openai/agents-core';
import type { RealtimeScenarioContext } from '../mod.ts';
import {
  isArrayBuffer,
  readArray,
  readNumber,
  readRecord,
  readString,
  specError,
  type SpecRecord,
} from './_read.ts';

type Events = RealtimeTransportEventTypes;

const idCounters = new WeakMap<object, number>();

/** Ids unique per target, deterministic: `turn_1_response`, ... */
export function nextId(target: object, kind: string): string {
  const n = (idCounters.get(target) ?? 0) + 1;
  idCounters.set(target, n);
  return `scripted_${kind}_${n}`;
}

export interface Target {
  key: object;
  emit: (type: string, ...args: unknown[]) => boolean;
  expectCall: RealtimeScenarioContext['expectCall'] | undefined;
}

export function readTarget(operation: string, target: unknown): Target {
  if (typeof target === 'function') {
    const fn = target as (type: string, ...args: unknown[]) => boolean;
    return { key: fn, emit: fn, expectCall: undefined };
  }
  let emit: unknown;
  let expectCall: unknown;
  try {
    // `null` fails on the read below, like any non-object.
    if (typeof target !== 'object') throw 0;
    emit = (target as { emit?: unknown }).emit;
    expectCall = (target as { expectCall?: unknown }).expectCall;
  } catch {
    throw specError(
      operation,
      typeof target === 'object' && target !== null
        ? 'unreadable'
        : 'invalid_type',
      'target',
      'an emit function or an object with emit()',
      target,
    );
  }
  if (typeof emit !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.emit',
      'a function',
      emit,
    );
  }
  if (expectCall !== undefined && typeof expectCall !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.expectCall',
      'a function or undefined',
      expectCall,
    );
  }
  const owner = target as object;
  return {
    key: owner,
    emit: (type, ...args) =>
      (emit as (...a: unknown[]) => boolean).call(owner, type, ...args),
    expectCall: expectCall === undefined
      ? undefined
      : ((method, matcher) =>
        (expectCall as (...a: unknown[]) => unknown).call(
          owner,
          method,
          matcher,
        )) as RealtimeScenarioContext['expectCall'],
  };
}

export function requireExpectCall(
  operation: string,
  target: Target,
): RealtimeScenarioContext['expectCall'] {
  if (target.expectCall !== undefined) return target.expectCall;
  throw specError(
    operation,
    'missing',
    'target.expectCall',
    'a function (pass the scenario context or the transport, or set the await option to false)',
    undefined,
  );
}

/** Reads `text`/`transcript`: one string, or its deltas. */
export function readDeltas(
  operation: string,
  path: string,
  value: unknown,
): string[] {
  if (typeof value === 'string') return [value];
  const items = readArray(operation, path, value, { nonEmpty: true });
  return items.map((item, i) =>
    readString(operation, `${path}[${i}]`, item) as string
  );
}

export function readId(
  operation: string,
  spec: SpecRecord,
  key: string,
  target: Target,
  kind: string,
): string {
  return readString(operation, `spec.${key}`, spec[key], {
    optional: true,
    nonEmpty: true,
  }) ?? nextId(target.key, kind);
}

export function readAudio(
  operation: string,
  spec: SpecRecord,
  count: number,
): () => ArrayBuffer[] {
  const bytes = readNumber(operation, 'spec.chunkBytes', spec.chunkBytes, {
    optional: true,
    integer: true,
    min: 0,
  }) ?? 960;
  if (bytes > 1 << 20) {
    throw specError(
      operation,
      'invalid_value',
      'spec.chunkBytes',
      'at most 1048576',
      bytes,
    );
  }
  if (spec.audio === undefined) {
    return () => Array.from({ length: count }, () => new ArrayBuffer(bytes));
  }
  const audio = readArray(operation, 'spec.audio', spec.audio);
  if (audio.length !== count) {
    throw specError(
      operation,
      'invalid_value',
      'spec.audio',
      `one ArrayBuffer per transcript delta (${count})`,
      audio,
    );
  }
  audio.forEach((chunk, i) => {
    if (!isArrayBuffer(chunk)) {
      throw specError(
        operation,
        'invalid_type',
        `spec.audio[${i}]`,
        'an ArrayBuffer',
        chunk,
      );
    }
  });
  return () => audio as ArrayBuffer[];
}

export function readSpec(
  operation: string,
  spec: unknown,
  keys: readonly string[],
): SpecRecord {
  return readRecord(operation, 'spec', spec, keys);
}

const zeroUsage = {
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  inputTokensDetails: {},
  outputTokensDetails: {},
};

export function started(t: Target, responseId: string): void {
  t.emit('turn_started', {
    type: 'response_started',
    providerData: { type: 'response.created', response: { id: responseId } },
  });
}

/** `response.done`: the transport emits `usage_update`, then `turn_done`. */
export function done(
  t: Target,
  responseId: string,
  output: readonly unknown[],
  status = 'completed',
): void {
  t.emit('usage_update', new Usage());
  t.emit('turn_done', {
    type: 'response_done',
    response: {
      id: responseId,
      output: output as Events['turn_done'][0]['response']['output'],
      usage: { ...zeroUsage },
      providerData: { status },
    },
  });
}

export function assistantItem(
  itemId: string,
  status: 'in_progress' | 'completed' | 'incomplete',
  content: unknown[],
): RealtimeItem {
  return {
    itemId,
    type: 'message',
    role: 'assistant',
    status,
    content,
  } as RealtimeItem;
}

export function outputMessage(
  itemId: string,
  status: string,
  content: unknown[],
): unknown {
  return { type: 'message', id: itemId, role: 'assistant', status, content };
}

export function raw(
  t: Target,
  event: { type: string; [key: string]: unknown },
): void {
  t.emit('*', { ...event });
  t.emit(event.type, { ...event });
}

/** `turn_started` and the assistant item `in_progress`: a turn's opening. */
export function openAssistantTurn(
  t: Target,
  responseId: string,
  itemId: string,
): void {
  started(t, responseId);
  t.emit('item_update', assistantItem(itemId, 'in_progress', []));
}

/**
 * Per chunk, an `audio` event and its `audio_transcript_delta`, for the
 * first `count` deltas.
 */
export function playChunks(
  t: Target,
  ids: { readonly responseId: string; readonly itemId: string },
  deltas: readonly string[],
  chunks: readonly ArrayBuffer[],
  count: number = deltas.length,
): void {
  const { responseId, itemId } = ids;
  for (let i = 0; i < count; i++) {
    t.emit('audio', { type: 'audio', data: chunks[i], responseId });
    t.emit('audio_transcript_delta', {
      type: 'transcript_delta',
      itemId,
      delta: deltas[i],
      responseId,
    });
  }
}

/**
 * The assistant item in its final `status` with `content`, then
 * `usage_update` and `turn_done` (`cancelled` for an incomplete item).
 */
export function closeAssistantTurn(
  t: Target,
  ids: { readonly responseId: string; readonly itemId: string },
  status: 'completed' | 'incomplete',
  content: unknown[],
): void {
  const { responseId, itemId } = ids;
  t.emit('item_update', assistantItem(itemId, status, content));
  done(
    t,
    responseId,
    [outputMessage(itemId, status, content)],
    status === 'completed' ? 'completed' : 'cancelled',
  );
}
