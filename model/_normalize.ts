/**
 * Validation and normalization of scripted model inputs, done once where a
 * step is defined. Private to the model folder.
 *
 * @module
 */
import type { AgentOutputItem, UsageInput } from '@openai/agents-core';
import { snapshot } from '../_internal/snapshot.ts';
import {
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  fail,
  type Found,
  guarded,
  isMissing,
  isRecord,
  join,
  show,
  type Where,
} from './_checks.ts';
import { closest, describeKeys } from './_describe.ts';
import { readUsage } from './_usage.ts';
import type {
  ModelResponder,
  ModelRetryAdviceInput,
  ModelStreamEvents,
  ModelStreamResponder,
} from './steps.ts';

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
    readonly advice: ModelRetryAdviceInput | undefined;
  }
  | { readonly type: 'stream'; readonly events: ModelStreamEvents }
  | {
    readonly type: 'stream_responder';
    readonly respond: ModelStreamResponder;
  };

const isArray = Array.isArray;

/** The keys of each step envelope; any other key is rejected. */
const envelopeKeys: Record<string, readonly string[]> = {
  response: ['type', 'response'],
  responder: ['type', 'respond'],
  error: ['type', 'error', 'retryAdvice'],
  stream: ['type', 'events'],
  stream_responder: ['type', 'respond'],
};

const stepTypeNames = Object.keys(envelopeKeys);

/** Names an input without `type` or `output` may have misspelled. */
const inputNames = ['type', 'output', 'usage'];

function checkItems(
  output: readonly unknown[],
  stepType: string | undefined,
  where: Where | undefined,
  base: string | undefined,
): void {
  for (let i = 0; i < output.length; i++) {
    const item = output[i];
    if (!isRecord(item)) {
      throw fail('invalid_response', stepType, where, {
        issue: 'invalid_item',
        path: join(base, `[${i}]`),
        received: show(item),
      });
    }
  }
}

function optional(
  value: unknown,
  kind: 'string' | 'object',
  name: string,
  stepType: string | undefined,
  where: Where | undefined,
  base: string | undefined,
): void {
  if (value === undefined) return;
  if (kind === 'string' ? typeof value === 'string' : isRecord(value)) return;
  throw fail('invalid_response', stepType, where, {
    issue: 'invalid_field',
    path: join(base, name),
    received: show(value),
  });
}

/**
 * Validates an output array or a `ModelResponse` and freezes a template of
 * it.
 *
 * @param value The response.
 * @param stepType The step's type, for the error.
 * @param where Where the response was defined or returned.
 * @param base The path of the response relative to the step, if any.
 * @returns The frozen template.
 * @throws {InvalidScriptedModelStepError} `invalid_response`, or
 * `invalid_input` when reading the value throws.
 */
export function readResponse(
  value: unknown,
  stepType: string | undefined,
  where?: Where,
  base?: string,
): ResponseTemplate {
  return guarded(stepType, where, () => {
    if (isArray(value)) {
      checkItems(value, stepType, where, base);
      return template(snapshot(value), undefined, true);
    }
    if (!isRecord(value)) {
      throw fail('invalid_response', stepType, where, {
        path: base,
        received: show(value),
      });
    }
    const { output, usage, responseId, requestId, providerData, rawUsage } =
      value;
    const outputPath = join(base, 'output');
    if (!isArray(output)) {
      throw fail('invalid_response', stepType, where, {
        issue: 'invalid_output',
        path: outputPath,
        received: show(output),
      });
    }
    checkItems(output, stepType, where, outputPath);
    optional(responseId, 'string', 'responseId', stepType, where, base);
    optional(requestId, 'string', 'requestId', stepType, where, base);
    optional(providerData, 'object', 'providerData', stepType, where, base);
    optional(rawUsage, 'object', 'rawUsage', stepType, where, base);
    const data = usage === undefined
      ? undefined
      : readUsage(usage, stepType, where, base);
    return template(snapshot(output), data, false, {
      responseId: responseId as string | undefined,
      requestId: requestId as string | undefined,
      providerData: snapshot(providerData as Record<string, unknown>),
      rawUsage: snapshot(rawUsage as Record<string, unknown>),
    });
  }, base);
}

