/**
 * Errors of a scripted sandbox session's calls, one class per failure mode:
 * an unexpected call, a matcher's rejection, steps left over. A malformed
 * step is `step_errors.ts`.
 *
 * @module
 */
import { describe, quote } from '../_internal/format.ts';
import {
  candidateList,
  frozenCandidates,
  incompleteMessage,
  unexpectedCallMessage,
} from '../_internal/messages.ts';

/**
 * An unused step of an `anyOrder` group that did not take a call, as
 * `UnexpectedSandboxCallError.candidates` and
 * `SandboxCallMatcherError.candidates` list it.
 *
 * @example
 * ```ts
 * import type { SandboxAnyOrderCandidate } from '@scripted/agents';
 *
 * const candidate: SandboxAnyOrderCandidate = {
 *   position: 1,
 *   method: 'readFile',
 *   rejection: 'false',
 * };
 * ```
 */
export interface SandboxAnyOrderCandidate {
  /** Zero-based position of the step in its group. */
  readonly position: number;
  /** The step's method. */
  readonly method: string;
  /**
   * Why it did not take the call: `method` (the step names another
   * method), `false` (its `match` returned false), `threw` (its `match`
   * threw).
   */
  readonly rejection: 'method' | 'false' | 'threw';
}

/**
 * A call reached the session that the script does not expect next: a
 * different method than the next step names, or any call after the script
 * ended (`expectedMethod` is then `undefined`). The call is recorded; the
 * step stays in the script.
 *
 * Raised by the session, its message ends with the failure timeline: the
 * steps and the calls, the first divergence marked (docs/core.md).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   UnexpectedSandboxCallError,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'supportsPty', result: false },
 *   { method: 'execCommand', result: '' },
 * ]);
 * await assert.rejects(
 *   sandbox.execCommand({ cmd: 'ls' }),
 *   UnexpectedSandboxCallError,
 * );
 * ```
 */
export class UnexpectedSandboxCallError extends Error {
  /** Zero-based index of the offending call in `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly actualMethod: string;
  /**
   * The method of the next step, or `undefined` when the script ended. In
   * an `anyOrder` group: the method of its first unused step (all of them
   * are in `candidates`).
   */
  readonly expectedMethod: string | undefined;
  /** How many steps were left in the script at the time of the call. */
  readonly remainingSteps: number;
  /**
   * When the call met an `anyOrder` group: its unused steps, in group
   * order, none of which names the method called (`rejection: 'method'`);
   * `undefined` otherwise.
   */
  readonly candidates: readonly SandboxAnyOrderCandidate[] | undefined;

  /**
   * Creates an `UnexpectedSandboxCallError`.
   * @param fields The structured fields of the error (the SDK testing
   * module's form; `expectedMethod` may be left out when the script ended;
   * `candidates` when the call met an `anyOrder` group).
   */
  constructor(fields: {
    callIndex: number;
    actualMethod: string;
    expectedMethod?: string | undefined;
    remainingSteps: number;
    candidates?: readonly SandboxAnyOrderCandidate[] | undefined;
  }) {
    const candidates = frozenCandidates(fields.candidates);
    super(unexpectedCallMessage({
      double: 'sandbox',
      callIndex: fields.callIndex,
      actual: fields.actualMethod,
      expected: fields.expectedMethod,
      expectedAnyOf: candidates?.map((candidate) => candidate.method),
      remaining: fields.remainingSteps,
      unit: 'step',
    }));
    this.name = 'UnexpectedSandboxCallError';
    this.callIndex = fields.callIndex;
    this.actualMethod = fields.actualMethod;
    this.expectedMethod = fields.expectedMethod;
    this.remainingSteps = fields.remainingSteps;
    this.candidates = candidates;
  }
}

/**
 * The `match` of the step answering a call rejected it: it returned
 * `false` (`matcherResult: 'false'`), or it threw something that is not an
 * error (`matcherResult: 'threw'`, the thrown value as `cause`; an error a
 * matcher throws is passed through unchanged instead). The call is
 * recorded; the step stays in the script.
 *
 * Raised by the session, its message ends with the failure timeline: the
 * steps and the calls, the first divergence marked (docs/core.md).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   SandboxCallMatcherError,
 *   scriptedSandboxSession,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', match: ({ cmd }) => cmd === 'pwd', result: '' },
 * ]);
 * await assert.rejects(
 *   sandbox.execCommand({ cmd: 'ls' }),
 *   (error) =>
 *     error instanceof SandboxCallMatcherError &&
 *     error.matcherResult === 'false',
 * );
 * // Built from a recorded call, as the SDK testing module's error is:
 * const [call] = sandbox.calls;
 * assert(call !== undefined);
 * const error = new SandboxCallMatcherError(call);
 * assert.equal(error.callIndex, 0);
 * assert.equal(error.method, 'execCommand');
 * ```
 */
