/**
 * Whether a fixture file records or replays: the `record` option, the
 * `RECORD` and `CI` variables, and whether the file exists. Web-standard:
 * the file helper (`files.ts`) passes the environment and the file check.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
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

/** The variable, or `null` when it cannot be read. */
function read(env: Environment, name: string): string | undefined | null {
  try {
    return env.get(name);
  } catch {
    return null;
  }
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

/**
 * Decides the mode: the `record` option if given; else `RECORD` (`1`,
 * `true`, `yes`, `on` in any case: record); else whether the file exists.
 * With `CI` set, recording without `record: true` fails instead.
 *
 * @param file The fixture file, for errors.
 * @param how The `record` option, the environment, the file check.
 * @returns The mode.
 * @throws {FixtureFileError} `invalid_record_option`,
 * `invalid_record_flag`, `record_in_ci`, `missing_in_ci`.
 */
export async function fixtureFileMode(
  file: string,
  how: {
    readonly record: unknown;
    readonly env: Environment;
    readonly exists: () => Promise<boolean>;
  },
): Promise<FixtureMode> {
  if (how.record !== undefined) {
    if (typeof how.record !== 'boolean') {
      throw new FixtureFileError({
        reason: 'invalid_record_option',
        file,
        detail: describe(how.record),
      });
    }
    return how.record ? 'record' : 'replay';
  }
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
