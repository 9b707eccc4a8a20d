/**
 * The error of a malformed sandbox script, `InvalidScriptedSandboxStepError`,
 * its `reason` and `issue` codes, and what each issue says was expected and
 * found.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';

/**
 * Why a script was rejected: the SDK testing module's four codes, classified
 * as that module classifies the same input. The finer detail is in the
 * error's `issue`, `path`, `received` and `suggestion`.
 * - `invalid_input`: the steps are not iterable, or a step is not an object,
 *   has a member other than `method`, `match`, `result`, `respond` and
 *   `error`, or could not be read;
 * - `unknown_method`: `method` is not a `SandboxSession` method name;
 * - `invalid_matcher`: `match` is not a synchronous function (or, found at
 *   call time, answered with a promise);
 * - `invalid_outcome`: not exactly one of `result`, `respond`, `error`
 *   holds an outcome, `respond` is not a function, or `result` cannot be
 *   copied.
 *
 * @example
 * ```ts
 * import type { InvalidScriptedSandboxStepReason } from '@scripted/agents';
 *
 * const reason: InvalidScriptedSandboxStepReason = 'unknown_method';
 * ```
 */
export type InvalidScriptedSandboxStepReason =
  | 'invalid_input'
  | 'unknown_method'
  | 'invalid_matcher'
  | 'invalid_outcome';

/**
 * The finer classification of a rejected script (the error's `issue`), and
 * what `received` then shows. An error built from a `reason` alone has the
 * reason as its issue.
 * - `invalid_steps` (`invalid_input`): `steps` is not iterable, or iterating
 *   it threw (the kind of value given; nothing when reading threw);
 * - `invalid_step` (`invalid_input`; `unknown_method` for an array): a step
 *   is not an object, or reading it threw (the kind of value given; nothing
 *   when reading threw);
 * - `unknown_method`: `method` is not a `SandboxSession` method name (the
 *   value given; `suggestion` may name the closest method);
 * - `unknown_property` (`invalid_input`, or the reason the step's other
 *   faults give): a member other than `method`, `match`, `result`,
 *   `respond` and `error`, usually a typo (the unknown names; `suggestion`
 *   may name the closest member);
 * - `invalid_match` (`invalid_matcher`): `match` is present but not a
 *   function (the kind of value given);
 * - `async_matcher` (`invalid_matcher`): `match` is a native async function
 *   (`an async function`), which can never answer synchronously, or, found
 *   when it ran, a matcher returned a promise (`a promise`);
 * - `missing_outcome` (`invalid_outcome`): none of `result`, `respond`,
 *   `error` holds an outcome (the outcome keys present with an `undefined`
 *   value, if any);
 * - `multiple_outcomes` (`invalid_outcome`): more than one does (the keys);
 * - `invalid_respond` (`invalid_outcome`): `respond` is not a function (the
 *   kind of value given);
 * - `invalid_result` (`invalid_outcome`): copying `result` threw;
 * - `invalid_group` (`invalid_input`): an `anyOrder` group's steps are not
 *   an array (`path` `anyOrder`, the kind of value given), or the group has
 *   another member (`path` its name, the names given);
 * - `empty_group` (`invalid_input`): an `anyOrder` group has no step;
 * - `nested_group` (`invalid_input`): a member of an `anyOrder` group is a
 *   group itself (`groupIndex` is its position).
 *
 * A fault of a step inside a group has the step's issue, the group's
 * position in the script as `inputIndex` and the step's position in the
 * group as `groupIndex`.
 *
 * @example
 * ```ts
 * import type { InvalidScriptedSandboxStepIssue } from '@scripted/agents';
 *
 * const issue: InvalidScriptedSandboxStepIssue = 'unknown_property';
 * ```
 */
export type InvalidScriptedSandboxStepIssue =
  | InvalidScriptedSandboxStepReason
  | 'invalid_steps'
  | 'invalid_step'
  | 'unknown_property'
  | 'invalid_match'
  | 'async_matcher'
  | 'missing_outcome'
  | 'multiple_outcomes'
  | 'invalid_respond'
  | 'invalid_result'
  | 'invalid_group'
  | 'empty_group'
  | 'nested_group';

const outcomes = '"result", "respond" or "error"';

// Each issue's reason: the SDK testing module's code for the same input.
const reasons: Record<
  InvalidScriptedSandboxStepIssue,
  InvalidScriptedSandboxStepReason
> = {
  invalid_input: 'invalid_input',
  unknown_method: 'unknown_method',
  invalid_matcher: 'invalid_matcher',
  invalid_outcome: 'invalid_outcome',
  invalid_steps: 'invalid_input',
  invalid_step: 'invalid_input',
  unknown_property: 'invalid_input',
  invalid_match: 'invalid_matcher',
  async_matcher: 'invalid_matcher',
  missing_outcome: 'invalid_outcome',
  multiple_outcomes: 'invalid_outcome',
  invalid_respond: 'invalid_outcome',
  invalid_result: 'invalid_outcome',
  invalid_group: 'invalid_input',
  empty_group: 'invalid_input',
  nested_group: 'invalid_input',
};

