/**
 * Kept for the folders that import it: thenable detection lives in
 * `matcher.ts`.
 *
 * @module
 */
export { isThenable, noop } from './matcher.ts';
