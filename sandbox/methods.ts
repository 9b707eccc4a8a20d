/**
 * The `SandboxSession` methods a script can name, derived from the SDK's
 * interface, with their argument, result and recorded-call types, and the
 * runtime table of those methods (private to the sandbox folder).
 *
 * @module
 */
import type { SandboxSession } from '@openai/agents-core/sandbox';

/**
 * Any function: the shape a `SandboxSession` member must have to count as a
 * {@link SandboxMethod}.
 *
 * @example
 * ```ts
 * import type { SandboxAnyFunction } from '@scripted/agents';
 *
 * const fn: SandboxAnyFunction = () => 'done';
 * ```
 */
// deno-lint-ignore no-explicit-any
export type SandboxAnyFunction = (...args: any[]) => any;

/**
 * Every method name of the SDK's `SandboxSession` interface (everything but
 * `state`). Derived from the interface, so a method the SDK adds appears here.
 *
 * @example
 * ```ts
 * import type { SandboxMethod } from '@scripted/agents';
 *
 * const method: SandboxMethod = 'execCommand';
 * ```
 */
export type SandboxMethod = {
  [K in keyof SandboxSession]-?: NonNullable<SandboxSession[K]> extends
    SandboxAnyFunction ? K : never;
}[keyof SandboxSession];

/**
 * The SDK testing module's name for {@link SandboxMethod}: every method name
 * of the SDK's `SandboxSession` interface.
 *
 * @example
 * ```ts
 * import type { ScriptedSandboxMethod } from '@scripted/agents';
 *
 * const method: ScriptedSandboxMethod = 'readFile';
 * ```
 */
export type ScriptedSandboxMethod = SandboxMethod;

/**
 * The function type of the `SandboxSession` method `M`.
 *
 * @example
 * ```ts
 * import type { SandboxMethodFunction } from '@scripted/agents';
 *
 * const supportsPty: SandboxMethodFunction<'supportsPty'> = () => false;
 * ```
 */
export type SandboxMethodFunction<M extends SandboxMethod> = Extract<
  NonNullable<SandboxSession[M]>,
  SandboxAnyFunction
>;

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
export type SandboxMethodArgs<M extends SandboxMethod> = Parameters<
  SandboxMethodFunction<M>
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
export type SandboxMethodResult<M extends SandboxMethod> = Awaited<
  ReturnType<SandboxMethodFunction<M>>
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
  [M in SandboxMethod]: ReturnType<SandboxMethodFunction<M>> extends
    PromiseLike<unknown> ? never : M;
}[SandboxMethod];

/**
 * One recorded call of method `M`: its zero-based position in `calls`, the
 * method name and a detached, frozen snapshot of its positional arguments.
 *
 * @example
 * ```ts
 * import type { SandboxCall } from '@scripted/agents';
 *
 * const call: SandboxCall<'execCommand'> = {
 *   index: 0,
 *   method: 'execCommand',
 *   args: [{ cmd: 'pwd' }],
 * };
 * ```
 */
export interface SandboxCall<M extends SandboxMethod = SandboxMethod> {
  /** Zero-based position of this call in the session's `calls`. */
  readonly index: number;
  /** The `SandboxSession` method that was called. */
  readonly method: M;
  /** The positional arguments, snapshotted when the call was made. */
  readonly args: Readonly<SandboxMethodArgs<M>>;
}

/**
 * The SDK testing module's name for {@link SandboxCall}: one recorded call
 * of method `M`, as a responder receives it.
 *
 * @example
 * ```ts
 * import type { ScriptedSandboxCallFor } from '@scripted/agents';
 *
 * const call: ScriptedSandboxCallFor<'readFile'> = {
 *   index: 0,
 *   method: 'readFile',
 *   args: [{ path: 'a.md' }],
 * };
 * ```
 */
export type ScriptedSandboxCallFor<M extends ScriptedSandboxMethod> =
  SandboxCall<M>;

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
  [M in SandboxMethod]: SandboxCall<M>;
}[SandboxMethod];

type MethodKind<M extends SandboxMethod> = M extends SyncSandboxMethod ? 'sync'
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
  & { readonly [M in SandboxMethod]: MethodKind<M> }
  // Methods newer than SDK 0.11 (`directoryExists` from 0.16.1,
  // `setArchiveLimits` from 0.11.2): listed on every release (a session
  // that lacks one is simply never asked for it), required by the clause
  // above where the release declares them.
  & { readonly directoryExists?: 'async'; readonly setArchiveLimits?: 'sync' };

/**
 * Every `SandboxSession` method name, in the SDK interface's order (private
 * to the sandbox folder: not re-exported).
 */
export const sandboxMethods: readonly SandboxMethod[] = Object.freeze(
  Object.keys(methodKinds) as SandboxMethod[],
);

/**
 * Whether a method returns synchronously (private to the sandbox folder:
 * not re-exported).
 *
 * @param method The method.
 * @returns `true` for sync methods such as `supportsPty`.
 */
export function isSyncMethod(method: SandboxMethod): boolean {
  return methodKinds[method] === 'sync';
}