// What each issue expected, after "expected".
const expectations: Record<InvalidScriptedSandboxStepIssue, string> = {
  invalid_input: 'a step object with a method and one outcome',
  unknown_method: 'a SandboxSession method name',
  invalid_matcher: 'match to be a synchronous function',
  invalid_outcome: `exactly one of ${outcomes}`,
  invalid_steps: 'the steps to be iterable',
  invalid_step: 'a step to be an object with a method',
  unknown_property: 'only "method", "match", "result", "respond" and "error"',
  invalid_match: 'match to be a function',
  async_matcher: 'match to be a synchronous function',
  missing_outcome: `one of ${outcomes} with a value`,
  multiple_outcomes: `exactly one of ${outcomes}`,
  invalid_respond: 'respond to be a function',
  invalid_result: 'result to be data that can be copied',
  invalid_group: 'a group of the form { anyOrder: [steps] }',
  empty_group: 'an anyOrder group with at least one step',
  nested_group: 'a step, not a group, inside an anyOrder group',
};

// What to say was found when `received` is not given; nothing for others.
const fallbacks: Partial<Record<InvalidScriptedSandboxStepIssue, string>> = {
  invalid_steps: 'a value that could not be read',
  invalid_step: 'a step that could not be read',
  missing_outcome: 'none',
  multiple_outcomes: 'several',
  invalid_result: 'a value that could not be copied',
  empty_group: 'an empty group',
  nested_group: 'a nested group',
};

/**
 * The contract code of an issue (private to the package: not re-exported).
 *
 * @param issue The finer classification.
 * @returns The SDK testing module's code for it.
 */
export function issueReason(
  issue: InvalidScriptedSandboxStepIssue,
): InvalidScriptedSandboxStepReason {
  return Object.hasOwn(reasons, issue) ? reasons[issue] : 'invalid_input';
}

// What to say was found when `received` is not given and the fault is a
// read that threw.
function unreadable(
  issue: InvalidScriptedSandboxStepIssue,
  inputIndex: number,
  path: string | undefined,
): string | undefined {
  if (issue === 'invalid_steps' && inputIndex > 0) {
    return `steps that could not be read at step ${inputIndex}`;
  }
  if (issue === 'invalid_step' && path !== undefined) {
    return `a step whose ${quote(path)} could not be read`;
  }
  return undefined;
}

// The derived message: what was expected and what was found.
function message(
  fields: InvalidScriptedSandboxStepFields,
  issue: InvalidScriptedSandboxStepIssue,
): string {
  const { received, inputIndex } = fields;
  const known = Object.hasOwn(expectations, issue);
  const expected = expectations[known ? issue : 'invalid_input'];
  const fallback = (known ? fallbacks[issue] : undefined) ?? '';
  const found = received === undefined
    ? unreadable(issue, inputIndex, fields.path) ?? fallback
    : issue === 'missing_outcome'
    ? `${received} set to undefined`
    : received;
  const script = issue === 'invalid_steps';
  return invalidInputMessage({
    subject: script ? 'sandbox script' : 'sandbox step',
    index: script ? undefined : inputIndex,
    detail: fields.groupIndex === undefined
      ? undefined
      : ` (step ${fields.groupIndex} of its anyOrder group)`,
    // An unknown method name is shown (cut when long) as what was found.
    name: issue === 'unknown_method' ? undefined : fields.method,
    expected,
    received: found === '' ? undefined : found,
    suggestion: fields.suggestion,
  });
}

/**
 * The fields of an {@link InvalidScriptedSandboxStepError}. Give `reason`
 * and `message` (the SDK testing module's form: the message is used as
 * written, `issue` equals `reason`), or `issue` and the detail fields (the
 * message is then derived from them, and `reason` defaults to the issue's
 * code).
 *
 * @example
 * ```ts
 * import type { InvalidScriptedSandboxStepFields } from '@scripted/agents';
 *
 * const fields: InvalidScriptedSandboxStepFields = {
 *   issue: 'unknown_property',
 *   inputIndex: 0,
 *   method: 'execCommand',
 *   path: 'reslt',
 *   received: '"reslt"',
 *   suggestion: 'result',
 * };
 * ```
 */
