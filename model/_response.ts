/**
 * Turns a frozen response template into what one call hands to the runner:
 * a fresh `ModelResponse`, or the automatic stream of a plain step. Private
 * to the model folder.
 *
 * @module
 */
import {
  type ModelResponse,
  type StreamEvent,
  Usage,
  type UsageInput,
} from '@openai/agents-core';
import { detachedCopy } from '../_internal/snapshot.ts';
import type { ResponseTemplate } from './_normalize.ts';

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
 * @returns `resp_scripted_<callIndex>`.
 */
export function scriptedResponseId(callIndex: number): string {
  return `resp_scripted_${callIndex}`;
}

/**
 * A fresh, mutable `ModelResponse` for one non-streaming call. The
 * output-array shorthand gets the deterministic id; a complete response
 * keeps its own (or none).
 *
 * @param template The step's template.
 * @param callIndex Zero-based index of the call.
 * @returns The response.
 */
export function toModelResponse(
  template: ResponseTemplate,
  callIndex: number,
): ModelResponse {
  const response: ModelResponse = {
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
  return response;
}

/**
 * The automatic stream of a plain step, built lazily so every event is a
 * fresh, detached object: `response_started`, one `output_text_delta` per
 * assistant text part, then `response_done` with the full output and usage.
 *
 * @param template The step's template.
 * @param callIndex Zero-based index of the call.
 * @returns The events, one fresh object per step of the iteration.
 */
export function* responseEvents(
  template: ResponseTemplate,
  callIndex: number,
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
      const delta: StreamEvent = {
        type: 'output_text_delta',
        delta: part.text,
      };
      if (typeof record.id === 'string') delta.itemId = record.id;
      yield delta;
    }
  }
  const usage = detachedCopy(template.usage ?? defaultUsage);
  const done: Extract<StreamEvent, { type: 'response_done' }> = {
    type: 'response_done',
    response: {
      id: template.responseId ?? scriptedResponseId(callIndex),
      usage: usage as typeof done.response.usage,
      output: detachedCopy(template.output) as typeof done.response.output,
    },
  };
  if (template.requestId !== undefined) {
    done.response.requestId = template.requestId;
  }
  if (template.providerData !== undefined) {
    done.response.providerData = detachedCopy(template.providerData);
  }
  yield done;
}
