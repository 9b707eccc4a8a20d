/**
 * Errors of recording and replay, shared by the model and the Realtime
 * transport: a replayed call that differs from its recording, and a fixture
 * that cannot be read.
 *
 * @module
 */
import { describe, quote } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';
import { appendTimeline } from '../_internal/timeline.ts';

/**
 * Which double a fixture or a mismatch belongs to.
 *
 * @example
 * ```ts
 * import type { RecordingKind } from '@scripted/agents/replay';
 *
 * const kind: RecordingKind = 'model';
 * ```
 */
export type RecordingKind = 'model' | 'realtime' | 'mcp';

/** Renders a recorded or actual value for a message, shortened. */
function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = describe(value);
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * A replayed call differs from the recorded call on a compared aspect. The
 * first difference is reported, with its path inside the aspect's value
 * (`input[3].content[0].text`); the double remembers it, so
 * `assertComplete()` rethrows it even when application code caught it.
 *
 * Raised by a replay, its message ends with the failure timeline: the
 * recorded calls and the calls that replayed them, the differing one
 * marked (docs/core.md).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ReplayMismatchError } from '@scripted/agents/replay';
 *
 * const error = new ReplayMismatchError({
 *   double: 'model',
 *   callIndex: 0,
 *   aspect: 'input',
 *   path: 'input[0].content',
 *   recorded: 'Hi',
 *   actual: 'Hello',
 * });
 * assert.equal(error.name, 'ReplayMismatchError');
 * assert.equal(error.path, 'input[0].content');
 * ```
 */
export class ReplayMismatchError extends Error {
  /** The double that replayed the call. */
  readonly double: RecordingKind;
  /** Zero-based index of the call in the recording. */
  readonly callIndex: number;
  /** The compared aspect that differs (`input`, `tools`, `instructions`…). */
  readonly aspect: string;
  /** Where the first difference is, like `input[3].content[0].text`. */
  readonly path: string;
  /** The recorded value at `path` (`undefined` when absent). */
  readonly recorded: unknown;
  /** The actual value at `path` (`undefined` when absent). */
  readonly actual: unknown;

  /**
   * Creates a `ReplayMismatchError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: {
    double: RecordingKind;
    callIndex: number;
    aspect: string;
    path: string;
    recorded: unknown;
    actual: unknown;
  }) {
    super(
      `Replay mismatch at ${fields.double} call ${fields.callIndex}: expected ${
        quote(fields.path)
      } to be ${show(fields.recorded)} as recorded, got ${
        show(fields.actual)
      } (aspect ${
        quote(fields.aspect)
      }; re-record the fixture, or stop comparing the aspect)`,
    );
    this.name = 'ReplayMismatchError';
    this.double = fields.double;
    this.callIndex = fields.callIndex;
    this.aspect = fields.aspect;
    this.path = fields.path;
    this.recorded = fields.recorded;
    this.actual = fields.actual;
  }
}

/**
 * Appends the replay's timeline to a mismatch: the recorded calls, the
 * calls that replayed them, and the one that differs, marked.
 *
 * @param error The mismatch, just constructed.
 * @param calls `recorded`: the recorded calls' methods, in order;
 * `actual`: the methods of the calls made so far, the differing one
 * included.
 * @returns The same error.
 */
export function withReplayTimeline(
  error: ReplayMismatchError,
  calls: {
    readonly recorded: readonly string[];
    readonly actual: readonly string[];
  },
): ReplayMismatchError {
  const { recorded, actual } = calls;
  // Each call before the differing one replayed its own recorded call.
  const took = new Map<number, number>();
  for (let index = 0; index < error.callIndex; index++) took.set(index, index);
  return appendTimeline(error, {
    steps: recorded,
    calls: actual,
    took,
    note: `differs from the recording at ${quote(error.path)}`,
    unit: 'recorded call',
  });
}

