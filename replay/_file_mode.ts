/**
 * Whether a fixture file records or replays: the `record` option, the
 * `RECORD` and `CI` variables, and whether the file exists. Web-standard:
 * the file helper (`files.ts`) passes the environment and the file check.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
import { secretValues } from '../_internal/redact.ts';
import {
  type AnyFunction,
  at,
  boolean,
  boundary,
  fields,
  func,
  guard,
  object,
  reject,
  string,
} from '../_internal/read.ts';
import type { FixtureJson, FixtureJson as Json } from './model_fixture.ts';
import { InvalidRecordingError } from './errors.ts';
import { optionError } from './_options.ts';
import { FixtureFileError } from './file_errors.ts';

/**
 * Whether a fixture file records or replays.
 *
 * @example
 * ```ts
 * import type { FixtureMode } from '@scripted/agents/replay/files';
 *
 * const mode: FixtureMode = 'replay';
 * ```
 */
export type FixtureMode = 'record' | 'replay';

/** Where variables are read; either may throw (no permission). */
export interface Environment {
  /** One variable. */
  get(name: string): string | undefined;
  /** Every variable. */
  list(): Readonly<Record<string, string | undefined>>;
}

const recordWords = new Set(['1', 'true', 'yes', 'on']);
const notCi = new Set(['', '0', 'false']);

/** What a value is, without the value: it may be a secret. */
function kind(value: unknown): string {
  if (value === null) return 'null';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/**
 * The variable, or `null` when it cannot be read.
 *
 * @throws {InvalidRecordingError} `invalid_options` for a variable of the
 * `env` option that is neither a string nor `undefined`.
 */
function read(env: Environment, name: string): string | undefined | null {
  let value: unknown;
  try {
    value = env.get(name);
  } catch {
    return null;
  }
  if (value === undefined || typeof value === 'string') return value;
  // The process's variables are strings: this one is the option's.
  throw optionError(
    reject('invalid_type', `options.env.${name}`, value, {
      expected: 'a string or undefined',
      received: kind(value),
    }).issue,
  );
}

/**
 * Why recording would happen in CI, or `undefined` outside CI. An
 * environment that cannot be read counts as CI: nothing records silently.
 */
function ciReason(env: Environment): string | undefined {
  const ci = read(env, 'CI');
  if (ci === null) return 'the environment cannot be read to rule out CI';
  if (ci === undefined || notCi.has(ci.toLowerCase())) return undefined;
  return `CI is set (CI=${describe(ci)})`;
}

/** What decides the mode: the `record` option and the environment. */
export interface ModeSettings {
  readonly record: boolean | undefined;
  readonly env: Environment;
}

/** The file helper's own options, read; the core's passed on as given. */
export interface FileSettings extends ModeSettings {
  readonly real: AnyFunction;
  readonly keepErrors: boolean;
  /** The recording options (`redact`, `secrets`, `sdkVersion`). */
  readonly recording: Readonly<Record<string, unknown>>;
  /** The replay options (`aspects`, `compare`, `redact`, `secrets`). */
  readonly replaying: Readonly<Record<string, unknown>>;
}

const recordingNames = ['redact', 'secrets', 'sdkVersion'] as const;
const replayingNames = ['aspects', 'compare', 'redact', 'secrets'] as const;

/**
 * Copies an environment given as an object, each variable read once (a
 * getter that throws, a revoked proxy: `unreadable`).
 *
 * @param value The variables by name.
 * @param path Where it is (`env`, `options.env`).
 * @returns A plain copy.
 * @throws {InputIssue} `invalid_type` for a non-object or a variable that
 * is neither a string nor `undefined` (its kind shown, never its value),
 * `unreadable`.
 */
export function readEnvironment(
  value: unknown,
  path: string,
): Record<string, string | undefined> {
  object(value, path, { expected: 'an object of variables' });
  const keys = guard(path, () => Object.keys(value as object));
  const env: Record<string, string | undefined> = Object.create(null);
  for (const key of keys) {
    const where = at(path, key);
    const variable = guard(where, () => Reflect.get(value as object, key));
    if (variable !== undefined && typeof variable !== 'string') {
      throw reject('invalid_type', where, variable, {
        expected: 'a string or undefined',
        received: kind(variable),
      });
    }
    env[key] = variable;
  }
  return env;
}

/**
 * The values of the secret-looking variables of an environment given as an
 * object (`secretsFromEnvironment()`).
 *
 * @param env The variables by name.
 * @returns The values, each once.
 * @throws {InvalidRecordingError} `invalid_options` at `env`.
 */
export function environmentSecrets(env: unknown): string[] {
  return secretValues(boundary(optionError, () => readEnvironment(env, 'env')));
}

/** `record` and `env`, from fields read. */
function modeFields(
  f: { readonly record?: unknown; readonly env?: unknown },
  processEnv: Environment,
): ModeSettings {
  const env = object(f.env, 'options.env', { optional: true }) as
    | Readonly<Record<string, string | undefined>>
    | undefined;
  return {
    record: boolean(f.record, 'options.record', { optional: true }),
    env: env === undefined
      ? processEnv
      : { get: (name) => env[name], list: () => ({ ...env }) },
  };
}

/**
 * Reads what `fixtureMode()` needs, `record` and `env`, from any file
 * helper's options.
 *
 * @param path The fixture file, a non-empty string.
 * @param options The options (`null` reads as none).
 * @param processEnv The environment to use when `env` is absent.
 * @returns What they say.
 * @throws {InvalidRecordingError} `invalid_options`.
 */
export function readModeOptions(
  path: unknown,
  options: unknown,
  processEnv: Environment,
): ModeSettings {
  return boundary(optionError, () => {
    string(path, 'path', { nonEmpty: true });
    const { fields: f } = fields(options ?? undefined, 'options', [
      'record',
      'env',
    ], { optional: true, unknownKeys: 'allow' });
    return modeFields(f, processEnv);
  });
}

/**
 * Reads the options of a file helper: its own (`real`, `record`, `env`,
 * `keepErrors`), and the core's by name, left for the core to check.
 *
 * @param path The fixture file, a non-empty string.
 * @param options The options.
 * @param how Whether the core's options include `aspects` (a model's), and
 * the environment to use when `env` is absent.
 * @returns What they say.
 * @throws {InvalidRecordingError} `invalid_options`, with the closest
 * name for a misspelt one.
 */
export function readFileOptions(
  path: unknown,
  options: unknown,
  how: { readonly aspects: boolean; readonly processEnv: Environment },
): FileSettings {
  const replaying = how.aspects ? replayingNames : replayingNames.slice(1);
  return boundary(optionError, () => {
    string(path, 'path', { nonEmpty: true });
    const { fields: f } = fields(options, 'options', [
      'real',
      'record',
      'env',
      'keepErrors',
      ...new Set([...recordingNames, ...replaying]),
    ]);
    // Every name, absent ones as `undefined`: the core reads them alike.
    const pick = (names: readonly string[]) =>
      Object.fromEntries(
        names.map((name) => [name, f[name as keyof typeof f]]),
      );
    return {
      ...modeFields(f, how.processEnv),
      real: func(f.real, 'options.real'),
      keepErrors:
        boolean(f.keepErrors, 'options.keepErrors', { optional: true }) ===
          true,
      recording: pick(recordingNames),
      replaying: pick(replaying),
    };
  });
}

/**
 * Decides the mode: the `record` option if given; else `RECORD` (`1`,
 * `true`, `yes`, `on` in any case: record); else whether the file exists.
 * With `CI` set, recording without `record: true` fails instead.
 *
 * @param file The fixture file, for errors.
 * @param how The `record` option, the environment, the file check.
 * @returns The mode.
 * @throws {FixtureFileError} `invalid_record_flag`, `record_in_ci`,
 * `missing_in_ci`.
 */
export async function fixtureFileMode(
  file: string,
  how: {
    readonly record: boolean | undefined;
    readonly env: Environment;
    readonly exists: () => Promise<boolean>;
  },
): Promise<FixtureMode> {
  if (how.record !== undefined) return how.record ? 'record' : 'replay';
  const flag = read(how.env, 'RECORD') ?? '';
  if (flag !== '' && !recordWords.has(flag.toLowerCase())) {
    throw new FixtureFileError({
      reason: 'invalid_record_flag',
      file,
      detail: `RECORD=${describe(flag)}`,
    });
  }
  if (flag !== '') {
    const ci = ciReason(how.env);
    if (ci !== undefined) {
      throw new FixtureFileError({ reason: 'record_in_ci', file, detail: ci });
    }
    return 'record';
  }
  if (await how.exists()) return 'replay';
  const ci = ciReason(how.env);
  if (ci !== undefined) {
    throw new FixtureFileError({ reason: 'missing_in_ci', file, detail: ci });
  }
  return 'record';
}

/**
 * Runs a read of the file's text, an `InvalidRecordingError` it throws
 * then naming the file (but not one of the options).
 *
 * @param path The fixture file.
 * @param read The read.
 * @returns What `read` returns.
 * @throws {InvalidRecordingError} With `file`.
 */
export function fromFile<T>(path: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    // The options' errors are not the file's.
    if (
      !(error instanceof InvalidRecordingError) ||
      error.reason === 'invalid_options'
    ) throw error;
    throw new InvalidRecordingError({
      reason: error.reason,
      path: error.path,
      expected: error.expected,
      received: error.received,
      callIndex: error.callIndex,
      file: path,
      line: error.line,
      column: error.column,
    });
  }
}

