/**
 * How a differential check is declared: one `test()` per implementation,
 * named so a run shows which implementation failed and which checks differ on
 * purpose.
 *
 * Not a test file itself.
 *
 * @module
 */
import test from 'node:test';
import { type Impl, impls } from './_impls.ts';
import { deliberate, type DeliberateId } from './_deliberate.ts';

/** A check, run once per implementation. */
export type Check = (impl: Impl) => void | Promise<void>;

/**
 * Declares `check` for the SDK module and for ours: both must pass the same
 * assertions.
 *
 * @param subject What is checked, as the test name.
 * @param check The assertions, given the implementation.
 */
export function same(subject: string, check: Check): void {
  for (const impl of impls) {
    test(`${subject} [${impl.name}]`, () => check(impl));
  }
}

/**
 * Declares a check whose outcome differs on purpose: `check` asserts our
 * documented behavior when `impl.name === 'ours'` and the SDK module's
 * observed one otherwise.
 *
 * @param id The deliberate difference (`_deliberate.ts`).
 * @param subject What is checked, as the test name.
 * @param check The assertions, given the implementation.
 */
export function differs(id: DeliberateId, subject: string, check: Check): void {
  if (!(id in deliberate)) throw new Error(`Unknown deliberate id: ${id}`);
  for (const impl of impls) {
    test(`${subject} [${impl.name}] (deliberate: ${id})`, () => check(impl));
  }
}

/**
 * Runs `fn` and returns what it threw, failing when it returned.
 *
 * @param fn The code expected to throw or reject.
 * @returns The thrown value.
 */
export async function caught(fn: () => unknown): Promise<unknown> {
  try {
    await fn();
  } catch (error) {
    return error;
  }
  throw new Error('Expected a throw or rejection, got none');
}

/**
 * Runs `fn` synchronously and returns what it threw, failing when it
 * returned.
 *
 * @param fn The code expected to throw.
 * @returns The thrown value.
 */
export function caughtSync(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('Expected a throw, got none');
}

/**
 * Reads a field of an error or record by name, whatever its static type.
 *
 * @param value The object.
 * @param key The field.
 * @returns The field's value.
 */
export function field(value: unknown, key: string): unknown {
  return (value as Record<string, unknown>)[key];
}
