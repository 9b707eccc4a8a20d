/**
 * Errors of the scripted model, one class per failure mode.
 *
 * @module
 */
import { plural, quote } from '../_internal/format.ts';

/**
 * Why a step was rejected, as `InvalidScriptedModelStepError.reason`.
 *
 * @example
 * ```ts
 * import type { InvalidScriptedModelStepReason } from '@scripted/agents';
 *
 * const reason: InvalidScriptedModelStepReason = 'incompatible_call';
 * ```
 */
export type InvalidScriptedModelStepReason =
  | 'invalid_input'
  | 'unknown_step_type'
  | 'missing_response'
  | 'invalid_response'
  | 'missing_error'
  | 'missing_responder'
  | 'invalid_stream'
  | 'incompatible_call';

const expectations: Record<InvalidScriptedModelStepReason, string> = {
  invalid_input:
    'expected a step envelope, a ModelResponse, an output array or valid item fields',
  unknown_step_type:
    'expected a step type of "response", "responder", "error", "stream" or "stream_responder"',
  missing_response:
    'expected a "response" (an output array or a ModelResponse)',
  invalid_response:
    'expected an output array of item objects or a ModelResponse with an "output" array',
  missing_error: 'expected an "error" to throw',
  missing_responder: 'expected a "respond" function',
  invalid_stream:
    'expected a sync or async iterable of stream events (objects with a string "type")',
  incompatible_call:
    'expected a streaming call for a raw stream step, got a non-streaming call',
};

/**
 * A call reached the model after every scripted step was used. The call is
 * recorded first, and the model remembers this error for `assertComplete()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { ScriptedModel, UnexpectedModelCallError } from '@scripted/agents';
 *
 * const model = new ScriptedModel();
 * const runner = new Runner({ tracingDisabled: true });
 * await assert.rejects(
 *   runner.run(new Agent({ name: 'A', model }), 'Hi'),
 *   UnexpectedModelCallError,
 * );
 * ```
 */
export class UnexpectedModelCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** Whether the call was `getStreamedResponse` (`true`) or `getResponse`. */
  readonly streamed: boolean;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: { callIndex: number; streamed: boolean }) {
    super(
      `Unexpected model call ${fields.callIndex} (${
        fields.streamed ? 'streamed' : 'not streamed'
      }): expected no more calls, the script has no steps left`,
    );
    this.name = 'UnexpectedModelCallError';
    this.callIndex = fields.callIndex;
    this.streamed = fields.streamed;
  }
}

/**
 * The workflow ended before every scripted step was used; thrown by
 * `assertComplete()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 *   UnconsumedModelStepsError,
 * } from '@scripted/agents';
 *
 * const model = new ScriptedModel([[assistantMessage('never used')]]);
 * assert.throws(() => model.assertComplete(), UnconsumedModelStepsError);
 * ```
 */
export class UnconsumedModelStepsError extends Error {
  /** How many steps were never used. */
  readonly remainingSteps: number;
  /** The `type` of each unused step, in script order. */
  readonly pendingStepTypes: readonly string[];

  /**
   * @param fields The structured fields of the error.
   */
  constructor(
    fields: { remainingSteps: number; pendingStepTypes: readonly string[] },
  ) {
    const types = fields.pendingStepTypes.map((type) => quote(type)).join(
      ', ',
    );
    super(
      `Unconsumed model steps: expected the workflow to use every step, ${
        plural(fields.remainingSteps, 'step')
      } left in the script (${types})`,
    );
    this.name = 'UnconsumedModelStepsError';
    this.remainingSteps = fields.remainingSteps;
    this.pendingStepTypes = Object.freeze([...fields.pendingStepTypes]);
  }
}

