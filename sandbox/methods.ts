/**
 * The `SandboxSession` methods a script can name, derived from the SDK's
 * interface, with their argument, result and recorded-call types, and the
 * runtime table of those methods (private to the sandbox folder).
 *
 * @module
 */
import type { SandboxSession } from '@openai/agents-core/sandbox';

/**
 * Every method name of the SDK's `SandboxSession` interface (everything but
 * `state`). Derived from the interface, so a method the SDK adds appears here.
 *
 * @example
 * ```ts
 * import type { ScriptedSandboxMethod } from '@scripted/agents';
 *
 * const method: ScriptedSandboxMethod = 'execCommand';
 * ```
 */
export type ScriptedSandboxMethod = {
  [K in keyof SandboxSession]-?: NonNullable<SandboxSession[K]> extends // deno-lint-ignore no-explicit-any
  (...args: any[]) => any ? K
    : never;
}[keyof SandboxSession];

/**
 * The positional arguments of a `SandboxSession` method.
 *
 * @example
 * ```ts
 * import type { SandboxMethodArgs } from '@scripted/agents';
 *
 * const args: SandboxMethodArgs<'execCommand'> = [{ cmd: 'pwd' }];
 * ```
 */
export type SandboxMethodArgs<M extends ScriptedSandboxMethod> = Parameters<
  // deno-lint-ignore no-explicit-any
  Extract<NonNullable<SandboxSession[M]>, (...args: any[]) => any>
>;

/**
 * What a `SandboxSession` method resolves to (its awaited return type).
 *
 * @example
 * ```ts
 * import type { SandboxMethodResult } from '@scripted/agents';
 *
 * const output: SandboxMethodResult<'execCommand'> = '/workspace\n';
 * const pty: SandboxMethodResult<'supportsPty'> = true;
 * ```
 */
export type SandboxMethodResult<M extends ScriptedSandboxMethod> = Awaited<
  // deno-lint-ignore no-explicit-any
  ReturnType<Extract<NonNullable<SandboxSession[M]>, (...args: any[]) => any>>
>;

/**
 * The `SandboxSession` methods that return synchronously (not a promise),
 * such as `supportsPty`. Their scripted errors throw instead of rejecting.
 *
 * @example
 * ```ts
 * import type { SyncSandboxMethod } from '@scripted/agents';
 *
 * const method: SyncSandboxMethod = 'supportsPty';
 * ```
 */
export type SyncSandboxMethod = {
  [M in ScriptedSandboxMethod]: ReturnType<
    // deno-lint-ignore no-explicit-any
    Extract<NonNullable<SandboxSession[M]>, (...args: any[]) => any>
  > extends PromiseLike<unknown> ? never : M;
}[ScriptedSandboxMethod];

/**
 * One recorded call of method `M`: its zero-based position in `calls`, the
 * method name and a detached, frozen snapshot of its positional arguments.
 *
 * @example
 * ```ts
 * import type { ScriptedSandboxCallFor } from '@scripted/agents';
 *
 * const call: ScriptedSandboxCallFor<'execCommand'> = {
 *   index: 0,
 *   method: 'execCommand',
 *   args: [{ cmd: 'pwd' }],
 * };
 * ```
 */
export interface ScriptedSandboxCallFor<
  M extends ScriptedSandboxMethod = ScriptedSandboxMethod,
> {
  /** Zero-based position of this call in the session's `calls`. */
  readonly index: number;
  /** The `SandboxSession` method that was called. */
  readonly method: M;
  /** The positional arguments, snapshotted when the call was made. */
  readonly args: Readonly<SandboxMethodArgs<M>>;
}

/**
 * A recorded call of any method: a union discriminated on `method`, so
 * checking `call.method` narrows `call.args`.
 *
 * @example
 * ```ts
 * import type { RecordedSandboxCall } from '@scripted/agents';
 *
 * function commandOf(call: RecordedSandboxCall): string | undefined {
 *   return call.method === 'execCommand' ? call.args[0].cmd : undefined;
 * }
 * commandOf({ index: 0, method: 'execCommand', args: [{ cmd: 'ls' }] });
 * ```
 */
export type RecordedSandboxCall = {
  [M in ScriptedSandboxMethod]: ScriptedSandboxCallFor<M>;
}[ScriptedSandboxMethod];

type MethodKind<M extends ScriptedSandboxMethod> = M extends SyncSandboxMethod
  ? 'sync'
  : 'async';

// The `satisfies` clause fails type checking when the SDK adds, removes or
// changes the sync-ness of a method, so this runtime table cannot drift.
const methodKinds = {
  start: 'async',
  running: 'async',
  registerPreStopHook: 'sync',
  runPreStopHooks: 'async',
  preStop: 'async',
  stop: 'async',
  shutdown: 'async',
  delete: 'async',
  createEditor: 'sync',
  exec: 'async',
  execCommand: 'async',
  writeStdin: 'async',
  viewImage: 'async',
  readFile: 'async',
  listDir: 'async',
  pathExists: 'async',
  directoryExists: 'async',
  materializeEntry: 'async',
  applyManifest: 'async',
  persistWorkspace: 'async',
  hydrateWorkspace: 'async',
  setArchiveLimits: 'sync',
  resolveExposedPort: 'async',
  supportsPty: 'sync',
  close: 'async',
} as const satisfies
  & { readonly [M in ScriptedSandboxMethod]: MethodKind<M> }
  // Methods newer than SDK 0.11 (`directoryExists` from 0.16.1,
  // `setArchiveLimits` from 0.11.2): listed on every release (a session
  // that lacks one is simply never asked for it), required by the clause
  // above where the release declares them.
  & { readonly directoryExists?: 'async'; readonly setArchiveLimits?: 'sync' };

/**
 * Every `SandboxSession` method name, in the SDK interface's order (private
 * to the sandbox folder: not re-exported).
 */
export const sandboxMethods: readonly ScriptedSandboxMethod[] = Object.freeze(
  Object.keys(methodKinds) as ScriptedSandboxMethod[],
);

/**
 * Whether a method returns synchronously (private to the sandbox folder:
 * not re-exported).
 *
 * @param method The method.
 * @returns `true` for sync methods such as `supportsPty`.
 */
export function isSyncMethod(method: ScriptedSandboxMethod): boolean {
  return methodKinds[method] === 'sync';
}
