/**
 * Shared fuzzing helpers: how many cases to run, hostile values every entry
 * point must survive, and the check that a rejection is the contract's
 * structured error rather than a crash from inside.
 *
 * `FUZZ_RUNS` sets the cases per property (default 1,000; the `fuzz` task
 * runs 10,000). `FUZZ_SEED` replays a run that fast-check reported.
 *
 * @module
 */
import assert from 'node:assert/strict';
import process from 'node:process';
import fc from 'fast-check';

function readEnv(name: string): string | undefined {
  try {
    return process.env[name];
  } catch {
    // Without env permission the defaults apply.
    return undefined;
  }
}

/**
 * Cases per property: `FUZZ_RUNS`, else 1,000.
 *
 * @returns The number of runs.
 */
export function fuzzRuns(): number {
  const runs = Number(readEnv('FUZZ_RUNS'));
  return Number.isInteger(runs) && runs > 0 ? runs : 1000;
}

/**
 * fast-check parameters for every property of the suite.
 *
 * @returns Parameters with the run count and, when `FUZZ_SEED` is set, the
 * seed.
 */
export function fuzzParameters(): fc.Parameters<unknown> {
  const seed = Number(readEnv('FUZZ_SEED'));
  return {
    numRuns: fuzzRuns(),
    // An async case that never settles fails (rather than stalling the run).
    timeout: 10_000,
    ...(Number.isInteger(seed) ? { seed } : {}),
  };
}

/**
 * A hostile value, made fresh when a property runs. fast-check itself
 * inspects generated values (clone checks, printing counterexamples), so the
 * generated data holds these markers and {@link materialize} swaps them in.
 */
export class Hostile {
  readonly label: string;
  readonly make: () => unknown;

  /**
   * @param label How counterexamples print it.
   * @param make Builds the value.
   */
  constructor(label: string, make: () => unknown) {
    this.label = label;
    this.make = make;
  }
}

// How counterexamples print a marker.
Object.defineProperty(Hostile.prototype, fc.toStringMethod, {
  value(this: Hostile): string {
    return `<${this.label}>`;
  },
});

function hostile(label: string, make: () => unknown): fc.Arbitrary<Hostile> {
  return fc.constant(new Hostile(label, make));
}

/**
 * Replaces every {@link Hostile} marker in plain arrays and objects with a
 * fresh hostile value.
 *
 * @param value Generated data.
 * @returns The data the entry point receives.
 */
export function materialize(value: unknown): unknown {
  if (value instanceof Hostile) return value.make();
  if (Array.isArray(value)) {
    if (value.length > 1000) return value;
    return value.map(materialize);
  }
  if (typeof value !== 'object' || value === null) return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out = Object.create(proto) as Record<string, unknown>;
  for (const key of Reflect.ownKeys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in descriptor) descriptor.value = materialize(descriptor.value);
    Object.defineProperty(out, key, descriptor);
  }
  return out;
}

/** A value that throws on every reflective operation. */
function throwingProxy(): object {
  const fail = (): never => {
    throw new Error('hostile proxy trap');
  };
  return new Proxy({}, {
    get: fail,
    has: fail,
    ownKeys: fail,
    getOwnPropertyDescriptor: fail,
    getPrototypeOf: fail,
    set: fail,
    defineProperty: fail,
  });
}

/** A proxy that has been revoked: even `Array.isArray` throws on it. */
function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  return proxy;
}

/** An object whose `key` getter throws `thrown()`. */
function throwingGetter(key: string, thrown: () => unknown): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get(): never {
      throw thrown();
    },
  });
}

function cyclicObject(): object {
  const object: Record<string, unknown> = { type: 'message' };
  object.self = object;
  object.list = [object];
  return object;
}

function cyclicArray(): unknown[] {
  const array: unknown[] = [];
  array.push(array, { array });
  return array;
}

