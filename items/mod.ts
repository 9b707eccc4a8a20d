/**
 * Builders for the normalized output items beyond `assistantMessage` and
 * `functionCall` (which are in `@scripted/agents`): reasoning, handoff,
 * shell, apply-patch and computer calls, and hosted tool calls (web and
 * file search, code interpreter, image generation, MCP). Each checks its
 * arguments where it is written and returns an item a `ScriptedModel`
 * step can answer with.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { reasoning } from '@scripted/agents/items';
 *
 * const model = new ScriptedModel([
 *   [reasoning('Think first.'), assistantMessage('Done.')],
 * ]);
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Go');
 * assert.equal(result.finalOutput, 'Done.');
 * model.assertComplete();
 * ```
 *
 * @module
 */
export {
  applyPatchCall,
  computerCall,
  handoffCall,
  type HandoffCallOptions,
  type HandoffTarget,
  reasoning,
  type ReasoningOptions,
  shellCall,
  type ShellCallOptions,
  type ToolCallOptions,
} from './tool_items.ts';
export {
  codeInterpreterCall,
  type CodeInterpreterCallOptions,
  fileSearchCall,
  type FileSearchCallOptions,
  type HostedCallOptions,
  imageGenerationCall,
  type ImageGenerationCallOptions,
  mcpApprovalRequest,
  type McpApprovalRequestOptions,
  mcpCall,
  type McpCallOptions,
  webSearchCall,
  type WebSearchCallOptions,
} from './hosted_items.ts';
