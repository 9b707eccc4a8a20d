/**
 * Validation and normalization of scripted model inputs, done once where a
 * step is defined: each input is read once ({@link readFields}), checked,
 * and its data snapshotted. Private to the model folder.
 *
 * @module
 */
import type { AgentOutputItem } from '@openai/agents-core';
import { closest, describe, listNames } from '../_internal/format.ts';
import { readFields } from '../_internal/read.ts';
import { snapshot } from '../_internal/snapshot.ts';
import type { UsageInput } from '../_internal/sdk.ts';
import {
  type At,
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  type Found,
  guarded,
  invalid,
  isRecord,
  join,
  kindOf,
  unreadable,
} from '../_internal/model_checks.ts';
import { readUsage } from './_usage.ts';
import type {
  ModelResponder,
  ModelStreamResponder,
  ScriptedModelRetryAdvice,
  ScriptedModelStream,
} from './types.ts';

/** A validated response, frozen; materialized afresh for every call. */
export interface ResponseTemplate {
  /** Frozen snapshot of the output items. */
  readonly output: readonly AgentOutputItem[];
  /** Frozen usage data, or `undefined` for the deterministic default. */
  readonly usage: UsageInput | undefined;
  /** The response id, if the script gave one. */
  readonly responseId: string | undefined;
  /** The request id, if the script gave one. */
  readonly requestId: string | undefined;
  /** Frozen provider data, if any. */
  readonly providerData: Record<string, unknown> | undefined;
  /** Frozen raw provider usage, if any. */
  readonly rawUsage: Record<string, unknown> | undefined;
  /** Whether this came from the output-array shorthand. */
  readonly shorthand: boolean;
}

/** A normalized step, as the model keeps it. */
export type NormalizedStep =
  | { readonly type: 'response'; readonly template: ResponseTemplate }
  | { readonly type: 'responder'; readonly respond: ModelResponder }
  | {
    readonly type: 'error';
    readonly error: unknown;
    readonly advice: ScriptedModelRetryAdvice | undefined;
  }
  | { readonly type: 'stream'; readonly events: ScriptedModelStream }
  | {
    readonly type: 'stream_responder';
    readonly respond: ModelStreamResponder;
  };

const isArray = Array.isArray;

/** The keys of each step envelope; any other key is rejected. */
const envelopeKeys: Readonly<Record<string, readonly string[]>> = {
  response: ['type', 'response'],
  responder: ['type', 'respond'],
  error: ['type', 'error', 'retryAdvice'],
  stream: ['type', 'events'],
  stream_responder: ['type', 'respond'],
};

const stepTypeNames = Object.keys(envelopeKeys);

/** The fields of a `ModelResponse` the model reads. */
const responseKeys = [
  'output',
  'usage',
  'responseId',
  'requestId',
  'providerData',
  'rawUsage',
] as const;

type ResponseFields = { readonly [K in typeof responseKeys[number]]?: unknown };

/** Every field an input may have: a response's and each envelope's. */
const inputKeys = [
  'type',
  ...responseKeys,
  'response',
  'respond',
  'error',
  'retryAdvice',
  'events',
] as const;

/** Names an input without `type` or `output` may have misspelled. */
const inputNames = ['type', 'output', 'usage'];

/** A response read and checked, nothing copied yet. */
interface CheckedResponse {
  readonly output: readonly unknown[];
  readonly usage: UsageInput | undefined;
  readonly fields: ResponseFields | undefined;
}

function checkItems(
  output: readonly unknown[],
  at: At,
  base: string | undefined,
): void {
  guarded(at, () => {
    for (let i = 0; i < output.length; i++) {
      const item = output[i];
      if (!isRecord(item)) {
        throw invalid('invalid_response', at, {
          issue: 'invalid_item',
          path: join(base, `[${i}]`),
          received: describe(item),
        });
      }
    }
  }, base);
}

function optional(
  fields: ResponseFields,
  name: 'responseId' | 'requestId' | 'providerData' | 'rawUsage',
  at: At,
  base: string | undefined,
): void {
  const value = fields[name];
  if (value === undefined) return;
  const kind = name === 'responseId' || name === 'requestId'
    ? typeof value === 'string'
    : isRecord(value);
  if (kind) return;
  throw invalid('invalid_response', at, {
    issue: 'invalid_field',
    path: join(base, name),
    received: describe(value),
  });
}