/**
 * Why a fixture was rejected, as `InvalidRecordingError.reason`:
 * `invalid_json` (text JSON cannot parse), `invalid_fixture` (the envelope),
 * `unsupported_version` (not a version this library reads),
 * `newer_version` (written by a newer library: upgrade), `wrong_kind`
 * (another double's recording), `invalid_call` (a call, an output item or a
 * stream event), `invalid_options` (the options given with it, or the
 * double a recorder wraps, or a file helper's `path`).
 *
 * @example
 * ```ts
 * import type { InvalidRecordingReason } from '@scripted/agents/replay';
 *
 * const reason: InvalidRecordingReason = 'newer_version';
 * ```
 */
export type InvalidRecordingReason =
  | 'invalid_json'
  | 'invalid_fixture'
  | 'unsupported_version'
  | 'newer_version'
  | 'wrong_kind'
  | 'invalid_call'
  | 'invalid_options';

/** The fields of an {@link InvalidRecordingError}. */
interface InvalidRecordingFields {
  reason: InvalidRecordingReason;
  path: string;
  expected: string;
  received: string;
  callIndex?: number | undefined;
  file?: string | undefined;
  line?: number | undefined;
  column?: number | undefined;
  suggestion?: string | undefined;
}

function advice(fields: InvalidRecordingFields): string {
  if (fields.reason === 'invalid_options') return '';
  if (fields.reason === 'newer_version') {
    return '; upgrade @scripted/agents: a newer version wrote this fixture';
  }
  return fields.file === undefined
    ? '; re-record the fixture'
    : '; re-record it: RECORD=1 <your test command>, or delete the file';
}

/** ` <file>` or ` <file>:<line>:<column>`, when read from a file. */
function where(fields: InvalidRecordingFields): string {
  if (fields.file === undefined) return '';
  return fields.line === undefined
    ? ` ${fields.file}`
    : ` ${fields.file}:${fields.line}:${fields.column}`;
}

/**
 * A fixture given to `replayModel()` or `replayRealtimeTransport()` (or
 * produced by a `redact` hook, or read from a file) is malformed: not JSON
 * (with the line and column), a version this library does not read,
 * another double's recording, or a call, output item or stream event the
 * SDK's own schemas reject (with the JSON path). Nothing is replayed then.
 * The message says what to do: re-record, or upgrade for a newer fixture.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   InvalidRecordingError,
 *   replayModel,
 * } from '@scripted/agents/replay';
 *
 * assert.throws(
 *   () => replayModel('{"version": 99}'),
 *   (error: unknown) =>
 *     error instanceof InvalidRecordingError &&
 *     error.reason === 'newer_version' &&
 *     error.path === 'version',
 * );
 * ```
 */
export class InvalidRecordingError extends Error {
  /** What is wrong. */
  readonly reason: InvalidRecordingReason;
  /**
   * Where in the fixture, like `calls[2].response.output[0].content`
   * (`''` for the root, or for text that is not JSON: see `line`).
   */
  readonly path: string;
  /** What was expected there. */
  readonly expected: string;
  /** What was found there (credentials removed). */
  readonly received: string;
  /** Zero-based index of the call concerned, if any. */
  readonly callIndex: number | undefined;
  /** The fixture file, when the fixture was read from one. */
  readonly file: string | undefined;
  /** One-based line of a JSON syntax error. */
  readonly line: number | undefined;
  /** One-based column of a JSON syntax error. */
  readonly column: number | undefined;
  /** The closest valid name, when an option looks misspelt. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidRecordingError`.
   * @param fields The structured fields of the error.
   */
  constructor(fields: InvalidRecordingFields) {
    super(
      `${
        invalidInputMessage({
          subject: 'recording',
          detail: where(fields),
          path: fields.path,
          expected: fields.expected,
          received: fields.received,
          suggestion: fields.suggestion,
        })
      } (reason ${quote(fields.reason)})${advice(fields)}`,
    );
    this.name = 'InvalidRecordingError';
    this.reason = fields.reason;
    this.path = fields.path;
    this.expected = fields.expected;
    this.received = fields.received;
    this.callIndex = fields.callIndex;
    this.file = fields.file;
    this.line = fields.line;
    this.column = fields.column;
    this.suggestion = fields.suggestion;
  }
}