/**
 * Records the double the `real` option built: a wrong one (a factory that
 * forgot `return server`) is named as what `options.real()` returned, not
 * as the recorder's argument.
 *
 * @param record Wraps the double.
 * @returns What `record` returns.
 * @throws {InvalidRecordingError} At `options.real()` for a wrong double;
 * what `record` throws otherwise.
 */
export function recordBuilt<T>(record: () => T): T {
  try {
    return record();
  } catch (error) {
    // The recorders' arguments are `realModel`, `realServer`, `realTransport`.
    if (
      !(error instanceof InvalidRecordingError) ||
      !/^real[A-Z]/.test(error.path)
    ) throw error;
    throw new InvalidRecordingError({
      reason: error.reason,
      path: error.path.replace(/^\w+/, 'options.real()'),
      expected: error.expected,
      received: error.received,
    });
  }
}

/** The first recorded call that failed at the provider, if any. */
export interface Failure {
  readonly callIndex: number;
  readonly error: FixtureJson;
}

/**
 * A provider error for a message: `AuthenticationError (401): Incorrect
 * API key…`, cut at 200 characters.
 *
 * @param error The recorded error fields.
 * @returns The rendering.
 */
export function failureDetail(error: FixtureJson): string {
  // Recorded errors always have a string name and message.
  const fields = error as { name: string; message: string; status?: Json };
  const status = fields.status === undefined ? '' : ` (${fields.status})`;
  const message = fields.message.length > 200
    ? `${fields.message.slice(0, 200)}…`
    : fields.message;
  return `${fields.name}${status}: ${message}`;
}
