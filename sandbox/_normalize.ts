/**
 * Private: the runtime table of session methods, and the validation that
 * turns a user's script into normalized steps when a session is created.
 *
 * @module
 */
import { closest, describeKeys, describeValue } from './_describe.ts';
import { InvalidScriptedSandboxStepError } from './errors.ts';
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
const knownKeys = new Set<string>(['method', 'match', ...outcomeKeys]);

/**
 * Validates a script and reads each step once.
 *
 * @param steps The script as given by the user.
 * @returns The normalized steps, in order.
 * @throws {InvalidScriptedSandboxStepError} When the script or a step is
 * malformed.
 */
export function normalizeSteps(steps: unknown): NormalizedStep[] {
  let length: number;
  try {
    if (!Array.isArray(steps)) throw new TypeError('not an array');
    length = steps.length;
  } catch (cause) {
    throw new InvalidScriptedSandboxStepError({
      reason: 'invalid_steps',
      inputIndex: undefined,
      received: describeValue(steps),
    }, { cause });
  }
  const out: NormalizedStep[] = [];
  for (let i = 0; i < length; i++) {
    out.push(normalizeStep(steps as unknown[], i));
  }
  return out;
}

function normalizeStep(steps: unknown[], inputIndex: number): NormalizedStep {
  let step: unknown;
  let read: Record<string, unknown>;
  try {
    step = steps[inputIndex];
    read = readStep(step);
  } catch (cause) {
    throw new InvalidScriptedSandboxStepError({
      reason: 'invalid_step',
      inputIndex,
    }, { cause });
  }
  const fail = (
    reason: InvalidScriptedSandboxStepError['reason'],
    method: SandboxMethod | undefined,
    received: string | undefined,
  ): never => {
    throw new InvalidScriptedSandboxStepError({
      reason,
      inputIndex,
      method,
      received,
    });
  };
  if (read === notAnObject) {
    fail('invalid_step', undefined, describeValue(step));
  }
  const method = read.method;
  if (!isSandboxMethod(method)) {
    throw new InvalidScriptedSandboxStepError({
      reason: 'unknown_method',
      inputIndex,
      received: describeValue(method),
      suggestion: closest(method, methodNames),
    });
  }
  const unknown = Object.keys(read).filter((key) => !knownKeys.has(key));
  if (unknown.length > 0) {
    fail('unknown_property', method, describeKeys(unknown));
  }
  const match = read.match;
  if (match !== undefined && typeof match !== 'function') {
    fail('invalid_match', method, describeValue(match));
  }
  const kind = outcomeKind(
    read,
    (reason, keys) =>
      fail(reason, method, keys.length === 0 ? undefined : describeKeys(keys)),
  );
  const value = read[kind];
  if (kind === 'respond' && typeof value !== 'function') {
    fail('invalid_respond', method, describeValue(value));
  }
  return {
    method,
    match: match as NormalizedStep['match'],
    kind,
    value,
  } as NormalizedStep;
}

type OutcomeKey = typeof outcomeKeys[number];

// An outcome key set to `undefined` does not count, except `result` alone:
// `{ result: undefined }` answers a void method.
function outcomeKind(
  read: Record<string, unknown>,
  fail: (
    reason: 'missing_outcome' | 'multiple_outcomes',
    keys: readonly OutcomeKey[],
  ) => never,
): OutcomeKey {
  const present = outcomeKeys.filter((key) => key in read);
  const given = present.filter((key) => read[key] !== undefined);
  if (given.length > 1) return fail('multiple_outcomes', given);
  if (given.length === 1) return given[0];
  if (present.length === 1 && present[0] === 'result') return 'result';
  return fail('missing_outcome', present);
}

const notAnObject: Record<string, unknown> = Object.freeze({});

// Copies the step's own keys once, so getters run (and may throw) only here.
function readStep(step: unknown): Record<string, unknown> {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) {
    return notAnObject;
  }
  const read: Record<string, unknown> = Object.create(null);
  for (const key of Reflect.ownKeys(step)) {
    if (typeof key !== 'string') continue;
    read[key] = (step as Record<string, unknown>)[key];
  }
  // Inherited members of a step created with a prototype count too.
  for (const key of knownKeys) {
    if (!(key in read) && key in step) {
      read[key] = (step as Record<string, unknown>)[key];
    }
  }
  return read;
}
