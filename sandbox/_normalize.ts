/**
 * Private: the validation that turns a user's script into normalized steps
 * when a session is created.
 *
 * @module
 */
import { closest, describe, listNames } from '../_internal/format.ts';
import { isAsyncFunction } from '../_internal/matcher.ts';
import { readFields } from '../_internal/read.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  issueReason,
} from './errors.ts';
import { sandboxMethods, type ScriptedSandboxMethod } from './methods.ts';

const methodSet: ReadonlySet<unknown> = new Set(sandboxMethods);

function isSandboxMethod(name: unknown): name is ScriptedSandboxMethod {
  return methodSet.has(name);
}

/** Where a step of an `anyOrder` group sits. */
export interface GroupPlace {
  /** Zero-based position of the step in its group. */
  readonly position: number;
  /** Index, in the normalized steps, just past the group's last step. */
  readonly end: number;
}

/** A validated step, read once from its input. */
export type NormalizedStep =
  & {
    /** Zero-based position of the step (or its group) in the script. */
    readonly inputIndex: number;
    /** Its place in an `anyOrder` group; `undefined` for an ordered step. */
    readonly group: GroupPlace | undefined;
    readonly method: ScriptedSandboxMethod;
    readonly match: ((...args: readonly unknown[]) => unknown) | undefined;
  }
  & (
    | { readonly kind: 'result'; readonly value: unknown }
    | { readonly kind: 'respond'; readonly value: (call: unknown) => unknown }
    | { readonly kind: 'error'; readonly value: unknown }
  );

const outcomeKeys = ['result', 'respond', 'error'] as const;
const knownKeyList = ['method', 'match', ...outcomeKeys] as const;
const knownKeys: ReadonlySet<string> = new Set(knownKeyList);

/**
 * Validates a script and reads each step once. Any iterable is read, in
 * iteration order; a fixed `result` is copied here, so later changes to the
 * caller's object do not reach the answer.
 *
 * @param steps The script as given by the user.
 * @returns The normalized steps, in order.
 * @throws {InvalidScriptedSandboxStepError} When the script or a step is
 * malformed.
 */
export function normalizeSteps(steps: unknown): NormalizedStep[] {
  const out: NormalizedStep[] = [];
  let isArray: boolean;
  try {
    isArray = Array.isArray(steps);
  } catch (cause) {
    throw unreadableSteps(0, cause); // A revoked proxy.
  }
  if (isArray) {
    const array = steps as unknown[];
    // The common case, read by index: no iterator to allocate, and an
    // array-like proxy whose `length` throws is still reported.
    let length: number;
    try {
      length = array.length;
    } catch (cause) {
      throw unreadableSteps(0, cause);
    }
    for (let i = 0; i < length; i++) {
      let step: unknown;
      try {
        step = array[i];
      } catch (cause) {
        throw unreadableStep(i, undefined, cause);
      }
      pushEntry(out, step, i);
    }
    return out;
  }
  let iterator: Iterator<unknown>;
  try {
    const make = steps === null || steps === undefined
      ? undefined
      : (steps as { [Symbol.iterator]?: unknown })[Symbol.iterator];
    if (typeof make !== 'function') {
      throw new InvalidScriptedSandboxStepError({
        issue: 'invalid_steps',
        inputIndex: 0,
        received: describe(steps),
      });
    }
    iterator = make.call(steps);
  } catch (cause) {
    if (cause instanceof InvalidScriptedSandboxStepError) throw cause;
    throw unreadableSteps(0, cause);
  }
  for (let i = 0;; i++) {
    let step: unknown;
    try {
      const next = iterator.next();
      if (next.done) return out;
      step = next.value;
    } catch (cause) {
      throw unreadableSteps(i, cause);
    }
    try {
      pushEntry(out, step, i);
    } catch (error) {
      close(iterator);
      throw error;
    }
  }
}

// Lets a generator run its `finally` when a step it gave is rejected.
function close(iterator: Iterator<unknown>): void {
  try {
    iterator.return?.();
  } catch {
    // The step's own error is the one to report.
  }
}

