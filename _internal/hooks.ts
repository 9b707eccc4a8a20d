/**
 * Kept for the folders that import it: the add-on hooks live in
 * `state.ts`.
 *
 * @module
 */
export {
  type ModelHooks,
  modelHooks,
  type RealtimeHooks,
  realtimeHooks,
} from './state.ts';
