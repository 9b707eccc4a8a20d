/**
 * Reading one call of a model fixture: its shape, then every output item
 * and stream event against the SDK's own `protocol` schemas, then the
 * outcome as the model's step factories read it.
 *
 * @module
 */
import { protocol } from '@openai/agents-core';
import { modelResponse, type ScriptedModelResponse } from '../model/mod.ts';
import { decode, type Json, type JsonObject } from '../_internal/encode.ts';
import { callFailure, checkSchema } from './_envelope.ts';
import type { Redaction } from '../_internal/redact.ts';
import type { ModelFixtureCall } from './model_fixture.ts';
import { InvalidRecordingError } from './errors.ts';

type RequestKeyType = 'array' | 'string' | 'any';

const requestKeys: Record<string, RequestKeyType> = {
  input: 'any',
  instructions: 'string',
  tools: 'array',
  handoffs: 'array',
  outputType: 'any',
  modelSettings: 'any',
  previousResponseId: 'string',
  conversationId: 'string',
  prompt: 'any',
};
const required = new Set(['input', 'tools', 'handoffs']);

const expectedOf: Record<RequestKeyType, string> = {
  array: 'an array',
  string: 'a string',
  any: 'a value',
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks one call of a model fixture: its fields, then each output item
 * and stream event against the SDK's `protocol` schemas, then a response
 * as `modelResponse()` reads it.
 *
 * @param call The call, as strict JSON data.
 * @param index Its position.
 * @param redaction The replay's redaction (for messages).
 * @returns The call.
 * @throws {InvalidRecordingError} `invalid_call` naming the path.
 */
export function readModelCall(
  call: Json,
  index: number,
  redaction: Redaction,
): ModelFixtureCall {
  const at = `calls[${index}]`;
  const fail = callFailure(index, redaction);
  if (!isObject(call)) throw fail(at, 'a call object', call);
  if (call.index !== index) {
    throw fail(`${at}.index`, `the call's position, ${index}`, call.index);
  }
  if (typeof call.streamed !== 'boolean') {
    throw fail(`${at}.streamed`, 'a boolean', call.streamed);
  }
  const request = call.request;
  if (!isObject(request)) {
    throw fail(`${at}.request`, 'a request summary object', request);
  }
  for (const [key, type] of Object.entries(requestKeys)) {
    const value = request[key];
    if (value === undefined && !required.has(key)) continue;
    if (
      (type === 'array' && !Array.isArray(value)) ||
      (type === 'string' && typeof value !== 'string') ||
      value === undefined
    ) throw fail(`${at}.request.${key}`, expectedOf[type], value);
  }
  const { response, events, error, retryAdvice } = call;
  if (error !== undefined && !isObject(error)) {
    throw fail(`${at}.error`, 'an error object', error);
  }
  if (retryAdvice !== undefined && !isObject(retryAdvice)) {
    throw fail(`${at}.retryAdvice`, 'a retry advice object', retryAdvice);
  }
  if (events !== undefined && !Array.isArray(events)) {
    throw fail(`${at}.events`, 'an array', events);
  }
  if (response !== undefined && !isObject(response)) {
    throw fail(`${at}.response`, 'a response object', response);
  }
  // A response alone; events, maybe ending in an error; or an error.
  const outcome = response !== undefined
    ? events === undefined && error === undefined
    : events !== undefined
    ? call.streamed
    : error !== undefined;
  if (!outcome) {
    throw fail(
      at,
      'exactly one outcome: "response" (not streamed), "events" (streamed, maybe ending in "error") or "error"',
      call,
    );
  }
  if (response !== undefined) {
    const output = response.output;
    if (!Array.isArray(output)) {
      throw fail(`${at}.response.output`, 'an array of output items', output);
    }
    output.forEach((item, i) =>
      checkSchema(
        protocol.OutputModelItem,
        item,
        `${at}.response.output[${i}]`,
        index,
        redaction,
      )
    );
  }
  events?.forEach((event, i) =>
    checkSchema(
      protocol.StreamEvent,
      event,
      `${at}.events[${i}]`,
      index,
      redaction,
    )
  );
  const checked = call as unknown as ModelFixtureCall;
  checkOutcome(checked, redaction);
  return checked;
}

/** Checks a recorded response as `modelResponse()` reads it (its usage…). */
function checkOutcome(call: ModelFixtureCall, redaction: Redaction): void {
  // Stream events need no more: the SDK's schema is the stricter check.
  if (call.response === undefined) return;
  try {
    modelResponse(decode(call.response) as ScriptedModelResponse);
  } catch (error) {
    // The model names the path inside the step: `response.usage…`.
    const inner = (error as { path: string }).path;
    throw new InvalidRecordingError({
      reason: 'invalid_call',
      path: `calls[${call.index}].${inner}`,
      expected: 'a replayable response',
      received: `one the model rejects (${
        redaction.text(String((error as Error).message))
      })`,
      callIndex: call.index,
    });
  }
}
