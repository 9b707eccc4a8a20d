/**
 * Errors of the run assertions, one class per failure mode: the assertion
 * did not hold (`RunAssertionError`), or it was given input it cannot use
 * (`InvalidRunAssertionInputError`). Plain `Error` subclasses, so every test
 * runner prints them whole.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';
import { lineDiff, shownAt, toLines } from '../_internal/diff.ts';
import { keptCopy, redactedCopy } from '../_internal/redacted_copy.ts';

/**
 * Which run assertion failed, as `RunAssertionError.assertion`.
 *
 * @example
 * ```ts
 * import type { RunAssertionName } from '@scripted/agents/assert';
 *
 * const name: RunAssertionName = 'assertToolCalls';
 * ```
 */
export type RunAssertionName =
  | 'assertToolCalls'
  | 'assertHandoffs'
  | 'assertFinalOutput'
  | 'modelRequest'
  | 'assertGuardrails'
  | 'assertNothingAfterTripwire'
  | 'assertApprovals'
  | 'assertRunParity';

/**
 * A run assertion did not hold: the run made other tool calls or handoffs,
 * ended with another final output, or the model received no call at the
 * index asked for. `expected` and `actual` hold the compared data (the
 * projection of the run that was checked, not the whole `RunResult`), so
 * runners that diff these properties (vitest, Jest, `node:test`) show the
 * difference; the message holds a headline and the same diff, line by line,
 * for those that print only the message.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import {
 *   assertFinalOutput,
 *   RunAssertionError,
 * } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello')]]);
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Hi');
 * assert.throws(
 *   () => assertFinalOutput(result, 'Goodbye'),
 *   (error: unknown) =>
 *     error instanceof RunAssertionError &&
 *     error.assertion === 'assertFinalOutput' &&
 *     error.expected === 'Goodbye' &&
 *     error.actual === 'Hello',
 * );
 * ```
 */
export class RunAssertionError extends Error {
  /** The assertion that failed. */
  readonly assertion: RunAssertionName;
  /**
   * What the assertion expected (compared data, detached from the run),
   * redacted as fixtures are.
   */
  readonly expected: unknown;
  /** What the run gave, in the same shape as `expected`, redacted. */
  readonly actual: unknown;
  /**
   * Where `expected` and `actual` first differ, like `[0].arguments.city`
   * (indexes zero-based); `''` when they differ as a whole, `undefined`
   * when the failure is not a difference (`modelRequest` out of range).
   */
  readonly path: string | undefined;

  /**
   * Creates a `RunAssertionError`.
   * @param fields The structured fields; `headline`, when given, replaces
   * the first line the message would otherwise build from them.
   */
  constructor(fields: {
    assertion: RunAssertionName;
    expected: unknown;
    actual: unknown;
    path?: string | undefined;
    headline?: string | undefined;
  }) {
    super(
      `${fields.headline ?? runHeadline(fields)}\n\n${
        lineDiff(toLines(fields.expected), toLines(fields.actual))
      }`,
    );
    this.name = 'RunAssertionError';
    this.assertion = fields.assertion;
    // Printed with the error (a runner inspects it): redacted as the
    // message is, in the same shape.
    this.expected = keptCopy(fields.expected);
    this.actual = keptCopy(fields.actual);
    this.path = fields.path;
  }
}

/** What each assertion compares, for the headline. */
const subjects: Readonly<Record<RunAssertionName, string>> = {
  assertToolCalls: 'Unexpected tool calls',
  assertHandoffs: 'Unexpected handoffs',
  assertFinalOutput: 'Unexpected final output',
  modelRequest: 'Unexpected model calls',
  assertGuardrails: 'Unexpected guardrails',
  assertNothingAfterTripwire: 'Something ran after the tripwire',
  assertApprovals: 'Unexpected approvals',
  assertRunParity: 'Runs differ',
};

/**
 * `Unexpected tool calls at "[0].name": expected "a", got "b"`: the
 * headline a `RunAssertionError` builds from its fields.
 */
export function runHeadline(fields: {
  assertion: RunAssertionName;
  expected: unknown;
  actual: unknown;
  path?: string | undefined;
}): string {
  const subject = subjects[fields.assertion];
  const { expected, actual } = fields;
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) {
      return `${subject}: expected ${expected.length}, got ${actual.length}`;
    }
  }
  const path = fields.path ?? '';
  // Neither quote nor shownAt throws, whatever the values.
  const where = path === '' ? '' : ` at ${quote(path)}`;
  return `${subject}${where}: expected ${shownAt(expected, path)}, got ${
    shownAt(actual, path)
  }`;
}

/**
 * Why a run assertion rejected its input, as
 * `InvalidRunAssertionInputError.reason`.
 *
 * @example
 * ```ts
 * import type { InvalidRunAssertionInputReason } from '@scripted/agents/assert';
 *
 * const reason: InvalidRunAssertionInputReason = 'unknown_key';
 * ```
 */
export type InvalidRunAssertionInputReason =
  | 'invalid_type'
  | 'invalid_value'
  | 'unknown_key'
  | 'unreadable';

/**
 * A run assertion was given input it cannot use: a result that is not a
 * `RunResult`, a model without recorded calls, a malformed expectation.
 * The fields follow the invalid-input shape of the other doubles: `reason`
 * says why, `path` where (`result`, `expected[1].name`, `index`), `issue`
 * what the value must be, `received` what was given, and `suggestion` the
 * key meant by a misspelt one.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   assertToolCalls,
 *   InvalidRunAssertionInputError,
 * } from '@scripted/agents/assert';
 *
 * assert.throws(
 *   () => assertToolCalls({ newItems: [] } as never, [{ nme: 'x' } as never]),
 *   (error: unknown) =>
 *     error instanceof InvalidRunAssertionInputError &&
 *     error.reason === 'unknown_key' &&
 *     error.path === 'expected[0].nme' &&
 *     error.suggestion === 'name',
 * );
 * ```
 */
export class InvalidRunAssertionInputError extends Error {
  /** Why the input was rejected. */
  readonly reason: InvalidRunAssertionInputReason;
  /** The assertion (or helper) that rejected it. */
  readonly assertion: string;
  /** Where: `result`, `model`, `index`, `expected[0].name`. */
  readonly path: string;
  /**
   * What the value must be, such as `a RunResult (an object with
   * "newItems")`; for `unknown_key`, the keys allowed (`only "name",
   * "arguments" and "output"`).
   */
  readonly issue: string;
  /** What was given, rendered short. */
  readonly received: string;
  /** The key meant by a misspelt one, else `undefined`. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidRunAssertionInputError`.
   * @param fields The structured fields; the message is built from them.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidRunAssertionInputReason;
      assertion: string;
      path: string;
      issue: string;
      received: string;
      suggestion?: string | undefined;
    },
    options?: { cause?: unknown },
  ) {
    // What was found, as a message may print it (redacted).
    const received = redactedCopy(fields.received) as string;
    super(
      invalidInputMessage({
        subject: `${fields.assertion} input`,
        // A key's issue says what the object may hold, not what it is.
        path: fields.reason === 'unknown_key' ? undefined : fields.path,
        expected: fields.issue,
        received,
        suggestion: fields.suggestion,
      }),
      options,
    );
    this.name = 'InvalidRunAssertionInputError';
    this.reason = fields.reason;
    this.assertion = fields.assertion;
    this.path = fields.path;
    this.issue = fields.issue;
    this.received = received;
    this.suggestion = fields.suggestion;
  }
}
