/**
 * `scriptedSandboxSession(steps)`: an in-memory `SandboxSession` whose
 * methods answer from a script, in one global order.
 *
 * @module
 */
import { Manifest } from '@openai/agents-core/sandbox';
import type {
  SandboxSession,
  SandboxSessionState,
} from '@openai/agents-core/sandbox';
import { snapshot } from '../_internal/snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  SandboxCallMatcherError,
  UnconsumedSandboxStepsError,
  UnexpectedSandboxCallError,
} from './errors.ts';
import type { RecordedSandboxCall, SandboxMethod } from './methods.ts';
import type { ScriptedSandboxStep } from './steps.ts';
import {
  isSyncMethod,
  type NormalizedStep,
  normalizeSteps,
} from './_normalize.ts';
import { isThenable } from '../_internal/thenable.ts';
import { frozenView } from '../_internal/view.ts';

/**
 * The session returned by {@link scriptedSandboxSession}: a `SandboxSession`
 * that has exactly the methods its script names, plus the recording and
 * completion checks.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   type ScriptedSandboxSession,
 * } from '@scripted/agents';
 *
 * const sandbox: ScriptedSandboxSession = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false },
 * ]);
 * assert.equal(sandbox.supportsPty!(), false);
 * assert.equal(sandbox.remainingSteps, 0);
 * sandbox.assertComplete();
 * ```
 */
export interface ScriptedSandboxSession extends SandboxSession {
  /**
   * Every call so far, in call order, each `{ index, method, args }` with
   * its arguments snapshotted (copied and frozen) when the call was made.
   */
  readonly calls: readonly RecordedSandboxCall[];
  /** How many steps of the script have not been used yet. */
  readonly remainingSteps: number;
  /**
   * Checks that the workflow followed the script to its end.
   *
   * @throws The first mismatch the session threw (an
   * `UnexpectedSandboxCallError`, a `SandboxCallMatcherError`, or the error a
   * `match` threw), the same object, even if the SDK caught it; otherwise
   * an `UnconsumedSandboxStepsError` when steps are left.
   */
  assertComplete(): void;
}

/**
 * Creates an in-memory `SandboxSession` that answers from `steps`. Each step
 * consumes one method call, in one global order across sync and async
 * methods: `{ method, match?, result }` returns a value, `{ method, match?,
 * respond(call) }` computes it from the recorded call, `{ method, match?,
 * error }` throws (sync methods) or rejects (async methods). Only the methods
 * the script names are installed, so SDK capability detection
 * (`session.supportsPty?.()`, `session.writeStdin`) stays truthful. An
 * `error` or `respond` set to `undefined` counts as absent; `result:
 * undefined` answers a void method when it is the step's only outcome key.
 *
 * A call is recorded before it is checked. A call to another method than the
 * next step names, or after the script ended, fails with
 * `UnexpectedSandboxCallError`; a `match` returning `false` fails with
 * `SandboxCallMatcherError`; a `match` that throws fails with its own error.
 * Such a failed call does not consume the step, and the session remembers
 * the first one for `assertComplete()`. An error thrown by `respond` is
 * passed through and is not a mismatch.
 *
 * `state` holds an empty `Manifest`, which a provided session needs for the
 * SandboxAgent runtime; assign `sandbox.state.manifest` to start from another.
 *
 * @param steps The script, validated here.
 * @returns The scripted session.
 * @throws {InvalidScriptedSandboxStepError} When `steps` or a step is
 * malformed; `reason` says how and `received` what was found.
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
 * assert.equal(sandbox.supportsPty!(), true);
 * assert.equal(
 *   await sandbox.execCommand!({ cmd: 'pwd' }),
 *   '/workspace (call 1)\n',
 * );
 * await assert.rejects(sandbox.writeStdin!({ sessionId: 1 }), /closed/);
 * assert.deepEqual(sandbox.calls.map((call) => call.method), [
 *   'supportsPty',
 *   'execCommand',
 *   'writeStdin',
 * ]);
 * sandbox.assertComplete();
 * ```
 */
export function scriptedSandboxSession(
  steps: readonly ScriptedSandboxStep[],
): ScriptedSandboxSession {
  return new ScriptedSandbox(normalizeSteps(steps));
}

class ScriptedSandbox implements ScriptedSandboxSession {
  state: SandboxSessionState = { manifest: new Manifest() };
  #steps: readonly NormalizedStep[];
  #next = 0;
  #calls: RecordedSandboxCall[] = [];
  #callsView: readonly RecordedSandboxCall[] | undefined;
  #firstMismatch: { error: unknown } | undefined;

  constructor(steps: readonly NormalizedStep[]) {
    this.#steps = steps;
    for (const method of new Set(steps.map((step) => step.method))) {
      const value = isSyncMethod(method)
        ? (...args: unknown[]) => this.#answer(method, args)
        : async (...args: unknown[]) => await this.#answer(method, args);
      Object.defineProperty(this, method, {
        value,
        writable: true,
        configurable: true,
      });
    }
  }

  get calls(): readonly RecordedSandboxCall[] {
    return this.#callsView = frozenView(this.#calls, this.#callsView);
  }

  get remainingSteps(): number {
    return this.#steps.length - this.#next;
  }

  assertComplete(): void {
    if (this.#firstMismatch !== undefined) throw this.#firstMismatch.error;
    const pending = this.#steps.slice(this.#next);
    if (pending.length === 0) return;
    throw new UnconsumedSandboxStepsError({
      remainingSteps: pending.length,
      pendingMethods: pending.map((step) => step.method),
    });
  }

  // Records the call, checks it against the next step and produces the
  // outcome; throws synchronously, so async methods reject.
  #answer(method: SandboxMethod, args: unknown[]): unknown {
    const index = this.#calls.length;
    const call = Object.freeze({
      index,
      method,
      args: snapshot(args),
    }) as unknown as RecordedSandboxCall;
    this.#calls.push(call);
    const stepIndex = this.#next;
    const step = this.#steps[stepIndex];
    if (step === undefined || step.method !== method) {
      throw this.#mismatch(
        new UnexpectedSandboxCallError({
          callIndex: index,
          actualMethod: method,
          expectedMethod: step?.method,
          remainingSteps: this.remainingSteps,
        }),
      );
    }
    if (step.match !== undefined) this.#check(step, stepIndex, call);
    this.#next++;
    switch (step.kind) {
      case 'result':
        return step.value;
      case 'respond':
        return step.value(call);
      case 'error':
        throw step.value;
    }
  }

  #check(
    step: NormalizedStep,
    stepIndex: number,
    call: RecordedSandboxCall,
  ): void {
    let verdict: unknown;
    try {
      verdict = step.match!(...call.args);
    } catch (error) {
      throw this.#mismatch(error);
    }
    if (isThenable(verdict)) {
      // Not awaited: keep a rejected promise from going unhandled.
      Promise.resolve(verdict).catch(() => {});
      throw this.#mismatch(
        new InvalidScriptedSandboxStepError({
          reason: 'invalid_match_result',
          inputIndex: stepIndex,
          method: step.method,
          received: 'a promise',
        }),
      );
    }
    if (verdict === false) {
      throw this.#mismatch(
        new SandboxCallMatcherError({
          callIndex: call.index,
          method: step.method,
        }),
      );
    }
  }

  #mismatch(error: unknown): unknown {
    this.#firstMismatch ??= { error };
    return error;
  }
}
