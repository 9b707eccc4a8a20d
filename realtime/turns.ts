/**
 * Turn builders: each emits the normalized inbound event sequence of one
 * whole turn in the order the SDK's own OpenAI transport delivers it
 * (`openaiRealtimeBase`), so a scenario scripts "the assistant answers" or
 * "the user barges in" instead of a dozen low-level events. Builders that
 * wait for the application's answer (a tool output, an approval, an
 * interrupt) use the target's `expectCall`.
 *
 * @module
 */
import type {
  RealtimeItem,
  RealtimeTransportEventTypes,
} from '@openai/agents-realtime';
import { getHandoff, Usage } from '@openai/agents-core';
import type { RecordedRealtimeCall } from './calls.ts';
import type { RealtimeScenarioContext } from './scenario.ts';
import {
  isArrayBuffer,
  readArray,
  readBoolean,
  readNumber,
  readRecord,
  readString,
  specError,
  type SpecRecord,
} from './_spec.ts';

type Events = RealtimeTransportEventTypes;

/**
 * An `emit` function: the scenario's `emit`, or a bound transport `emit`.
 *
 * @example
 * ```ts
 * import type { RealtimeEmit } from '@scripted/agents/realtime';
 *
 * const emit: RealtimeEmit = () => true;
 * void emit;
 * ```
 */
// deno-lint-ignore no-explicit-any
export type RealtimeEmit = (type: string, ...args: any[]) => boolean;

/**
 * Where a builder emits: the scenario context, the transport, a fault
 * injector, or a bare `emit` function (enough for builders that never wait).
 *
 * @example
 * ```ts
 * import {
 *   type RealtimeTurnTarget,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
 *
 * const target: RealtimeTurnTarget = new ScriptedRealtimeTransport();
 * void target;
 * ```
 */
export type RealtimeTurnTarget = RealtimeEmit | {
  emit: RealtimeEmit;
  expectCall?: RealtimeScenarioContext['expectCall'];
};

/**
 * What every builder reports: the ids it used (given or generated).
 *
 * @example
 * ```ts
 * import type { RealtimeTurnResult } from '@scripted/agents/realtime';
 *
 * const result: RealtimeTurnResult = { responseId: 'r', itemId: 'i' };
 * void result;
 * ```
 */
export interface RealtimeTurnResult {
  /** The response id of `turn_started`/`turn_done`. */
  readonly responseId: string;
  /** The id of the item the turn produced. */
  readonly itemId: string;
}

const idCounters = new WeakMap<object, number>();

/** Ids unique per target, deterministic: `turn_1_response`, ... */
function nextId(target: object, kind: string): string {
  const n = (idCounters.get(target) ?? 0) + 1;
  idCounters.set(target, n);
  return `scripted_${kind}_${n}`;
}

interface Target {
  key: object;
  emit: (type: string, ...args: unknown[]) => boolean;
  expectCall: RealtimeScenarioContext['expectCall'] | undefined;
}

function readTarget(operation: string, target: unknown): Target {
  if (typeof target === 'function') {
    const fn = target as (type: string, ...args: unknown[]) => boolean;
    return { key: fn, emit: fn, expectCall: undefined };
  }
  let emit: unknown;
  let expectCall: unknown;
  try {
    if (typeof target !== 'object' || target === null) throw 0;
    emit = (target as { emit?: unknown }).emit;
    expectCall = (target as { expectCall?: unknown }).expectCall;
  } catch {
    throw specError(
      operation,
      typeof target === 'object' && target !== null
        ? 'unreadable'
        : 'invalid_type',
      'target',
      'an emit function or an object with emit()',
      target,
    );
  }
  if (typeof emit !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.emit',
      'a function',
      emit,
    );
  }
  if (expectCall !== undefined && typeof expectCall !== 'function') {
    throw specError(
      operation,
      'invalid_type',
      'target.expectCall',
      'a function or undefined',
      expectCall,
    );
  }
  const owner = target as object;
  return {
    key: owner,
    emit: (type, ...args) =>
      (emit as (...a: unknown[]) => boolean).call(owner, type, ...args),
    expectCall: expectCall === undefined
      ? undefined
      : ((method, matcher) =>
        (expectCall as (...a: unknown[]) => unknown).call(
          owner,
          method,
          matcher,
        )) as RealtimeScenarioContext['expectCall'],
  };
}

