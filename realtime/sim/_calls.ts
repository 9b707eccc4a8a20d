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
import { readRecord, readString, specError, type SpecRecord } from './_read.ts';
import {
  addItem,
  closeResponse,
  echoItem,
  itemDone,
  openResponse,
  type WireUsage,
} from './_responses.ts';
import { nextId, type requireExpectCall, type Target } from './_target.ts';
import { nextTask, readId, readUsage } from './_turn_events.ts';
import type { WireItem } from './_normalized.ts';
import { deliver } from './_wire.ts';

export function readArguments(op: string, value: unknown): string {
  if (value === undefined) return '{}';
  if (typeof value === 'string') return value;
  readRecord(op, 'spec.arguments', value, readOwnKeys(op, value));
  try {
    return JSON.stringify(value);
  } catch {
    throw specError(
      op,
      'invalid_value',
      'spec.arguments',
      'JSON text or a JSON-serializable object',
      value,
    );
  }
}

export function readMcpArguments(op: string, value: unknown): string {
  if (typeof value === 'string') {
    throw specError(op, 'invalid_type', 'spec.arguments', 'an object', value);
  }
  return readArguments(op, value);
}

function readOwnKeys(op: string, value: unknown): string[] {
  // Not an object: no keys, and `readRecord` reports its type.
  if (typeof value !== 'object' || value === null) return [];
  try {
    return Reflect.ownKeys(value as object).filter((k): k is string =>
      typeof k === 'string'
    );
  } catch {
    throw specError(op, 'unreadable', 'spec.arguments', 'an object', value);
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

export function readCallPlan(
  op: string,
  t: Target,
  s: SpecRecord,
  name: string,
): CallPlan {
  return {
    name,
    args: readArguments(op, s.arguments),
    callId: readString(op, 'spec.callId', s.callId, {
      nonEmpty: true,
    }) as string,
    responseId: readId(op, s, 'responseId', t, 'response'),
    itemId: readId(op, s, 'itemId', t, 'item'),
    usage: readUsage(op, s),
  };
}
