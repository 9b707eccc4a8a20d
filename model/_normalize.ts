/**
 * Validation and normalization of scripted model inputs, done once where a
 * step is defined. Private to the model folder.
 *
 * @module
 */
import type { AgentOutputItem, UsageInput } from '@openai/agents-core';
import { quote } from '../_internal/format.ts';
import { snapshot } from '../_internal/snapshot.ts';
import {
  checkEvents,
  checkFunction,
  checkRetryAdvice,
  fail,
  guarded,
  isMissing,
  isRecord,
  show,
  type Where,
} from './_checks.ts';
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

function checkItems(
  output: readonly unknown[],
  stepType: string,
  where: Where | undefined,
): void {
  for (let i = 0; i < output.length; i++) {
    if (!isRecord(output[i])) {
      throw fail(
        'invalid_response',
        stepType,
        where,
        `output item ${i} is ${show(output[i])}`,
      );
    }
  }
}

function optional(
  value: unknown,
  kind: 'string' | 'object',
  name: string,
  stepType: string,
  where: Where | undefined,
): void {
  if (value === undefined) return;
  if (kind === 'string' ? typeof value === 'string' : isRecord(value)) return;
  throw fail(
    'invalid_response',
    stepType,
    where,
    `${quote(name)} must be a${
      kind === 'string' ? ' string' : 'n object'
    }, got ${show(value)}`,
  );
}

/**
 * Validates an output array or a `ModelResponse` and freezes a template of
 * it.
 *
 * @param value The response.
 * @param stepType The step's type, for the error.
 * @param where Where the response was defined or returned.
 * @returns The frozen template.
 * @throws {InvalidScriptedModelStepError} `invalid_response`, or
 * `invalid_input` when reading the value throws.
 */
export function readResponse(
  value: unknown,
  stepType: string,
  where?: Where,
): ResponseTemplate {
  return guarded(stepType, where, () => {
    if (isArray(value)) {
      checkItems(value, stepType, where);
      return template(snapshot(value), undefined, true);
    }
    if (!isRecord(value)) {
      throw fail('invalid_response', stepType, where, `got ${show(value)}`);
    }
    const { output, usage, responseId, requestId, providerData } = value;
    if (!isArray(output)) {
      throw fail(
        'invalid_response',
        stepType,
        where,
        `"output" is ${show(output)}`,
      );
    }
    checkItems(output, stepType, where);
    optional(responseId, 'string', 'responseId', stepType, where);
    optional(requestId, 'string', 'requestId', stepType, where);
    optional(providerData, 'object', 'providerData', stepType, where);
    const data = usage === undefined
      ? undefined
      : readUsage(usage, stepType, where);
    return template(snapshot(output), data, false, {
      responseId: responseId as string | undefined,
      requestId: requestId as string | undefined,
      providerData: snapshot(providerData as Record<string, unknown>),
    });
  });
}

function template(
  output: readonly AgentOutputItem[],
  usage: UsageInput | undefined,
  shorthand: boolean,
  extra?: Pick<ResponseTemplate, 'responseId' | 'requestId' | 'providerData'>,
): ResponseTemplate {
  return Object.freeze({
    output,
    usage,
    responseId: extra?.responseId,
    requestId: extra?.requestId,
    providerData: extra?.providerData,
    shorthand,
  });
}

/**
 * Validates and normalizes one input of the constructor or `enqueue()`.
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
        template: readResponse(input, 'response', where),
      };
    }
    if (!isRecord(input)) {
      throw fail('invalid_input', undefined, where, `got ${show(input)}`);
    }
    const type = input.type;
    if (type === undefined) {
      return {
        type: 'response',
        template: readResponse(input, 'response', where),
      };
    }
    return normalizeEnvelope(input, type, where);
  });
}

function normalizeEnvelope(
  input: Record<string, unknown>,
  type: unknown,
  where: Where,
): NormalizedStep {
  switch (type) {
    case 'response': {
      if (isMissing(input.response)) {
        throw fail('missing_response', type, where);
      }
      return { type, template: readResponse(input.response, type, where) };
    }
    case 'responder':
    case 'stream_responder': {
      const respond = input.respond;
      checkFunction(respond, type, where);
      return type === 'responder'
        ? { type, respond: respond as ModelResponder }
        : { type, respond: respond as ModelStreamResponder };
    }
    case 'error': {
      const error = input.error;
      if (error === undefined) throw fail('missing_error', type, where);
      return {
        type,
        error,
        advice: checkRetryAdvice(input.retryAdvice, where),
      };
    }
    case 'stream':
      return { type, events: checkEvents(input.events, type, where) };
    default:
      throw fail(
        'unknown_step_type',
        typeof type === 'string' ? type : undefined,
        where,
        `got ${show(type)}`,
      );
  }
}