function handledRejection(): Promise<never> {
  const rejected = Promise.reject(new Error('hostile promise'));
  // Handled here, so only a double that drops it could leak it.
  rejected.catch(() => {});
  return rejected;
}

/**
 * Names every object has (inherited) or that look like methods but are
 * not: an entry point that checks method names with `in` accepts them.
 */
export const inheritedNames: readonly string[] = [
  'toString',
  'constructor',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
  'then',
  '',
];

/** Keys the doubles read; hostile getters and extra fields aim at them. */
export const probedKeys: readonly string[] = [
  'type',
  'method',
  'output',
  'response',
  'respond',
  'error',
  'events',
  'result',
  'match',
  'usage',
  'responseId',
  'callId',
  'id',
  'phase',
  'providerData',
  'namespace',
  'retryAdvice',
  'scenario',
  'exercise',
  'signal',
  'length',
  'then',
];

/** Proxies that throw on any inspection (revoked ones even on `isArray`). */
export const proxyValue: fc.Arbitrary<Hostile> = fc.oneof(
  hostile('throwing proxy', throwingProxy),
  hostile('revoked proxy', revokedProxy),
);

/** Hostile values that are not huge (safe to copy or walk). */
export const smallHostileValue: fc.Arbitrary<unknown> = fc.oneof(
  proxyValue,
  fc.constantFrom(...probedKeys).map((key) =>
    new Hostile(
      `throwing getter ${key}`,
      () => throwingGetter(key, () => new RangeError(`hostile getter ${key}`)),
    )
  ),
  // String() of a null-prototype object throws a TypeError.
  fc.constantFrom(...probedKeys).map((key) =>
    new Hostile(
      `getter ${key} throwing an unprintable value`,
      () => throwingGetter(key, () => Object.create(null)),
    )
  ),
  hostile('cyclic object', cyclicObject),
  hostile('cyclic array', cyclicArray),
  hostile('null-prototype object', () => Object.create(null)),
  hostile('transparent array proxy', () => new Proxy([], {})),
  hostile('handled rejected promise', handledRejection),
  hostile('throwing function', () => () => {
    throw new Error('hostile function');
  }),
  fc.constantFrom(
    Symbol('s'),
    10n,
    Number.NaN,
    -0,
    Infinity,
    '',
    'constructor',
    '__proto__',
  ),
  hostile('invalid date', () => new Date(Number.NaN)),
  hostile('map', () => new Map([[1, 2]])),
);

/** Arrays no loop can walk, or too big to copy per call. */
export const hugeValue: fc.Arbitrary<unknown> = fc.oneof(
  hostile('sparse array of 2^32-1', () => new Array(2 ** 32 - 1)),
  hostile(
    'array of 20,000 objects',
    () => new Array(20_000).fill({ type: 'x' }),
  ),
);

/**
 * Values that break careless validation: proxies, throwing getters,
 * cycles, huge and sparse arrays, revoked proxies, odd primitives.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: smallHostileValue },
  { weight: 1, arbitrary: hugeValue },
);

const plainAnything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  maxDepth: 3,
});

/** Any value at all, leaning on the hostile ones. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: hostileValue },
  { weight: 3, arbitrary: plainAnything },
);

/** Any value that is neither huge nor a hostile marker's huge kind. */
export const smallValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: smallHostileValue },
  { weight: 3, arbitrary: plainAnything },
);

/**
 * A record built from `base` with some keys replaced by arbitrary values,
 * some removed, some extra keys added, and maybe a throwing getter: the
 * "almost valid" inputs that reach the deepest validation.
 *
 * @param base The valid shape to mutate.
 * @returns An arbitrary of mutated records (maybe behind a marker).
 */
