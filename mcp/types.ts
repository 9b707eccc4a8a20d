/**
 * The types of a scripted MCP server's script and recording. The SDK's
 * shapes are derived from the installed `@openai/agents-core`, so the same
 * source type-checks against every supported release (0.11 to 0.20).
 *
 * @module
 */
import type {
  CallToolResult,
  MCPReadResourceResult,
  MCPResource,
  MCPResourceTemplate,
  MCPServer,
} from '@openai/agents-core';

/**
 * The SDK's `MCPServer` as every supported release types it: the tool
 * guardrail fields (0.18+) are optional `unknown[]` on older releases.
 *
 * @example
 * ```ts
 * import type { McpServerShape } from '@scripted/agents/mcp';
 *
 * const cache: McpServerShape['cacheToolsList'] = true;
 * ```
 */
export type McpServerShape =
  & MCPServer
  & {
    [
      K in Exclude<
        'toolInputGuardrails' | 'toolOutputGuardrails',
        keyof MCPServer
      >
    ]?: unknown[];
  };

/**
 * A tool as `listTools()` returns it (the SDK's `MCPTool`).
 *
 * @example
 * ```ts
 * import type { McpListedTool } from '@scripted/agents/mcp';
 *
 * const tool: McpListedTool = {
 *   name: 'a',
 *   inputSchema: {
 *     type: 'object',
 *     properties: {},
 *     required: [],
 *     additionalProperties: false,
 *   },
 * };
 * ```
 */
export type McpListedTool = Awaited<ReturnType<MCPServer['listTools']>>[number];

/**
 * The options of `callTool` (`{ signal }` from SDK 0.14 on), as a double
 * receives them on any release.
 *
 * @example
 * ```ts
 * import type { McpCallToolOptions } from '@scripted/agents/mcp';
 *
 * const options: McpCallToolOptions = { signal: AbortSignal.abort() };
 * ```
 */