/** Checks the fields of a `ModelResponse`, read once. */
function checkFields(
  fields: ResponseFields,
  at: At,
  base: string | undefined,
): CheckedResponse {
  const output = fields.output;
  const outputPath = join(base, 'output');
  if (kindOf(output, at, outputPath) !== 'array') {
    throw invalid('invalid_response', at, {
      issue: 'invalid_output',
      path: outputPath,
      received: describe(output),
    });
  }
  checkItems(output as readonly unknown[], at, outputPath);
  optional(fields, 'responseId', at, base);
  optional(fields, 'requestId', at, base);
  optional(fields, 'providerData', at, base);
  optional(fields, 'rawUsage', at, base);
  const usage = fields.usage === undefined
    ? undefined
    : readUsage(fields.usage, at, base);
  return { output: output as readonly unknown[], usage, fields };
}

/** Reads and checks an output array or a `ModelResponse`. */
function checkAny(
  value: unknown,
  at: At,
  base: string | undefined,
): CheckedResponse {
  const kind = kindOf(value, at, base);
  if (kind === 'array') {
    const output = value as readonly unknown[];
    checkItems(output, at, base);
    return { output, usage: undefined, fields: undefined };
  }
  if (kind !== 'record') {
    throw invalid('invalid_response', at, {
      path: base,
      received: describe(value),
    });
  }
  const read = readFields(value as object, responseKeys);
  if (!read.ok) {
    throw unreadable(
      at,
      read.key === undefined ? base : join(base, read.key),
      read.cause,
    );
  }
  return checkFields(read.fields, at, base);
}

/** Snapshots a checked response into its frozen template. */
function template(
  checked: CheckedResponse,
  at: At,
  base: string | undefined,
): ResponseTemplate {
  return guarded(at, () => {
    const fields = checked.fields;
    return Object.freeze({
      output: snapshot(checked.output) as readonly AgentOutputItem[],
      // A snapshot of `undefined` is `undefined`.
      usage: snapshot(checked.usage),
      responseId: fields?.responseId as string | undefined,
      requestId: fields?.requestId as string | undefined,
      providerData: snapshot(
        fields?.providerData as Record<string, unknown> | undefined,
      ),
      rawUsage: snapshot(
        fields?.rawUsage as Record<string, unknown> | undefined,
      ),
      shorthand: fields === undefined,
    });
  }, base);
}

/**
 * Checks an output array or a `ModelResponse` without copying it: what a
 * factory does, leaving the snapshot to the constructor or `enqueue()`.
 *
 * @param value The response.
 * @param at Where the response was defined.
 * @param base The path of the response relative to the step, if any.
 * @throws {InvalidScriptedModelStepError} `invalid_response`, or
 * `invalid_input` (issue `unreadable`) when reading the value throws.
 */
export function checkResponse(
  value: unknown,
  at: At,
  base: string | undefined,
): void {
  checkAny(value, at, base);
}

/**
 * Validates an output array or a `ModelResponse` and freezes a template of
 * it.
 *
 * @param value The response.
 * @param at Where the response was defined or returned.
 * @param base The path of the response relative to the step, if any.
 * @returns The frozen template.
 * @throws {InvalidScriptedModelStepError} `invalid_response`, or
 * `invalid_input` (issue `unreadable`) when reading the value throws.
 */
export function readResponse(
  value: unknown,
  at: At,
  base: string | undefined,
): ResponseTemplate {
  return template(checkAny(value, at, base), at, base);
}

/**
 * Validates and normalizes one input of the constructor or `enqueue()`,
 * classified as `@openai/agents/testing` does: an array is an output array;
 * an object with a `type` key is a step envelope; an object with an `output`
 * or `usage` key is a `ModelResponse`; anything else is `invalid_input`.
 *
 * @param input The input.
 * @param inputIndex Its zero-based position.
 * @returns The normalized step.
 * @throws {InvalidScriptedModelStepError} With `inputIndex` set.
 */