function requireExpectCall(
  operation: string,
  target: Target,
): RealtimeScenarioContext['expectCall'] {
  if (target.expectCall !== undefined) return target.expectCall;
  throw specError(
    operation,
    'missing',
    'target.expectCall',
    'a function (pass the scenario context or the transport, or set the await option to false)',
    undefined,
  );
}

/** Reads `text`/`transcript`: one string, or its deltas. */
function readDeltas(
  operation: string,
  path: string,
  value: unknown,
): string[] {
  if (typeof value === 'string') return [value];
  const items = readArray(operation, path, value, { nonEmpty: true });
  return items.map((item, i) =>
    readString(operation, `${path}[${i}]`, item) as string
  );
}

function readId(
  operation: string,
  spec: SpecRecord,
  key: string,
  target: Target,
  kind: string,
): string {
  return readString(operation, `spec.${key}`, spec[key], {
    optional: true,
    nonEmpty: true,
  }) ?? nextId(target.key, kind);
}

function readAudio(
  operation: string,
  spec: SpecRecord,
  count: number,
): () => ArrayBuffer[] {
  const bytes = readNumber(operation, 'spec.chunkBytes', spec.chunkBytes, {
    optional: true,
    integer: true,
    min: 0,
  }) ?? 960;
  if (bytes > 1 << 20) {
    throw specError(
      operation,
      'invalid_value',
      'spec.chunkBytes',
      'at most 1048576',
      bytes,
    );
  }
  if (spec.audio === undefined) {
    return () => Array.from({ length: count }, () => new ArrayBuffer(bytes));
  }
  const audio = readArray(operation, 'spec.audio', spec.audio);
  if (audio.length !== count) {
    throw specError(
      operation,
      'invalid_value',
      'spec.audio',
      `one ArrayBuffer per transcript delta (${count})`,
      audio,
    );
  }
  audio.forEach((chunk, i) => {
    if (!isArrayBuffer(chunk)) {
      throw specError(
        operation,
        'invalid_type',
        `spec.audio[${i}]`,
        'an ArrayBuffer',
        chunk,
      );
    }
  });
  return () => audio as ArrayBuffer[];
}

function readSpec(
  operation: string,
  spec: unknown,
  keys: readonly string[],
): SpecRecord {
  return readRecord(operation, 'spec', spec, keys);
}

const zeroUsage = {
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  inputTokensDetails: {},
  outputTokensDetails: {},
};

function started(t: Target, responseId: string): void {
  t.emit('turn_started', {
    type: 'response_started',
    providerData: { type: 'response.created', response: { id: responseId } },
  });
}

/** `response.done`: the transport emits `usage_update`, then `turn_done`. */
function done(
  t: Target,
  responseId: string,
  output: readonly unknown[],
  status = 'completed',
): void {
  t.emit('usage_update', new Usage());
  t.emit('turn_done', {
    type: 'response_done',
    response: {
      id: responseId,
      output: output as Events['turn_done'][0]['response']['output'],
      usage: { ...zeroUsage },
      providerData: { status },
    },
  });
}

function assistantItem(
  itemId: string,
  status: 'in_progress' | 'completed' | 'incomplete',
  content: unknown[],
): RealtimeItem {
  return {
    itemId,
    type: 'message',
    role: 'assistant',
    status,
    content,
  } as RealtimeItem;
}

function outputMessage(
  itemId: string,
  status: string,
  content: unknown[],
): unknown {
  return { type: 'message', id: itemId, role: 'assistant', status, content };
}

