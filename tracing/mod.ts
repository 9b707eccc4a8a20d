/**
 * Trace capture with span assertions for `@openai/agents`: install an
 * in-memory capture for a test (nothing is exported, tracing is enabled
 * even under `NODE_ENV=test`, and everything is restored afterwards), run
 * the agent, then assert from the spans what ran — agents, tool calls
 * with arguments, handoffs, guardrails and whether they tripped, MCP
 * list and call spans, generation count and usage, and what did not
 * follow what — or snapshot the normalized tree.
 *
 * @example
 * ```ts
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { installTraceCapture } from '@scripted/agents/tracing';
 *
 * const add = tool({
 *   name: 'add',
 *   description: 'Adds two numbers',
 *   parameters: z.object({ a: z.number(), b: z.number() }),
 *   execute: ({ a, b }) => String(a + b),
 * });
 * const model = new ScriptedModel([
 *   [functionCall('add', { a: 1, b: 2 }, { callId: 'call_1' })],
 *   [assistantMessage('3')],
 * ]);
 * using capture = installTraceCapture();
 * await new Runner().run(new Agent({ name: 'Calc', model, tools: [add] }), '1+2?');
 * const trace = capture.trace();
 * trace.assertAgents(['Calc']);
 * trace.assertToolCalls([{ name: 'add', arguments: { a: 1, b: 2 }, output: '3' }]);
 * ```
 *
 * @module
 */
export {
  installTraceCapture,
  type TraceCapture,
  type TraceCaptureOptions,
} from './capture.ts';
export type { CapturedTrace } from './trace.ts';
export type {
  CapturedSpan,
  ExpectedGenerations,
  SpanAnchor,
  TraceSelector,
} from './types.ts';
export type { TraceTree, TraceTreeNode } from './tree.ts';
export {
  type GenerationSpanOptions,
  withGenerationSpans,
} from './generation.ts';
export {
  AmbiguousTraceError,
  InvalidTraceAssertionInputError,
  type InvalidTraceAssertionInputReason,
  SpanNotFoundError,
  SpanOrderError,
  TraceAssertionError,
  type TraceAssertionName,
  TraceNotFoundError,
  type TraceSummary,
} from './errors.ts';
