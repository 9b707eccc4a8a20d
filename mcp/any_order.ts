/**
 * `mcpAnyOrder(...steps)`: MCP call steps whose calls may arrive in any
 * order.
 *
 * @module
 */
import type { McpAnyOrder, McpCallStep } from './types.ts';

/**
 * Groups steps whose calls may arrive in any order, such as the MCP tool
 * calls of one model turn, which the runner makes in parallel. The group
 * takes the place of its steps in the script: each call it receives uses
 * the first unused step whose tool and `match` accept it (a `match` that
 * returns `false` or throws passes the call on to the next one); the
 * calls after the group wait until all of its steps are used. The group
 * is checked with the rest of the script by `new ScriptedMcpServer()`.
 *
 * @param steps The steps of the group.
 * @returns The group, frozen (plain data: `{ anyOrder: steps }`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { mcpAnyOrder, ScriptedMcpServer } from '@scripted/agents/mcp';
 *
 * const server = new ScriptedMcpServer({
 *   tools: [{ name: 'a' }, { name: 'b' }],
 *   calls: [mcpAnyOrder({ tool: 'a', result: 'A' }, { tool: 'b', result: 'B' })],
 * });
 * await server.callTool('b', {});
 * await server.callTool('a', {});
 * server.assertComplete();
 * ```
 */
export function mcpAnyOrder(...steps: McpCallStep[]): McpAnyOrder {
  return Object.freeze({ anyOrder: Object.freeze([...steps]) });
}
