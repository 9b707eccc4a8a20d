/**
 * Run assertions: read a run's tool calls, handoffs and final output from a
 * `RunResult` (or a streamed one), and assert on them with a structured
 * error and a line diff when they differ.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { toolCalls } from '@scripted/agents/assert';
 *
 * const weather = tool({
 *   name: 'weather',
 *   description: 'The weather in a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `${city}: sunny`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall('weather', { city: 'Paris' }, { callId: 'c1' })],
 *   [assistantMessage('Sunny.')],
 * ]);
 * const runner = new Runner({ tracingDisabled: true });
 * const agent = new Agent({ name: 'A', model, tools: [weather] });
 * const result = await runner.run(agent, 'Weather in Paris?');
 * assert.deepEqual(
 *   toolCalls(result).map((call) => [call.name, call.output]),
 *   [['weather', 'Paris: sunny']],
 * );
 * ```
 *
 * @module
 */
export {
  assertFinalOutput,
  assertHandoffs,
  assertToolCalls,
  type ExpectedToolCall,
  type HandoffRecord,
  handoffsTaken,
  modelRequest,
  type RunOutcome,
  type ToolCallRecord,
  toolCalls,
} from './run_assertions.ts';
export {
  InvalidRunAssertionInputError,
  type InvalidRunAssertionInputReason,
  RunAssertionError,
  type RunAssertionName,
} from './errors.ts';
export {
  assertGuardrails,
  assertNothingAfterTripwire,
  type ExpectedGuardrail,
  type GuardrailKind,
  type GuardrailRecord,
  guardrailResults,
} from './guardrails.ts';
export {
  type ApprovalDecisions,
  type ApprovalRequest,
  decideApprovals,
  decideRealtimeApprovals,
  pendingApprovals,
  type RealtimeApprovalDecisions,
} from './approvals.ts';
export {
  type ApprovalStatus,
  assertApprovals,
  type ExpectedApprovals,
} from './assert_approvals.ts';
export {
  assertRunParity,
  type RunParityBuild,
  type RunParityDouble,
  type RunParityField,
  type RunParityOptions,
  type RunPath,
} from './run_parity.ts';
export {
  type RunSnapshot,
  runSnapshot,
  type RunSnapshotOptions,
} from './snapshot.ts';
export {
  assertScriptMatches,
  lintScript,
  ScriptDriftError,
  type ScriptLintReport,
  type ScriptProblem,
  type ScriptProblemKind,
} from './lint.ts';
