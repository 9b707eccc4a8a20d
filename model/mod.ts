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
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from './errors.ts';
export {
  InvalidScriptedModelStepError,
  type InvalidScriptedModelStepIssue,
  type InvalidScriptedModelStepReason,
} from './step_errors.ts';
export { ScriptedModel, type ScriptedModelOptions } from './scripted_model.ts';
export type { UsageInput } from '../_internal/sdk.ts';
export {
  assistantMessage,
  type AssistantMessageOptions,
  functionCall,
  type FunctionCallOptions,
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
  ModelResponseStep,
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
