/**
 * A switch that lets no real call out of a test process. While
 * `blockRealCalls()` is on, a model request through the SDK's OpenAI
 * models, a hosted trace export, an MCP server connect, a Realtime connect,
 * and `fetch` or `WebSocket` to any host but loopback fail at once with a
 * structured `RealCallBlockedError` naming the kind, the call, the target
 * and the agent where known; an allow list opens kinds or hosts again.
 * This library's doubles are never blocked. `@scripted/agents/guard/preload`
 * turns it on for a whole suite (`node --import`, `bun test --preload`,
 * vitest and Jest `setupFiles`, a Deno import).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, OpenAIProvider, Runner } from '@openai/agents';
 * import { blockRealCalls } from '@scripted/agents/guard';
 *
 * using _guard = blockRealCalls();
 * const provider = new OpenAIProvider({
 *   apiKey: 'sk-test',
 *   baseURL: 'https://api.example.com/v1',
 * });
 * const agent = new Agent({ name: 'Forgotten', model: 'gpt-4.1' });
 * const runner = new Runner({ modelProvider: provider, tracingDisabled: true });
 * await assert.rejects(runner.run(agent, 'Hi'), {
 *   name: 'RealCallBlockedError',
 *   kind: 'model',
 *   agent: 'Forgotten',
 *   target: 'api.example.com',
 * });
 * ```
 *
 * @module
 */
export {
  blockRealCalls,
  type BlockRealCallsOptions,
  type RealCallGuard,
} from './block.ts';
export {
  type InvalidGuardInputCode,
  InvalidGuardInputError,
  type InvalidGuardInputFields,
  RealCallBlockedError,
  type RealCallBlockedFields,
} from './errors.ts';
export type { RealCallKind } from './_hosts.ts';
