/**
 * Builders of hosted tool calls: the calls OpenAI runs on its side (web
 * search, file search, code interpreter, image generation, remote MCP) and
 * that reach the Runner, already done, as `hosted_tool_call` items shaped as
 * the SDK's OpenAI provider shapes them (the raw item in `providerData`).
 * The Runner passes them through to `newItems` and the history; an MCP
 * approval request it also answers, through the agent's `hostedMcpTool()`.
 *
 * @module
 */
import type { protocol } from '@openai/agents-core';
import { options as read, serialized } from '../_internal/item_reading.ts';
import { object, oneOf, reject, string } from '../_internal/read.ts';
import { building, records, strings } from './_checks.ts';

/**
 * The options every hosted call builder takes.
 *
 * @example
 * ```ts
 * import type { HostedCallOptions } from '@scripted/agents/items';
 *
 * const options: HostedCallOptions = { id: 'ws_1' };
 * ```
 */
export interface HostedCallOptions {
  /** The item id (also the raw item's `id`). */
  id?: string;
  /** More raw fields, merged into the item's `providerData`. */
  providerData?: Record<string, unknown>;
}

/**
 * Options of `webSearchCall()`.
 *
 * @example
 * ```ts
 * import type { WebSearchCallOptions } from '@scripted/agents/items';
 *
 * const options: WebSearchCallOptions = { status: 'failed' };
 * ```
 */
export interface WebSearchCallOptions extends HostedCallOptions {
  /** The call's status (default `completed`). */
  status?: 'in_progress' | 'searching' | 'completed' | 'failed';
}

/**
 * Options of `fileSearchCall()`.
 *
 * @example
 * ```ts
 * import type { FileSearchCallOptions } from '@scripted/agents/items';
 *
 * const options: FileSearchCallOptions = {
 *   results: [{ file_id: 'file_1', text: 'Refunds take 5 days' }],
 * };
 * ```
 */
export interface FileSearchCallOptions extends HostedCallOptions {
  /** The call's status (default `completed`). */
  status?: 'in_progress' | 'searching' | 'completed' | 'incomplete' | 'failed';
  /** The search results, as the Responses API writes them. */
  results?: readonly Record<string, unknown>[];
}

/**
 * Options of `codeInterpreterCall()`.
 *
 * @example
 * ```ts
 * import type { CodeInterpreterCallOptions } from '@scripted/agents/items';
 *
 * const options: CodeInterpreterCallOptions = {
 *   outputs: [{ type: 'logs', logs: '4' }],
 * };
 * ```
 */
export interface CodeInterpreterCallOptions extends HostedCallOptions {
  /** The call's status (default `completed`). */
  status?:
    | 'in_progress'
    | 'completed'
    | 'incomplete'
    | 'interpreting'
    | 'failed';
  /** The container the code ran in. */
  containerId?: string;
  /** The outputs (`logs`, `image`), as the Responses API writes them. */
  outputs?: readonly Record<string, unknown>[];
}

/**
 * Options of `imageGenerationCall()`.
 *
 * @example
 * ```ts
 * import type { ImageGenerationCallOptions } from '@scripted/agents/items';
 *
 * const options: ImageGenerationCallOptions = { id: 'ig_1' };
 * ```
 */
export interface ImageGenerationCallOptions extends HostedCallOptions {
  /** The call's status (default `completed`). */
  status?: 'in_progress' | 'completed' | 'generating' | 'failed';
}

/**
 * Options of `mcpApprovalRequest()`; `id` and `serverLabel` are required.
 *
 * @example
 * ```ts
 * import type { McpApprovalRequestOptions } from '@scripted/agents/items';
 *
 * const options: McpApprovalRequestOptions = {
 *   id: 'mcpr_1',
 *   serverLabel: 'docs',
 * };
 * ```
 */
export interface McpApprovalRequestOptions {
  /** The request id the approval answers. Required. */
  id: string;
  /** The `serverLabel` of the agent's `hostedMcpTool()`. Required. */
  serverLabel: string;
  /** The tool's arguments: a JSON string or a value to serialize (`{}`). */
  arguments?: string | object;
  /** More raw fields, merged into the item's `providerData`. */
  providerData?: Record<string, unknown>;
}

/**
 * Options of `mcpCall()`; `serverLabel` is required.
 *
 * @example
 * ```ts
 * import type { McpCallOptions } from '@scripted/agents/items';
 *
 * const options: McpCallOptions = { serverLabel: 'docs', output: '3 pages' };
 * ```
 */
export interface McpCallOptions extends HostedCallOptions {
  /** The `serverLabel` of the agent's `hostedMcpTool()`. Required. */
  serverLabel: string;
  /** The tool's arguments: a JSON string or a value to serialize (`{}`). */
  arguments?: string | object;
  /** What the remote tool returned. */
  output?: string;
  /** The remote tool's error, if it failed. */
  error?: string;
}

