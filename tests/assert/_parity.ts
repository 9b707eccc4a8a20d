/**
 * What the `assertRunParity` tests share: the failure, checked for its
 * class, name and assertion. Not a test file.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { RunAssertionError } from '@scripted/agents/assert';

/** The `RunAssertionError` a parity check rejects with. */
export async function failure(
  run: Promise<void>,
): Promise<RunAssertionError> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof RunAssertionError, String(error));
  assert.equal(error.name, 'RunAssertionError');
  assert.equal(error.assertion, 'assertRunParity');
  return error;
}
