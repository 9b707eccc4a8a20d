/**
 * The function call a tool turn streams, and what the SDK's transport does
 * around the application's answer: reading the call's spec, the call
 * response (with the task the transport gives the session before the rest
 * of it arrives), the completed item emitted inside
 * `sendFunctionCallOutput`, and the server's echo of the output item.
 *
 * @module
 */
import type { RecordedRealtimeCall } from '../mod.ts';
import { fields, guard, object, string } from '../../_internal/read.ts';
import { invalid } from './_read.ts';
import {
  addItem,
  closeResponse,
  echoItem,
  itemDone,
  openResponse,
  type WireUsage,
} from './_responses.ts';
import { nextId, type requireExpectCall, type Target } from './_target.ts';
import {
  nextTask,
  readId,
  readUsage,
  type SpecRecord,
} from './_turn_events.ts';
import type { WireItem } from './_normalized.ts';
import { deliver } from './_wire.ts';

/** The spec keys of a call turn besides what names the tool. */
export const callKeys: readonly string[] = [
  'callId',
  'arguments',
  'awaitOutput',
  'responseId',
  'itemId',
  'usage',
];

/** Reads `spec.arguments`: JSON text, or an object to serialize. */
export function readArguments(value: unknown): string {
  if (typeof value === 'string') return value;
  return readMcpArguments(value);
}

/** Reads an object's `spec.arguments` (each own field read once) as JSON. */
export function readMcpArguments(value: unknown): string {
  const path = 'spec.arguments';
  object(value, path, { optional: true });
  if (value === undefined) return '{}';
  const own = guard(path, () => Reflect.ownKeys(value as object));
  const symbol = own.find((key) => typeof key === 'symbol');
  if (symbol !== undefined) {
    throw invalid(
      'unknown_key',
      `${path}.${String(symbol)}`,
      'absent: JSON cannot carry a symbol key',
      symbol,
    );
  }
  fields(value, path, own as string[]);
  try {
    return JSON.stringify(value);
  } catch {
    throw invalid(
      'invalid_value',
      path,
      'JSON text or a JSON-serializable object',
      value,
    );
  }
}

export interface CallPlan {
  name: string;
  args: string;
  callId: string;
  responseId: string;
  itemId: string;
  usage: WireUsage;
}

/**
 * The model's function call as the API streams it, up to
 * `response.output_item.done` (where the transport emits `function_call`);
 * the rest of the response once the session had a task to start the tool.
 */
export function emitCall(t: Target, plan: CallPlan): Promise<void> {
  const { name, args, callId, responseId, itemId } = plan;
  const r = openResponse(t, { responseId, itemId }, ['audio'], plan.usage);
  const item: WireItem = {
    id: itemId,
    object: 'realtime.item',
    type: 'function_call',
    status: 'in_progress',
    name,
    call_id: callId,
    arguments: '',
  };
  addItem(t, r, item);
  const at = {
    response_id: responseId,
    output_index: 0,
    item_id: itemId,
    call_id: callId,
  };
  deliver(t, {
    type: 'response.function_call_arguments.delta',
    ...at,
    delta: args,
  });
  deliver(t, {
    type: 'response.function_call_arguments.done',
    ...at,
    arguments: args,
  });
  const completed = { ...item, status: 'completed', arguments: args };
  itemDone(t, r, completed);
  return nextTask().then(() => closeResponse(t, r, completed));
}

/**
 * Expects `sendFunctionCallOutput` and, inside the call, emits what the
 * SDK's transport emits there: the call item `completed` with its output
 * (so history read in `agent_tool_end` already holds it).
 */
export function expectOutput(
  expectCall: ReturnType<typeof requireExpectCall>,
  t: Target,
): Promise<RecordedRealtimeCall<'sendFunctionCallOutput'>> {
  return expectCall('sendFunctionCallOutput', (call) => {
    t.emit('item_update', {
      itemId: call.toolCall.id,
      previousItemId: call.toolCall.previousItemId,
      type: 'function_call',
      status: 'completed',
      arguments: call.toolCall.arguments,
      name: call.toolCall.name,
      output: call.output,
    });
    return true;
  });
}

/** The server's echo of the `function_call_output` item the call created. */
export function echoOutput(
  t: Target,
  call: RecordedRealtimeCall<'sendFunctionCallOutput'>,
): void {
  echoItem(t, {
    id: nextId(t.key, 'item'),
    object: 'realtime.item',
    type: 'function_call_output',
    output: call.output,
    call_id: call.toolCall.callId,
  });
}

/** Reads what a call turn streams (inside the builder's `inSpec`). */
export function readCallPlan(t: Target, s: SpecRecord, name: string): CallPlan {
  return {
    name,
    args: readArguments(s.arguments),
    callId: string(s.callId, 'spec.callId', { nonEmpty: true }),
    responseId: readId(s, 'responseId', t, 'response'),
    itemId: readId(s, 'itemId', t, 'item'),
    usage: readUsage(s),
  };
}
