/**
 * Kept for the folders that import it: the teardown lives in `state.ts`.
 *
 * @module
 */
export { installAsyncDispose, installDispose } from './state.ts';
