/**
 * The scripted model double: `ScriptedModel`, its step factories, item
 * helpers and errors.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('Hi!')]]);
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Hello');
 * assert.equal(result.finalOutput, 'Hi!');
 * model.assertComplete();
 * ```
 *
 * @module
 */
export {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
  type InvalidScriptedModelStepReason,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './errors.ts';
export {
  assistantMessage,
  type AssistantMessageOptions,
  functionCall,
  type FunctionCallOptions,
} from './items.ts';
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
} from '../items/tool_items.ts';
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
} from '../items/hosted_items.ts';
export { ScriptedModel, type ScriptedModelOptions } from './scripted_model.ts';
export type { UsageInput } from '../_internal/sdk.ts';
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
} from '../assert/run_assertions.ts';
export {
  InvalidRunAssertionInputError,
  type InvalidRunAssertionInputReason,
  RunAssertionError,
  type RunAssertionName,
} from '../assert/errors.ts';
export {
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
} from './steps.ts';
export type {
  ModelErrorStep,
  ModelResponder,
  ModelResponderStep,
  ModelResponseInput,
  ModelResponseStep,
  ModelRetryAdviceInput,
  ModelStreamEvents,
  ModelStreamResponder,
  ModelStreamResponderStep,
  ModelStreamStep,
  RecordedModelCall,
  ScriptedModelInput,
  ScriptedModelResponse,
  ScriptedModelRetryAdvice,
  ScriptedModelStep,
  ScriptedModelStream,
} from './types.ts';
export type {
  FixtureJson,
  ModelFixture,
  ModelFixtureCall,
  ModelFixtureRequest,
  ModelReplayAspect,
} from '../replay/model_fixture.ts';
export {
  type ModelRedact,
  type RecordingModel,
  recordModel,
  type RecordModelOptions,
} from '../replay/record_model.ts';
export type { ModelReplayOptions } from '../replay/replay_model.ts';
export {
  InvalidRecordingError,
  type InvalidRecordingReason,
  type RecordingKind,
  ReplayMismatchError,
} from '../replay/errors.ts';
export {
  AutoModel,
  autoModel,
  type AutoModelOptions,
  autoStep,
} from '../auto/auto_model.ts';
export {
  AutoModelSchemaError,
  type AutoModelSchemaReason,
  AutoModelTargetNotOfferedError,
  InvalidAutoModelOptionsError,
} from '../auto/errors.ts';
