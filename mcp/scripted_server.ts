/**
 * `ScriptedMcpServer`: an in-process `MCPServer` for
 * `new Agent({ mcpServers: [server] })` that lists scripted tools and
 * answers tool calls from a script.
 *
 * @module
 */
import type {
  CallToolResult,
  CallToolResultContent,
  MCPListResourcesResult,
  MCPListResourceTemplatesResult,
  MCPReadResourceResult,
  MCPServerWithResources,
} from '@openai/agents-core';
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import { noop } from '../_internal/matcher.ts';
import { describe } from '../_internal/format.ts';
import { detachedCopy, snapshot } from '../_internal/snapshot.ts';
import { installDispose, stateSlot } from '../_internal/state.ts';
import { readAnswer, readScript, type Script } from './_read.ts';
import { Cursor } from './_script.ts';
import {
  IncompleteMcpScriptError,
  UnknownMcpResourceError,
  UnknownMcpToolError,
} from './errors.ts';
import { scriptError } from './input_errors.ts';
import { boundary } from '../_internal/read.ts';
import type {
  McpCallToolOptions,
  McpListedTool,
  McpServerShape,
  RecordedMcpCall,
  ScriptedMcpScript,
} from './types.ts';

interface McpState {
  readonly script: Script;
  readonly cursor: Cursor;
  readonly log: CallLog<RecordedMcpCall>;
  readonly drift: FirstMismatch;
  readonly listed: Set<string>;
  readonly counts: {
    listTools: number;
    connect: number;
    close: number;
  };
}

const slot = stateSlot<McpState>('ScriptedMcpServer');

/**
 * An in-process MCP server for the Agents SDK, answering from a script:
 * `listTools()` returns the scripted tools, and each `callTool` (or
 * `callToolResult`) uses the next step: `{ tool, match?, result }`,
 * `{ tool, match?, respond(call, { signal }) }` or `{ tool, match?, error }`,
 * in order, with `mcpAnyOrder(...)` groups for calls the runner makes in
 * parallel. Every call is recorded first (`calls`).
 *
 * A call to a tool the server does not list fails with
 * `UnknownMcpToolError`; a call the script does not expect next with
 * `UnexpectedMcpCallError`; a `match` returning `false` with
 * `McpCallMatcherError`. Each names the tool, and the server remembers the
 * first for `assertComplete()`: the SDK turns a failed MCP call into a
 * model-visible message unless `errorFunction` is `null`, so the run itself
 * may go on. A `respond` that is still pending when the call's
 * `AbortSignal` aborts rejects with the signal's reason.
 *
 * The SDK settings (`cacheToolsList`, `toolFilter`, `useStructuredContent`,
 * `customDataExtractor`, `toolMetaResolver`, `errorFunction`, and the tool
 * guardrails of SDK 0.18+) are given in the script and read by the runner
 * as on any `MCPServer`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, functionCall, ScriptedModel } from '@scripted/agents';
 * import { ScriptedMcpServer } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({
 *   name: 'weather',
 *   tools: [{
 *     name: 'get_weather',
 *     inputSchema: {
 *       properties: { city: { type: 'string' } },
 *       required: ['city'],
 *     },
 *   }],
 *   calls: [{
 *     tool: 'get_weather',
 *     match: (args) => args?.city === 'Oslo',
 *     result: 'Sunny, 21°C',
 *   }],
 * });
 * const model = new ScriptedModel([
 *   [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
 *   [assistantMessage('It is sunny in Oslo.')],
 * ]);
 * const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Oslo?');
 * assert.equal(result.finalOutput, 'It is sunny in Oslo.');
 * assert.deepEqual(server.calls.map((call) => call.name), ['get_weather']);
 * server.assertComplete();
 * model.assertComplete();
 * ```
 */
