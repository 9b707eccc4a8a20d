/**
 * `recordMcpServer()`: wraps a real `MCPServer`, delegates every call to it
 * and records its tool listings and tool calls in one ordered log.
 *
 * @module
 */
import type { MCPServer } from '@openai/agents-core';
import { encode, encodeError, type Json } from '../_internal/encode.ts';
import { exposedSdkVersion, fixtureVersion } from './_envelope.ts';
import { readDouble, readRecordOptions } from './_options.ts';
import { readMcpEntry } from './_mcp_log.ts';
import type {
  McpFixture,
  McpFixtureCall,
  McpFixtureEntry,
} from './mcp_fixture.ts';

/**
 * Options of `recordMcpServer()`.
 *
 * @example
 * ```ts
 * import type { RecordMcpOptions } from '@scripted/agents/replay';
 *
 * const options: RecordMcpOptions = { secrets: ['tok-12345678'] };
 * ```
 */
export interface RecordMcpOptions {
  /**
   * Rewrites each log entry before it enters the fixture (after the
   * built-in redaction, which runs again on what it returns). Pass the same
   * hook to `replayMcpServer()`.
   */
  readonly redact?: (entry: McpFixtureEntry) => McpFixtureEntry;
  /**
   * Values replaced by `"[redacted]"` wherever they appear, each a string
   * of at least 8 characters. Pass the same list to `replayMcpServer()`.
   */
  readonly secrets?: readonly string[];
  /** The SDK version to write into the fixture. */
  readonly sdkVersion?: string;
}

/**
 * What `recordMcpServer()` adds to the wrapped server.
 *
 * @example
 * ```ts
 * import type { McpRecording } from '@scripted/agents/replay';
 *
 * function save(server: McpRecording): string {
 *   return server.fixtureJson();
 * }
 * void save;
 * ```
 */
export interface McpRecording {
  /** The recording: versioned, keys in a stable order, JSON data only. */
  fixture(): McpFixture;
  /** `fixture()` as pretty-printed JSON text, ending in a newline. */
  fixtureJson(): string;
}

type Call = (
  name: string,
  args: Record<string, unknown> | null,
  meta?: Record<string, unknown> | null,
  options?: unknown,
) => Promise<unknown>;

/**
 * Wraps a real `MCPServer` (`MCPServerStdio`, `MCPServerStreamableHttp`,
 * or your own) so that an agent using it records one ordered log: each
 * `listTools()` (the tools' name, description and input schema) and each
 * tool call (its arguments and `_meta`, and the MCP result or the error).
 * Everything is delegated unchanged; every other member (`name`,
 * `cacheToolsList`, `connect()`…) reads through. Credentials are removed
 * before anything is stored, as `recordModel()` removes them, with each
 * value of `secrets`.
 *
 * @param realServer The server to delegate to.
 * @param options `redact`, `secrets` and `sdkVersion`.
 * @returns The same server, recording, with `fixture()`.
 * @throws {InvalidRecordingError} `invalid_options` for a `realServer`
 * that is not an MCP server (an object with `listTools` and `callTool`
 * functions, `callToolResult` a function and `name` a string if present),
 * or bad options.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedMcpServer } from '@scripted/agents/mcp';
 * import { recordMcpServer } from '@scripted/agents/replay';
 *
 * // Any MCP server records; a scripted one stands in for a real one here.
 * const server = recordMcpServer(new ScriptedMcpServer({
 *   name: 'weather',
 *   tools: [{ name: 'get_weather' }],
 *   calls: [{ tool: 'get_weather', result: 'Sunny' }],
 * }));
 * await server.listTools();
 * await server.callTool('get_weather', { city: 'Oslo' });
 * assert.deepEqual(server.fixture().log[1], {
 *   type: 'callTool',
 *   name: 'get_weather',
 *   arguments: { city: 'Oslo' },
 *   meta: null,
 *   result: { content: [{ text: 'Sunny', type: 'text' }] },
 * });
 * ```
 */
export function recordMcpServer<T extends MCPServer>(
  realServer: T,
  options: RecordMcpOptions = {},
): T & McpRecording {
  const methods = readDouble(
    realServer,
    'realServer',
    'an MCP server (an object with listTools and callTool functions)',
    {
      required: ['listTools', 'callTool'],
      optional: ['callToolResult'],
      strings: ['name'],
    },
  );
  const { redact, redaction, sdkVersion } = readRecordOptions<
    McpFixtureEntry
  >(options);
  const log: McpFixtureEntry[] = [];
  const data = (value: unknown): Json => encode(value, { redaction }) ?? null;

  const listTools = async (): Promise<unknown> => {
    const tools = await realServer.listTools();
    log.push({
      type: 'listTools',
      tools: tools.map((tool) =>
        data({
          name: tool.name,
          description: tool.description,
          inputSchema: tool.inputSchema,
        })
      ),
    });
    return tools;
  };

  const call =
    (method: 'callTool' | 'callToolResult'): Call =>
    async (name, args, meta, callOptions) => {
      const entry: {
        -readonly [K in keyof McpFixtureCall]: McpFixtureCall[K];
      } = {
        type: 'callTool',
        name: String(name),
        arguments: data(args ?? null),
        meta: data(meta ?? null),
      };
      log.push(entry);
      try {
        const answer = await (Reflect.get(realServer, method) as Call).call(
          realServer,
          name,
          args,
          meta,
          callOptions,
        );
        entry.result = data(fromContent(answer));
        return answer;
      } catch (error) {
        entry.error = encodeError(error, redaction);
        throw error;
      }
    };

  const fixture = (): McpFixture => ({
    version: fixtureVersion,
    kind: 'mcp',
    // Every field of the envelope goes through the encoder: the SDK names
    // a URL server `streamable-http: <url>`, userinfo and query included.
    sdkVersion: data(sdkVersion ?? exposedSdkVersion() ?? 'unknown') as string,
    name: data(methods.name) as string,
    log: log.map((entry, index) => {
      const copy = structuredClone(entry);
      if (redact === undefined) return data(copy) as unknown as McpFixtureEntry;
      return readMcpEntry(data(redact(copy)), index, redaction);
    }),
  });

  const own: Record<PropertyKey, unknown> = {
    listTools,
    callTool: call('callTool'),
    fixture,
    fixtureJson: (): string => `${JSON.stringify(fixture(), null, 2)}\n`,
    toJSON: (): McpFixture => fixture(),
  };
  if (methods.callToolResult !== undefined) {
    own.callToolResult = call('callToolResult');
  }
  return new Proxy(realServer, {
    get(target, key) {
      if (Object.hasOwn(own, key)) return own[key];
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(target, key, value) {
      return Reflect.set(target, key, value, target);
    },
  }) as T & McpRecording;
}

/** The MCP result a `callTool` content array carries (a result: itself). */
function fromContent(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  const source = content as unknown[] & Record<string, unknown>;
  const result: Record<string, unknown> = { content: [...source] };
  // An absent one is `undefined`, which the fixture's encoding drops.
  for (const key of ['structuredContent', 'isError', '_meta']) {
    result[key] = source[key];
  }
  return result;
}