export class SandboxCallMatcherError extends Error {
  /** Zero-based index of the rejected call in `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly method: string;
  /**
   * How the matcher rejected the call: `'false'` (it returned `false`) or
   * `'threw'` (it threw a value that is not an error, kept as `cause`).
   */
  readonly matcherResult: 'false' | 'threw';
  /**
   * When the call met an `anyOrder` group: every unused step of the group,
   * in group order, with why it did not take the call (the steps of the
   * method called have `rejection` `'false'` or `'threw'`); `undefined`
   * otherwise. `matcherResult` is then `'threw'` when any matcher threw
   * (the first thrown value is the `cause`).
   */
  readonly candidates: readonly SandboxAnyOrderCandidate[] | undefined;

  /**
   * Creates a `SandboxCallMatcherError`.
   * @param call The rejected recorded call (`{ index, method, args }`, the
   * SDK testing module's form), or the fields `{ callIndex, method }`.
   * @param options `matcherResult` (`'false'` unless given) and, for
   * `'threw'`, the thrown value as `cause`; `candidates` when the call met
   * an `anyOrder` group.
   */
  constructor(
    call:
      | {
        readonly index: number;
        readonly method: string;
        readonly args?: readonly unknown[];
      }
      | { readonly callIndex: number; readonly method: string },
    options?: {
      readonly matcherResult?: 'false' | 'threw' | undefined;
      readonly cause?: unknown;
      readonly candidates?:
        | readonly SandboxAnyOrderCandidate[]
        | undefined;
    },
  ) {
    const callIndex = 'callIndex' in call ? call.callIndex : call.index;
    const matcherResult = options?.matcherResult ?? 'false';
    const candidates = frozenCandidates(options?.candidates);
    super(
      `Sandbox call ${callIndex} to ${quote(call.method)} rejected: ${
        candidates !== undefined
          ? `no unused step of its anyOrder group accepts it, ${
            candidateList(candidates, 'step')
          }`
          : matcherResult === 'threw'
          ? `the matcher of its step threw ${describe(options?.cause)}`
          : 'the matcher of its step returned false'
      }`,
      options !== undefined && 'cause' in options
        ? { cause: options.cause }
        : undefined,
    );
    this.name = 'SandboxCallMatcherError';
    this.callIndex = callIndex;
    this.method = call.method;
    this.matcherResult = matcherResult;
    this.candidates = candidates;
  }
}

/**
 * `assertComplete()` found steps the workflow never used.
 *
 * Raised by the session, its message ends with the failure timeline: the
 * steps and the calls, the first divergence marked (docs/core.md).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   scriptedSandboxSession,
 *   UnconsumedSandboxStepsError,
 * } from '@scripted/agents';
 *
 * const sandbox = scriptedSandboxSession([
 *   { method: 'execCommand', result: '' },
 * ]);
 * assert.throws(() => sandbox.assertComplete(), UnconsumedSandboxStepsError);
 * // The SDK testing module's form: the pending methods alone.
 * assert.equal(new UnconsumedSandboxStepsError(['close']).remainingSteps, 1);
 * ```
 */
export class UnconsumedSandboxStepsError extends Error {
  /** How many steps are left. */
  readonly remainingSteps: number;
  /** The methods of the steps left, in script order. */
  readonly pendingMethods: readonly string[];

  /**
   * Creates an `UnconsumedSandboxStepsError`.
   * @param pending The methods of the steps left (the SDK testing module's
   * form; `remainingSteps` is their count), or the fields
   * `{ remainingSteps, pendingMethods }`.
   */
  constructor(
    pending: readonly string[] | {
      remainingSteps: number;
      pendingMethods: readonly string[];
    },
  ) {
    const fields = isStringList(pending)
      ? { remainingSteps: pending.length, pendingMethods: pending }
      : pending;
    super(incompleteMessage('sandbox script', [{
      count: fields.remainingSteps,
      noun: 'step',
      names: fields.pendingMethods,
    }]));
    this.name = 'UnconsumedSandboxStepsError';
    this.remainingSteps = fields.remainingSteps;
    this.pendingMethods = Object.freeze([...fields.pendingMethods]);
  }
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value);
}
