/**
 * `outcomeOf` for the model's entry points, plus the error data model every
 * rejection must have. Shared by the model fuzz tests; not a test file.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { type Outcome, outcomeOf } from './fuzz.ts';

const optionalStrings = ['path', 'received', 'suggestion'] as const;

/**
 * `outcomeOf`, plus the error data model every rejection must have: an
 * `issue` string, `path`/`received`/`suggestion` strings or `undefined`, and
 * a message built from them.
 *
 * @param attempt The call under test.
 * @param names The error names a rejection may have.
 * @returns The outcome.
 */
export function modelOutcome(
  attempt: () => unknown,
  names: readonly string[],
): Outcome {
  const result = outcomeOf(attempt, names);
  if (!result.accepted) {
    const error = result.error;
    assert.equal(typeof error.issue, 'string');
    for (const key of optionalStrings) {
      assert(
        error[key] === undefined || typeof error[key] === 'string',
        `${key} is a string or undefined`,
      );
    }
    assert.match(String(error.message), /^Invalid model step/);
    if (typeof error.received === 'string' && error.issue !== 'unreadable') {
      assert(String(error.message).includes(`, got ${error.received}`));
    }
  }
  return result;
}
