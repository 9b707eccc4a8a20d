/**
 * Turn builders for tools: a function call the real `RealtimeSession`
 * executes, a handoff, and a remote MCP tool's approval request. Each waits
 * (by default) for the application's answer through `expectCall`.
 *
 * @module
 */
import { getHandoff } from '@openai/agents-core';
import type { RecordedRealtimeCall } from '../mod.ts';
import type { RealtimeTurnResult, RealtimeTurnTarget } from './turns.ts';
import {
  readBoolean,
  readRecord,
  readString,
  specError,
  type SpecRecord,
} from './_read.ts';
import {
  done,
  readId,
  readSpec,
  readTarget,
  requireExpectCall,
  started,
  type Target,
} from './_turn_events.ts';
/** The spec of {@link functionCallTurn}. */
export interface FunctionCallTurnSpec {
  /** The tool name the model calls. */
  name: string;
  /** JSON text, or a value serialized with `JSON.stringify` (default `{}`). */
  arguments?: string | Record<string, unknown>;
  /** The call id the output must answer. */
  callId: string;
  /** Wait for `sendFunctionCallOutput` (default `true`). */
  awaitOutput?: boolean;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link functionCallTurn} reports. */
export interface FunctionCallTurnResult extends RealtimeTurnResult {
  /** The call id. */
  readonly callId: string;
  /** The recorded `sendFunctionCallOutput`, when awaited. */
  readonly output: RecordedRealtimeCall<'sendFunctionCallOutput'> | undefined;
}