function unreadableSteps(
  inputIndex: number,
  cause: unknown,
): InvalidScriptedSandboxStepError {
  return new InvalidScriptedSandboxStepError({
    issue: 'invalid_steps',
    inputIndex,
  }, { cause });
}

function unreadableStep(
  inputIndex: number,
  path: string | undefined,
  cause: unknown,
): InvalidScriptedSandboxStepError {
  return new InvalidScriptedSandboxStepError({
    issue: 'invalid_step',
    inputIndex,
    path,
  }, { cause });
}

const groupKey = 'anyOrder';

// Whether an entry is an `anyOrder` group (an object with that member);
// a revoked proxy is left to the step checks, which report it.
function isGroup(entry: unknown): entry is object {
  try {
    return typeof entry === 'object' && entry !== null &&
      !Array.isArray(entry) && groupKey in entry;
  } catch {
    return false;
  }
}

// Appends a step, or the steps of a group with their place in it.
function pushEntry(
  out: NormalizedStep[],
  entry: unknown,
  inputIndex: number,
): void {
  if (!isGroup(entry)) {
    out.push(
      {
        ...normalizeStep(entry, inputIndex),
        inputIndex,
        group: undefined,
      } as NormalizedStep,
    );
    return;
  }
  const members = readGroup(entry, inputIndex);
  let length: number;
  try {
    length = members.length;
  } catch (cause) {
    throw unreadableStep(inputIndex, groupKey, cause);
  }
  if (length === 0) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'empty_group',
      inputIndex,
      path: groupKey,
    });
  }
  const end = out.length + length;
  const steps: NormalizedStep[] = [];
  // Read by index, each member once; the first fault ends the reading, so
  // a huge or sparse array costs no more than its first bad member.
  for (let position = 0; position < length; position++) {
    let member: unknown;
    try {
      member = members[position];
    } catch (cause) {
      throw inGroup(unreadableStep(inputIndex, undefined, cause), position);
    }
    if (isGroup(member)) {
      throw new InvalidScriptedSandboxStepError({
        issue: 'nested_group',
        inputIndex,
        groupIndex: position,
        path: groupKey,
      });
    }
    let step: StepOutcome;
    try {
      step = normalizeStep(member, inputIndex);
    } catch (error) {
      throw inGroup(error, position);
    }
    steps.push(
      { ...step, inputIndex, group: { position, end } } as NormalizedStep,
    );
  }
  for (const step of steps) out.push(step);
}

// The members of a group: an array, whose members are read by the caller.
function readGroup(group: object, inputIndex: number): readonly unknown[] {
  const read = readFields(group, [groupKey]);
  if (!read.ok) throw unreadableStep(inputIndex, read.key, read.cause);
  const unknown = read.keys.filter((key) => key !== groupKey);
  if (unknown.length > 0) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'invalid_group',
      inputIndex,
      path: unknown[0],
      received: listNames(unknown),
    });
  }
  const members = read.fields.anyOrder;
  let isArray: boolean;
  try {
    isArray = Array.isArray(members);
  } catch (cause) {
    throw unreadableStep(inputIndex, groupKey, cause); // A revoked proxy.
  }
  if (!isArray) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'invalid_group',
      inputIndex,
      path: groupKey,
      received: describe(members),
    });
  }
  return members as readonly unknown[];
}

// The same fault, placed inside its group.
function inGroup(error: unknown, groupIndex: number): unknown {
  if (!(error instanceof InvalidScriptedSandboxStepError)) return error;
  return new InvalidScriptedSandboxStepError({
    reason: error.reason,
    issue: error.issue,
    inputIndex: error.inputIndex,
    groupIndex,
    method: error.method,
    path: error.path,
    received: error.received,
    suggestion: error.suggestion,
  }, error.cause === undefined ? undefined : { cause: error.cause });
}

/** One fault of a step, in the order the SDK testing module checks. */
interface Fault {
  readonly issue: InvalidScriptedSandboxStepIssue;
  readonly path?: string | undefined;
  readonly received?: string | undefined;
  readonly suggestion?: string | undefined;
  readonly cause?: unknown;
}

// A step as read, before its place in the script is added.
type StepOutcome = NormalizedStep extends infer S
  ? S extends unknown ? Omit<S, 'inputIndex' | 'group'> : never
  : never;

