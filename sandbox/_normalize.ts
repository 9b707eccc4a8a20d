/**
 * Private: the validation that turns a user's script into normalized steps
 * when a session is created.
 *
 * @module
 */
import { closest, describe, listNames } from '../_internal/format.ts';
import { isAsyncFunction } from '../_internal/matcher.ts';
import {
  boundary,
  fields as read,
  guard,
  type Issue,
  items,
} from '../_internal/read.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepFields,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  issueReason,
} from './step_errors.ts';
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
  const array = isArrayValue(steps);
  boundary((issue) => {
    // A step that could not be read is the step's fault; the iteration
    // failing (or nothing to iterate) is the script's.
    const index = indexIn(issue.path);
    return array && index !== undefined
      ? fault(issue, { issue: 'invalid_step', inputIndex: index })
      : fault(issue, { issue: 'invalid_steps', inputIndex: index ?? 0 });
  }, () => items(steps, '', (entry, i) => pushEntry(out, entry, i)));
  return out;
}

// The error of a reader's issue, with the fields the caller knows.
function fault(
  issue: Issue,
  fields: InvalidScriptedSandboxStepFields,
): InvalidScriptedSandboxStepError {
  const read = issue.code === 'unreadable';
  return new InvalidScriptedSandboxStepError({
    received: read ? undefined : issue.received,
    ...fields,
  }, read ? { cause: issue.cause } : undefined);
}

// The position `[3]` at the end of a path names (`[3]`, `anyOrder[3]`).
function indexIn(path: string): number | undefined {
  const match = /\[(\d+)\]$/.exec(path);
  return match === null ? undefined : Number(match[1]);
}

function isArrayValue(value: unknown): boolean {
  try {
    return Array.isArray(value);
  } catch {
    return false; // A revoked proxy: the reader reports it.
  }
}

const groupKey = 'anyOrder';

// Whether an entry is an `anyOrder` group (an object with that member);
// `null` (for which `in` throws) and a revoked proxy are left to the step
// checks, which report them.
function isGroup(entry: unknown): entry is object {
  try {
    return typeof entry === 'object' && !Array.isArray(entry) &&
      groupKey in (entry as object);
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
    const step = normalizeStep(entry, inputIndex);
    out.push({ ...step, inputIndex, group: undefined } as NormalizedStep);
    return;
  }
  const steps: StepOutcome[] = [];
  boundary((issue) =>
    fault(issue, {
      issue: issue.code === 'unreadable' ? 'invalid_step' : 'invalid_group',
      inputIndex,
      groupIndex: indexIn(issue.path),
      path: indexIn(issue.path) === undefined && issue.path !== ''
        ? issue.path
        : undefined,
    }), () => {
    const members = read(entry, '', [groupKey]).fields.anyOrder;
    if (!guard(groupKey, () => Array.isArray(members))) {
      throw new InvalidScriptedSandboxStepError({
        issue: 'invalid_group',
        inputIndex,
        path: groupKey,
        received: describe(members),
      });
    }
    // Each member read once, as visited: the first fault ends the reading,
    // so a huge or sparse array costs no more than its first bad member.
    items(members, groupKey, (member, position) => {
      if (isGroup(member)) {
        throw new InvalidScriptedSandboxStepError({
          issue: 'nested_group',
          inputIndex,
          groupIndex: position,
          path: groupKey,
        });
      }
      try {
        steps.push(normalizeStep(member, inputIndex));
      } catch (error) {
        throw inGroup(error, position);
      }
    });
  });
  if (steps.length === 0) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'empty_group',
      inputIndex,
      path: groupKey,
    });
  }
  const end = out.length + steps.length;
  steps.forEach((step, position) =>
    out.push(
      { ...step, inputIndex, group: { position, end } } as NormalizedStep,
    )
  );
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
  // Each member is read once, so getters run (and may throw) only here.
  const { fields, keys } = boundary(
    (issue) =>
      fault(issue, {
        // The SDK testing module reads an array as a step without a method.
        reason: isArrayValue(step) ? 'unknown_method' : 'invalid_input',
        issue: 'invalid_step',
        inputIndex,
        path: issue.path === '' ? undefined : issue.path,
      }),
    () => read(step, '', knownKeyList, { unknownKeys: 'allow' }),
  );
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
  const unknown = keys.filter((key) => !knownKeys.has(key));
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
