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
 * Why a script was rejected (what the error's `received` then shows):
 * - `invalid_steps`: `steps` is not an array, or cannot be read (the kind of
 *   value given);
 * - `invalid_step`: a step is not an object, or reading it threw (the kind
 *   of value given; nothing when reading threw);
 * - `unknown_method`: `method` is not a `SandboxSession` method name (the
 *   value given; `suggestion` may name the closest method);
 * - `unknown_property`: a step has a member other than `method`, `match`,
 *   `result`, `respond` and `error`, usually a typo (the unknown names);
 * - `invalid_match`: `match` is present but not a function (the kind of
 *   value given);
 * - `missing_outcome`: none of `result`, `respond`, `error` holds an outcome
 *   (the outcome keys present with an `undefined` value, if any);
 * - `multiple_outcomes`: more than one of them does (the keys);
 * - `invalid_respond`: `respond` is not a function (the kind of value given);
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

const outcomes = '"result", "respond" or "error"';

// What each reason expected, and what to say was found when `received` is
// not given (an empty string: say nothing).
const reasonText: Record<
  InvalidScriptedSandboxStepReason,
  readonly [expected: string, fallback: string]
> = {
  invalid_steps: [
    'expected the steps to be an array',
    'a value that could not be read',
  ],
  invalid_step: [
    'expected a step to be an object with a method',
    'a step that could not be read',
  ],
  unknown_method: ['expected a SandboxSession method name', ''],
  unknown_property: [
    'expected only "method", "match", "result", "respond" and "error"',
    '',
  ],
  invalid_match: ['expected match to be a function', ''],
  missing_outcome: [`expected one of ${outcomes} with a value`, 'none'],
  multiple_outcomes: [`expected exactly one of ${outcomes}`, 'several'],
  invalid_respond: ['expected respond to be a function', ''],
  invalid_match_result: [
    'expected match to answer synchronously with a boolean or nothing',
    '',
  ],
};

function detail(
  reason: InvalidScriptedSandboxStepReason,
  received: string | undefined,
  suggestion: SandboxMethod | undefined,
): string {
  const [expected, fallback] = reasonText[reason];
  const found = received === undefined
    ? fallback
    : reason === 'missing_outcome'
    ? `${received} set to undefined`
    : received;
  const hint = suggestion === undefined
    ? ''
    : ` (did you mean ${quote(suggestion)}?)`;
  return found === '' ? expected + hint : `${expected}, got ${found}${hint}`;
}

/**
 * A script step is malformed or names an unsupported method. Thrown by
 * `scriptedSandboxSession()` before any call, except `invalid_match_result`,
 * which is found when the matcher runs. The message says what was expected
 * and what was found (`received`).
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
 * // As from untyped code: 'execComand' is not a SandboxSession method.
 * const steps = [{ method: 'execComand', result: '' }] as unknown as [
 *   ScriptedSandboxStep,
 * ];
 * assert.throws(
 *   () => scriptedSandboxSession(steps),
 *   (error) =>
 *     error instanceof InvalidScriptedSandboxStepError &&
 *     error.reason === 'unknown_method' && error.inputIndex === 0 &&
 *     error.received === '"execComand"' &&
 *     error.suggestion === 'execCommand',
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
   * What was found, rendered short for the message: the value given
   * (strings quoted and cut when long, other values by kind, such as
   * `"execComand"`, `42`, `null`, `an object`, `a promise`), or quoted key
   * names (`"reslt"`; `"result", "error"`). `undefined` when nothing
   * concrete was found (no outcome key at all, or the value could not be
   * read). See {@link InvalidScriptedSandboxStepReason} for each reason.
   */
  readonly received?: string;
  /**
   * For `unknown_method`: the `SandboxSession` method closest to the name
   * given, when it looks like a typo; otherwise `undefined`.
   */
  readonly suggestion?: SandboxMethod;

  /**
   * @param fields The structured fields of the error.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidScriptedSandboxStepReason;
      inputIndex: number | undefined;
      method?: SandboxMethod;
      received?: string;
      suggestion?: SandboxMethod;
    },
    options?: { cause?: unknown },
  ) {
    const where = fields.inputIndex === undefined
      ? 'sandbox script'
      : `sandbox step ${fields.inputIndex}${
        fields.method === undefined ? '' : ` (${quote(fields.method)})`
      }`;
    super(
      `Invalid scripted ${where}: ${
        detail(fields.reason, fields.received, fields.suggestion)
      }`,
      options,
    );
    this.name = 'InvalidScriptedSandboxStepError';
    this.reason = fields.reason;
    this.inputIndex = fields.inputIndex;
    this.method = fields.method;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}
