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
  callKeys,
  echoOutput,
  emitCall,
  expectOutput,
  readCallPlan,
  readMcpArguments,
} from './_calls.ts';
import { boolean, fields, string } from '../../_internal/read.ts';
import { inSpec, invalid } from './_read.ts';
import {
  addItem,
  echoItem,
  finishResponse,
  openResponse,
} from './_responses.ts';
import {
  nextId,
  readTarget,
  requireExpectCall,
  type Target,
} from './_target.ts';
import {
  readId,
  readSpec,
  readUsage,
  type SpecRecord,
} from './_turn_events.ts';
import type { WireItem } from './_normalized.ts';
import type { RealtimeTurnUsage } from './usage.ts';

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
  /** What `response.done` reports (default `defaultTurnUsage`). */
  usage?: RealtimeTurnUsage;
}

/** What {@link functionCallTurn} reports. */
export interface FunctionCallTurnResult extends RealtimeTurnResult {
  /** The call id. */
  readonly callId: string;
  /** The recorded `sendFunctionCallOutput`, when awaited. */
  readonly output: RecordedRealtimeCall<'sendFunctionCallOutput'> | undefined;
}

/**
 * Emits a response in which the model calls a tool, as the Realtime API
 * streams it: `response.created`, `rate_limits.updated`, the
 * `function_call` item added (`in_progress`, no arguments yet), the
 * arguments delta and done, and `response.output_item.done`, where the
 * SDK's transport emits the call item (`in_progress`) and `function_call`.
 * The real `RealtimeSession` then runs the tool (or raises
 * `tool_approval_requested`) and calls `sendFunctionCallOutput`, inside
 * which the builder emits what the transport emits there: the item
 * `completed` with the output, before `agent_tool_end`. As the transport
 * handles each server event in a task of its own, the rest of the response
 * (`conversation.item.done`, `response.done`) comes one task later, so a
 * tool that needs no more than that has run by then. With `awaitOutput`
 * (the default) the builder then waits for the output and answers with the
 * server's echo of the `function_call_output` item; the session's follow-up
 * `response.create` is the next turn's to answer.
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
  const { t, plan, expectCall } = inSpec('functionCallTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, ['name', ...callKeys]);
    const name = string(s.name, 'spec.name', { nonEmpty: true });
    return {
      t,
      plan: readCallPlan(t, s, name),
      expectCall: readAwait(s.awaitOutput, 'spec.awaitOutput', t),
    };
  });
  const base = {
    responseId: plan.responseId,
    itemId: plan.itemId,
    callId: plan.callId,
  };
  // Registered first: the completed item is emitted inside the app's call.
  const answered = expectCall && expectOutput(expectCall, t);
  const emitted = emitCall(t, plan);
  if (answered === undefined) {
    return emitted.then(() => ({ ...base, output: undefined }));
  }
  return Promise.all([answered, emitted]).then(([call]) => {
    echoOutput(t, call);
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
  /** What `response.done` reports (default `defaultTurnUsage`). */
  usage?: RealtimeTurnUsage;
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

/** Reads `awaitOutput`/`awaitResponse`: waiting needs `expectCall`. */
function readAwait(value: unknown, path: string, t: Target) {
  const wait = boolean(value, path, { optional: true }) ?? true;
  return wait ? requireExpectCall(t) : undefined;
}

/** Reads the handoff tool name: `toolName`, or derived from `to`. */
function readHandoffName(s: SpecRecord): string {
  if ((s.to === undefined) === (s.toolName === undefined)) {
    throw invalid(
      'missing',
      s.to === undefined ? 'spec.to' : 'spec.toolName',
      'given: exactly one of "to" (an agent) and "toolName"',
      s.to === undefined ? undefined : 'both',
    );
  }
  if (s.toolName !== undefined) {
    return string(s.toolName, 'spec.toolName', { nonEmpty: true });
  }
  const { fields: agent } = fields(s.to, 'spec.to', ['name'], {
    expected: 'an agent',
    unknownKeys: 'allow',
  });
  string(agent.name, 'spec.to.name', { nonEmpty: true });
  try {
    return getHandoff(s.to as Parameters<typeof getHandoff>[0]).toolName;
  } catch {
    throw invalid('invalid_value', 'spec.to', 'an agent', s.to);
  }
}