/**
 * A step is malformed (thrown where it is written: a factory, an item
 * helper, the constructor or `enqueue()`), or it cannot answer the call that
 * reached it (thrown by that call, and remembered for `assertComplete()`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { InvalidScriptedModelStepError, ScriptedModel } from '@scripted/agents';
 *
 * assert.throws(
 *   () => new ScriptedModel([{ type: 'nope' } as never]),
 *   (error: unknown) =>
 *     error instanceof InvalidScriptedModelStepError &&
 *     error.reason === 'unknown_step_type' &&
 *     error.inputIndex === 0,
 * );
 * ```
 */
export class InvalidScriptedModelStepError extends Error {
  /** What is wrong with the step. */
  readonly reason: InvalidScriptedModelStepReason;
  /**
   * Zero-based position of the step among the inputs of the constructor or
   * `enqueue()` call that defined it; `undefined` when a factory or item
   * helper rejected its argument, or when a call rejected the step.
   */
  readonly inputIndex: number | undefined;
  /** Zero-based index of the call the step could not answer, if any. */
  readonly callIndex: number | undefined;
  /** The step's `type`, when it has one. */
  readonly stepType: string | undefined;
  /** What was found instead, for the message. */
  readonly detail: string | undefined;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    reason: InvalidScriptedModelStepReason;
    inputIndex?: number;
    callIndex?: number;
    stepType?: string;
    detail?: string;
  }) {
    const where = fields.inputIndex !== undefined
      ? ` at input ${fields.inputIndex}`
      : fields.callIndex !== undefined
      ? ` for model call ${fields.callIndex}`
      : '';
    const type = fields.stepType === undefined
      ? ''
      : ` (${quote(fields.stepType)})`;
    const detail = fields.detail === undefined ? '' : `, ${fields.detail}`;
    super(
      `Invalid scripted model step${where}${type}: ${
        expectations[fields.reason]
      }${detail} (reason ${quote(fields.reason)})`,
    );
    this.name = 'InvalidScriptedModelStepError';
    this.reason = fields.reason;
    this.inputIndex = fields.inputIndex;
    this.callIndex = fields.callIndex;
    this.stepType = fields.stepType;
    this.detail = fields.detail;
  }
}

/**
 * The request's `AbortSignal` was aborted: either before the call (nothing is
 * recorded and no step is consumed; `callIndex` is `undefined`), or after the
 * call was recorded, at a checkpoint of its scripted work. Its `name` is
 * `'AbortError'`, as the SDK's runner expects of an abort; identify it by
 * `code === 'scripted_model_request_aborted'`. `cause` is the signal's reason.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedModel, ScriptedModelRequestAbortedError } from '@scripted/agents';
 *
 * const model = new ScriptedModel();
 * const error = await model
 *   .getResponse({
 *     input: 'Hi',
 *     modelSettings: {},
 *     tools: [],
 *     handoffs: [],
 *     outputType: 'text',
 *     tracing: false,
 *     signal: AbortSignal.abort(),
 *   })
 *   .catch((error: unknown) => error);
 * assert(error instanceof ScriptedModelRequestAbortedError);
 * assert.equal(error.name, 'AbortError');
 * assert.equal(error.callIndex, undefined);
 * ```
 */
export class ScriptedModelRequestAbortedError extends Error {
  /** Stable identifier of this error, since its `name` is `'AbortError'`. */
  readonly code: 'scripted_model_request_aborted' =
    'scripted_model_request_aborted';
  /**
   * Zero-based index of the recorded call that was aborted; `undefined` when
   * the request was aborted before it was recorded.
   */
  readonly callIndex: number | undefined;

  /**
   * @param fields The structured fields of the error; `cause` is the abort
   * reason of the signal.
   */
  constructor(fields: { callIndex?: number; cause?: unknown }) {
    super(
      fields.callIndex === undefined
        ? 'Model request aborted before the call: expected a live signal, got an aborted one, so nothing was recorded and no step was consumed'
        : `Model call ${fields.callIndex} aborted: expected the scripted work to finish, the request signal was aborted first`,
      { cause: fields.cause },
    );
    this.name = 'AbortError';
    this.callIndex = fields.callIndex;
  }
}
