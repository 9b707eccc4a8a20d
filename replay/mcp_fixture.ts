/**
 * The MCP fixture format: one ordered log of a server's tool listings and
 * tool calls, written by `recordMcpServer()` and read by
 * `replayMcpServer()`.
 *
 * @module
 */
import type { FixtureJson } from './model_fixture.ts';

/**
 * A `listTools()` in an MCP recording: the tools the real server listed
 * (name, description and input schema).
 *
 * @example
 * ```ts
 * import type { McpFixtureListing } from '@scripted/agents/replay';
 *
 * const listing: McpFixtureListing = {
 *   type: 'listTools',
 *   tools: [{ name: 'get_weather', inputSchema: { type: 'object' } }],
 * };
 * ```
 */
export interface McpFixtureListing {
  /** The entry kind. */
  readonly type: 'listTools';
  /** The tools listed. */
  readonly tools: readonly FixtureJson[];
}

/**
 * A tool call in an MCP recording: the tool, its arguments and `_meta`,
 * and the MCP result the real server answered or the error it threw.
 *
 * @example
 * ```ts
 * import type { McpFixtureCall } from '@scripted/agents/replay';
 *
 * const call: McpFixtureCall = {
 *   type: 'callTool',
 *   name: 'get_weather',
 *   arguments: { city: 'Oslo' },
 *   meta: null,
 *   result: { content: [{ type: 'text', text: 'Sunny' }] },
 * };
 * ```
 */
export interface McpFixtureCall {
  /** The entry kind. */
  readonly type: 'callTool';
  /** The tool called. */
  readonly name: string;
  /** Its arguments (`null` when none). */
  readonly arguments: FixtureJson;
  /** The request `_meta` (`null` when none). */
  readonly meta: FixtureJson;
  /** The MCP result (`content`, `structuredContent`, `isError`, `_meta`). */
  readonly result?: FixtureJson;
  /** What the real server threw: `name`, `message`… */
  readonly error?: FixtureJson;
}

/**
 * One entry of an MCP recording's log.
 *
 * @example
 * ```ts
 * import type { McpFixtureEntry } from '@scripted/agents/replay';
 *
 * const entry: McpFixtureEntry = { type: 'listTools', tools: [] };
 * ```
 */
export type McpFixtureEntry = McpFixtureListing | McpFixtureCall;

/**
 * A recording of an MCP server, as `recordMcpServer(...).fixture()`
 * returns it.
 *
 * @example
 * ```ts
 * import type { McpFixture } from '@scripted/agents/replay';
 *
 * const fixture: McpFixture = {
 *   version: 1,
 *   kind: 'mcp',
 *   sdkVersion: 'unknown',
 *   name: 'weather',
 *   log: [],
 * };
 * ```
 */
export interface McpFixture {
  /** The fixture format version. */
  readonly version: 1;
  /** Which double replays it. */
  readonly kind: 'mcp';
  /** The SDK version that produced it (`'unknown'` when not known). */
  readonly sdkVersion: string;
  /** The server's name. */
  readonly name: string;
  /** Listings and calls, in the order they happened. */
  readonly log: readonly McpFixtureEntry[];
}
