/**
 * The record of one model call.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents-core';

/**
 * One call the model received, recorded before its step was handled: a
 * frozen object whose `request` is a frozen snapshot taken at call time.
 * Arrays and plain objects of the request are copies; runtime objects (the
 * `AbortSignal`, callbacks, class instances) keep their identity.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   type RecordedModelCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello')]]);
 * await new Runner({ tracingDisabled: true }).run(
 *   new Agent({ name: 'A', model }),
 *   'Hi',
 * );
 * const call: RecordedModelCall | undefined = model.firstCall;
 * assert.equal(call?.index, 0);
 * assert.equal(call?.streamed, false);
 * ```
 */
export interface RecordedModelCall {
  /** Zero-based position of this call in `calls`. */
  readonly index: number;
  /** Whether the call was `getStreamedResponse` (`true`) or `getResponse`. */
  readonly streamed: boolean;
  /** The normalized request, as the model received it at call time. */
  readonly request: ModelRequest;
}
