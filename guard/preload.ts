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
 * (`import '@scripted/agents/guard/preload';`). It is never restored: a
 * test that needs a real call opens it with its own
 * `blockRealCalls({ allow })`, which decides until it is restored.
 *
 * @module
 */
import { blockRealCalls } from './block.ts';

blockRealCalls();
