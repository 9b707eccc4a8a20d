/**
 * The options of recording and replay, read once with the shared input
 * reader (`_internal/read.ts`); a problem is an `InvalidRecordingError`
 * (`invalid_options`) at the option's path. A secret is never printed.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
import {
  array,
  at,
  boolean,
  boundary,
  fields,
  func,
  type Issue,
  oneOf,
  string,
} from '../_internal/read.ts';
import {
  isSecretValue,
  minSecretLength,
  plainRedaction,
  type Redaction,
  redaction,
} from '../_internal/redact.ts';
import { InvalidRecordingError } from './errors.ts';

/** The error of a bad option, from a reader's issue. */
export function optionError(issue: Issue): InvalidRecordingError {
  return new InvalidRecordingError({
    reason: 'invalid_options',
    path: issue.path,
    expected: issue.expected,
    received: issue.received,
    suggestion: issue.suggestion,
  });
}

/**
 * Checks the double a recorder wraps, at the call: an object whose `methods`
 * are functions (an `optional` one may be absent), each read once.
 *
 * @param value The double.
 * @param path The argument's name (`realModel`).
 * @param what What it must be, said after "to be".
 * @param methods The methods the recorder calls, those it may call, and
 * the string fields it reads (each optional).
 * @returns The fields read.
 * @throws {InvalidRecordingError} `invalid_options` at the argument's path.
 */
export function readDouble<
  K extends string,
  O extends string = never,
  S extends string = never,
>(
  value: unknown,
  path: string,
  what: string,
  methods: {
    readonly required: readonly K[];
    readonly optional?: readonly O[];
    readonly strings?: readonly S[];
  },
): { readonly [P in K | O | S]?: unknown } {
  return boundary(optionError, () => {
    const optional = methods.optional ?? [];
    const strings = methods.strings ?? [];
    const { fields: f } = fields(value, path, [
      ...methods.required,
      ...optional,
      ...strings,
    ], {
      expected: what,
      unknownKeys: 'allow',
    });
    for (const name of methods.required) {
      func(f[name], at(path, name), { expected: what });
    }
    for (const name of optional) {
      func(f[name], at(path, name), { optional: true });
    }
    for (const name of strings) {
      string(f[name], at(path, name), { optional: true });
    }
    return f;
  });
}

/** A string is never printed: it may be the secret. */
function shown(value: unknown): string {
  return typeof value === 'string'
    ? `a string of ${value.length} characters`
    : describe(value);
}

/**
 * The redaction of the `secrets` option: the fixed rules plus each value.
 *
 * @param secrets The option.
 * @returns The redaction.
 * @throws {InvalidRecordingError} `invalid_options` for anything but an
 * array of strings of at least 8 characters that the marker does not hold.
 */
export function readSecrets(secrets: unknown): Redaction {
  if (secrets === undefined) return plainRedaction();
  const path = 'options.secrets';
  const bad = (where: string, expected: string, value: unknown) =>
    new InvalidRecordingError({
      reason: 'invalid_options',
      path: where,
      expected,
      received: shown(value),
    });
  if (typeof secrets === 'string') {
    throw bad(path, 'an array of strings', secrets);
  }
  const list = boundary(
    optionError,
    () => array(secrets, path, { expected: 'an array of strings' }),
  );
  list.forEach((secret, i) => {
    if (isSecretValue(secret)) return;
    throw bad(
      at(path, i),
      `a string of at least ${minSecretLength} characters that "[redacted]" does not contain`,
      secret,
    );
  });
  return redaction(list as string[]);
}

/** A `redact` hook, as the options give it. */
type Hook<T> = ((item: T) => T) | undefined;

/** Recording options, read. */
export interface RecordSettings<T> {
  readonly redact: Hook<T>;
  readonly sdkVersion: string | undefined;
  readonly redaction: Redaction;
}

/**
 * Reads the options of `recordModel()` and `recordRealtimeTransport()`.
 *
 * @param options The options (`null` reads as none).
 * @returns What they say.
 * @throws {InvalidRecordingError} `invalid_options`.
 */
export function readRecordOptions<T>(options: unknown): RecordSettings<T> {
  return boundary(optionError, () => {
    const { fields: f } = fields(
      options ?? undefined,
      'options',
      ['redact', 'secrets', 'sdkVersion'],
      { optional: true },
    );
    return {
      redact: func(f.redact, 'options.redact', {
        optional: true,
        sync: true,
      }) as Hook<T>,
      sdkVersion: string(f.sdkVersion, 'options.sdkVersion', {
        optional: true,
      }),
      redaction: readSecrets(f.secrets),
    };
  });
}

/** Replay options, read. */
export interface ReplaySettings<T, A extends string> {
  /** The compared aspects, causes first (none when not comparing). */
  readonly aspects: readonly A[];
  readonly compare: boolean;
  readonly redact: Hook<T>;
  readonly redaction: Redaction;
}

/**
 * Reads the options of `replayModel()` (`aspects` among `known`) and
 * `replayRealtimeTransport()` (none known: no `aspects` option).
 *
 * @param options The options (`null` reads as none).
 * @param aspects The aspects known, in comparing order, and the default.
 * @returns What they say.
 * @throws {InvalidRecordingError} `invalid_options`.
 */
export function readReplayOptions<T, A extends string = never>(
  options: unknown,
  aspects: { readonly known: readonly A[]; readonly fallback: readonly A[] },
): ReplaySettings<T, A> {
  return boundary(optionError, () => {
    const names = ['compare', 'redact', 'secrets'] as const;
    const { fields: f } = fields(
      options ?? undefined,
      'options',
      aspects.known.length > 0 ? [...names, 'aspects'] : names,
      { optional: true },
    );
    const compare = boolean(f.compare, 'options.compare', { optional: true });
    // Absent for a Realtime replay: its `aspects` key was refused above.
    const chosen = array(
      (f as { aspects?: unknown }).aspects,
      'options.aspects',
      { optional: true, expected: 'an array of aspects' },
    )?.map((aspect, i) =>
      oneOf(aspect, at('options.aspects', i), aspects.known)
    ) ?? aspects.fallback;
    return {
      aspects: compare === false
        ? []
        : aspects.known.filter((aspect) => chosen.includes(aspect)),
      compare: compare !== false,
      redact: func(f.redact, 'options.redact', {
        optional: true,
        sync: true,
      }) as Hook<T>,
      redaction: readSecrets(f.secrets),
    };
  });
}