/** The spec of {@link textTurn}. */
export interface TextTurnSpec {
  /** The answer, or its deltas in order. */
  text: string | readonly string[];
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/**
 * Emits a whole text answer: `turn_started`, the assistant item
 * (`in_progress`), one `output_text_delta` per delta, the completed item,
 * `usage_update` and `turn_done`. The session then emits `agent_start`,
 * `history_added`/`history_updated` and `agent_end` with the text.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The text and optional ids.
 * @returns The ids used.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import {
 *   ScriptedRealtimeTransport,
 *   textTurn,
 * } from '@scripted/agents/realtime';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport,
 * });
 * const ends: string[] = [];
 * session.on('agent_end', (_context, _agent, output) => ends.push(output));
 * const connected = transport.expectCall('connect');
 * await session.connect({ apiKey: 'test' });
 * await connected;
 * textTurn(transport, { text: ['Hel', 'lo'] });
 * assert.deepEqual(ends, ['Hello']);
 * const closed = transport.expectCall('close');
 * session.close();
 * await closed;
 * ```
 */
export function textTurn(
  target: RealtimeTurnTarget,
  spec: TextTurnSpec,
): RealtimeTurnResult {
  const op = 'textTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, ['text', 'responseId', 'itemId']);
  const deltas = readDeltas(op, 'spec.text', s.text);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const text = deltas.join('');
  const content = [{ type: 'output_text', text }];
  started(t, responseId);
  t.emit('item_update', assistantItem(itemId, 'in_progress', []));
  for (const delta of deltas) {
    t.emit('output_text_delta', {
      type: 'output_text_delta',
      itemId,
      delta,
      responseId,
    });
  }
  t.emit('item_update', assistantItem(itemId, 'completed', content));
  done(t, responseId, [outputMessage(itemId, 'completed', content)]);
  return { responseId, itemId };
}

/** The spec of {@link audioTurn}. */
export interface AudioTurnSpec {
  /** The spoken transcript, or its deltas (one audio chunk per delta). */
  transcript: string | readonly string[];
  /** The audio chunks, one per delta; defaults to silent chunks. */
  audio?: readonly ArrayBuffer[];
  /** Bytes of each generated chunk (default 960: 20 ms of 24 kHz PCM16). */
  chunkBytes?: number;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/**
 * Emits a whole spoken answer: `turn_started`, the assistant item, then per
 * chunk an `audio` event and its `audio_transcript_delta`, then
 * `audio_done`, the completed item (`output_audio` with the transcript),
 * `usage_update` and `turn_done`. The session emits `agent_start`,
 * `audio_start`, one `audio` per chunk, `audio_stopped` and `agent_end`
 * with the transcript.
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript (deltas), optional audio and ids.
 * @returns The ids used.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { audioTurn } from '@scripted/agents/realtime';
 *
 * const seen: string[] = [];
 * audioTurn((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { transcript: ['Hi ', 'there'] });
 * assert.equal(seen.filter((type) => type === 'audio').length, 2);
 * assert(seen.indexOf('audio_done') < seen.indexOf('turn_done'));
 * ```
 */
export function audioTurn(
  target: RealtimeTurnTarget,
  spec: AudioTurnSpec,
): RealtimeTurnResult {
  const op = 'audioTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'audio',
    'chunkBytes',
    'responseId',
    'itemId',
  ]);
  const deltas = readDeltas(op, 'spec.transcript', s.transcript);
  const audio = readAudio(op, s, deltas.length);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const chunks = audio();
  started(t, responseId);
  t.emit('item_update', assistantItem(itemId, 'in_progress', []));
  for (let i = 0; i < deltas.length; i++) {
    t.emit('audio', { type: 'audio', data: chunks[i], responseId });
    t.emit('audio_transcript_delta', {
      type: 'transcript_delta',
      itemId,
      delta: deltas[i],
      responseId,
    });
  }
  t.emit('audio_done');
  const content = [{ type: 'output_audio', transcript: deltas.join('') }];
  t.emit('item_update', assistantItem(itemId, 'completed', content));
  done(t, responseId, [outputMessage(itemId, 'completed', content)]);
  return { responseId, itemId };
}

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
 * import {
 *   functionCallTurn,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
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
  let agentName: unknown;
  try {
    agentName = (s.to as { name?: unknown }).name;
  } catch {
    throw specError(op, 'unreadable', 'spec.to', 'an agent', s.to);
  }
  if (typeof s.to !== 'object' || s.to === null) {
    throw specError(op, 'invalid_type', 'spec.to', 'an agent', s.to);
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
 * import {
 *   handoffTurn,
 *   ScriptedRealtimeTransport,
 * } from '@scripted/agents/realtime';
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
  if (expectCall === undefined) {
    emitCall(t, plan);
    return Promise.resolve({
      ...base,
      output: undefined,
      sessionConfig: undefined,
    });
  }
  emitCall(t, plan);
  const config = expectCall('updateSessionConfig');
  const answered = expectCall('sendFunctionCallOutput');
  return Promise.all([config, answered]).then(([sessionConfig, output]) => {
    emitOutputItem(t, plan, output.output);
    return { ...base, output, sessionConfig };
  });
}

/** The spec of {@link mcpApprovalRequest}. */
export interface McpApprovalRequestSpec {
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

/** What {@link mcpApprovalRequest} reports. */
export interface McpApprovalRequestResult {
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
 * import { mcpApprovalRequest } from '@scripted/agents/realtime';
 *
 * const seen: string[] = [];
 * const result = await mcpApprovalRequest((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { serverLabel: 'files', name: 'delete', awaitResponse: false });
 * assert.deepEqual(seen, ['item_update', 'mcp_approval_request']);
 * assert.equal(result.response, undefined);
 * ```
 */
export function mcpApprovalRequest(
  target: RealtimeTurnTarget,
  spec: McpApprovalRequestSpec,
): Promise<McpApprovalRequestResult> {
  const op = 'mcpApprovalRequest';
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
  const args = s.arguments === undefined
    ? {}
    : readMcpArguments(op, s.arguments);
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

/** The spec of {@link userSpeechTurn}. */
export interface UserSpeechTurnSpec {
  /** The final input transcript. */
  transcript: string;
  /** Where speech started in the input buffer, in ms (default 0). */
  audioStartMs?: number;
  /** Where speech stopped, in ms (default `audioStartMs` + 1000). */
  audioEndMs?: number;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link userSpeechTurn} reports. */
export interface UserSpeechTurnResult {
  /** The user item id. */
  readonly itemId: string;
}

/**
 * Emits the user speaking: `input_audio_buffer.speech_started`,
 * `speech_stopped` and `committed` (as raw `*` events and by name, as the
 * SDK's transport does), the user item with an `input_audio` part awaiting
 * its transcript, then
 * `conversation.item.input_audio_transcription.completed`. The session
 * forwards each as `transport_event` and fills the transcript into
 * `history` (`history_updated`).
 *
 * @param target The scenario context, the transport, or an `emit` function.
 * @param spec The transcript, timing and id.
 * @returns The item id.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { userSpeechTurn } from '@scripted/agents/realtime';
 *
 * const raw: string[] = [];
 * userSpeechTurn((type, ...args) => {
 *   if (type === '*') raw.push((args[0] as { type: string }).type);
 *   return true;
 * }, { transcript: 'Hello?' });
 * assert.equal(raw[0], 'input_audio_buffer.speech_started');
 * ```
 */
export function userSpeechTurn(
  target: RealtimeTurnTarget,
  spec: UserSpeechTurnSpec,
): UserSpeechTurnResult {
  const op = 'userSpeechTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'audioStartMs',
    'audioEndMs',
    'itemId',
  ]);
  const transcript = readString(op, 'spec.transcript', s.transcript) as string;
  const start = readNumber(op, 'spec.audioStartMs', s.audioStartMs, {
    optional: true,
    integer: true,
    min: 0,
  }) ?? 0;
  const end = readNumber(op, 'spec.audioEndMs', s.audioEndMs, {
    optional: true,
    integer: true,
    min: start,
  }) ?? start + 1000;
  const itemId = readId(op, s, 'itemId', t, 'item');
  raw(t, {
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: start,
    item_id: itemId,
  });
  raw(t, {
    type: 'input_audio_buffer.speech_stopped',
    audio_end_ms: end,
    item_id: itemId,
  });
  raw(t, { type: 'input_audio_buffer.committed', item_id: itemId });
  t.emit('item_update', {
    itemId,
    type: 'message',
    role: 'user',
    status: 'in_progress',
    content: [{ type: 'input_audio', transcript: null }],
  });
  raw(t, {
    type: 'conversation.item.input_audio_transcription.completed',
    item_id: itemId,
    content_index: 0,
    transcript,
  });
  return { itemId };
}

/** A raw server event: `*` first, then by name, as the SDK's transport. */
function raw(t: Target, event: { type: string; [key: string]: unknown }): void {
  t.emit('*', { ...event });
  t.emit(event.type, { ...event });
}

/** The spec of {@link interruptedTurn}. */
export interface InterruptedTurnSpec {
  /** The transcript deltas the assistant would have spoken. */
  transcript: readonly string[];
  /** How many chunks (deltas) were played before the interruption. */
  heard: number;
  /**
   * `speech` (default): the user barges in (`speech_started`);
   * `interrupt`: wait for the application's `interrupt()` call.
   */
  trigger?: 'speech' | 'interrupt';
  /** Audio chunks, one per delta; defaults to silent chunks. */
  audio?: readonly ArrayBuffer[];
  /** Bytes of each generated chunk (default 960). */
  chunkBytes?: number;
  /** Defaults to a generated id. */
  responseId?: string;
  /** Defaults to a generated id. */
  itemId?: string;
}

/** What {@link interruptedTurn} reports. */
export interface InterruptedTurnResult extends RealtimeTurnResult {
  /** The transcript that was played (the heard deltas, joined). */
  readonly heard: string;
  /** The recorded `interrupt` call, for `trigger: 'interrupt'`. */
  readonly interrupt: RecordedRealtimeCall<'interrupt'> | undefined;
}

/**
 * Emits an assistant audio answer cut off mid-turn: the first `heard`
 * chunks with their transcript deltas, then the interruption (the user's
 * `speech_started`, or the application's `interrupt()` call), then
 * `audio_interrupted`, the truncated assistant item (`incomplete`, holding
 * only the heard transcript), `usage_update` and a cancelled `turn_done`.
 * The session emits `audio_interrupted` and keeps the truncated item in
 * `history`.
 *
 * @param target The scenario context or the transport (`expectCall` is
 *   needed for `trigger: 'interrupt'`).
 * @param spec The planned deltas, how many were heard, and the trigger.
 * @returns The ids, the heard transcript and the recorded interrupt.
 * @throws {InvalidRealtimeSpecError} For a malformed spec, before emitting.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { interruptedTurn } from '@scripted/agents/realtime';
 *
 * const seen: string[] = [];
 * const result = await interruptedTurn((type) => {
 *   seen.push(String(type));
 *   return true;
 * }, { transcript: ['Once ', 'upon ', 'a time'], heard: 2 });
 * assert.equal(result.heard, 'Once upon ');
 * assert.equal(seen.filter((type) => type === 'audio').length, 2);
 * assert(seen.includes('audio_interrupted'));
 * ```
 */
export function interruptedTurn(
  target: RealtimeTurnTarget,
  spec: InterruptedTurnSpec,
): Promise<InterruptedTurnResult> {
  const op = 'interruptedTurn';
  const t = readTarget(op, target);
  const s = readSpec(op, spec, [
    'transcript',
    'heard',
    'trigger',
    'audio',
    'chunkBytes',
    'responseId',
    'itemId',
  ]);
  const deltas = readDeltas(op, 'spec.transcript', s.transcript);
  const heard = readNumber(op, 'spec.heard', s.heard, {
    integer: true,
    min: 0,
  }) as number;
  if (heard > deltas.length) {
    throw specError(
      op,
      'invalid_value',
      'spec.heard',
      `at most the number of deltas (${deltas.length})`,
      heard,
    );
  }
  const trigger = s.trigger ?? 'speech';
  if (trigger !== 'speech' && trigger !== 'interrupt') {
    throw specError(
      op,
      'invalid_value',
      'spec.trigger',
      '"speech" or "interrupt"',
      trigger,
    );
  }
  const audio = readAudio(op, s, deltas.length);
  const responseId = readId(op, s, 'responseId', t, 'response');
  const itemId = readId(op, s, 'itemId', t, 'item');
  const expectCall = trigger === 'interrupt'
    ? requireExpectCall(op, t)
    : undefined;
  const chunks = audio();
  const heardText = deltas.slice(0, heard).join('');
  started(t, responseId);
  t.emit('item_update', assistantItem(itemId, 'in_progress', []));
  for (let i = 0; i < heard; i++) {
    t.emit('audio', { type: 'audio', data: chunks[i], responseId });
    t.emit('audio_transcript_delta', {
      type: 'transcript_delta',
      itemId,
      delta: deltas[i],
      responseId,
    });
  }
  const finish = (
    interrupt: RecordedRealtimeCall<'interrupt'> | undefined,
  ): InterruptedTurnResult => {
    t.emit('audio_interrupted');
    const content = [{ type: 'output_audio', transcript: heardText }];
    t.emit('item_update', assistantItem(itemId, 'incomplete', content));
    done(
      t,
      responseId,
      [outputMessage(itemId, 'incomplete', content)],
      'cancelled',
    );
    return { responseId, itemId, heard: heardText, interrupt };
  };
  if (expectCall === undefined) {
    raw(t, {
      type: 'input_audio_buffer.speech_started',
      audio_start_ms: 0,
      item_id: nextId(t.key, 'item'),
    });
    return Promise.resolve(finish(undefined));
  }
  return expectCall('interrupt').then(finish);
}