export class ScriptedMcpServer implements MCPServerWithResources {
  /** Whether the runner caches `listTools()` (default `false`). */
  cacheToolsList: boolean;
  /** The tool filter the runner applies, when scripted. */
  declare toolFilter?: Exclude<McpServerShape['toolFilter'], undefined>;
  /** The `_meta` resolver the runner applies, when scripted. */
  declare toolMetaResolver?: Exclude<
    McpServerShape['toolMetaResolver'],
    undefined
  >;
  /** The custom-data extractor the runner applies, when scripted. */
  declare customDataExtractor?: Exclude<
    McpServerShape['customDataExtractor'],
    undefined
  >;
  /** Whether the runner shows `structuredContent` to the model. */
  declare useStructuredContent?: Exclude<
    McpServerShape['useStructuredContent'],
    undefined
  >;
  /** How the runner turns a failed call into a message (`null`: rethrow). */
  declare errorFunction?: Exclude<McpServerShape['errorFunction'], undefined>;
  /** Tool input guardrails (SDK 0.18+), when scripted. */
  declare toolInputGuardrails?: Exclude<
    McpServerShape['toolInputGuardrails'],
    undefined
  >;
  /** Tool output guardrails (SDK 0.18+), when scripted. */
  declare toolOutputGuardrails?: Exclude<
    McpServerShape['toolOutputGuardrails'],
    undefined
  >;
  /**
   * Calls `assertComplete()`: `using server = new ScriptedMcpServer(...)`
   * checks the script at scope end.
   */
  declare readonly [Symbol.dispose]: () => void;

  /**
   * Creates a server from `script` (none: an empty server with no tools).
   *
   * @param script The tools, the call steps, resources and SDK settings.
   * @throws {InvalidMcpScriptError} When the script is malformed.
   */
  constructor(script?: ScriptedMcpScript) {
    const read = readScript(script);
    slot.attach(this, {
      script: read,
      cursor: new Cursor(read.entries),
      log: new CallLog(),
      drift: new FirstMismatch(),
      listed: new Set(read.staticTools ?? []),
      counts: { listTools: 0, connect: 0, close: 0 },
    });
    Object.assign(this, read.settings);
    this.cacheToolsList = read.settings.cacheToolsList ?? false;
  }

  /** The server's name, as the runner shows it. */
  get name(): string {
    return slot.of(this).script.name;
  }

  /** Every tool call so far, in order, each frozen. */
  get calls(): readonly RecordedMcpCall[] {
    return slot.of(this).log.view();
  }

  /** How often `listTools()` was called (the runner's cache shows here). */
  get listToolsCalls(): number {
    return slot.of(this).counts.listTools;
  }

  /** How often `connect()` was called. */
  get connectCalls(): number {
    return slot.of(this).counts.connect;
  }

  /** How often `close()` was called. */
  get closeCalls(): number {
    return slot.of(this).counts.close;
  }

  /** How many steps have not been used yet. */
  get remainingSteps(): number {
    return slot.of(this).cursor.remaining().length;
  }

  /** Counts the call; nothing to connect to. */
  connect(): Promise<void> {
    slot.of(this).counts.connect++;
    return Promise.resolve();
  }

  /** Counts the call; nothing to close. */
  close(): Promise<void> {
    slot.of(this).counts.close++;
    return Promise.resolve();
  }

