/**
 * Validation and normalization of scripted model inputs, done once where a
 * step is defined: each input is read once ({@link readFields}), checked,
 * and its data snapshotted. Private to the model folder.
 *
 * @module
 */
import type { AgentOutputItem } from '@openai/agents-core';
import { closest, describe, listNames } from '../_internal/format.ts';
import { array, at, fields, guard, object, string } from '../_internal/read.ts';
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
  kindOf,
  reading,
} from './_checks.ts';
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
  /**
   * The response object as given, whose `rawUsage` a call reads when (and
   * only when) its `modelSettings.preserveRawUsage` is `true`, as the SDK
   * module does ({@link rawUsageFor}); `undefined` for an output array.
   */
  readonly source: object | undefined;
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
  /** The response object, for its `rawUsage` at call time. */
  readonly source: object | undefined;
}

// The output items at `path`: an array of objects, read once.
function outputAt(value: unknown, path: string): unknown[] {
  const output = { label: 'invalid_output', expected: 'an array of items' };
  const item = { label: 'invalid_item', expected: 'an item object' };
  return array(value, path, output).map((each, i) =>
    object(each, at(path, i), item)
  );
}

/** Checks the fields of a `ModelResponse`, read once. */
function checkFields(
  source: object,
  fields: ResponseFields,
  where: At,
  base: string,
): CheckedResponse {
  const output = outputAt(fields.output, at(base, 'output'));
  const field = { optional: true, label: 'invalid_field' } as const;
  string(fields.responseId, at(base, 'responseId'), field);
  string(fields.requestId, at(base, 'requestId'), field);
  object(fields.providerData, at(base, 'providerData'), field);
  const usage = fields.usage === undefined
    ? undefined
    : readUsage(fields.usage, where, base === '' ? undefined : base);
  return { output, usage, fields, source };
}

/** Reads and checks an output array or a `ModelResponse`. */
function checkAny(
  value: unknown,
  where: At,
  base: string | undefined,
): CheckedResponse {
  const path = base ?? '';
  return reading(where, () => {
    if (guard(path, () => Array.isArray(value))) {
      const output = outputAt(value, path);
      return { output, usage: undefined, fields: undefined, source: undefined };
    }
    object(value, path, {
      label: 'invalid_response',
      expected: 'an output array or a ModelResponse',
    });
    const read = fields(value, path, responseKeys, { unknownKeys: 'allow' });
    return checkFields(value as object, read.fields, where, path);
  }, 'invalid_response');
}

/** Snapshots a checked response into its frozen template. */
function template(
  checked: CheckedResponse,
  where: At,
  base: string | undefined,
): ResponseTemplate {
  return guarded(where, () => {
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
      source: checked.source,
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
  where: At,
  base: string | undefined,
): void {
  checkAny(value, where, base);
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
  where: At,
  base: string | undefined,
): ResponseTemplate {
  return template(checkAny(value, where, base), where, base);
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
  const where: At = { inputIndex };
  return guarded(where, (): NormalizedStep => {
    const kind = kindOf(input, where, undefined);
    if (kind === 'array') {
      return {
        type: 'response',
        template: readResponse(input, where, undefined),
      };
    }
    if (kind !== 'record') {
      throw invalid('invalid_input', where, { received: describe(input) });
    }
    const { fields: read, keys } = reading(
      where,
      () => fields(input, '', inputKeys, { unknownKeys: 'allow' }),
    );
    if ('type' in read) return normalizeEnvelope(read, keys, where);
    if ('output' in read || 'usage' in read) {
      const checked = reading(
        where,
        () => checkFields(input as object, read, where, ''),
        'invalid_response',
      );
      return {
        type: 'response',
        template: template(checked, where, undefined),
      };
    }
    throw invalid('invalid_input', where, {
      received: describe(input),
      suggestion: suggestKey(keys, inputNames),
    });
  });
}

/** The first of `keys` that looks like a misspelled name, corrected. */
function suggestKey(
  keys: readonly string[],
  names: readonly string[],
): string | undefined {
  return keys.map((key) => closest(key, names)).find(Boolean);
}

/**
 * The keys of a `type` envelope that its type does not have, as what was
 * found at `path` (the first such key, unless given), with the one a
 * misspelled key meant; just `path` when there are none.
 */
function stray(keys: readonly string[], type: string, path?: string): Found {
  const allowed = envelopeKeys[type]!;
  const unknown = keys.filter((key) => !allowed.includes(key));
  if (unknown.length === 0) return { path };
  return {
    path: path ?? unknown[0],
    received: listNames(unknown),
    suggestion: suggestKey(unknown, allowed),
  };
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
  const typed: At = { ...where, stepType: type };
  // Each step's own checks first, so `reason` is the SDK module's; then
  // keys the step type does not have.
  let step: NormalizedStep;
  switch (type) {
    case 'response': {
      if (fields.response === undefined) {
        throw invalid(
          'missing_response',
          typed,
          stray(keys, type, 'response'),
        );
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
        throw invalid(
          'missing_responder',
          typed,
          stray(keys, type, 'respond'),
        );
      }
      checkFunction(respond, typed);
      // The same shape for both; only the type of `respond` differs.
      step = { type, respond } as NormalizedStep;
      break;
    }
    case 'error': {
      const error = fields.error;
      if (error === undefined) {
        throw invalid('missing_error', typed, stray(keys, type, 'error'));
      }
      const advice = fields.retryAdvice;
      checkRetryAdvice(advice, typed);
      step = {
        type,
        error,
        // An object is copied; a callback or `undefined` is kept as is.
        advice: guarded(
          typed,
          () => snapshot(advice) as ScriptedModelRetryAdvice | undefined,
          'retryAdvice',
        ),
      };
      break;
    }
    default: {
      const events = fields.events;
      checkEvents(events, typed, 'events');
      step = {
        type: 'stream',
        events: isArray(events)
          ? guarded(typed, () => snapshot(events), 'events')
          : events as ScriptedModelStream,
      };
    }
  }
  const found = stray(keys, type);
  if (found.received !== undefined) {
    throw invalid('invalid_input', typed, {
      issue: 'unknown_property',
      ...found,
    });
  }
  return step;
}
