/**
 * The types of sandbox script steps.
 *
 * @module
 */
import type {
  SandboxMethodArgs,
  SandboxMethodResult,
  ScriptedSandboxCallFor,
  ScriptedSandboxMethod,
  SyncSandboxMethod,
} from './methods.ts';

/**
 * Checks the arguments of one call before its step answers. Assert inside it
 * (the assertion error propagates unchanged; a thrown value that is not an
 * error becomes the `cause` of a `SandboxCallMatcherError`) or return
 * `false` to reject the call with a `SandboxCallMatcherError`. It must
 * answer synchronously: a native async function is rejected where the
 * script is defined, a returned promise when the call is made. It receives
 * its own mutable copy of the arguments; changing them does not reach
 * `calls`.
 *
 * @example
 * ```ts
 * import type {
  SandboxCallMatcher,
} from '@scripted/agents';
 *
 * const onlyPwd: SandboxCallMatcher<'execCommand'> = ({ cmd }) => cmd === 'pwd';
 * ```
 */
export type SandboxCallMatcher<M extends ScriptedSandboxMethod> = (
  ...args: SandboxMethodArgs<M>
) => boolean | void;

/**
 * Computes the result of one call from its recorded call (its own mutable
 * copy: changing it does not reach `calls`). For async methods it may return
 * a promise.
 *
 * @example
 * ```ts
 * import type {
  SandboxCallResponder,
} from '@scripted/agents';
 *
 * const echo: SandboxCallResponder<'execCommand'> = (call) =>
 *   `${call.index}: ${call.args[0].cmd}\n`;
 * ```
 */
export type SandboxCallResponder<M extends ScriptedSandboxMethod> = (
  call: ScriptedSandboxCallFor<M>,
) => M extends SyncSandboxMethod ? SandboxMethodResult<M>
  : SandboxMethodResult<M> | PromiseLike<SandboxMethodResult<M>>;

/**
 * A step that returns a fixed value.
 *
 * @example
 * ```ts
 * import type {
  SandboxResultStep,
} from '@scripted/agents';
 *
 * const step: SandboxResultStep<'execCommand'> = {
 *   method: 'execCommand',
 *   result: 'ok\n',
 * };
 * ```
 */
export interface SandboxResultStep<M extends ScriptedSandboxMethod> {
  /** The method this step answers. */
  readonly method: M;
  /** Optional check of the call's arguments. */
  readonly match?: SandboxCallMatcher<M>;
  /**
   * The value returned (or resolved) by the call. `undefined` answers a void
   * method, but only when `result` is the step's sole outcome key.
   */
  readonly result: SandboxMethodResult<M>;
  /** Not allowed together with `result`. */
  readonly respond?: never;
  /** Not allowed together with `result`. */
  readonly error?: never;
}

/**
 * A step that computes its result from the recorded call.
 *
 * @example
 * ```ts
 * import type {
  SandboxRespondStep,
} from '@scripted/agents';
 *
 * const step: SandboxRespondStep<'readFile'> = {
 *   method: 'readFile',
 *   respond: (call) => `contents of ${call.args[0].path}`,
 * };
 * ```
 */
export interface SandboxRespondStep<M extends ScriptedSandboxMethod> {
  /** The method this step answers. */
  readonly method: M;
  /** Optional check of the call's arguments. */
  readonly match?: SandboxCallMatcher<M>;
  /** Not allowed together with `respond`. */
  readonly result?: never;
  /**
   * Computes the result; receives the recorded call. `undefined` counts as
   * absent.
   */
  readonly respond: SandboxCallResponder<M>;
  /** Not allowed together with `respond`. */
  readonly error?: never;
}

/**
 * A step that fails the call: sync methods throw `error`, async methods
 * reject with it.
 *
 * @example
 * ```ts
 * import type {
  SandboxErrorStep,
} from '@scripted/agents';
 *
 * const step: SandboxErrorStep<'execCommand'> = {
 *   method: 'execCommand',
 *   error: new Error('sandbox unavailable'),
 * };
 * ```
 */
export interface SandboxErrorStep<M extends ScriptedSandboxMethod> {
  /** The method this step answers. */
  readonly method: M;
  /** Optional check of the call's arguments. */
  readonly match?: SandboxCallMatcher<M>;
  /** Not allowed together with `error`. */
  readonly result?: never;
  /** Not allowed together with `error`. */
  readonly respond?: never;
  /**
   * Thrown (sync methods) or rejected with (async methods). `undefined`
   * counts as absent: a step cannot throw `undefined`.
   */
  readonly error: unknown;
}

/**
 * One scripted call of method `M`: exactly one of `result`, `respond` or
 * `error`, and an optional `match`.
 *
 * Outcome keys set to `undefined`: `error: undefined` and
 * `respond: undefined` count as absent, so `{ result: 'x', error: undefined }`
 * is a result step and a step whose only outcome is `error: undefined` is
 * rejected (reason `invalid_outcome`, issue `missing_outcome`).
 * `result: undefined` is an outcome (for void methods) only when `result` is
 * the sole outcome key present: `{ result: undefined, error: new Error('x') }`
 * is an error step and `{ result: undefined, error: undefined }` is
 * rejected (`missing_outcome`).
 *
 * A `match` must answer synchronously: a native async function is rejected
 * where the script is defined (reason `invalid_matcher`, issue
 * `async_matcher`). A fixed `result` is copied when the script is defined,
 * so changing the original object later does not change the answer.
 *
 * @example
 * ```ts
 * import type {
  SandboxStepFor,
} from '@scripted/agents';
 *
 * const step: SandboxStepFor<'supportsPty'> = {
 *   method: 'supportsPty',
 *   result: true,
 * };
 * ```
 */
export type SandboxStepFor<M extends ScriptedSandboxMethod> =
  | SandboxResultStep<M>
  | SandboxRespondStep<M>
  | SandboxErrorStep<M>;

/**
 * One step of a sandbox script, for the methods `M` (any `SandboxSession`
 * method by default); the `method` literal types `match`, `result` and
 * `respond`. Exactly one outcome; see {@link SandboxStepFor} for outcome
 * keys set to `undefined`. The SDK testing module's name for it.
 *
 * @example
 * ```ts
 * import type {
  ScriptedSandboxInput,
} from '@scripted/agents';
 *
 * const steps: ScriptedSandboxInput[] = [
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'a\n' },
 * ];
 * const shellOnly: ScriptedSandboxInput<'execCommand'> = {
 *   method: 'execCommand',
 *   result: '',
 * };
 * ```
 */
export type ScriptedSandboxInput<
  M extends ScriptedSandboxMethod = ScriptedSandboxMethod,
> = {
  [K in M]: SandboxStepFor<K>;
}[M];

/**
 * One step of a sandbox script, for any `SandboxSession` method: the same
 * type as {@link ScriptedSandboxInput}.
 *
 * @example
 * ```ts
 * import type {
  ScriptedSandboxStep,
} from '@scripted/agents';
 *
 * const steps: ScriptedSandboxStep[] = [
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'ls', result: 'a\n' },
 * ];
 * ```
 */
export type ScriptedSandboxStep = ScriptedSandboxInput;
