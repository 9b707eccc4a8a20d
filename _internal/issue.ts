/**
 * The problem record of the one input reader (`read.ts`), and how it
 * travels: a reader throws an {@link InputIssue}; each double turns its
 * {@link Issue} into its own public error at its {@link boundary}. Checks
 * of a double's own throw {@link reject}'s issue the same way.
 *
 * @module
 */
import { describe, quote } from './format.ts';

/** What kind of problem a reader found; see the module documentation. */
export type IssueCode =
  | 'invalid_type'
  | 'missing'
  | 'invalid_value'
  | 'unknown_key'
  | 'unreadable';

/** One problem with a user's input, as a reader reports it. */
export interface Issue {
  /** What kind of problem. */
  readonly code: IssueCode;
  /** Where: `steps[0].respond`, `options.callId`; `''` for the input itself. */
  readonly path: string;
  /**
   * What the value must be, said after "to be": `a non-empty string`, `one
   * of "a" or "b"`; for `unknown_key`, the keys allowed (`only "a" and
   * "b"`); for `unreadable`, `readable`.
   */
  readonly expected: string;
  /**
   * What was found, rendered (`describe`); the unknown keys for
   * `unknown_key` (`listNames`); what the read threw for `unreadable`
   * (`the error "boom"`).
   */
  readonly received: string;
  /** The closest valid name, when a name or key looks misspelt. */
  readonly suggestion: string | undefined;
  /**
   * What a read threw (`unreadable`), or what a check of its own caught (a
   * serialization that failed); `undefined` otherwise.
   */
  readonly cause: unknown;
  /** The `label` the check was given, for a double with finer codes. */
  readonly label: string | undefined;
}

/**
 * The problem a reader found, thrown to the nearest {@link boundary}. It
 * is an `Error` only so that one escaping by mistake still explains itself.
 */
export class InputIssue extends Error {
  /** The problem. */
  readonly issue: Issue;

  /**
   * Creates an `InputIssue`.
   * @param issue The problem.
   */
  constructor(issue: Issue) {
    const where = issue.path === '' ? '' : `${quote(issue.path)} to be `;
    const { expected, received } = issue;
    super(`Invalid input: expected ${where}${expected}, got ${received}`);
    this.name = 'InputIssue';
    this.issue = issue;
  }
}

/**
 * Runs `body`, turning an {@link InputIssue} it throws into the double's
 * own error (`toError`); anything else passes through unchanged.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { boundary, string } from './read.ts';
 *
 * assert.throws(
 *   () => boundary((issue) => new RangeError(issue.path), () => string(1, 'name')),
 *   { name: 'RangeError', message: 'name' },
 * );
 * ```
 *
 * @param toError Builds the double's error from the issue.
 * @param body The reading.
 * @returns What `body` returns.
 * @throws What `toError` returns, or what `body` throws otherwise.
 */
export function boundary<T>(
  toError: (issue: Issue) => unknown,
  body: () => T,
): T {
  try {
    return body();
  } catch (error) {
    throw error instanceof InputIssue ? toError(error.issue) : error;
  }
}

/**
 * A path one step down: `at('steps', 0)` is `steps[0]`, `at('options',
 * 'callId')` is `options.callId`, `at('', 'a-b')` is `["a-b"]`.
 *
 * @param path The path so far (`''` for the input itself).
 * @param key The key or index.
 * @returns The longer path.
 */
export function at(path: string, key: string | number): string {
  const name = String(key);
  // An index (never a name) and a key that is not one go in brackets.
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) {
    return `${path}[${JSON.stringify(key)}]`;
  }
  return path === '' ? name : `${path}.${name}`;
}

/** What every check accepts. */
export interface Check {
  /** Whether `undefined` is accepted (and returned as is). */
  readonly optional?: boolean | undefined;
  /** What the value must be, in the issue, instead of the reader's words. */
  readonly expected?: string | undefined;
  /** Passed on as the issue's `label`. */
  readonly label?: string | undefined;
}

/** What a rejection says beyond the value: see {@link reject}. */
export interface Rejection extends Check {
  /** What was found, when it is not the value rendered. */
  readonly received?: string | undefined;
  /** The closest valid name. */
  readonly suggestion?: string | undefined;
  /** What a read threw. */
  readonly cause?: unknown;
}

/**
 * The issue of a check of your own, to throw inside a {@link boundary}
 * like the readers' own.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { boundary, reject } from './read.ts';
 *
 * assert.throws(
 *   () =>
 *     boundary((issue) => new Error(issue.expected), () => {
 *       throw reject('invalid_value', 'event', '*', {
 *         expected: 'a named event (not "*")',
 *       });
 *     }),
 *   { message: 'a named event (not "*")' },
 * );
 * ```
 *
 * @param code What kind of problem.
 * @param path Where.
 * @param value What was found (rendered unless `received` is given).
 * @param rejection `expected` (what the value must be), and `received`,
 * `suggestion`, `cause`, `label`.
 * @returns The issue, to throw.
 */
export function reject(
  code: IssueCode,
  path: string,
  value: unknown,
  rejection: Rejection & { readonly expected: string },
): InputIssue {
  const { expected, received, suggestion, cause, label } = rejection;
  return new InputIssue({
    code,
    path,
    expected,
    received: received ?? describe(value),
    suggestion,
    cause,
    label,
  });
}

/**
 * What a read threw, for a message: `the error "boom"`, `the thrown value
 * 42`; never throws itself.
 *
 * @param cause What was thrown.
 * @returns Its rendering.
 */
export function thrown(cause: unknown): string {
  try {
    if (cause instanceof Error) return `the error ${describe(cause.message)}`;
  } catch {
    // A hostile error: described by kind below.
  }
  return `the thrown value ${describe(cause)}`;
}

/**
 * The issue of a read that threw at `path`.
 *
 * @param path Where the read was.
 * @param cause What it threw.
 * @param check The check, for its label.
 * @returns The issue, to throw.
 */
export function unreadable(
  path: string,
  cause: unknown,
  check?: Check,
): InputIssue {
  return reject('unreadable', path, undefined, {
    label: check?.label,
    expected: 'readable',
    received: thrown(cause),
    cause,
  });
}

/**
 * Runs a read of user values (a getter, `JSON.stringify`, an iterator),
 * turning what it throws into an `unreadable` issue at `path`.
 *
 * @param path Where the read is.
 * @param read The read.
 * @param check The check, for its label.
 * @returns What `read` returns.
 * @throws {InputIssue} `unreadable`, or the issue `read` threw.
 */
export function guard<T>(path: string, read: () => T, check?: Check): T {
  try {
    return read();
  } catch (error) {
    throw error instanceof InputIssue ? error : unreadable(path, error, check);
  }
}
