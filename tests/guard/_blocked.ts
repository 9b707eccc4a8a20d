/**
 * The guard tests' assertion: a call failed with a `RealCallBlockedError`
 * carrying exactly the fields given (class, then `name`, then each field).
 * Not a test file.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { RealCallBlockedError } from '@scripted/agents/guard';

/** The fields a blocked call must carry. */
export interface Blocked {
  kind: RealCallBlockedError['kind'];
  call: string;
  target: string;
  host?: string;
  agent?: string;
  allow: readonly string[];
}

/**
 * Asserts that `error` is the blocked call described.
 *
 * @param error What the call failed with.
 * @param expected Its fields.
 * @returns The error, for more checks.
 */
export function assertBlocked(
  error: unknown,
  expected: Blocked,
): RealCallBlockedError {
  assert.ok(error instanceof RealCallBlockedError, `not blocked: ${error}`);
  assert.equal(error.name, 'RealCallBlockedError');
  assert.deepEqual(
    {
      kind: error.kind,
      call: error.call,
      target: error.target,
      host: error.host,
      agent: error.agent,
      allow: error.allow,
    },
    { host: undefined, agent: undefined, ...expected },
  );
  return error;
}

/**
 * What `promise` rejects with; fails when it resolves.
 *
 * @param promise The call.
 * @returns The rejection.
 */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('the call resolved');
}

/**
 * What a streamed run fails with: `run()` itself, the stream, or
 * `completed`; fails when the run succeeds.
 *
 * @param start Starts the streamed run.
 * @returns The failure.
 */
export function streamedFailure(
  start: () => Promise<AsyncIterable<unknown> & { completed: Promise<void> }>,
): Promise<unknown> {
  return rejection((async () => {
    const result = await start();
    for await (const _ of result) {
      // Drain the stream.
    }
    await result.completed;
  })());
}

/**
 * The blocked calls of a list but trace exports: the SDK's default trace
 * processor, started when the SDK is imported, exports on a timer, and a
 * guard on at that moment blocks that export too. Tests that count what
 * they made count through this.
 *
 * @param blocked A guard's `blocked`.
 * @returns Those that are not trace exports.
 */
export function made(
  blocked: readonly RealCallBlockedError[],
): RealCallBlockedError[] {
  return blocked.filter((error) => error.kind !== 'trace-export');
}