function template(
  output: readonly AgentOutputItem[],
  usage: UsageInput | undefined,
  shorthand: boolean,
  extra?: Pick<
    ResponseTemplate,
    'responseId' | 'requestId' | 'providerData' | 'rawUsage'
  >,
): ResponseTemplate {
  return Object.freeze({
    output,
    usage,
    responseId: extra?.responseId,
    requestId: extra?.requestId,
    providerData: extra?.providerData,
    rawUsage: extra?.rawUsage,
    shorthand,
  });
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
  const where: Where = { inputIndex };
  return guarded(undefined, where, (): NormalizedStep => {
    if (isArray(input)) {
      return {
        type: 'response',
        template: readResponse(input, undefined, where),
      };
    }
    if (!isRecord(input)) {
      throw fail('invalid_input', undefined, where, { received: show(input) });
    }
    if ('type' in input) return normalizeEnvelope(input, input.type, where);
    if ('output' in input || 'usage' in input) {
      return {
        type: 'response',
        template: readResponse(input, undefined, where),
      };
    }
    throw fail('invalid_input', undefined, where, {
      received: show(input),
      suggestion: suggestKey(Object.keys(input), inputNames),
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
  input: Record<string, unknown>,
  allowed: readonly string[],
): string[] {
  const keys = Object.keys(input);
  if (keys.length <= allowed.length && keys.every((k) => allowed.includes(k))) {
    return [];
  }
  return keys.filter((key) => !allowed.includes(key));
}

/**
 * The fields of a "missing" failure: when the step has unknown keys, they
 * are what was found, and the misspelled one is named.
 */
function missing(
  input: Record<string, unknown>,
  type: string,
  path: string,
): Found {
  const allowed = envelopeKeys[type];
  const unknown = unknownKeys(input, allowed);
  if (unknown.length === 0) return { path };
  return {
    path,
    received: describeKeys(unknown),
    suggestion: suggestKey(unknown, allowed),
  };
}

function checkKeys(
  input: Record<string, unknown>,
  type: string,
  where: Where,
): void {
  const allowed = envelopeKeys[type];
  const unknown = unknownKeys(input, allowed);
  if (unknown.length === 0) return;
  throw fail('invalid_input', type, where, {
    issue: 'unknown_property',
    path: unknown[0],
    received: describeKeys(unknown),
    suggestion: suggestKey(unknown, allowed),
  });
}

function normalizeEnvelope(
  input: Record<string, unknown>,
  type: unknown,
  where: Where,
): NormalizedStep {
  if (typeof type !== 'string' || !Object.hasOwn(envelopeKeys, type)) {
    throw fail(
      'unknown_step_type',
      typeof type === 'string' ? type : undefined,
      where,
      {
        path: 'type',
        received: show(type),
        suggestion: closest(type, stepTypeNames),
      },
    );
  }
  // Each step's own checks first, so `reason` is the SDK module's; then
  // keys the step type does not have.
  let step: NormalizedStep;
  switch (type) {
    case 'response': {
      if (isMissing(input.response)) {
        throw fail(
          'missing_response',
          type,
          where,
          missing(input, type, 'response'),
        );
      }
      step = {
        type,
        template: readResponse(input.response, undefined, where, 'response'),
      };
      break;
    }
    case 'responder':
    case 'stream_responder': {
      const respond = input.respond;
      if (respond === undefined) {
        throw fail(
          'missing_responder',
          type,
          where,
          missing(input, type, 'respond'),
        );
      }
      checkFunction(respond, type, where);
      step = type === 'responder'
        ? { type, respond: respond as ModelResponder }
        : { type, respond: respond as ModelStreamResponder };
      break;
    }
    case 'error': {
      const error = input.error;
      if (error === undefined) {
        throw fail('missing_error', type, where, missing(input, type, 'error'));
      }
      step = {
        type,
        error,
        advice: checkRetryAdvice(input.retryAdvice, where),
      };
      break;
    }
    default:
      step = { type: 'stream', events: checkEvents(input.events, type, where) };
  }
  checkKeys(input, type, where);
  return step;
}
