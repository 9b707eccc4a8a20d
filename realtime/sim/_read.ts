/**
 * The realtime simulation's side of the one input reader
 * (`_internal/read.ts`): a builder, the fault list or the clock reads its
 * input with the reader's checks inside {@link inSpec}, which turns the
 * issue a check throws into an `InvalidRealtimeSpecError` of that
 * operation; {@link invalid} is the issue of a check the reader has not
 * got (a fault kind, a clock, a count that depends on another field).
 *
 * @module
 */
import { describe } from '../../_internal/format.ts';
import { boundary, InputIssue, type Issue } from '../../_internal/read.ts';
import {
  InvalidRealtimeSpecError,
  type InvalidRealtimeSpecReason,
} from './errors.ts';

/**
 * Runs `body`, whose reads throw a reader's issue; the issue becomes the
 * `InvalidRealtimeSpecError` of `operation` (its `reason` is the issue's
 * `label` when {@link invalid} gave a reason of the simulation's own).
 *
 * @param operation The builder or method reading its input.
 * @param body The reading.
 * @returns What `body` returns.
 * @throws {InvalidRealtimeSpecError} For an issue.
 */
export function inSpec<T>(operation: string, body: () => T): T {
  return boundary(
    (issue: Issue) =>
      new InvalidRealtimeSpecError({
        operation,
        reason: (issue.label ?? issue.code) as InvalidRealtimeSpecReason,
        path: issue.path,
        issue: issue.expected,
        received: issue.received,
        suggestion: issue.suggestion,
      }),
    body,
  );
}

/**
 * The issue of a check the reader has not got, to throw inside
 * {@link inSpec}.
 *
 * @param reason Why.
 * @param path Where.
 * @param expected What the value must be.
 * @param value What was given (described), or `found.received` in words.
 * @param found `received` when the value cannot be shown; `suggestion`.
 * @returns The issue.
 */
export function invalid(
  reason: InvalidRealtimeSpecReason,
  path: string,
  expected: string,
  value: unknown,
  found: { received?: string; suggestion?: string | undefined } = {},
): InputIssue {
  // The reason travels as the label: `inSpec` makes it the error's.
  return new InputIssue({
    code: 'invalid_value',
    path,
    expected,
    received: found.received ?? describe(value),
    suggestion: found.suggestion,
    cause: undefined,
    label: reason,
  });
}
