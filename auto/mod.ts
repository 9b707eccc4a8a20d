/**
 * A model that needs no script: `autoModel()` answers each call by calling
 * the tools the agent offers with arguments drawn from their JSON schemas,
 * then answers with text (or a value of the output type), deterministically
 * for a given seed. Auto calls are real calls: tools that run commands or
 * change files are called only when opted in by name.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { autoModel } from '@scripted/agents/auto';
 *
 * const model = autoModel({ seed: 1 });
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Hi');
 * assert.equal(typeof result.finalOutput, 'string');
 * ```
 *
 * @module
 */
export {
  AutoModel,
  autoModel,
  type AutoModelOptions,
  autoStep,
} from './auto_model.ts';
export type { AutoModelCheckSchema } from './_generate.ts';
export {
  AutoModelSchemaError,
  type AutoModelSchemaReason,
  type AutoModelSkippedTool,
  type AutoModelSkipReason,
  AutoModelTargetNotOfferedError,
  type AutoModelToolAttempt,
  AutoModelToolRejectedError,
  InvalidAutoModelOptionsError,
} from './errors.ts';