export function normalizeInput(
  input: unknown,
  inputIndex: number,
): NormalizedStep {
  const at: At = { inputIndex };
  return guarded(at, (): NormalizedStep => {
    const kind = kindOf(input, at, undefined);
    if (kind === 'array') {
      return { type: 'response', template: readResponse(input, at, undefined) };
    }
    if (kind !== 'record') {
      throw invalid('invalid_input', at, { received: describe(input) });
    }
    const read = readFields(input as object, inputKeys);
    if (!read.ok) throw unreadable(at, read.key, read.cause);
    const { fields, keys } = read;
    if ('type' in fields) return normalizeEnvelope(fields, keys, at);
    if ('output' in fields || 'usage' in fields) {
      return {
        type: 'response',
        template: template(checkFields(fields, at, undefined), at, undefined),
      };
    }
    throw invalid('invalid_input', at, {
      received: describe(input),
      suggestion: suggestKey(keys, inputNames),
    });
  });
}

/** The first key that looks like a misspelled name, as its correction. */
function suggestKey(
  keys: readonly string[],
  names: readonly string[],
): string | undefined {
  for (const key of keys) {
    const suggestion = closest(key, names);
    if (suggestion !== undefined) return suggestion;
  }
  return undefined;
}

function unknownKeys(
  keys: readonly string[],
  allowed: readonly string[],
): string[] {
  return keys.filter((key) => !allowed.includes(key));
}

/**
 * The fields of a "missing" failure: when the step has unknown keys, they
 * are what was found, and the misspelled one is named.
 */
function missing(
  keys: readonly string[],
  type: string,
  path: string,
): Found {
  const allowed = envelopeKeys[type] ?? [];
  const unknown = unknownKeys(keys, allowed);
  if (unknown.length === 0) return { path };
  return {
    path,
    received: listNames(unknown),
    suggestion: suggestKey(unknown, allowed),
  };
}

function checkKeys(keys: readonly string[], type: string, at: At): void {
  const allowed = envelopeKeys[type] ?? [];
  const unknown = unknownKeys(keys, allowed);
  if (unknown.length === 0) return;
  throw invalid('invalid_input', at, {
    issue: 'unknown_property',
    path: unknown[0],
    received: listNames(unknown),
    suggestion: suggestKey(unknown, allowed),
  });
}

type InputFields = { readonly [K in typeof inputKeys[number]]?: unknown };

function normalizeEnvelope(
  fields: InputFields,
  keys: readonly string[],
  where: At,
): NormalizedStep {
  const type = fields.type;
  if (typeof type !== 'string' || !Object.hasOwn(envelopeKeys, type)) {
    throw invalid(
      'unknown_step_type',
      { ...where, stepType: typeof type === 'string' ? type : undefined },
      {
        path: 'type',
        received: describe(type),
        suggestion: closest(type, stepTypeNames),
      },
    );
  }
  const at: At = { ...where, stepType: type };
  // Each step's own checks first, so `reason` is the SDK module's; then
  // keys the step type does not have.
  let step: NormalizedStep;
  switch (type) {
    case 'response': {
      if (fields.response === undefined) {
        throw invalid('missing_response', at, missing(keys, type, 'response'));
      }
      // A malformed response names no step type, as the SDK module's does.
      step = {
        type,
        template: readResponse(fields.response, where, 'response'),
      };
      break;
    }
    case 'responder':
    case 'stream_responder': {
      const respond = fields.respond;
      if (respond === undefined) {
        throw invalid('missing_responder', at, missing(keys, type, 'respond'));
      }
      checkFunction(respond, at);
      // The same shape for both; only the type of `respond` differs.
      step = { type, respond } as NormalizedStep;
      break;
    }
    case 'error': {
      const error = fields.error;
      if (error === undefined) {
        throw invalid('missing_error', at, missing(keys, type, 'error'));
      }
      const advice = fields.retryAdvice;
      checkRetryAdvice(advice, at);
      step = {
        type,
        error,
        // An object is copied; a callback or `undefined` is kept as is.
        advice: guarded(
          at,
          () => snapshot(advice) as ScriptedModelRetryAdvice | undefined,
          'retryAdvice',
        ),
      };
      break;
    }
    default: {
      const events = fields.events;
      checkEvents(events, at, 'events');
      step = {
        type: 'stream',
        events: isArray(events)
          ? guarded(at, () => snapshot(events), 'events')
          : events as ScriptedModelStream,
      };
    }
  }
  checkKeys(keys, type, at);
  return step;
}
