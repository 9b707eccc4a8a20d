/**
 * Turns a frozen response template into what one call hands to the runner:
 * a fresh `ModelResponse`, or the automatic stream of a plain step. Private
 * to the model folder.
 *
 * @module
 */
import {
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
  Usage,
} from '@openai/agents-core';
import type { Newer, UsageInput } from '../_internal/sdk.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import type { ResponseTemplate } from './_normalize.ts';
import type { RecordedModelCall } from './types.ts';

type Done = Extract<StreamEvent, { type: 'response_done' }>;

// `rawUsage` (on responses) and `itemId` (on text deltas) are newer than
// SDK 0.11: written on every release, declared where the release has them.
type RawUsage = { rawUsage: Record<string, unknown> };
type TextDelta = Newer<
  Extract<StreamEvent, { type: 'output_text_delta' }>,
  { itemId: string; providerData: Record<string, unknown> }
>;

/** The usage of a response that does not give one: one request, no tokens. */
const defaultUsage: UsageInput = Object.freeze({
  requests: 1,
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
});

/**
 * The deterministic response id of a call.
 *
 * @param callIndex Zero-based index of the call.
 * @returns `scripted-response-<callIndex + 1>`, as `@openai/agents/testing`
 * names it.
 */
function scriptedResponseId(callIndex: number): string {
  return `scripted-response-${callIndex + 1}`;
}

/**
 * Usage data for a `response_done` event: empty token-details lists are
 * left out, as `@openai/agents/testing` leaves them out.
 */
function streamedUsage(template: ResponseTemplate): Record<string, unknown> {
  const usage = detachedCopy(template.usage ?? defaultUsage) as Record<
    string,
    unknown
  >;
  for (const key of ['inputTokensDetails', 'outputTokensDetails']) {
    const details = usage[key];
    if (Array.isArray(details) && details.length === 0) delete usage[key];
  }
  return usage;
}

/**
 * The `rawUsage` a call passes on, as the SDK module passes it: a detached
 * copy of the response's own `rawUsage`, read now and only when the call's
 * `modelSettings.preserveRawUsage` was `true` when the call was made (the
 * recorded request says); a value that is not an object, or a read that
 * throws, passes nothing on.
 *
 * @param template The response.
 * @param call The recorded call.
 * @returns The copy, or `undefined`.
 */
export function rawUsageFor(
  template: ResponseTemplate,
  call: RecordedModelCall,
): Record<string, unknown> | undefined {
  // A request may be anything a caller passed, `null` included.
  const settings = (call.request as ModelRequest | null)?.modelSettings as
    | { readonly preserveRawUsage?: unknown }
    | undefined;
  if (template.source === undefined || settings?.preserveRawUsage !== true) {
    return undefined;
  }
  try {
    const raw = (template.source as { rawUsage?: unknown }).rawUsage;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? detachedCopy(raw as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh, mutable `ModelResponse` for one non-streaming call. The
 * output-array shorthand gets the deterministic id; a complete response
 * keeps its own (or none).
 *
 * @param template The step's template.
 * @param callIndex Zero-based index of the call.
 * @param rawUsage What {@link rawUsageFor} read for the call.
 * @returns The response.
 */
export function toModelResponse(
  template: ResponseTemplate,
  callIndex: number,
  rawUsage: Record<string, unknown> | undefined,
): ModelResponse {
  const response: Newer<ModelResponse, RawUsage> = {
    usage: new Usage(detachedCopy(template.usage ?? defaultUsage)),
    output: detachedCopy(template.output) as ModelResponse['output'],
  };
  const id = template.shorthand
    ? scriptedResponseId(callIndex)
    : template.responseId;
  if (id !== undefined) response.responseId = id;
  if (template.requestId !== undefined) {
    response.requestId = template.requestId;
  }
  if (template.providerData !== undefined) {
    response.providerData = detachedCopy(template.providerData);
  }
  if (rawUsage !== undefined) response.rawUsage = rawUsage;
  return response;
}

/**
 * The automatic stream of a plain step, built lazily so every event is a
 * fresh, detached object: `response_started`, one `output_text_delta` per
 * assistant text part (with a detached copy of the part's `providerData`,
 * when it has one), then `response_done` with the full output and usage.
 *
 * @param template The step's template.
 * @param callIndex Zero-based index of the call.
 * @param rawUsage What {@link rawUsageFor} read for the call.
 * @returns The events, one fresh object per step of the iteration.
 */
export function* responseEvents(
  template: ResponseTemplate,
  callIndex: number,
  rawUsage: Record<string, unknown> | undefined,
): Generator<StreamEvent, void, undefined> {
  yield { type: 'response_started' };
  for (const item of template.output) {
    const record = item as {
      type?: unknown;
      role?: unknown;
      id?: unknown;
      content?: unknown;
    };
    if (
      record.type !== 'message' || record.role !== 'assistant' ||
      !Array.isArray(record.content)
    ) {
      continue;
    }
    for (const part of record.content) {
      if (part?.type !== 'output_text' || typeof part.text !== 'string') {
        continue;
      }
      const delta: TextDelta = typeof record.id === 'string'
        ? { type: 'output_text_delta', itemId: record.id, delta: part.text }
        : { type: 'output_text_delta', delta: part.text };
      if (part.providerData !== undefined) {
        delta.providerData = detachedCopy(part.providerData);
      }
      yield delta;
    }
  }
  // Keys in the order `@openai/agents/testing` writes them.
  const response = {
    id: template.responseId ?? scriptedResponseId(callIndex),
  } as Newer<Done['response'], RawUsage>;
  if (template.requestId !== undefined) {
    response.requestId = template.requestId;
  }
  response.usage = streamedUsage(template) as Done['response']['usage'];
  if (rawUsage !== undefined) response.rawUsage = rawUsage;
  if (template.providerData !== undefined) {
    response.providerData = detachedCopy(template.providerData);
  }
  response.output = detachedCopy(template.output) as Done['response']['output'];
  yield { type: 'response_done', response };
}
