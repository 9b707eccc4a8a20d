/**
 * Shared internals of the turn builders: reading the spec fields every
 * builder has (deltas, ids, audio chunks, usage, delta order) with the one
 * input reader, inside the builder's `inSpec`.
 *
 * @module
 */
import {
  array,
  fields,
  guard,
  number,
  oneOf,
  string,
} from '../../_internal/read.ts';
import type { DeltaOrder, Speech, WireUsage } from './_responses.ts';
import { invalid } from './_read.ts';
import { nextId, type Target } from './_target.ts';
import { defaultTurnUsage } from './usage.ts';

/** A spec's fields, read once: absent keys are absent. */
export type SpecRecord = { readonly [key: string]: unknown };

/** Reads a spec object: only `keys`, each read once. */
export function readSpec(spec: unknown, keys: readonly string[]): SpecRecord {
  return fields(spec, 'spec', keys).fields;
}

/** Reads `text`/`transcript`: one string, or its (non-empty) deltas. */
export function readDeltas(path: string, value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return array(value, path, { nonEmpty: true }).map((item, i) =>
    string(item, `${path}[${i}]`)
  );
}

/** Reads an optional id (`responseId`, `itemId`), or makes one. */
export function readId(
  spec: SpecRecord,
  key: string,
  target: Target,
  kind: string,
): string {
  return string(spec[key], `spec.${key}`, { optional: true, nonEmpty: true }) ??
    nextId(target.key, kind);
}

/** Reads the audio chunks: `audio` (one per delta), or silent ones. */
export function readAudio(spec: SpecRecord, count: number): ArrayBuffer[] {
  const bytes = number(spec.chunkBytes, 'spec.chunkBytes', {
    optional: true,
    integer: true,
    min: 0,
    max: 1 << 20,
  }) ?? 960;
  if (spec.audio === undefined) {
    return Array.from({ length: count }, () => new ArrayBuffer(bytes));
  }
  const audio = array(spec.audio, 'spec.audio');
  if (audio.length !== count) {
    throw invalid(
      'invalid_value',
      'spec.audio',
      `one ArrayBuffer per transcript delta (${count})`,
      audio,
    );
  }
  audio.forEach((chunk, i) => {
    const path = `spec.audio[${i}]`;
    if (!guard(path, () => chunk instanceof ArrayBuffer)) {
      throw invalid(
        'invalid_type',
        `spec.audio[${i}]`,
        'an ArrayBuffer',
        chunk,
      );
    }
  });
  return audio as ArrayBuffer[];
}

function readDetails(
  path: string,
  value: unknown,
): Record<string, number> | undefined {
  if (value === undefined) return undefined;
  // `null` has no keys: `fields` reports its type.
  const keys = guard(path, () => Object.keys(value ?? {}));
  const { fields: f } = fields(value, path, keys);
  const out: Record<string, number> = {};
  for (const key of keys) {
    out[key] = number(f[key], `${path}.${key}`, { min: 0 });
  }
  return out;
}

/** Reads `spec.usage` into the `response.done` shape (default: documented). */
export function readUsage(spec: SpecRecord): WireUsage {
  const usage = spec.usage === undefined ? defaultTurnUsage : fields(
    spec.usage,
    'spec.usage',
    [
      'inputTokens',
      'outputTokens',
      'inputTokensDetails',
      'outputTokensDetails',
    ],
  ).fields;
  const count = (key: string): number =>
    number(usage[key as keyof typeof usage], `spec.usage.${key}`, {
      integer: true,
      min: 0,
    });
  const input = readDetails(
    'spec.usage.inputTokensDetails',
    usage.inputTokensDetails,
  );
  const output = readDetails(
    'spec.usage.outputTokensDetails',
    usage.outputTokensDetails,
  );
  return {
    input_tokens: count('inputTokens'),
    output_tokens: count('outputTokens'),
    ...(input === undefined ? {} : { input_token_details: input }),
    ...(output === undefined ? {} : { output_token_details: output }),
  };
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
export function readSpeech(spec: SpecRecord): Speech {
  const deltas = readDeltas('spec.transcript', spec.transcript);
  const chunks = readAudio(spec, deltas.length);
  const order: DeltaOrder = oneOf(spec.order, 'spec.order', [
    'audio-first',
    'transcript-first',
  ], { optional: true }) ?? 'audio-first';
  return { deltas, chunks, order };
}

/**
 * Waits one task: the SDK's transport handles each server event in a task
 * of its own, so work the session starts on one event (a tool run) goes on
 * before the next event arrives.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