  /**
   * Nothing to do: the server keeps no cache of its own (the runner's is
   * emptied by the SDK's `invalidateServerToolsCache(name)`).
   */
  invalidateToolsCache(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * The scripted tools (a fresh copy per call).
   *
   * @returns The tools.
   */
  listTools(): Promise<McpListedTool[]> {
    try {
      const state = slot.of(this);
      const tools = state.script.tools(state.counts.listTools++);
      for (const tool of tools) state.listed.add(tool.name);
      return Promise.resolve(tools);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * Answers a tool call from the script: the content items, with
   * `structuredContent`, `isError` and `_meta` attached as the SDK reads
   * them.
   *
   * @param toolName The tool.
   * @param args Its arguments.
   * @param meta The request `_meta`.
   * @param options `signal`: aborts a pending answer.
   * @returns The content.
   */
  async callTool(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: McpCallToolOptions,
  ): Promise<CallToolResultContent> {
    const result = await answer(
      this,
      'callTool',
      toolName,
      args,
      meta,
      options,
    );
    const content = result.content as CallToolResultContent;
    if (result.structuredContent !== undefined) {
      content.structuredContent = result.structuredContent;
    }
    if (result.isError !== undefined) content.isError = result.isError;
    if (result._meta !== undefined) content._meta = result._meta;
    return content;
  }

  /**
   * Answers a tool call from the script with the full MCP result.
   *
   * @param toolName The tool.
   * @param args Its arguments.
   * @param meta The request `_meta`.
   * @param options `signal`: aborts a pending answer.
   * @returns The result.
   */
  callToolResult(
    toolName: string,
    args: Record<string, unknown> | null,
    meta?: Record<string, unknown> | null,
    options?: McpCallToolOptions,
  ): Promise<CallToolResult> {
    return answer(this, 'callToolResult', toolName, args, meta, options);
  }

  /**
   * The scripted resources.
   *
   * @returns `{ resources }`.
   */
  listResources(): Promise<MCPListResourcesResult> {
    const resources = slot.of(this).script.resources?.resources ?? [];
    return Promise.resolve({ resources: detachedCopy([...resources]) });
  }

  /**
   * The scripted resource templates.
   *
   * @returns `{ resourceTemplates }`.
   */
  listResourceTemplates(): Promise<MCPListResourceTemplatesResult> {
    const templates = slot.of(this).script.resources?.templates ?? [];
    return Promise.resolve({ resourceTemplates: detachedCopy([...templates]) });
  }

  /**
   * The scripted contents of `uri`.
   *
   * @param uri The resource.
   * @returns `{ contents }`.
   * @throws {UnknownMcpResourceError} When the script has none for `uri`.
   */
  readResource(uri: string): Promise<MCPReadResourceResult> {
    const contents = slot.of(this).script.resources?.contents ?? {};
    if (typeof uri !== 'string' || !Object.hasOwn(contents, uri)) {
      return Promise.reject(
        new UnknownMcpResourceError({
          uri: String(uri),
          knownUris: Object.keys(contents),
        }),
      );
    }
    return Promise.resolve({ contents: detachedCopy([...contents[uri]!]) });
  }

  /**
   * Checks the run followed the script to its end.
   *
   * @throws The first mismatch the server threw (the same object, even if
   * the SDK caught it); otherwise an `IncompleteMcpScriptError` when steps
   * are left.
   */
  assertComplete(): void {
    const state = slot.of(this);
    state.drift.rethrow();
    const left = state.cursor.remaining();
    if (left.length > 0) {
      throw state.cursor.withTimeline(
        new IncompleteMcpScriptError({ remainingTools: left }),
        state.log.view(),
      );
    }
  }
}

installDispose(ScriptedMcpServer.prototype, function () {
  this.assertComplete();
});

async function answer(
  server: ScriptedMcpServer,
  method: RecordedMcpCall['method'],
  name: string,
  args: Record<string, unknown> | null,
  meta: Record<string, unknown> | null | undefined,
  options: McpCallToolOptions | undefined,
): Promise<CallToolResult> {
  const state = slot.of(server);
  const signal = options?.signal;
  const call = state.log.record((index) => ({
    index,
    // A name that is not a string is shown as what it is; it is no tool.
    name: typeof name === 'string' ? name : describe(name),
    arguments: snapshot(args ?? null),
    meta: snapshot(meta ?? null),
    signalPassed: signal !== undefined,
    method,
  }));
  let placed;
  try {
    if (!state.listed.has(call.name)) {
      throw state.cursor.withTimeline(
        new UnknownMcpToolError({
          callIndex: call.index,
          tool: call.name,
          listedTools: [...state.listed],
        }),
        state.log.view(),
      );
    }
    placed = state.cursor.take(call, () => state.log.view());
  } catch (error) {
    state.drift.remember(error);
    throw error;
  }
  const outcome = placed.step.outcome;
  if (outcome.kind !== 'respond') {
    if (outcome.kind === 'error') throw outcome.error;
    return detachedCopy(outcome.result);
  }
  const answered = await untilAborted(
    Promise.resolve(outcome.respond(call, { signal })),
    signal,
  );
  try {
    return detachedCopy(boundary(
      scriptError,
      () => readAnswer(answered, `${placed.path}.respond()`),
    ));
  } catch (error) {
    state.drift.remember(error);
    throw error;
  }
}

/** `pending`, or a rejection with `signal`'s reason when it aborts first. */
function untilAborted<T>(
  pending: Promise<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  if (signal === undefined) return pending;
  if (signal.aborted) {
    pending.then(noop, noop);
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    pending.then(resolve, reject).finally(() =>
      signal.removeEventListener('abort', onAbort)
    );
  });
}