/**
 * Emits a response in which the model calls a handoff tool, streamed as
 * `functionCallTurn` streams a call. The real session runs the handoff:
 * `updateSessionConfig` with the new agent's configuration,
 * `agent_handoff`, then `sendFunctionCallOutput` with the transfer message
 * (inside which the builder emits the completed item). With `awaitOutput`
 * (the default) the builder expects both calls, in that order, and answers
 * with the echo of the output item. It does not answer the configuration
 * with `session.updated`: the server's session object is not modelled.
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
  const { t, toolName, plan, expectCall } = inSpec('handoffTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, ['to', 'toolName', ...callKeys]);
    const toolName = readHandoffName(s);
    return {
      t,
      toolName,
      plan: readCallPlan(t, s, toolName),
      expectCall: readAwait(s.awaitOutput, 'spec.awaitOutput', t),
    };
  });
  const base = {
    responseId: plan.responseId,
    itemId: plan.itemId,
    callId: plan.callId,
    toolName,
  };
  if (expectCall === undefined) {
    return emitCall(t, plan).then(() => ({
      ...base,
      output: undefined,
      sessionConfig: undefined,
    }));
  }
  // Registered first: the completed item is emitted inside the app's call.
  const config = expectCall('updateSessionConfig');
  const answered = expectOutput(expectCall, t);
  return Promise.all([config, answered, emitCall(t, plan)]).then(
    ([sessionConfig, output]) => {
      echoOutput(t, output);
      return { ...base, output, sessionConfig };
    },
  );
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
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
  /** What `response.done` reports (default `defaultTurnUsage`). */
  usage?: RealtimeTurnUsage;
}

/** What {@link mcpApprovalTurn} reports. */
export interface McpApprovalTurnResult {
  /** The response that asked for approval. */
  readonly responseId: string;
  /** The approval request item id. */
  readonly itemId: string;
  /** The recorded `sendMcpResponse`, when awaited. */
  readonly response: RecordedRealtimeCall<'sendMcpResponse'> | undefined;
}

/**
 * Emits a response in which a remote MCP tool asks for approval, as the
 * Realtime API streams it: `response.created`, `rate_limits.updated`, the
 * `mcp_approval_request` item added and done (on
 * `conversation.item.done` the SDK's transport emits `item_update` and
 * `mcp_approval_request`), and `response.done`. The session emits
 * `agent_start`, `history_added`, `tool_approval_requested`,
 * `agent_end('')` and adds the usage. `session.approve()` or
 * `session.reject()` sends `sendMcpResponse`, which the builder awaits by
 * default, answering with the server's echo of the
 * `mcp_approval_response` item.
 *
 * @param target The scenario context or the transport.
 * @param spec The server label, tool name, arguments, ids and usage.
 * @returns The ids and the recorded response.
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
 * assert(seen.indexOf('mcp_approval_request') < seen.indexOf('turn_done'));
 * assert.equal(result.response, undefined);
 * ```
 */
export function mcpApprovalTurn(
  target: RealtimeTurnTarget,
  spec: McpApprovalTurnSpec,
): Promise<McpApprovalTurnResult> {
  const read = inSpec('mcpApprovalTurn', () => {
    const t = readTarget(target);
    const s = readSpec(spec, [
      'serverLabel',
      'name',
      'arguments',
      'awaitResponse',
      'responseId',
      'itemId',
      'usage',
    ]);
    return {
      t,
      serverLabel: string(s.serverLabel, 'spec.serverLabel', {
        nonEmpty: true,
      }),
      name: string(s.name, 'spec.name', { nonEmpty: true }),
      // Absent arguments read as `{}`.
      args: readMcpArguments(s.arguments),
      expectCall: readAwait(s.awaitResponse, 'spec.awaitResponse', t),
      usage: readUsage(s),
      responseId: readId(s, 'responseId', t, 'response'),
      itemId: readId(s, 'itemId', t, 'item'),
    };
  });
  const { t, serverLabel, name, args, expectCall, usage, responseId, itemId } =
    read;
  const r = openResponse(t, { responseId, itemId }, ['audio'], usage);
  const item: WireItem = {
    id: itemId,
    object: 'realtime.item',
    type: 'mcp_approval_request',
    server_label: serverLabel,
    name,
    arguments: args,
  };
  addItem(t, r, item);
  finishResponse(t, r, item);
  const answered = expectCall?.('sendMcpResponse');
  if (answered === undefined) {
    return Promise.resolve({ responseId, itemId, response: undefined });
  }
  return answered.then((response) => {
    echoItem(t, {
      id: nextId(t.key, 'item'),
      object: 'realtime.item',
      type: 'mcp_approval_response',
      approval_request_id: response.approvalRequest.itemId,
      approve: response.approved,
      ...(response.reason === undefined ? {} : { reason: response.reason }),
    }, response.approvalRequest.itemId);
    return { responseId, itemId, response };
  });
}
