/**
 * `sanitizedTest`: a `node:test` test that, on Deno, runs as `Deno.test`
 * with the ops and resources sanitizers forced on.
 *
 * Deno 2.9 runs `node:test` tests without its sanitizers, even under
 * `--sanitize-ops --sanitize-resources` (those flags reach `Deno.test` and
 * doc tests only), so a leaked timer or open resource would pass unseen.
 * Bun and Node have no such sanitizers; there it is a plain `node:test` test.
 *
 * @module
 */
import test from 'node:test';

interface DenoTest {
  test(definition: {
    name: string;
    fn: () => void | Promise<void>;
    sanitizeOps: boolean;
    sanitizeResources: boolean;
    sanitizeExit: boolean;
  }): void;
}

/**
 * Registers a test that Deno checks for leaked async ops and resources.
 *
 * @param name The test name.
 * @param fn The test body.
 */
export function sanitizedTest(
  name: string,
  fn: () => void | Promise<void>,
): void {
  const deno = (globalThis as { Deno?: DenoTest }).Deno;
  if (deno === undefined) {
    test(name, fn);
    return;
  }
  deno.test({
    name,
    fn,
    sanitizeOps: true,
    sanitizeResources: true,
    sanitizeExit: true,
  });
}

/**
 * Whether this runtime enforces {@link sanitizedTest}'s sanitizers.
 *
 * @returns `true` on Deno.
 */
export function sanitizersEnforced(): boolean {
  return 'Deno' in globalThis;
}
