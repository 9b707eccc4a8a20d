/**
 * Errors of a scripted model's calls: an unexpected call, steps left over,
 * an aborted request. A malformed step is `step_errors.ts`.
 *
 * @module
 */
import {
  incompleteMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';
import type { ScriptTrail } from '../_internal/timeline.ts';
import type { RecordedModelCall } from './types.ts';

/**
 * The model's script and calls, for its failures' timeline.
 *
 * @param state The model's steps, calls, and the step each call took.
 * @returns The trail.
 */
export function modelTrail(state: {
  readonly steps: readonly { readonly type: string }[];
  readonly calls: { view(): readonly RecordedModelCall[] };
  readonly took: ReadonlyMap<number, number>;
}): ScriptTrail {
  return {
    steps: state.steps.map((step) => step.type),
    calls: state.calls.view().map((call) =>
      call.streamed ? 'getStreamedResponse' : 'getResponse'
    ),
    took: state.took,
  };
}

/**
 * A call reached the model after every scripted step was used. The call is
 * recorded first, and the model remembers this error for `assertComplete()`.
 * Constructible as `@openai/agents/testing` builds it, from the recorded
 * call, or from its fields.
 *
 * Raised by the model, its message ends with the failure timeline: the
 * steps and the calls, the first divergence marked (docs/core.md).
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
   * Creates an `UnexpectedModelCallError`.
   * @param call The recorded call that found no step left.
   */
  constructor(call: RecordedModelCall);
  /**
   * Creates an `UnexpectedModelCallError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: { callIndex: number; streamed: boolean });
  constructor(
    call: RecordedModelCall | { callIndex: number; streamed: boolean },
  ) {
    const callIndex = 'callIndex' in call ? call.callIndex : call.index;
    const streamed = call.streamed;
    super(unexpectedCallMessage({
      double: 'model',
      callIndex,
      actual: streamed ? 'getStreamedResponse' : 'getResponse',
      remaining: 0,
      unit: 'step',
    }));
    this.name = 'UnexpectedModelCallError';
    this.callIndex = callIndex;
    this.streamed = streamed;
  }
}

/**
 * The workflow ended before every scripted step was used; thrown by
 * `assertComplete()`. Constructible as `@openai/agents/testing` builds it,
 * from the count alone (`pendingStepTypes` is then empty).
 *
 * Raised by the model, its message ends with the failure timeline: the
 * steps and the calls, the first divergence marked (docs/core.md).
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
  /** The `type` of each unused step, in script order (empty if unknown). */
  readonly pendingStepTypes: readonly string[];

  /**
   * Creates an `UnconsumedModelStepsError`.
   * @param remainingSteps How many steps were never used.
   */
  constructor(remainingSteps: number);
  /**
   * Creates an `UnconsumedModelStepsError`.
   * @param fields The structured fields of the error.
   */
  constructor(
    fields: { remainingSteps: number; pendingStepTypes: readonly string[] },
  );
  constructor(
    fields:
      | number
      | { remainingSteps: number; pendingStepTypes: readonly string[] },
  ) {
    const remainingSteps = typeof fields === 'number'
      ? fields
      : fields.remainingSteps;
    const pending = typeof fields === 'number'
      ? []
      : [...fields.pendingStepTypes];
    super(
      incompleteMessage('model script', [
        { count: remainingSteps, noun: 'step', names: pending },
      ]),
    );
    this.name = 'UnconsumedModelStepsError';
    this.remainingSteps = remainingSteps;
    this.pendingStepTypes = Object.freeze(pending);
  }
}

/**
 * The request's `AbortSignal` was aborted: either before the call (nothing is
 * recorded and no step is consumed; `callIndex` is `undefined`), or after the
 * call was recorded, at a checkpoint of its scripted work. Its `name` is
 * `'AbortError'`, as the SDK's runner expects of an abort; identify it by
 * `code === 'scripted_model_request_aborted'`. `cause` is the signal's
 * reason. Constructible as `@openai/agents/testing` builds it, from the call
 * index alone.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   ScriptedModel,
 *   ScriptedModelRequestAbortedError,
 * } from '@scripted/agents';
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
   * Creates a `ScriptedModelRequestAbortedError`.
   * @param callIndex Zero-based index of the aborted call, if it was
   * recorded.
   */
  constructor(callIndex?: number);
  /**
   * Creates a `ScriptedModelRequestAbortedError`.
   * @param fields The structured fields of the error; `cause` is the abort
   * reason of the signal.
   */
  constructor(fields: { callIndex?: number | undefined; cause?: unknown });
  constructor(
    fields?: number | { callIndex?: number | undefined; cause?: unknown },
  ) {
    const callIndex = typeof fields === 'object' && fields !== null
      ? fields.callIndex
      : fields;
    super(
      callIndex === undefined
        ? 'Model request aborted before the call: expected a live signal, got an aborted one, so nothing was recorded and no step was consumed'
        : `Model call ${callIndex} aborted: expected the scripted work to finish, the request signal was aborted first`,
      typeof fields === 'object' && fields !== null && 'cause' in fields
        ? { cause: fields.cause }
        : undefined,
    );
    this.name = 'AbortError';
    this.callIndex = callIndex;
  }
}