export interface McpCallToolOptions {
  /** Aborts the call: a pending answer rejects with the signal's reason. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * A tool the server lists: `inputSchema` may leave out `properties`,
 * `required` and `additionalProperties` (filled with `{}`, `[]` and
 * `false`); no schema at all is a tool without arguments.
 *
 * @example
 * ```ts
 * import type { McpToolDefinition } from '@scripted/agents/mcp';
 *
 * const tool: McpToolDefinition = {
 *   name: 'get_weather',
 *   description: 'The weather in a city',
 *   inputSchema: {
 *     type: 'object',
 *     properties: { city: { type: 'string' } },
 *     required: ['city'],
 *   },
 * };
 * ```
 */
export interface McpToolDefinition {
  /** The tool's name, unique in one listing. */
  readonly name: string;
  /** What the tool does, for the model. */
  readonly description?: string | undefined;
  /** The JSON schema of the arguments (an `object` schema). */
  readonly inputSchema?: {
    readonly type?: 'object';
    readonly properties?: Readonly<Record<string, unknown>>;
    readonly required?: readonly string[];
    readonly additionalProperties?: boolean;
    readonly [key: string]: unknown;
  } | undefined;
}

/**
 * The tools a server lists: a fixed list, or a function of the zero-based
 * `listTools` call index (a server whose tools change between calls).
 *
 * @example
 * ```ts
 * import type { McpToolList } from '@scripted/agents/mcp';
 *
 * const grows: McpToolList = (listIndex) =>
 *   listIndex === 0 ? [{ name: 'a' }] : [{ name: 'a' }, { name: 'b' }];
 * ```
 */
export type McpToolList =
  | readonly McpToolDefinition[]
  | ((listIndex: number) => readonly McpToolDefinition[]);

/**
 * What a scripted call answers: a string (one text content item), or the
 * MCP result itself (`content`, and optionally `structuredContent`,
 * `isError`, `_meta`).
 *
 * @example
 * ```ts
 * import type { McpCallAnswer } from '@scripted/agents/mcp';
 *
 * const text: McpCallAnswer = 'Sunny, 21°C';
 * const full: McpCallAnswer = {
 *   content: [{ type: 'text', text: '{"temp":21}' }],
 *   structuredContent: { temp: 21 },
 * };
 * ```
 */
export type McpCallAnswer = string | CallToolResult;

/**
 * One recorded tool call, frozen: the tool, its arguments and `_meta` as
 * the SDK passed them (snapshotted), whether an `AbortSignal` came with it,
 * and which method the SDK called.
 *
 * @example
 * ```ts
 * import type { RecordedMcpCall } from '@scripted/agents/mcp';
 *
 * const call: RecordedMcpCall = {
 *   index: 0,
 *   name: 'get_weather',
 *   arguments: { city: 'Oslo' },
 *   meta: null,
 *   signalPassed: true,
 *   method: 'callTool',
 * };
 * ```
 */
export interface RecordedMcpCall {
  /** Zero-based position among the server's tool calls. */
  readonly index: number;
  /** The tool called. */
  readonly name: string;
  /** The arguments (`null` when the SDK passed none). */
  readonly arguments: Readonly<Record<string, unknown>> | null;
  /** The request `_meta` (`null` when none was passed). */
  readonly meta: Readonly<Record<string, unknown>> | null;
  /** Whether the SDK passed an `AbortSignal` (SDK 0.14+). */
  readonly signalPassed: boolean;
  /** `callTool`, or `callToolResult` (the full-result method). */
  readonly method: 'callTool' | 'callToolResult';
}

/**
 * Checks one call before its step answers: return `false` to reject it (a
 * `McpCallMatcherError`), or assert inside (the assertion error passes
 * through). It must answer synchronously.
 *
 * @example
 * ```ts
 * import type { McpCallMatcher } from '@scripted/agents/mcp';
 *
 * const oslo: McpCallMatcher = (args) => args?.city === 'Oslo';
 * ```
 */
export type McpCallMatcher = (
  args: Record<string, unknown> | null,
  call: RecordedMcpCall,
) => boolean | void;

/**
 * Computes a call's answer from the recorded call; may return a promise.
 * `signal` is the call's `AbortSignal` when the SDK passed one.
 *
 * @example
 * ```ts
 * import type { McpCallResponder } from '@scripted/agents/mcp';
 *
 * const echo: McpCallResponder = (call) => JSON.stringify(call.arguments);
 * ```
 */
export type McpCallResponder = (
  call: RecordedMcpCall,
  options: { readonly signal: AbortSignal | undefined },
) => McpCallAnswer | PromiseLike<McpCallAnswer>;

/**
 * One scripted tool call: the tool it answers, an optional `match`, and
 * exactly one of `result`, `respond` or `error` (thrown as the call's
 * failure, which the SDK turns into a model-visible message unless the
 * server's `errorFunction` is `null`).
 *
 * @example
 * ```ts
 * import type { McpCallStep } from '@scripted/agents/mcp';
 *
 * const steps: McpCallStep[] = [
 *   { tool: 'get_weather', result: 'Sunny' },
 *   { tool: 'get_weather', respond: (call) => `${call.index}` },
 *   { tool: 'get_weather', error: new Error('rate limited') },
 * ];
 * ```
 */
export interface McpCallStep {
  /** The tool this step answers. */
  readonly tool: string;
  /** Optional check of the call's arguments. */
  readonly match?: McpCallMatcher | undefined;
  /** The fixed answer (copied when the script is defined). */
  readonly result?: McpCallAnswer | undefined;
  /** Computes the answer. */
  readonly respond?: McpCallResponder | undefined;
  /** Fails the call with this value. */
  readonly error?: unknown;
}

/**
 * A group of steps whose calls may arrive in any order (the SDK runs tool
 * calls of one turn in parallel); see `mcpAnyOrder`.
 *
 * @example
 * ```ts
 * import type { McpAnyOrder } from '@scripted/agents/mcp';
 *
 * const group: McpAnyOrder = {
 *   anyOrder: [{ tool: 'a', result: 'A' }, { tool: 'b', result: 'B' }],
 * };
 * ```
 */
export interface McpAnyOrder {
  /** The steps of the group, at least one. */
  readonly anyOrder: readonly McpCallStep[];
}

/**
 * The resources a server offers (`listResources`, `listResourceTemplates`,
 * `readResource`); `contents` maps a URI to what reading it returns.
 *
 * @example
 * ```ts
 * import type { McpResources } from '@scripted/agents/mcp';
 *
 * const resources: McpResources = {
 *   resources: [{ uri: 'file:///a.txt', name: 'a' }],
 *   contents: {
 *     'file:///a.txt': [{ uri: 'file:///a.txt', text: 'hello' }],
 *   },
 * };
 * ```
 */
export interface McpResources {
  /** What `listResources` returns. */
  readonly resources?: readonly MCPResource[] | undefined;
  /** What `listResourceTemplates` returns. */
  readonly templates?: readonly MCPResourceTemplate[] | undefined;
  /** What `readResource(uri)` returns, by URI. */
  readonly contents?:
    | Readonly<Record<string, MCPReadResourceResult['contents']>>
    | undefined;
}

/**
 * The SDK settings a scripted server carries for the runner, as the
 * installed release types them.
 *
 * @example
 * ```ts
 * import type { McpServerSettings } from '@scripted/agents/mcp';
 *
 * const settings: McpServerSettings = {
 *   cacheToolsList: true,
 *   toolFilter: { allowedToolNames: ['get_weather'] },
 * };
 * ```
 */
export type McpServerSettings = Partial<
  Pick<
    McpServerShape,
    | 'cacheToolsList'
    | 'toolFilter'
    | 'toolMetaResolver'
    | 'customDataExtractor'
    | 'useStructuredContent'
    | 'errorFunction'
    | 'toolInputGuardrails'
    | 'toolOutputGuardrails'
  >
>;

/**
 * What `new ScriptedMcpServer(script)` takes: the tools, the ordered call
 * steps and groups, resources, a name, and the SDK settings.
 *
 * @example
 * ```ts
 * import type { ScriptedMcpScript } from '@scripted/agents/mcp';
 *
 * const script: ScriptedMcpScript = {
 *   name: 'weather',
 *   tools: [{ name: 'get_weather' }],
 *   calls: [{ tool: 'get_weather', result: 'Sunny' }],
 * };
 * ```
 */
export interface ScriptedMcpScript extends McpServerSettings {
  /** The server's name (`scripted-mcp` unless given). */
  readonly name?: string | undefined;
  /** The tools `listTools` returns. */
  readonly tools?: McpToolList | undefined;
  /** The tool calls, in order; groups in any order within. */
  readonly calls?: Iterable<McpCallStep | McpAnyOrder> | undefined;
  /** The resources, when the server offers any. */
  readonly resources?: McpResources | undefined;
}
