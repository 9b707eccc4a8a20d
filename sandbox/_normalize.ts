/**
 * Private: the runtime table of session methods, and the validation that
 * turns a user's script into normalized steps when a session is created.
 *
 * @module
 */
import { closest, describeKeys, describeValue } from './_describe.ts';
import { detachedCopy } from '../_internal/snapshot.ts';
import {
  InvalidScriptedSandboxStepError,
  type InvalidScriptedSandboxStepIssue,
  type InvalidScriptedSandboxStepReason,
  issueReason,
} from './errors.ts';
import type { SandboxMethod, SyncSandboxMethod } from './methods.ts';

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
} as const satisfies { readonly [M in SandboxMethod]: MethodKind<M> };

const methodNames = Object.keys(methodKinds) as SandboxMethod[];

/**
 * Tells a scriptable method name apart from anything else.
 *
 * @param name The candidate name.
 * @returns Whether `name` is a `SandboxSession` method.
 */
export function isSandboxMethod(name: unknown): name is SandboxMethod {
  return typeof name === 'string' && Object.hasOwn(methodKinds, name);
}

/**
 * Whether a method returns synchronously.
 *
 * @param method The method.
 * @returns `true` for sync methods such as `supportsPty`.
 */
export function isSyncMethod(method: SandboxMethod): boolean {
  return methodKinds[method] === 'sync';
}

/** A validated step, read once from its input. */
export type NormalizedStep =
  & {
    readonly method: SandboxMethod;
    readonly match: ((...args: unknown[]) => unknown) | undefined;
  }
  & (
    | { readonly kind: 'result'; readonly value: unknown }
    | { readonly kind: 'respond'; readonly value: (call: unknown) => unknown }
    | { readonly kind: 'error'; readonly value: unknown }
  );

const outcomeKeys = ['result', 'respond', 'error'] as const;
const knownKeyList = ['method', 'match', ...outcomeKeys];
const knownKeys = new Set<string>(knownKeyList);

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
      out.push(normalizeStep(step, i));
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
        received: describeValue(steps),
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
      out.push(normalizeStep(step, i));
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

/** One fault of a step, in the order the SDK testing module checks. */
interface Fault {
  readonly issue: InvalidScriptedSandboxStepIssue;
  readonly path?: string;
  readonly received?: string;
  readonly suggestion?: string;
  readonly cause?: unknown;
}

function normalizeStep(step: unknown, inputIndex: number): NormalizedStep {
  let read: Record<string, unknown>;
  try {
    read = readStep(step);
  } catch (cause) {
    throw unreadableStep(
      inputIndex,
      cause instanceof ReadFailure ? cause.key : undefined,
      cause instanceof ReadFailure ? cause.cause : cause,
    );
  }
  if (read === notAnObject) {
    throw new InvalidScriptedSandboxStepError({
      // The SDK testing module reads an array as a step without a method.
      reason: Array.isArray(step) ? 'unknown_method' : 'invalid_input',
      issue: 'invalid_step',
      inputIndex,
      received: describeValue(step),
    });
  }
  const method = read.method;
  if (!isSandboxMethod(method)) {
    throw new InvalidScriptedSandboxStepError({
      issue: 'unknown_method',
      inputIndex,
      method: typeof method === 'string' ? method : undefined,
      path: 'method',
      received: describeValue(method),
      suggestion: closest(method, methodNames),
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
  const unknown = Object.keys(read).filter((key) => !knownKeys.has(key));
  const match = read.match;
  let fault = checkMatch(match);
  let outcome: Outcome | undefined;
  if (fault === undefined) {
    const found = readOutcome(read);
    if ('kind' in found) outcome = found;
    else fault = found;
  }
  if (unknown.length > 0) {
    // Reported first (a typo explains the rest), with the code the SDK
    // testing module gives the step's other faults, if any.
    fail(
      {
        issue: 'unknown_property',
        path: unknown[0],
        received: describeKeys(unknown),
        suggestion: closest(unknown[0], knownKeyList),
      },
      fault === undefined ? 'invalid_input' : issueReason(fault.issue),
    );
  }
  if (fault !== undefined) fail(fault);
  const { kind, value } = outcome!;
  return {
    method,
    match: match as NormalizedStep['match'],
    kind,
    value,
  } as NormalizedStep;
}

function checkMatch(match: unknown): Fault | undefined {
  if (match === undefined) return undefined;
  if (typeof match !== 'function') {
    return {
      issue: 'invalid_match',
      path: 'match',
      received: describeValue(match),
    };
  }
  const async = asyncKind(match);
  return async === undefined
    ? undefined
    : { issue: 'async_matcher', path: 'match', received: async };
}

// A native async (generator) function can only ever answer with a promise
// (an async iterator); it is caught here rather than at its first call.
function asyncKind(fn: unknown): string | undefined {
  let tag: string;
  try {
    tag = Object.prototype.toString.call(fn);
  } catch {
    return undefined; // A hostile proxy: judged by its answers at call time.
  }
  return tag === '[object AsyncFunction]'
    ? 'an async function'
    : tag === '[object AsyncGeneratorFunction]'
    ? 'an async generator function'
    : undefined;
}

type OutcomeKey = typeof outcomeKeys[number];
type Outcome = { readonly kind: OutcomeKey; readonly value: unknown };

// An outcome key set to `undefined` does not count, except `result` alone:
// `{ result: undefined }` answers a void method. Returns the outcome, or the
// fault.
function readOutcome(read: Record<string, unknown>): Outcome | Fault {
  const present = outcomeKeys.filter((key) => key in read);
  const given = present.filter((key) => read[key] !== undefined);
  let kind: OutcomeKey;
  if (given.length > 1) {
    return { issue: 'multiple_outcomes', received: describeKeys(given) };
  } else if (given.length === 1) {
    kind = given[0];
  } else if (present.length === 1 && present[0] === 'result') {
    kind = 'result';
  } else {
    return {
      issue: 'missing_outcome',
      path: present[0],
      received: present.length === 0 ? undefined : describeKeys(present),
    };
  }
  const value = read[kind];
  if (kind === 'respond' && typeof value !== 'function') {
    return {
      issue: 'invalid_respond',
      path: 'respond',
      received: describeValue(value),
    };
  }
  if (kind !== 'result') return { kind, value };
  try {
    return { kind, value: detachedCopy(value) };
  } catch (cause) {
    return { issue: 'invalid_result', path: 'result', cause };
  }
}

const notAnObject: Record<string, unknown> = Object.freeze({});

/** A getter of the step threw while it was read. */
class ReadFailure {
  constructor(readonly key: string | undefined, readonly cause: unknown) {}
}

// Copies the step's own keys once, so getters run (and may throw) only here.
function readStep(step: unknown): Record<string, unknown> {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) {
    return notAnObject;
  }
  const read: Record<string, unknown> = Object.create(null);
  let key: string | undefined;
  try {
    for (const own of Reflect.ownKeys(step)) {
      if (typeof own !== 'string') continue;
      key = own;
      read[key] = (step as Record<string, unknown>)[key];
    }
    // Inherited members of a step created with a prototype count too.
    for (const known of knownKeys) {
      key = known;
      if (!(known in read) && known in step) {
        read[known] = (step as Record<string, unknown>)[known];
      }
    }
  } catch (cause) {
    throw new ReadFailure(key, cause);
  }
  return read;
}
