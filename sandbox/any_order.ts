/**
 * `anyOrder(...steps)`: a group of sandbox steps whose calls may arrive in
 * any order, for methods the SDK calls concurrently.
 *
 * @module
 */
import type { ScriptedSandboxMethod } from './methods.ts';
import type { ScriptedSandboxInput } from './steps.ts';

/**
 * A group of steps whose calls may arrive in any order: the value
 * {@link anyOrder} builds, plain data (`{ anyOrder: steps }`), so it can
 * also be written by hand or come from another copy of this package.
 *
 * @example
 * ```ts
 * import type {
  SandboxAnyOrder,
} from '@scripted/agents';
 *
 * const group: SandboxAnyOrder<'readFile'> = {
 *   anyOrder: [
 *     { method: 'readFile', result: 'a' },
 *     { method: 'readFile', result: 'b' },
 *   ],
 * };
 * ```
 */
export interface SandboxAnyOrder<
  M extends ScriptedSandboxMethod = ScriptedSandboxMethod,
> {
  /** The steps of the group, at least one; not groups themselves. */
  readonly anyOrder: readonly ScriptedSandboxInput<M>[];
}

/**
 * One entry of a sandbox script: a step, or a group of steps in any order.
 *
 * @example
 * ```ts
 * import {
  anyOrder,
  type ScriptedSandboxEntry,
} from '@scripted/agents';
 *
 * const script: ScriptedSandboxEntry[] = [
 *   { method: 'supportsPty', result: false },
 *   anyOrder(
 *     { method: 'execCommand', result: 'a\n' },
 *     { method: 'execCommand', result: 'b\n' },
 *   ),
 * ];
 * ```
 */
export type ScriptedSandboxEntry<
  M extends ScriptedSandboxMethod = ScriptedSandboxMethod,
> =
  | ScriptedSandboxInput<M>
  | SandboxAnyOrder<M>;

/**
 * The methods the entries `E` of a script name, groups included.
 *
 * @example
 * ```ts
 * import type {
  SandboxAnyOrder,
  SandboxEntryMethods,
} from '@scripted/agents';
 *
 * const method: SandboxEntryMethods<SandboxAnyOrder<'readFile'>> = 'readFile';
 * ```
 */
export type SandboxEntryMethods<E> = E extends {
  readonly anyOrder: readonly (infer S)[];
} ? S extends { readonly method: infer M } ? M : never
  : E extends { readonly method: infer M } ? M
  : never;

/**
 * Groups steps whose calls may arrive in any order, such as the sandbox
 * calls of function tools the runner runs in parallel. The group takes the
 * place of its steps in the script: the calls before it come first, the
 * calls after it wait until every step of the group is used. Each call the
 * group receives consumes the first unused step of the group whose method
 * and `match` accept it; a `match` that returns `false` or throws passes
 * the call on to the next candidate instead of failing it. A call no
 * unused step accepts fails (and is remembered for `assertComplete()`) with
 * an `UnexpectedSandboxCallError` (no step of that method is left) or a
 * `SandboxCallMatcherError` (every matcher rejected it), each listing the
 * `candidates`. The group is checked with the rest of the script by
 * `scriptedSandboxSession()`: an empty group, a member that is not a step
 * (a nested group included) or an async `match` is rejected there.
 *
 * @param steps The steps of the group.
 * @returns The group, frozen.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
  anyOrder,
  scriptedSandboxSession,
} from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   anyOrder(
 *     { method: 'readFile', match: ({ path }) => path === 'a', result: 'A' },
 *     { method: 'readFile', match: ({ path }) => path === 'b', result: 'B' },
 *   ),
 *   { method: 'execCommand', result: 'done\n' },
 * ]);
 * assert.equal(await sandbox.readFile({ path: 'b' }), 'B');
 * assert.equal(await sandbox.readFile({ path: 'a' }), 'A');
 * assert.equal(await sandbox.execCommand({ cmd: 'ls' }), 'done\n');
 * sandbox.assertComplete();
 * ```
 */
export function anyOrder<const TSteps extends readonly ScriptedSandboxInput[]>(
  ...steps: TSteps
): SandboxAnyOrder<TSteps[number]['method']> {
  return Object.freeze({
    anyOrder: Object.freeze([...steps]),
  }) as SandboxAnyOrder<TSteps[number]['method']>;
}
