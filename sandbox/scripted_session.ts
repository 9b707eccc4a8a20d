/**
 * `scriptedSandboxSession(steps)`: an in-memory `SandboxSession` whose
 * methods answer from a script, in one global order.
 *
 * @module
 */
import * as sandboxModule from '@openai/agents-core/sandbox';
import { Manifest } from '@openai/agents-core/sandbox';
import type {
  SandboxSession,
  SandboxSessionState,
} from '@openai/agents-core/sandbox';
import { isError, runMatcher } from '../_internal/matcher.ts';
import { CallLog, FirstMismatch } from '../_internal/recording.ts';
import {
  copiedPerRead,
  detachedCopy,
  snapshot,
} from '../_internal/snapshot.ts';
import { installDispose, stateSlot } from '../_internal/state.ts';
import { appendTimeline, type ScriptTrail } from '../_internal/timeline.ts';
import {
  type SandboxAnyOrderCandidate,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './errors.ts';
import { InvalidScriptedSandboxStepError } from './step_errors.ts';
import {
  isSyncMethod,
  type RecordedSandboxCall,
  type ScriptedSandboxMethod,
} from './methods.ts';
import type { SandboxEntryMethods, ScriptedSandboxEntry } from './any_order.ts';
import { type NormalizedStep, normalizeSteps } from './_normalize.ts';

/**
 * What a scripted session adds to `SandboxSession`: the recording and the
 * completion check.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   type ScriptedSandboxControls,
 *   scriptedSandboxSession,
 * } from '@scripted/agents';
 *
 * const controls: ScriptedSandboxControls = scriptedSandboxSession();
 * assert.equal(controls.remainingSteps, 0);
 * controls.assertComplete();
 * ```
 */
export interface ScriptedSandboxControls {
  /**
   * Every call so far, in call order, each `{ index, method, args }` with
   * its arguments snapshotted (copied and frozen) when the call was made; a
   * `Manifest` argument is recorded as a frozen copy.
   */
  readonly calls: readonly RecordedSandboxCall[];
  /** How many steps of the script have not been used yet. */
  readonly remainingSteps: number;
  /**
   * Checks that the workflow followed the script to its end.
   *
   * @throws The first mismatch the session threw (an
   * `UnexpectedSandboxCallError`, a `SandboxCallMatcherError`, the error a
   * `match` threw, or the `InvalidScriptedSandboxStepError` of a `match`
   * that returned a promise), the same object, even if the SDK caught it;
   * otherwise an `UnconsumedSandboxStepsError` when steps are left.
   */
  assertComplete(): void;
  /**
   * Calls `assertComplete()`: `using sandbox = scriptedSandboxSession([...])`
   * checks the script at scope end; when the scope's body already threw,
   * the runtime keeps both errors in a `SuppressedError`. Installed under
   * `Symbol.dispose` where the runtime has it.
   */
  readonly [Symbol.dispose]: () => void;
}

/**
 * The session returned by {@link scriptedSandboxSession}: a `SandboxSession`
 * that has exactly the methods its script names, plus the recording and
 * completion checks. The methods `M` the script names are required, so a
 * test calls them without `!`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   type ScriptedSandboxSession,
 * } from '@scripted/agents';
 *
 * const sandbox: ScriptedSandboxSession<'supportsPty'> =
 *   scriptedSandboxSession([{ method: 'supportsPty', result: false }]);
 * assert.equal(sandbox.supportsPty(), false);
 * assert.equal(sandbox.remainingSteps, 0);
 * sandbox.assertComplete();
 * ```
 */
export type ScriptedSandboxSession<
  M extends ScriptedSandboxMethod = never,
> =
  & SandboxSession
  & Required<Pick<SandboxSession, M>>
  & ScriptedSandboxControls;

/**
 * Creates an in-memory `SandboxSession` that answers from `steps` (any
 * iterable, read once here; no argument: an empty, complete session). Each
 * step consumes one method call, in one global order across sync and async
 * methods: `{ method, match?, result }` returns a value (copied when the
 * script is defined), `{ method, match?, respond(call) }` computes it from
 * the call, `{ method, match?, error }` throws (sync methods) or rejects
 * (async methods). Only the methods the script names are installed, so SDK
 * capability detection (`session.supportsPty?.()`, `session.writeStdin`)
 * stays truthful. An `error` or `respond` set to `undefined` counts as
 * absent; `result: undefined` answers a void method when it is the step's
 * only outcome key.
 *
 * A call is recorded before it is checked. A call to another method than the
 * next step names, or after the script ended, fails with
 * `UnexpectedSandboxCallError`; a `match` returning `false` fails with
 * `SandboxCallMatcherError` (`matcherResult: 'false'`); a `match` that
 * throws an error fails with that error, unchanged, and one that throws
 * anything else (`undefined`, a string) with `SandboxCallMatcherError`
 * (`matcherResult: 'threw'`, the value as `cause`); a `match` that returns
 * a promise fails with `InvalidScriptedSandboxStepError` (issue
 * `async_matcher`).
 * Such a failed call does not consume the step, and the session remembers
 * the first one for `assertComplete()`. An error thrown by `respond` is
 * passed through and is not a mismatch. `match` and `respond` each receive
 * their own mutable copy of the arguments (the call): changing it does not
 * reach `calls`.
 *
 * `state` holds an empty `Manifest`, which a provided session needs for the
 * SandboxAgent runtime; assign `sandbox.state.manifest` to start from another.
 * The session keeps working through a transparent `Proxy` (a spy).
 *
 * @param inputs The script, validated here.
 * @returns The scripted session, typed with the methods the script names.
 * @throws {InvalidScriptedSandboxStepError} When `inputs` or a step is
 * malformed; `reason` is the SDK testing module's code, `issue`, `path`,
 * `received` and `suggestion` the detail.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { scriptedSandboxSession } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: true },
 *   {
 *     method: 'execCommand',
 *     match: ({ cmd }) => cmd === 'pwd',
 *     respond: (call) => `/workspace (call ${call.index})\n`,
 *   },
 *   { method: 'writeStdin', error: new Error('session closed') },
 * ]);
 * assert.equal('close' in sandbox, false);
 * assert.equal(sandbox.supportsPty(), true);
 * assert.equal(
 *   await sandbox.execCommand({ cmd: 'pwd' }),
 *   '/workspace (call 1)\n',
 * );
 * await assert.rejects(sandbox.writeStdin({ sessionId: 1 }), /closed/);
 * assert.deepEqual(sandbox.calls.map((call) => call.method), [
 *   'supportsPty',
 *   'execCommand',
 *   'writeStdin',
 * ]);
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession<
  const TInputs extends readonly ScriptedSandboxEntry[],
>(
  inputs: TInputs,
): ScriptedSandboxSession<SandboxEntryMethods<TInputs[number]>>;
/**
 * Creates a scripted session from any iterable of steps for the methods
 * `M`; see the first overload.
 *
 * @param inputs The script, validated here.
 * @returns The scripted session.
 * @throws {InvalidScriptedSandboxStepError} When `inputs` or a step is
 * malformed.
 *
 * @example
 * ```ts
 * import { scriptedSandboxSession } from '@scripted/agents';
 *
 * function* steps() {
 *   yield { method: 'execCommand', result: 'a\n' } as const;
 * }
 * const sandbox = scriptedSandboxSession<'execCommand'>(steps());
 * await sandbox.execCommand({ cmd: 'ls' });
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession<M extends ScriptedSandboxMethod>(
  inputs: Iterable<ScriptedSandboxEntry<M>>,
): ScriptedSandboxSession<M>;
/**
 * Creates an empty, complete scripted session: any method call is
 * unexpected, and `assertComplete()` passes until one is made.
 *
 * @returns The empty session.
 *
 * @example
 * ```ts
 * import { scriptedSandboxSession } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession();
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession(): ScriptedSandboxSession<never>;
export function scriptedSandboxSession(
  inputs?: Iterable<unknown>,
): ScriptedSandboxSession<ScriptedSandboxMethod> {
  return new ScriptedSandbox(
    inputs === undefined ? [] : normalizeSteps(inputs),
  ) as unknown as ScriptedSandboxSession<ScriptedSandboxMethod>;
}

interface SandboxState {
  readonly steps: readonly NormalizedStep[];
  /** Which steps a call consumed (a group's may be used out of order). */
  readonly used: boolean[];
  /** The step each call took, by call index (none: it took none). */
  readonly took: Map<number, number>;
  /** The first unused step. */
  next: number;
  /** How many steps are left. */
  left: number;
  readonly log: CallLog<RecordedSandboxCall>;
  readonly drift: FirstMismatch;
}

