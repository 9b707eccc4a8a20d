/**
 * Shared internals of the turn builders: reading the spec fields every
 * builder has (deltas, ids, audio chunks, usage, delta order).
 *
 * @module
 */
import type { DeltaOrder, Speech, WireUsage } from './_responses.ts';
import { nextId, type Target } from './_target.ts';
import {
  isArrayBuffer,
  readArray,
  readNumber,
  readRecord,
  readString,
  specError,
  type SpecRecord,
} from './_read.ts';
import { defaultTurnUsage } from './usage.ts';

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

function readDetails(
  operation: string,
  path: string,
  value: unknown,
): Record<string, number> | undefined {
  if (value === undefined) return undefined;
  let keys: string[] = [];
  try {
    if (typeof value === 'object' && value !== null) {
      keys = Object.keys(value);
    }
  } catch {
    // `readRecord` reports the unreadable object.
  }
  const record = readRecord(operation, path, value, keys);
  const out: Record<string, number> = {};
  for (const key of keys) {
    out[key] = readNumber(operation, `${path}.${key}`, record[key], {
      min: 0,
    }) as number;
  }
  return out;
}

/** Reads `spec.usage` into the `response.done` shape (default: documented). */
export function readUsage(operation: string, spec: SpecRecord): WireUsage {
  if (spec.usage === undefined) return wireUsage(defaultTurnUsage);
  const usage = readRecord(operation, 'spec.usage', spec.usage, [
    'inputTokens',
    'outputTokens',
    'inputTokensDetails',
    'outputTokensDetails',
  ]);
  const count = (key: string): number =>
    readNumber(operation, `spec.usage.${key}`, usage[key], {
      integer: true,
      min: 0,
    }) as number;
  return wireUsage({
    inputTokens: count('inputTokens'),
    outputTokens: count('outputTokens'),
    inputTokensDetails: readDetails(
      operation,
      'spec.usage.inputTokensDetails',
      usage.inputTokensDetails,
    ),
    outputTokensDetails: readDetails(
      operation,
      'spec.usage.outputTokensDetails',
      usage.outputTokensDetails,
    ),
  });
}

function wireUsage(usage: {
  inputTokens: number;
  outputTokens: number;
  inputTokensDetails?: Readonly<Record<string, number>> | undefined;
  outputTokensDetails?: Readonly<Record<string, number>> | undefined;
}): WireUsage {
  return {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    ...(usage.inputTokensDetails === undefined
      ? {}
      : { input_token_details: { ...usage.inputTokensDetails } }),
    ...(usage.outputTokensDetails === undefined
      ? {}
      : { output_token_details: { ...usage.outputTokensDetails } }),
  };
}

/** Reads `spec.order`: which delta of a chunk comes first (default audio). */
export function readOrder(operation: string, spec: SpecRecord): DeltaOrder {
  const order = spec.order ?? 'audio-first';
  if (order !== 'audio-first' && order !== 'transcript-first') {
    throw specError(
      operation,
      'invalid_value',
      'spec.order',
      '"audio-first" or "transcript-first"',
      order,
    );
  }
  return order;
}

/**
 * Waits one task: the SDK's transport handles each server event in a task
 * of its own, so work the session starts on one event (a tool run) goes on
 * before the next event arrives.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The spec keys of a spoken answer (`audioTurn`, `interruptedTurn`). */
export const speechKeys: readonly string[] = [
  'transcript',
  'audio',
  'chunkBytes',
  'order',
  'responseId',
  'itemId',
  'usage',
];

/** Reads what a spoken answer needs: its deltas, chunks and order. */
export function readSpeech(operation: string, spec: SpecRecord): Speech {
  const deltas = readDeltas(operation, 'spec.transcript', spec.transcript);
  const audio = readAudio(operation, spec, deltas.length);
  const order = readOrder(operation, spec);
  return { deltas, chunks: audio(), order };
}
