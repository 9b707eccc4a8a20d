/**
 * Turns the real-call guard on for the whole process when it is loaded,
 * before any test: the suite's first line, or the runner's preload.
 *
 * ```sh
 * node --import @scripted/agents/guard/preload --test
 * bun test --preload @scripted/agents/guard/preload
 * ```
 *
 * vitest and Jest list it in `setupFiles`; a Deno test imports it first
 * (`import '@scripted/agents/guard/preload';`). A test that needs a real
 * call opens one with its own `blockRealCalls({ allow })`, which decides
 * until it is restored; the preloaded guard stays on.
 *
 * @module
 */
import { blockRealCalls, type RealCallGuard } from './block.ts';

/**
 * The guard this module turned on when it was loaded (restoring it turns
 * the suite's guard off for the rest of the process).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { preloadedGuard } from '@scripted/agents/guard/preload';
 *
 * assert.equal(preloadedGuard.active, true);
 * await assert.rejects(fetch('https://example.com/'), {
 *   name: 'RealCallBlockedError',
 * });
 * preloadedGuard.restore(); // here only: the example runs beside others
 * ```
 */
export const preloadedGuard: RealCallGuard = blockRealCalls();