export function mutatedRecord(
  base: Record<string, unknown>,
): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  if (keys.length === 0) {
    return fc.dictionary(fc.constantFrom(...probedKeys, 'extra'), anyValue, {
      maxKeys: 2,
    });
  }
  return fc.record({
    replace: fc.dictionary(fc.constantFrom(...keys), anyValue, {
      maxKeys: 2,
    }),
    remove: fc.subarray(keys, { maxLength: 1 }),
    extra: fc.dictionary(fc.constantFrom(...probedKeys, 'extra'), anyValue, {
      maxKeys: 1,
    }),
    getter: fc.option(fc.constantFrom(...keys), { freq: 8 }),
  }).map(({ replace, remove, extra, getter }): unknown => {
    const out: Record<string, unknown> = { ...extra, ...base, ...replace };
    for (const key of remove) delete out[key];
    if (getter === null) return out;
    return new Hostile(`record with a throwing getter ${getter}`, () => {
      const made = materialize(out) as Record<string, unknown>;
      return Object.defineProperty(made, getter, {
        enumerable: true,
        get(): never {
          throw new Error(`hostile getter ${getter}`);
        },
      });
    });
  });
}

/**
 * Whether `thrown` came from a hostile value itself (its trap, getter or
 * function), not from the code under test.
 *
 * @param thrown What was thrown.
 * @returns `true` for a hostile value's own throw.
 */
export function isHostileThrow(thrown: unknown): boolean {
  if (thrown instanceof Error) return thrown.message.startsWith('hostile');
  return typeof thrown === 'object' && thrown !== null &&
    Object.getPrototypeOf(thrown) === null;
}

/** What happened to one input. */
export type Outcome =
  | { readonly accepted: true; readonly value: unknown }
  | { readonly accepted: false; readonly error: Record<string, unknown> };

/**
 * Runs `attempt` and classifies the result: accepted, or rejected with an
 * error whose `name` is one of `names`. Anything else (a `TypeError` or
 * `RangeError` from inside, a non-error throw, a foreign name) fails.
 *
 * @param attempt The call under test.
 * @param names The structured error names the contract allows here.
 * @returns The outcome.
 */
export function outcomeOf(
  attempt: () => unknown,
  names: readonly string[],
): Outcome {
  let value: unknown;
  try {
    value = attempt();
  } catch (error) {
    return { accepted: false, error: structured(error, names) };
  }
  return { accepted: true, value };
}

/**
 * Async form of {@link outcomeOf}: awaits the call's promise.
 *
 * @param attempt The call under test.
 * @param names The structured error names the contract allows here.
 * @param passes Throws that may pass through as they are (the user's own
 * errors); they come back as a rejection with `passedThrough: true`.
 * @returns The outcome.
 */
export async function asyncOutcomeOf(
  attempt: () => unknown,
  names: readonly string[],
  passes: (thrown: unknown) => boolean = () => false,
): Promise<Outcome> {
  let value: unknown;
  try {
    value = await attempt();
  } catch (error) {
    if (passes(error)) {
      return { accepted: false, error: { passedThrough: true, thrown: error } };
    }
    return { accepted: false, error: structured(error, names) };
  }
  return { accepted: true, value };
}

/**
 * Asserts that `error` is a structured error of the contract and returns it
 * as a record of its fields.
 *
 * @param error What was thrown.
 * @param names The allowed `name`s.
 * @returns The error, typed as a record.
 */
export function structured(
  error: unknown,
  names: readonly string[],
): Record<string, unknown> {
  if (!(error instanceof Error)) {
    assert.fail(`Expected a structured error, got a non-error throw`);
  }
  if (!names.includes(error.name)) {
    assert.fail(
      `Expected one of ${
        names.join(', ')
      }, got ${error.name}: ${error.message}`,
    );
  }
  assert(!(error instanceof TypeError), `A TypeError leaked: ${error.message}`);
  assert(
    !(error instanceof RangeError),
    `A RangeError leaked: ${error.message}`,
  );
  assert.equal(typeof error.message, 'string');
  assert.notEqual(error.message, '');
  return error as unknown as Record<string, unknown>;
}
