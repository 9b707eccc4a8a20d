/**
 * Tagged inputs for fuzzing lists of steps: each generated step says whether
 * the contract makes it valid, invalid, or leaves it open, so one property
 * can check "accept every valid script, reject every invalid one, and blame
 * the right input".
 *
 * @module
 */
import assert from 'node:assert/strict';
import type fc from 'fast-check';
import type { Outcome } from './fuzz.ts';

/** What the contract says about one generated input. */
export type Verdict = 'valid' | 'invalid' | 'either';

/** One generated input and its verdict. */
export interface Tagged {
  readonly value: unknown;
  readonly verdict: Verdict;
  /** The `reason` the contract requires, when it is certain. */
  readonly reason?: string;
}

/**
 * Tags every value of `arbitrary`.
 *
 * @param verdict The verdict for all of its values.
 * @param arbitrary The values.
 * @param reason The required `reason`, if the contract fixes it.
 * @returns The tagged arbitrary.
 */
export function tag(
  verdict: Verdict,
  arbitrary: fc.Arbitrary<unknown>,
  reason?: string,
): fc.Arbitrary<Tagged> {
  return arbitrary.map((value) =>
    reason === undefined ? { value, verdict } : { value, verdict, reason }
  );
}

/**
 * Checks a list outcome against the verdicts: a list of valid inputs is
 * accepted; a list with an invalid one is rejected; a rejection blames
 * (`inputIndex`) an input that is not known to be valid and no later than
 * the first invalid one, with that input's required `reason`.
 *
 * @param outcome What the entry point did.
 * @param inputs The tagged inputs, in order.
 * @param blamed Reads the blamed index from the error.
 */
export function checkListOutcome(
  outcome: Outcome,
  inputs: readonly Tagged[],
  blamed: (error: Record<string, unknown>) => unknown = (error) =>
    error.inputIndex,
): void {
  const firstInvalid = inputs.findIndex((input) => input.verdict === 'invalid');
  if (outcome.accepted) {
    assert.equal(
      firstInvalid,
      -1,
      `Accepted a script whose input ${firstInvalid} is invalid`,
    );
    return;
  }
  const open = inputs.some((input) => input.verdict !== 'valid');
  assert(open, `Rejected a valid script: ${String(outcome.error.message)}`);
  const index = blamed(outcome.error);
  assert(typeof index === 'number', 'The rejection has no inputIndex');
  assert(
    inputs[index] !== undefined && inputs[index].verdict !== 'valid',
    `inputIndex ${index} blames a valid input`,
  );
  if (firstInvalid !== -1) {
    assert(
      index <= firstInvalid,
      `inputIndex ${index} is past ${firstInvalid}`,
    );
  }
  const reason = inputs[index].reason;
  if (reason !== undefined && index === firstInvalid) {
    assert.equal(outcome.error.reason, reason);
  }
}