function readArguments(op: string, value: unknown): string {
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

function readMcpArguments(op: string, value: unknown): unknown {
  if (typeof value === 'string') {
    throw specError(op, 'invalid_type', 'spec.arguments', 'an object', value);
  }
  // Detached through JSON, as the SDK's transport parses the wire text.
  return JSON.parse(readArguments(op, value));
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

interface CallPlan {
  name: string;
  args: string;
  callId: string;
  responseId: string;
  itemId: string;
}

/** `response.output_item.done` (function call), then `response.done`. */
function emitCall(t: Target, plan: CallPlan): void {
  const { name, args, callId, responseId, itemId } = plan;
  started(t, responseId);
  t.emit('item_update', {
    itemId,
    type: 'function_call',
    status: 'in_progress',
    arguments: args,
    name,
    output: null,
  });
  t.emit('function_call', {
    id: itemId,
    type: 'function_call',
    callId,
    arguments: args,
    name,
    responseId,
  });
  done(t, responseId, [{
    type: 'function_call',
    id: itemId,
    callId,
    name,
    arguments: args,
    status: 'completed',
  }]);
}

/** What the SDK's transport emits inside `sendFunctionCallOutput`. */
function emitOutputItem(t: Target, plan: CallPlan, output: string): void {
  t.emit('item_update', {
    itemId: plan.itemId,
    type: 'function_call',
    status: 'completed',
    arguments: plan.args,
    name: plan.name,
    output,
  });
}

function readCallPlan(
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
  };
}

/**
 * Emits a turn in which the model calls a tool: `turn_started`, the
 * `function_call` item, the `function_call` event, `usage_update` and
 * `turn_done`. The real `RealtimeSession` then runs the tool (or raises
 * `tool_approval_requested` when it needs approval) and sends
 * `sendFunctionCallOutput`; with `awaitOutput` (the default) the builder
 * waits for that call and then emits the completed item with the output,
 * as the SDK's transport does.
 *
 * @param target The scenario context or the transport (`expectCall` is
 *   needed unless `awaitOutput` is `false`).
 * @param spec The tool name, arguments, call id and options.
 * @returns The ids and the recorded output call.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   RealtimeAgent,
 *   RealtimeSession,
 *   tool,
 * } from '@openai/agents/realtime';
 * import { z } from 'zod';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { functionCallTurn } from '@scripted/agents/realtime/sim';
 *
 * const weather = tool({
 *   name: 'weather',
 *   description: 'Weather by city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `Sunny in ${city}`,
 * });
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(
 *   new RealtimeAgent({ name: 'A', tools: [weather] }),
 *   { transport },
 * );
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * const { output } = await functionCallTurn(transport, {
 *   name: 'weather',
 *   arguments: { city: 'Oslo' },
 *   callId: 'call_1',
 * });
 * assert.equal(output?.output, 'Sunny in Oslo');
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export function functionCallTurn(
  target: RealtimeTurnTarget,
  spec: FunctionCallTurnSpec,
): Promise<FunctionCallTurnResult> {
  const op = 'functionCallTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'name',
    'arguments',
    'callId',
    'awaitOutput',
    'responseId',
    'itemId',
  ]);
  const name = readString(op, 'spec.name', s.name, {
    nonEmpty: true,
  }) as string;
  const plan = readCallPlan(op, t, s, name);
  const wait = readBoolean(op, 'spec.awaitOutput', s.awaitOutput, true);
  const expectCall = wait ? requireExpectCall(op, t) : undefined;
  const base = {
    responseId: plan.responseId,
    itemId: plan.itemId,
    callId: plan.callId,
  };
  emitCall(t, plan);
  // Registered after emitting: a call made meanwhile is held for it.
  const answered = expectCall?.('sendFunctionCallOutput');
  if (answered === undefined) {
    return Promise.resolve({ ...base, output: undefined });
  }
  return answered.then((call) => {
    emitOutputItem(t, plan, call.output);
    return { ...base, output: call };
  });
}

/** The spec of {@link handoffTurn}. */
export interface HandoffTurnSpec {
  /** The agent handed off to (its handoff tool name is derived). */
  to?: { readonly name: string };
  /** The handoff tool name, instead of `to`. */
  toolName?: string;
  /** The call id. */
  callId: string;
  /** JSON text or an object (default `{}`). */
  arguments?: string | Record<string, unknown>;
  /** Wait for `updateSessionConfig` and `sendFunctionCallOutput` (default `true`). */
  awaitOutput?: boolean;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link handoffTurn} reports. */
export interface HandoffTurnResult extends FunctionCallTurnResult {
  /** The handoff tool the model called. */
  readonly toolName: string;
  /** The recorded `updateSessionConfig` of the new agent, when awaited. */
  readonly sessionConfig:
    | RecordedRealtimeCall<'updateSessionConfig'>
    | undefined;
}

function readHandoffName(op: string, s: SpecRecord): string {
  if ((s.to === undefined) === (s.toolName === undefined)) {
    throw specError(
      op,
      'missing',
      s.to === undefined ? 'spec.to' : 'spec.toolName',
      'given: exactly one of "to" (an agent) and "toolName"',
      s.to === undefined ? undefined : 'both',
    );
  }
  if (s.toolName !== undefined) {
    return readString(op, 'spec.toolName', s.toolName, {
      nonEmpty: true,
    }) as string;
  }
  if (typeof s.to !== 'object' || s.to === null) {
    throw specError(op, 'invalid_type', 'spec.to', 'an agent', s.to);
  }
  let agentName: unknown;
  try {
    agentName = (s.to as { name?: unknown }).name;
  } catch {
    throw specError(op, 'unreadable', 'spec.to', 'an agent', s.to);
  }
  readString(op, 'spec.to.name', agentName, { nonEmpty: true });
  try {
    return getHandoff(s.to as Parameters<typeof getHandoff>[0]).toolName;
  } catch {
    throw specError(op, 'invalid_value', 'spec.to', 'an agent', s.to);
  }
}

/**
 * Emits a turn in which the model calls a handoff tool. The real session
 * runs the handoff: `updateSessionConfig` with the new agent's
 * configuration, `agent_handoff`, then `sendFunctionCallOutput` with the
 * transfer message. With `awaitOutput` (the default) the builder waits for
 * both calls, in that order, and emits the completed item.
 *
 * @param target The scenario context or the transport.
 * @param spec The target agent (`to`) or `toolName`, and the call id.
 * @returns The ids, the tool name and the recorded calls.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { handoffTurn } from '@scripted/agents/realtime/sim';
 *
 * const billing = new RealtimeAgent({ name: 'Billing' });
 * const triage = new RealtimeAgent({ name: 'Triage', handoffs: [billing] });
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(triage, { transport });
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * await handoffTurn(transport, { to: billing, callId: 'call_1' });
 * assert.equal(session.currentAgent.name, 'Billing');
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export function handoffTurn(
  target: RealtimeTurnTarget,
  spec: HandoffTurnSpec,
): Promise<HandoffTurnResult> {
  const op = 'handoffTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'to',
    'toolName',
    'callId',
    'arguments',
    'awaitOutput',
    'responseId',
    'itemId',
  ]);
  const toolName = readHandoffName(op, s);
  const plan = readCallPlan(op, t, s, toolName);
  const wait = readBoolean(op, 'spec.awaitOutput', s.awaitOutput, true);
  const expectCall = wait ? requireExpectCall(op, t) : undefined;
  const base = {
    responseId: plan.responseId,
    itemId: plan.itemId,
    callId: plan.callId,
    toolName,
  };
  emitCall(t, plan);
  if (expectCall === undefined) {
    return Promise.resolve({
      ...base,
      output: undefined,
      sessionConfig: undefined,
    });
  }
  const config = expectCall('updateSessionConfig');
  const answered = expectCall('sendFunctionCallOutput');
  return Promise.all([config, answered]).then(([sessionConfig, output]) => {
    emitOutputItem(t, plan, output.output);
    return { ...base, output, sessionConfig };
  });
}

/** The spec of {@link mcpApprovalTurn}. */
export interface McpApprovalTurnSpec {
  /** The MCP server label. */
  serverLabel: string;
  /** The MCP tool name. */
  name: string;
  /** The tool arguments (default `{}`). */
  arguments?: Record<string, unknown>;
  /** Wait for `sendMcpResponse` (default `true`). */
  awaitResponse?: boolean;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link mcpApprovalTurn} reports. */
export interface McpApprovalTurnResult {
  /** The approval request item id. */
  readonly itemId: string;
  /** The recorded `sendMcpResponse`, when awaited. */
  readonly response: RecordedRealtimeCall<'sendMcpResponse'> | undefined;
}

/**
 * Emits a remote MCP tool's approval request: the `mcp_approval_request`
 * item (`item_update`), then the `mcp_approval_request` event. The real
 * session raises `tool_approval_requested`; `session.approve()` or
 * `session.reject()` sends `sendMcpResponse`, which the builder awaits by
 * default.
 *
 * @param target The scenario context or the transport.
 * @param spec The server label, tool name and arguments.
 * @returns The item id and the recorded response.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mcpApprovalTurn } from '@scripted/agents/realtime/sim';
 *
 * const seen: string[] = [];
 * const result = await mcpApprovalTurn((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { serverLabel: 'files', name: 'delete', awaitResponse: false });
 * assert.deepEqual(seen, ['item_update', 'mcp_approval_request']);
 * assert.equal(result.response, undefined);
 * ```
 */
export function mcpApprovalTurn(
  target: RealtimeTurnTarget,
  spec: McpApprovalTurnSpec,
): Promise<McpApprovalTurnResult> {
  const op = 'mcpApprovalTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'serverLabel',
    'name',
    'arguments',
    'awaitResponse',
    'itemId',
  ]);
  const serverLabel = readString(op, 'spec.serverLabel', s.serverLabel, {
    nonEmpty: true,
  }) as string;
  const name = readString(op, 'spec.name', s.name, {
    nonEmpty: true,
  }) as string;
  // Absent arguments read as `{}`.
  const args = readMcpArguments(op, s.arguments);
  const wait = readBoolean(op, 'spec.awaitResponse', s.awaitResponse, true);
  const expectCall = wait ? requireExpectCall(op, t) : undefined;
  const itemId = readId(op, s, 'itemId', t, 'item');
  const item = {
    itemId,
    type: 'mcp_approval_request' as const,
    serverLabel,
    name,
    arguments: args,
    approved: null,
  };
  t.emit('item_update', item);
  t.emit('mcp_approval_request', { ...item });
  const answered = expectCall?.('sendMcpResponse');
  if (answered === undefined) {
    return Promise.resolve({ itemId, response: undefined });
  }
  return answered.then((response) => ({ itemId, response }));
}