/** The common options, read and checked. */
function hosted<const K extends string>(
  options: unknown,
  more: readonly K[],
  statuses: readonly string[] | undefined,
): {
  readonly id: string | undefined;
  readonly status: string;
  readonly extra: Record<string, unknown>;
  readonly fields: { readonly [P in K]?: unknown };
} {
  const fields = read(options, ['id', 'providerData', 'status', ...more]);
  const id = string(fields.id, 'options.id', {
    optional: true,
    nonEmpty: true,
  });
  const providerData = object(fields.providerData, 'options.providerData', {
    optional: true,
  });
  if (statuses === undefined && fields.status !== undefined) {
    throw reject('invalid_value', 'options.status', fields.status, {
      expected: 'absent (the item type has no status)',
    });
  }
  const status = oneOf(fields.status, 'options.status', statuses ?? [], {
    optional: true,
  });
  return {
    id,
    status: status ?? 'completed',
    extra: { ...providerData },
    fields,
  };
}

/** The item, its raw form in `providerData` as the OpenAI provider keeps it. */
function hostedItem(
  name: string,
  common: { readonly id: string | undefined; readonly status: string },
  raw: Record<string, unknown>,
  extra: Record<string, unknown>,
  output?: string,
): protocol.HostedToolCallItem {
  const item = { type: 'hosted_tool_call' } as protocol.HostedToolCallItem;
  if (common.id !== undefined) item.id = common.id;
  item.name = name;
  item.status = common.status;
  if (output !== undefined) item.output = output;
  const providerData: Record<string, unknown> = { type: name };
  if (common.id !== undefined) providerData.id = common.id;
  item.providerData = Object.assign(providerData, raw, extra);
  return item;
}

/**
 * Builds a web search the model ran (`web_search_call`, a `search`
 * action). It needs no tool to pass through the Runner.
 *
 * @param query The search query.
 * @param options Optional `status` (default `completed`), `id`,
 * `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `query` is not a string or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { webSearchCall } from '@scripted/agents/items';
 *
 * assert.deepEqual(webSearchCall('weather Tokyo', { id: 'ws_1' }), {
 *   type: 'hosted_tool_call',
 *   id: 'ws_1',
 *   name: 'web_search_call',
 *   status: 'completed',
 *   providerData: {
 *     type: 'web_search_call',
 *     id: 'ws_1',
 *     action: { type: 'search', query: 'weather Tokyo' },
 *   },
 * });
 * ```
 */
export function webSearchCall(
  query: string,
  options?: WebSearchCallOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const q = string(query, 'query');
    const common = hosted(options, [], [
      'in_progress',
      'searching',
      'completed',
      'failed',
    ]);
    return hostedItem('web_search_call', common, {
      action: { type: 'search', query: q },
    }, common.extra);
  });
}

/**
 * Builds a file search the model ran (`file_search_call`) over the agent's
 * vector stores, with its results.
 *
 * @param queries The query, or several.
 * @param options Optional `results`, `status` (default `completed`), `id`,
 * `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `queries` or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { fileSearchCall } from '@scripted/agents/items';
 *
 * const call = fileSearchCall('refund policy', {
 *   results: [{ file_id: 'file_1', text: 'Refunds take 5 days' }],
 * });
 * assert.equal(call.name, 'file_search_call');
 * assert.deepEqual(call.providerData?.queries, ['refund policy']);
 * ```
 */
export function fileSearchCall(
  queries: string | readonly string[],
  options?: FileSearchCallOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const list = strings(queries, 'queries', {
      expected: 'a string or an array of strings',
    });
    const common = hosted(options, ['results'], [
      'in_progress',
      'searching',
      'completed',
      'incomplete',
      'failed',
    ]);
    const raw: Record<string, unknown> = { queries: list };
    const results = records(common.fields.results, 'results');
    if (results !== undefined) raw.results = results;
    return hostedItem('file_search_call', common, raw, common.extra);
  });
}

/**
 * Builds a code interpreter run (`code_interpreter_call`) with its
 * outputs.
 *
 * @param code The code the model ran.
 * @param options Optional `outputs`, `containerId`, `status` (default
 * `completed`), `id`, `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `code` is not a string or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { codeInterpreterCall } from '@scripted/agents/items';
 *
 * const call = codeInterpreterCall('print(2 + 2)', {
 *   outputs: [{ type: 'logs', logs: '4' }],
 * });
 * assert.equal(call.providerData?.code, 'print(2 + 2)');
 * ```
 */
