/**
 * Errors of the scripted sandbox session, one class per failure mode.
 *
 * @module
 */
import { plural, quote, quoteList } from '../_internal/format.ts';
import type { SandboxMethod } from './methods.ts';

function left(remainingSteps: number): string {
  return remainingSteps === 0
    ? 'the script has no steps left'
    : `${plural(remainingSteps, 'step')} left in the script`;
}

/**
 * A call reached the session that the script does not expect next: a
 * different method than the next step names, or any call after the script
 * ended (`expectedMethod` is then `undefined`). The call is recorded; the
 * step stays in the script.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   UnexpectedSandboxCallError,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', result: '' },
 * ]);
 * await assert.rejects(
 *   sandbox.execCommand!({ cmd: 'ls' }),
 *   UnexpectedSandboxCallError,
 * );
 * ```
 */
export class UnexpectedSandboxCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly actualMethod: SandboxMethod;
  /** The method of the next step, or `undefined` when the script ended. */
  readonly expectedMethod: SandboxMethod | undefined;
  /** How many steps were left in the script at the time of the call. */
  readonly remainingSteps: number;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    callIndex: number;
    actualMethod: SandboxMethod;
    expectedMethod: SandboxMethod | undefined;
    remainingSteps: number;
  }) {
    const expected = fields.expectedMethod === undefined
      ? left(0)
      : `expected ${quote(fields.expectedMethod)}, ${
        left(fields.remainingSteps)
      }`;
    super(
      `Unexpected sandbox call ${fields.callIndex} to ${
        quote(fields.actualMethod)
      }: ${expected}`,
    );
    this.name = 'UnexpectedSandboxCallError';
    this.callIndex = fields.callIndex;
    this.actualMethod = fields.actualMethod;
    this.expectedMethod = fields.expectedMethod;
    this.remainingSteps = fields.remainingSteps;
  }
}

/**
 * The `match` of the step answering a call returned `false`. The call is
 * recorded; the step stays in the script.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   SandboxCallMatcherError,
 *   scriptedSandboxSession,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
 * ]);
 * await assert.rejects(
 *   sandbox.execCommand!({ cmd: 'ls' }),
 *   SandboxCallMatcherError,
 * );
 * ```
 */
export class SandboxCallMatcherError extends Error {
  /** Zero-based index of the rejected call in `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly method: SandboxMethod;

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: { callIndex: number; method: SandboxMethod }) {
    super(
      `Sandbox call ${fields.callIndex} to ${
        quote(fields.method)
      } rejected: the matcher of its step returned false`,
    );
    this.name = 'SandboxCallMatcherError';
    this.callIndex = fields.callIndex;
    this.method = fields.method;
  }
}

/**
 * `assertComplete()` found steps the workflow never used.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   UnconsumedSandboxStepsError,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: '' },
 * ]);
 * assert.throws(() => sandbox.assertComplete(), UnconsumedSandboxStepsError);
 * ```
 */
export class UnconsumedSandboxStepsError extends Error {
  /** How many steps are left. */
  readonly remainingSteps: number;
  /** The methods of the steps left, in script order. */
  readonly pendingMethods: readonly SandboxMethod[];

  /**
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    remainingSteps: number;
    pendingMethods: readonly SandboxMethod[];
  }) {
    super(
      `Sandbox script not complete: ${
        plural(fields.remainingSteps, 'step')
      } left, for ${quoteList(fields.pendingMethods)}`,
    );
    this.name = 'UnconsumedSandboxStepsError';
    this.remainingSteps = fields.remainingSteps;
    this.pendingMethods = Object.freeze([...fields.pendingMethods]);
  }
}

/**
 * Why a script was rejected:
 * - `invalid_steps`: `steps` is not an array (or cannot be read);
 * - `invalid_step`: a step is not an object, or reading it threw;
 * - `unknown_method`: `method` is not a `SandboxSession` method name;
 * - `unknown_property`: a step has a member other than `method`, `match`,
 *   `result`, `respond` and `error` (usually a typo);
 * - `invalid_match`: `match` is present but not a function;
 * - `missing_outcome`: none of `result`, `respond`, `error`;
 * - `multiple_outcomes`: more than one of them;
 * - `invalid_respond`: `respond` is not a function;
 * - `invalid_match_result`: at call time, `match` returned a promise (it must
 *   answer synchronously).
 *
 * @example
 * ```ts
 * import type { InvalidScriptedSandboxStepReason } from '@scripted/agents';
 *
 * const reason: InvalidScriptedSandboxStepReason = 'unknown_method';
 * ```
 */
export type InvalidScriptedSandboxStepReason =
  | 'invalid_steps'
  | 'invalid_step'
  | 'unknown_method'
  | 'unknown_property'
  | 'invalid_match'
  | 'missing_outcome'
  | 'multiple_outcomes'
  | 'invalid_respond'
  | 'invalid_match_result';

const reasonText: Record<InvalidScriptedSandboxStepReason, string> = {
  invalid_steps: 'the steps must be an array',
  invalid_step: 'a step must be an object with a method',
  unknown_method: 'the method is not a SandboxSession method',
  unknown_property:
    'a step may only have "method", "match", "result", "respond" and "error"',
  invalid_match: 'match must be a function',
  missing_outcome: 'expected one of "result", "respond" or "error", got none',
  multiple_outcomes:
    'expected exactly one of "result", "respond" or "error", got several',
  invalid_respond: 'respond must be a function',
  invalid_match_result:
    'match must answer synchronously with a boolean or nothing, it returned a promise',
};

/**
 * A script step is malformed or names an unsupported method. Thrown by
 * `scriptedSandboxSession()` before any call, except `invalid_match_result`,
 * which is found when the matcher runs.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidScriptedSandboxStepError,
 *   scriptedSandboxSession,
 *   type ScriptedSandboxStep,
 * } from '@scripted/agents';
 *
 * // As from untyped code: 'launch' is not a SandboxSession method.
 * const steps = [{ method: 'launch', result: 1 }] as unknown as [
 *   ScriptedSandboxStep,
 * ];
 * assert.throws(
 *   () => scriptedSandboxSession(steps),
 *   (error) =>
 *     error instanceof InvalidScriptedSandboxStepError &&
 *     error.reason === 'unknown_method' && error.inputIndex === 0,
 * );
 * ```
 */
export class InvalidScriptedSandboxStepError extends Error {
  /** What is wrong; see {@link InvalidScriptedSandboxStepReason}. */
  readonly reason: InvalidScriptedSandboxStepReason;
  /**
   * Zero-based index of the step in the input array; `undefined` only for
   * `invalid_steps`, where no single step is at fault.
   */
  readonly inputIndex: number | undefined;
  /** The step's method, when it names a known one. */
  readonly method?: SandboxMethod;

  /**
   * @param fields The structured fields of the error.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidScriptedSandboxStepReason;
      inputIndex: number | undefined;
      method?: SandboxMethod;
    },
    options?: { cause?: unknown },
  ) {
    const where = fields.inputIndex === undefined
      ? 'sandbox script'
      : `sandbox step ${fields.inputIndex}${
        fields.method === undefined ? '' : ` (${quote(fields.method)})`
      }`;
    super(`Invalid scripted ${where}: ${reasonText[fields.reason]}`, options);
    this.name = 'InvalidScriptedSandboxStepError';
    this.reason = fields.reason;
    this.inputIndex = fields.inputIndex;
    this.method = fields.method;
  }
}
