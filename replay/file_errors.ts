/**
 * The failures of the file-backed fixture helpers
 * (`@scripted/agents/replay/files`): each names the file and says what to
 * do.
 *
 * @module
 */
import { quote } from '../_internal/format.ts';

/**
 * Why a fixture file could not be used, as `FixtureFileError.reason`:
 *
 * - `missing`: replaying (`record: false`) a file that does not exist;
 * - `missing_in_ci`: the file does not exist and `CI` is set (or the
 *   environment cannot be read): nothing is recorded in CI;
 * - `record_in_ci`: `RECORD` asks to record and `CI` is set;
 * - `invalid_record_flag`: `RECORD` is neither empty nor `1`, `true`,
 *   `yes` or `on` (any case);
 * - `symlink`: the file is a symbolic link, not written through;
 * - `failed_recording`: a recorded call failed at the provider, so the
 *   recording is not written (unless `keepErrors: true`);
 * - `environment`: recording, the environment cannot be listed to find
 *   secrets;
 * - `unreadable` / `unwritable`: the file system refused (see `cause`).
 *
 * @example
 * ```ts
 * import type { FixtureFileReason } from '@scripted/agents/replay/files';
 *
 * const reason: FixtureFileReason = 'missing_in_ci';
 * ```
 */
export type FixtureFileReason =
  | 'missing'
  | 'missing_in_ci'
  | 'record_in_ci'
  | 'invalid_record_flag'
  | 'symlink'
  | 'failed_recording'
  | 'environment'
  | 'unreadable'
  | 'unwritable';

/** The fields of a {@link FixtureFileError}. */
export interface FixtureFileErrorFields {
  /** Why. */
  readonly reason: FixtureFileReason;
  /** The fixture file, as the test named it. */
  readonly file: string;
  /**
   * What was found, rendered: the `RECORD` or `CI` value, the provider's
   * error (credentials removed), the file system's error code.
   */
  readonly detail?: string | undefined;
  /** Zero-based index of the failed call (`failed_recording`). */
  readonly callIndex?: number | undefined;
  /** The error of the file system or environment, if any. */
  readonly cause?: unknown;
}

const record = 'RECORD=1 <your test command>';

const templates: Record<
  FixtureFileReason,
  (file: string, detail: string | undefined, call: number | undefined) => string
> = {
  missing: (file) =>
    `Fixture file ${file} is missing: record it once with ${record} (or pass record: true), then commit it`,
  missing_in_ci: (file, detail) =>
    `Fixture file ${file} is missing and ${detail}: not recording in CI; record it locally with ${record} and commit it, or pass record: true`,
  record_in_ci: (file, detail) =>
    `RECORD asks to record fixture file ${file} and ${detail}: not recording in CI; unset RECORD, or pass record: true`,
  invalid_record_flag: (file, detail) =>
    `Invalid RECORD for fixture file ${file}: expected 1, true, yes or on (any case) to record, or nothing to replay, got ${detail}`,
  symlink: (file) =>
    `Fixture file ${file} is a symbolic link: not writing through it; replace it with a regular file, or name the link's target in the test`,
  failed_recording: (file, detail, call) =>
    `Recording of fixture file ${file} failed at the provider: call ${call} threw ${detail}; the file was not written (fix the cause and record again, or pass keepErrors: true to keep a recording of the failure)`,
  environment: (file, detail) =>
    `Cannot list the environment to find secrets while recording fixture file ${file}: ${detail}; grant --allow-env (Deno), or pass env with the variables to use`,
  unreadable: (file, detail) =>
    `Fixture file ${file} cannot be read: ${detail}`,
  unwritable: (file, detail) =>
    `Fixture file ${file} cannot be written: ${detail}`,
};

/**
 * A fixture file could not be used: missing (with how to record it),
 * missing or asked to record in CI (nothing is recorded there), a bad
 * `RECORD` value, a symbolic link (never written through), a recording
 * whose run failed at the provider (not written), or a file system
 * failure. The message names the file and says what to do.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { FixtureFileError } from '@scripted/agents/replay/files';
 *
 * const error = new FixtureFileError({
 *   reason: 'missing_in_ci',
 *   file: 'tests/fixtures/capital.json',
 *   detail: 'CI is set (CI="true")',
 * });
 * assert.equal(error.name, 'FixtureFileError');
 * assert.match(error.message, /RECORD=1 <your test command>/);
 * ```
 */
export class FixtureFileError extends Error {
  /** Why. */
  readonly reason: FixtureFileReason;
  /** The fixture file, as the test named it. */
  readonly file: string;
  /** What was found, rendered (credentials removed). */
  readonly detail: string | undefined;
  /** Zero-based index of the failed call (`failed_recording`). */
  readonly callIndex: number | undefined;

  /**
   * Creates a `FixtureFileError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: FixtureFileErrorFields) {
    super(
      templates[fields.reason](
        quote(fields.file),
        fields.detail,
        fields.callIndex,
      ),
      fields.cause === undefined ? undefined : { cause: fields.cause },
    );
    this.name = 'FixtureFileError';
    this.reason = fields.reason;
    this.file = fields.file;
    this.detail = fields.detail;
    this.callIndex = fields.callIndex;
  }
}
