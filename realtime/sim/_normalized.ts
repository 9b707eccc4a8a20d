/**
 * The normalized events the SDK's OpenAI transport derives from server
 * events (`openaiRealtimeBase`'s message handling): items as its schemas
 * parse them (`item_update`, `function_call`, `mcp_approval_request`), and a
 * response's usage (`usage_update`, `turn_done`); with the base64 of audio.
 *
 * @module
 */
import type { RealtimeItem } from '@openai/agents-realtime';
import { Usage } from '@openai/agents-core';
import type { Target } from './_target.ts';

/** One server event, without its `event_id`. */
export type WireEvent = {
  readonly type: string;
  readonly [key: string]: unknown;
};

/** A conversation item in the wire shape (`id`, `type`, snake_case). */
export type WireItem = Record<string, unknown> & {
  readonly id: string;
  readonly type: string;
};

/**
 * A `message` item as the transport emits it in `item_update` (its schema
 * keeps the content parts the builders send as they are); with `previous`,
 * the `previousItemId` key is present (its value may be `undefined`, as for
 * a retrieved item).
 */
function message(
  item: WireItem,
  previous?: { value: unknown },
): RealtimeItem {
  const out: Record<string, unknown> = { itemId: item.id };
  if (previous !== undefined) out.previousItemId = previous.value;
  out.type = 'message';
  out.role = item.role;
  out.status = item.status;
  out.content = item.content;
  return out as unknown as RealtimeItem;
}

/** From `conversation.item.added`, `.done` and `.retrieved`. */
export function fromItemEvent(t: Target, e: Record<string, unknown>): void {
  const item = e.item as WireItem;
  if (item.type === 'message') {
    t.emit('item_update', message(item, { value: e.previous_item_id }));
  } else if (
    item.type === 'mcp_approval_request' && e.type === 'conversation.item.done'
  ) {
    const request = {
      itemId: item.id,
      type: 'mcp_approval_request',
      serverLabel: item.server_label,
      name: item.name,
      arguments: JSON.parse(item.arguments as string),
      approved: item.approved,
    };
    t.emit('item_update', request);
    t.emit('mcp_approval_request', request);
  }
}

/** From `response.output_item.added` and `.done`. */
export function fromOutputItem(t: Target, e: Record<string, unknown>): void {
  const item = e.item as WireItem;
  if (item.type === 'message') {
    t.emit('item_update', message(item));
  } else if (
    item.type === 'function_call' && e.type === 'response.output_item.done'
  ) {
    t.emit('item_update', {
      itemId: item.id,
      type: 'function_call',
      status: 'in_progress',
      arguments: item.arguments,
      name: item.name,
      output: null,
    });
    t.emit('function_call', {
      id: item.id,
      type: 'function_call',
      callId: item.call_id,
      arguments: item.arguments,
      name: item.name,
      responseId: e.response_id,
    });
  }
}

/** From `response.done`: `usage_update`, then `turn_done`. */
export function fromResponseDone(t: Target, e: Record<string, unknown>): void {
  const response = e.response as Record<string, unknown>;
  const usage = response.usage as Record<string, unknown>;
  const inputTokens = usage.input_tokens as number;
  const outputTokens = usage.output_tokens as number;
  const totals = () => ({
    inputTokens,
    inputTokensDetails: structuredClone(usage.input_token_details ?? {}),
    outputTokens,
    outputTokensDetails: structuredClone(usage.output_token_details ?? {}),
    totalTokens: inputTokens + outputTokens,
  });
  t.emit('usage_update', new Usage(totals() as never));
  t.emit('turn_done', {
    type: 'response_done',
    response: { id: response.id, output: response.output, usage: totals() },
  });
}

/** Base64 of `bytes` (the wire form of audio). */
export function toBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The bytes of base64 `text` (audio as the transport decodes it). */
export function fromBase64(text: string): ArrayBuffer {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0)).buffer;
}