function normalizeStep(step: unknown, inputIndex: number): StepOutcome {
  let isObject: boolean;
  try {
    isObject = typeof step === 'object' && step !== null &&
      !Array.isArray(step);
  } catch (cause) {
    throw unreadableStep(inputIndex, undefined, cause); // A revoked proxy.
  }
  if (!isObject) {
    throw new InvalidScriptedSandboxStepError({
      // The SDK testing module reads an array as a step without a method.
      reason: Array.isArray(step) ? 'unknown_method' : 'invalid_input',
      issue: 'invalid_step',
      inputIndex,
      received: describe(step),
    });
  }
  // Each member is read once, so getters run (and may throw) only here.
  const read = readFields(step as object, knownKeyList);
  if (!read.ok) throw unreadableStep(inputIndex, read.key, read.cause);
  const { fields } = read;
  const method = fields.method;
  if (!isSandboxMethod(method)) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'unknown_method',
      inputIndex,
      method: typeof method === 'string' ? method : undefined,
      path: 'method',
      received: describe(method),
      suggestion: closest(method, sandboxMethods),
    });
  }
  const fail = (
    fault: Fault,
    reason: InvalidScriptedSandboxStepReason = issueReason(fault.issue),
  ): never => {
    throw new InvalidScriptedSandboxStepError(
      {
        reason,
        issue: fault.issue,
        inputIndex,
        method,
        path: fault.path,
        received: fault.received,
        suggestion: fault.suggestion,
      },
      fault.cause === undefined ? undefined : { cause: fault.cause },
    );
  };
  const unknown = read.keys.filter((key) => !knownKeys.has(key));
  const match = fields.match;
  const found = checkMatch(match) ?? readOutcome(fields);
  if (unknown.length > 0) {
    // Reported first (a typo explains the rest), with the code the SDK
    // testing module gives the step's other faults, if any.
    fail(
      {
        issue: 'unknown_property',
        path: unknown[0],
        received: listNames(unknown),
        suggestion: closest(unknown[0], knownKeyList),
      },
      'issue' in found ? issueReason(found.issue) : 'invalid_input',
    );
  }
  if ('issue' in found) return fail(found);
  return {
    method,
    match: match as NormalizedStep['match'],
    kind: found.kind,
    value: found.value,
  } as StepOutcome;
}

function checkMatch(match: unknown): Fault | undefined {
  if (match === undefined) return undefined;
  if (typeof match !== 'function') {
    return { issue: 'invalid_match', path: 'match', received: describe(match) };
  }
  // A native async (generator) function can only ever answer with a
  // promise (an async iterator); it is caught here rather than at its first
  // call.
  return isAsyncFunction(match)
    ? { issue: 'async_matcher', path: 'match', received: describe(match) }
    : undefined;
}

type OutcomeKey = typeof outcomeKeys[number];
type Outcome = { readonly kind: OutcomeKey; readonly value: unknown };
type Fields = { readonly [K in typeof knownKeyList[number]]?: unknown };

// An outcome key set to `undefined` does not count, except `result` alone:
// `{ result: undefined }` answers a void method. Returns the outcome, or the
// fault.
function readOutcome(fields: Fields): Outcome | Fault {
  const present = outcomeKeys.filter((key) => key in fields);
  const given = present.filter((key) => fields[key] !== undefined);
  let kind: OutcomeKey;
  if (given.length > 1) {
    return { issue: 'multiple_outcomes', received: listNames(given) };
  } else if (given.length === 1) {
    kind = given[0]!;
  } else if (present.length === 1 && present[0] === 'result') {
    kind = 'result';
  } else {
    return {
      issue: 'missing_outcome',
      path: present[0],
      received: present.length === 0 ? undefined : listNames(present),
    };
  }
  const value = fields[kind];
  if (kind === 'respond' && typeof value !== 'function') {
    return {
      issue: 'invalid_respond',
      path: 'respond',
      received: describe(value),
    };
  }
  if (kind !== 'result') return { kind, value };
  try {
    return { kind, value: detachedCopy(value) };
  } catch (cause) {
    return { issue: 'invalid_result', path: 'result', cause };
  }
}
