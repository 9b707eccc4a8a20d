/**
 * The exact-rejection assertion of the item builders' tests: a builder's
 * invalid argument must throw an `InvalidScriptedModelStepError` of reason
 * `invalid_input` with every field and the full message pinned. Not a test
 * file.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { InvalidScriptedModelStepError } from '@scripted/agents';

/** The fields a builder's rejection must carry, the message included. */
export interface Rejection {
  /** The finer issue. */
  issue: InvalidScriptedModelStepError['issue'];
  /** Where the argument is wrong. */
  path: string;
  /** What was found, rendered. */
  received: string | undefined;
  /** The close valid value, if any. */
  suggestion?: string;
  /** The message after `Invalid model step: `. */
  message: string;
  /** The message of the error kept as `cause`, if any. */
  cause?: string;
}

/**
 * Asserts that `build` throws exactly the invalid-input error described.
 *
 * @param build The builder call.
 * @param expected The error's fields.
 */
export function rejects(build: () => unknown, expected: Rejection): void {
  let thrown: unknown;
  try {
    build();
  } catch (error) {
    thrown = error;
  }
  assert(
    thrown instanceof InvalidScriptedModelStepError,
    `Expected an InvalidScriptedModelStepError, got ${String(thrown)}`,
  );
  assert.deepEqual({
    name: thrown.name,
    reason: thrown.reason,
    issue: thrown.issue,
    inputIndex: thrown.inputIndex,
    callIndex: thrown.callIndex,
    stepType: thrown.stepType,
    path: thrown.path,
    received: thrown.received,
    suggestion: thrown.suggestion,
    message: thrown.message,
    cause: thrown.cause instanceof Error ? thrown.cause.message : undefined,
  }, {
    name: 'InvalidScriptedModelStepError',
    reason: 'invalid_input',
    issue: expected.issue,
    inputIndex: undefined,
    callIndex: undefined,
    stepType: undefined,
    path: expected.path,
    received: expected.received,
    suggestion: expected.suggestion,
    message: `Invalid model step: ${expected.message}`,
    cause: expected.cause,
  });
}