export type InvalidScriptedSandboxStepFields =
  & (
    | {
      /** The contract code; defaults to the code of `issue`. */
      reason: InvalidScriptedSandboxStepReason;
      /** The finer classification; defaults to `reason`. */
      issue?: InvalidScriptedSandboxStepIssue | undefined;
    }
    | {
      /** The contract code; defaults to the code of `issue`. */
      reason?: InvalidScriptedSandboxStepReason | undefined;
      /** The finer classification; defaults to `reason`. */
      issue: InvalidScriptedSandboxStepIssue;
    }
  )
  & {
    /** Zero-based position of the faulty input. */
    inputIndex: number;
    /** Zero-based position of the faulty step inside its `anyOrder` group. */
    groupIndex?: number | undefined;
    /** The message as written; derived from the fields when left out. */
    message?: string | undefined;
    /** The method the step named, known or not. */
    method?: string | undefined;
    /** Where in the step: `match`, `respond`, `result`, a member name. */
    path?: string | undefined;
    /** What was found, rendered short. */
    received?: string | undefined;
    /** The closest valid name, when a name was wrong. */
    suggestion?: string | undefined;
  };

/**
 * A script step is malformed or names an unsupported method. Thrown by
 * `scriptedSandboxSession()` before any call, except a matcher that
 * returns a promise (issue `async_matcher`), which is found when it runs
 * and is thrown from that call. `reason` is
 * the SDK testing module's code for the same input; `issue`, `path`,
 * `received` and `suggestion` say exactly what is wrong, and the message is
 * built from them: what was expected and what was found.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidScriptedSandboxStepError,
 *   scriptedSandboxSession,
 *   type ScriptedSandboxInput,
 * } from '@scripted/agents';
 *
 * // As from untyped code: 'execComand' is not a SandboxSession method.
 * const steps = [{ method: 'execComand', result: '' }] as unknown as [
 *   ScriptedSandboxInput,
 * ];
 * assert.throws(
 *   () => scriptedSandboxSession(steps),
 *   (error) =>
 *     error instanceof InvalidScriptedSandboxStepError &&
 *     error.reason === 'unknown_method' && error.inputIndex === 0 &&
 *     error.method === 'execComand' && error.path === 'method' &&
 *     error.received === '"execComand"' &&
 *     error.suggestion === 'execCommand',
 * );
 * // The SDK testing module's form: a reason and a message of your own.
 * const own = new InvalidScriptedSandboxStepError({
 *   reason: 'invalid_input',
 *   inputIndex: 0,
 *   message: 'Step 1 is not an object',
 * });
 * assert.equal(own.issue, 'invalid_input');
 * ```
 */
export class InvalidScriptedSandboxStepError extends Error {
  /** The SDK testing module's code; see {@link InvalidScriptedSandboxStepReason}. */
  readonly reason: InvalidScriptedSandboxStepReason;
  /**
   * What exactly is wrong; see {@link InvalidScriptedSandboxStepIssue}.
   * Equals `reason` when nothing finer is known.
   */
  readonly issue: InvalidScriptedSandboxStepIssue;
  /**
   * Zero-based position of the faulty step in the input; for steps that are
   * not iterable, `0`; when iterating the steps threw, the position of the
   * step being read.
   */
  readonly inputIndex: number;
  /**
   * When the faulty step is inside an `anyOrder` group (whose position is
   * `inputIndex`): the step's zero-based position in the group; otherwise
   * `undefined`.
   */
  readonly groupIndex: number | undefined;
  /**
   * The method the step named (a string), known or not; `undefined` when
   * the step named none.
   */
  readonly method: string | undefined;
  /**
   * Where in the step the fault is: `method`, `match`, `respond`,
   * `result`, or an unknown member's name (the first); `undefined` when
   * the step or the steps as a whole are at fault.
   */
  readonly path: string | undefined;
  /**
   * What was found, rendered short for the message: the value given
   * (strings quoted and cut when long, other values by kind, such as
   * `"execComand"`, `42`, `null`, `an object`, `a promise`), or quoted key
   * names (`"reslt"`; `"result", "error"`). `undefined` when nothing
   * concrete was found (no outcome key at all, or the value could not be
   * read). See {@link InvalidScriptedSandboxStepIssue} for each issue.
   */
  readonly received: string | undefined;
  /**
   * For `unknown_method` and `unknown_property`: the valid name closest to
   * the name given, when it looks like a typo; otherwise `undefined`.
   */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidScriptedSandboxStepError`.
   * @param fields The structured fields; see
   * {@link InvalidScriptedSandboxStepFields}.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: InvalidScriptedSandboxStepFields,
    options?: { readonly cause?: unknown },
  ) {
    const issue: InvalidScriptedSandboxStepIssue = fields.issue ??
      fields.reason!;
    super(fields.message ?? message(fields, issue), options);
    this.name = 'InvalidScriptedSandboxStepError';
    this.reason = fields.reason ?? issueReason(issue);
    this.issue = issue;
    this.inputIndex = fields.inputIndex;
    this.groupIndex = fields.groupIndex;
    this.method = fields.method;
    this.path = fields.path;
    this.received = fields.received;
    this.suggestion = fields.suggestion;
  }
}
