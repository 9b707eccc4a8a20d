/**
 * The scripted MCP double: `ScriptedMcpServer`, an in-process `MCPServer`
 * for `new Agent({ mcpServers: [server] })` that lists scripted tools and
 * answers their calls from a script, with its recorded-call types and
 * errors. Not loaded by `@scripted/agents`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedMcpServer } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({
 *   tools: [{ name: 'echo' }],
 *   calls: [{ tool: 'echo', respond: (call) => JSON.stringify(call.arguments) }],
 * });
 * assert.equal((await server.listTools())[0]?.name, 'echo');
 * const content = await server.callTool('echo', { x: 1 });
 * assert.deepEqual(content, [{ type: 'text', text: '{"x":1}' }]);
 * server.assertComplete();
 * ```
 *
 * @module
 */
export { ScriptedMcpServer } from './scripted_server.ts';
export { mcpAnyOrder } from './any_order.ts';
export {
  IncompleteMcpScriptError,
  type McpAnyOrderCandidate,
  McpCallMatcherError,
  UnexpectedMcpCallError,
  UnknownMcpResourceError,
  UnknownMcpToolError,
} from './errors.ts';
export { InvalidMcpScriptError } from './input_errors.ts';
export type {
  McpAnyOrder,
  McpCallAnswer,
  McpCallMatcher,
  McpCallResponder,
  McpCallStep,
  McpCallToolOptions,
  McpListedTool,
  McpResources,
  McpServerSettings,
  McpServerShape,
  McpToolDefinition,
  McpToolList,
  RecordedMcpCall,
  ScriptedMcpScript,
} from './types.ts';