// Symbol-keyed, not `#private`, so the session works through a Proxy.
const slot = stateSlot<SandboxState>('scripted sandbox session');

class ScriptedSandbox implements ScriptedSandboxControls, SandboxSession {
  state: SandboxSessionState = { manifest: new Manifest() };

  static {
    installDispose(this.prototype, function () {
      this.assertComplete();
    });
  }

  declare readonly [Symbol.dispose]: () => void;

  constructor(steps: readonly NormalizedStep[]) {
    const state = slot.attach(this, {
      steps,
      used: steps.map(() => false),
      took: new Map(),
      next: 0,
      left: steps.length,
      log: new CallLog(),
      drift: new FirstMismatch(),
    });
    // Each method closes over the state, so it answers whatever receiver
    // (a proxy, a detached reference) it is called on.
    for (const method of new Set(steps.map((step) => step.method))) {
      const value = isSyncMethod(method)
        ? (...args: unknown[]) => answer(state, method, args)
        : async (...args: unknown[]) => await answer(state, method, args);
      // Enumerable, like the SDK testing module's: `Object.keys` lists the
      // scripted methods.
      Object.defineProperty(this, method, {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
  }

  get calls(): readonly RecordedSandboxCall[] {
    return slot.of(this).log.view();
  }

  get remainingSteps(): number {
    return slot.of(this).left;
  }

  assertComplete(): void {
    const state = slot.of(this);
    state.drift.rethrow();
    const pending = state.steps.filter((_, i) => !state.used[i]);
    if (pending.length === 0) return;
    const error = new UnconsumedSandboxStepsError({
      remainingSteps: pending.length,
      pendingMethods: pending.map((step) => step.method),
    });
    throw appendTimeline(error, sandboxTrail(state, false));
  }
}

// Records the call, checks it against the next step and produces the
// outcome; throws synchronously, so async methods reject.
function answer(
  state: SandboxState,
  method: ScriptedSandboxMethod,
  args: unknown[],
): unknown {
  const call = state.log.record((index) =>
    ({
      index,
      method,
      args: snapshot(copyManifests(args)),
    }) as unknown as RecordedSandboxCall
  );
  const step = state.steps[state.next];
  if (
    step === undefined || step.group === undefined && step.method !== method
  ) {
    throw mismatch(
      state,
      new UnexpectedSandboxCallError({
        callIndex: call.index,
        actualMethod: method,
        expectedMethod: step?.method,
        remainingSteps: state.left,
      }),
    );
  }
  const taken = step.group === undefined
    ? ordered(state, step, call)
    : unordered(state, step.group.end, call);
  consume(state, taken);
  state.took.set(call.index, taken);
  const chosen = state.steps[taken]!;
  switch (chosen.kind) {
    case 'result':
      return chosen.value;
    case 'respond':
      return chosen.value(detachedCopy(call));
    case 'error':
      throw chosen.value;
  }
}

// The next step, in order, takes the call, or its matcher fails it.
function ordered(
  state: SandboxState,
  step: NormalizedStep,
  call: RecordedSandboxCall,
): number {
  if (step.match !== undefined) check(state, step.match, step, call);
  return state.next;
}

// The first unused step of the group (from `next` to `end`) whose method
// and matcher accept the call takes it. A matcher that rejects or throws
// passes the call on; when none accepts, the error lists every candidate.
function unordered(
  state: SandboxState,
  end: number,
  call: RecordedSandboxCall,
): number {
  const candidates: SandboxAnyOrderCandidate[] = [];
  let cause: { readonly value: unknown } | undefined;
  let sameMethod = false;
  for (let i = state.next; i < end; i++) {
    if (state.used[i]) continue;
    const step = state.steps[i]!;
    const position = step.group!.position;
    if (step.method !== call.method) {
      candidates.push({ position, method: step.method, rejection: 'method' });
      continue;
    }
    sameMethod = true;
    if (step.match === undefined) return i;
    const verdict = runMatcher(
      step.match,
      detachedCopy<readonly unknown[]>(call.args),
    );
    switch (verdict.kind) {
      case 'pass':
        return i;
      case 'promise':
        throw mismatch(state, asyncMatcher(step, call));
      case 'rejected':
        candidates.push({ position, method: step.method, rejection: 'false' });
        break;
      case 'threw':
        cause ??= { value: verdict.error };
        candidates.push({ position, method: step.method, rejection: 'threw' });
    }
  }
  if (!sameMethod) {
    throw mismatch(
      state,
      new UnexpectedSandboxCallError({
        callIndex: call.index,
        actualMethod: call.method,
        expectedMethod: candidates[0]?.method,
        remainingSteps: state.left,
        candidates,
      }),
    );
  }
  throw mismatch(
    state,
    new SandboxCallMatcherError(call, {
      matcherResult: cause === undefined ? 'false' : 'threw',
      candidates,
      ...(cause === undefined ? {} : { cause: cause.value }),
    }),
  );
}

function consume(state: SandboxState, index: number): void {
  state.used[index] = true;
  state.left--;
  while (state.used[state.next]) state.next++;
}

function asyncMatcher(
  step: NormalizedStep,
  call: RecordedSandboxCall,
): InvalidScriptedSandboxStepError {
  return new InvalidScriptedSandboxStepError({
    issue: 'async_matcher',
    inputIndex: step.inputIndex,
    groupIndex: step.group?.position,
    method: call.method,
    path: 'match',
    received: 'a promise',
  });
}

// Runs the step's matcher on its own copy of the arguments and throws what
// its verdict means (see `_internal/matcher.ts`), remembered as drift.
function check(
  state: SandboxState,
  match: (...args: readonly unknown[]) => unknown,
  step: NormalizedStep,
  call: RecordedSandboxCall,
): void {
  const verdict = runMatcher(
    match,
    detachedCopy<readonly unknown[]>(call.args),
  );
  switch (verdict.kind) {
    case 'pass':
      return;
    case 'rejected':
      throw mismatch(state, new SandboxCallMatcherError(call));
    case 'promise':
      throw mismatch(state, asyncMatcher(step, call));
    case 'threw':
      throw mismatch(
        state,
        isError(verdict.error) ? verdict.error : new SandboxCallMatcherError(
          call,
          { matcherResult: 'threw', cause: verdict.error },
        ),
      );
  }
}

function mismatch(state: SandboxState, error: unknown): unknown {
  if (
    error instanceof UnexpectedSandboxCallError ||
    error instanceof SandboxCallMatcherError
  ) appendTimeline(error, sandboxTrail(state, true));
  state.drift.remember(error);
  return error;
}

// The session's script and calls, for its failures' timeline; `refused`:
// a call was refused, and when the next step is in an `anyOrder` group the
// group's steps (those no call took) are the candidates.
function sandboxTrail(state: SandboxState, refused: boolean): ScriptTrail {
  const { next } = state;
  const end = refused ? state.steps[next]?.group?.end ?? 0 : 0;
  return {
    steps: state.steps.map((step) => step.method),
    calls: state.log.view().map((call) => call.method),
    took: state.took,
    candidates: Array.from(
      { length: Math.max(0, end - next) },
      (_, offset) => next + offset,
    ),
  };
}

// A `Manifest` argument is recorded as a copy made the way the SDK's own
// `cloneManifest()` makes it, and every read of the record, the matcher and
// the responder each get a fresh copy of that (`copiedPerRead`): no write
// reaches the caller's manifest, the record or another reader.
function copyManifests(args: unknown[]): unknown[] {
  return args.map((arg) =>
    arg instanceof Manifest ? copiedPerRead(clone(arg), clone) : arg
  );
}

// The SDK's copy (0.15+: every field, new `Environment` objects, the
// mount-credential-exposure acknowledgements kept); before 0.15 (no
// acknowledgements yet), a new `Manifest` of the same fields, which copies
// the entries and environment the same way.
const clone: (manifest: Manifest) => Manifest =
  (sandboxModule as { cloneManifest?: (manifest: Manifest) => Manifest })
    .cloneManifest ?? ((manifest) => new Manifest(manifest));