export function codeInterpreterCall(
  code: string,
  options?: CodeInterpreterCallOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const source = string(code, 'code');
    const common = hosted(options, ['outputs', 'containerId'], [
      'in_progress',
      'completed',
      'incomplete',
      'interpreting',
      'failed',
    ]);
    string(common.fields.containerId, 'options.containerId', {
      optional: true,
      nonEmpty: true,
    });
    const raw: Record<string, unknown> = { code: source };
    if (common.fields.containerId !== undefined) {
      raw.container_id = common.fields.containerId;
    }
    const outputs = records(common.fields.outputs, 'outputs');
    if (outputs !== undefined) raw.outputs = outputs;
    return hostedItem('code_interpreter_call', common, raw, common.extra);
  });
}

/**
 * Builds an image generation (`image_generation_call`): the image, base64
 * encoded, is the item's `output`.
 *
 * @param result The generated image, base64 encoded.
 * @param options Optional `status` (default `completed`), `id`,
 * `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `result` is not a string or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { imageGenerationCall } from '@scripted/agents/items';
 *
 * const call = imageGenerationCall('iVBORw0KGgo=');
 * assert.equal(call.name, 'image_generation_call');
 * assert.equal(call.output, 'iVBORw0KGgo=');
 * ```
 */
export function imageGenerationCall(
  result: string,
  options?: ImageGenerationCallOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const image = string(result, 'result', {
      expected: 'a string (the base64 image)',
    });
    const common = hosted(options, [], [
      'in_progress',
      'completed',
      'generating',
      'failed',
    ]);
    return hostedItem('image_generation_call', common, {}, common.extra, image);
  });
}

/**
 * Builds a remote MCP server's request to approve a tool call
 * (`mcp_approval_request`). The Runner answers it through the agent's
 * `hostedMcpTool()` with the same `serverLabel`: its `onApproval`, or an
 * interruption to approve or reject on the run state.
 *
 * @param name The remote tool's name.
 * @param options `id` and `serverLabel` (required), optional `arguments`,
 * `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `name` is empty, `id` or `serverLabel` is missing, or an option is
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mcpApprovalRequest } from '@scripted/agents/items';
 *
 * const request = mcpApprovalRequest('search_docs', {
 *   id: 'mcpr_1',
 *   serverLabel: 'docs',
 *   arguments: { query: 'refunds' },
 * });
 * assert.equal(request.name, 'mcp_approval_request');
 * assert.equal(request.providerData?.server_label, 'docs');
 * ```
 */
export function mcpApprovalRequest(
  name: string,
  options: McpApprovalRequestOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const tool = string(name, 'name', { nonEmpty: true });
    const common = hosted(options, ['serverLabel', 'arguments'], undefined);
    const id = string(common.id, 'options.id', { nonEmpty: true });
    const serverLabel = string(
      common.fields.serverLabel,
      'options.serverLabel',
      {
        nonEmpty: true,
      },
    );
    const args = common.fields.arguments === undefined
      ? '{}'
      : serialized(common.fields.arguments, 'options.arguments');
    return hostedItem('mcp_approval_request', { ...common, id }, {
      server_label: serverLabel,
      name: tool,
      arguments: args,
    }, common.extra);
  });
}

/**
 * Builds a remote MCP tool call the model made and OpenAI ran
 * (`mcp_call`), with its output or error: what follows an approved
 * {@link mcpApprovalRequest}, or a call that needs no approval.
 *
 * @param name The remote tool's name.
 * @param options `serverLabel` (required), optional `arguments`, `output`,
 * `error`, `id`, `providerData`.
 * @returns A normalized `protocol.HostedToolCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `name` is empty, `serverLabel` is missing, or an option is
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mcpCall } from '@scripted/agents/items';
 *
 * const call = mcpCall('search_docs', { serverLabel: 'docs', output: '3 pages' });
 * assert.equal(call.name, 'mcp_call');
 * assert.equal(call.output, '3 pages');
 * ```
 */
export function mcpCall(
  name: string,
  options: McpCallOptions,
): protocol.HostedToolCallItem {
  return building(() => {
    const tool = string(name, 'name', { nonEmpty: true });
    const common = hosted(
      options,
      ['serverLabel', 'arguments', 'output', 'error'],
      undefined,
    );
    const given = common.fields;
    const serverLabel = string(given.serverLabel, 'options.serverLabel', {
      nonEmpty: true,
    });
    const args = given.arguments === undefined
      ? '{}'
      : serialized(given.arguments, 'options.arguments');
    const output = string(given.output, 'options.output', { optional: true });
    const error = string(given.error, 'options.error', { optional: true });
    const raw: Record<string, unknown> = {
      server_label: serverLabel,
      name: tool,
      arguments: args,
    };
    if (error !== undefined) raw.error = error;
    return hostedItem('mcp_call', common, raw, common.extra, output);
  });
}
