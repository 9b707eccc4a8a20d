/**
 * One message template per failure family, used by the error classes of
 * all three doubles, so the same failure reads the same in each:
 *
 * - unexpected call: `Unexpected sandbox call 2 to "exec": expected
 *   "execCommand", 3 steps left`, `Unexpected model call 1 to "getResponse":
 *   expected no more calls, no steps left`;
 * - work left over: `Incomplete sandbox script: 2 steps left ("execCommand",
 *   "close")`;
 * - invalid input: `Invalid model step 0 ("response"): expected "output" to
 *   be an array of items, got an object (did you mean "response"?)`.
 *
 * The grammar is the standard one: sentence case, no trailing period, a
 * colon before the detail, values quoted ({@link quote}, {@link describe}).
 *
 * @module
 */
import { listNames, plural, quote } from './format.ts';

/** `3 steps left`, `1 expectation left`, `no steps left`. */
function left(count: number, unit: string): string {
  return count === 0 ? `no ${unit}s left` : `${plural(count, unit)} left`;
}

/** The fields of {@link unexpectedCallMessage}. */
export interface UnexpectedCallFields {
  /** The double: `model`, `sandbox`, `realtime`. */
  readonly double: string;
  /** Zero-based index of the call in the double's `calls`. */
  readonly callIndex: number;
  /** The method that was called. */
  readonly actual: string;
  /** The method expected next; `undefined` when no more calls were. */
  readonly expected?: string | undefined;
  /**
   * The methods of the unused members of an `anyOrder` group, when the
   * call met one; said instead of `expected`.
   */
  readonly expectedAnyOf?: readonly string[] | undefined;
  /** How many steps (or expectations) were left at the call. */
  readonly remaining: number;
  /** What is left: `step`, `expectation`. */
  readonly unit: string;
  /** Anything more to say, appended after a comma. */
  readonly detail?: string | undefined;
}

/**
 * The message of an unexpected call: `Unexpected <double> call <i> to
 * "<actual>": expected <"x" | no more calls>, <N steps> left`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { unexpectedCallMessage } from './messages.ts';
 *
 * assert.equal(
 *   unexpectedCallMessage({
 *     double: 'sandbox',
 *     callIndex: 2,
 *     actual: 'exec',
 *     expected: 'execCommand',
 *     remaining: 3,
 *     unit: 'step',
 *   }),
 *   'Unexpected sandbox call 2 to "exec": expected "execCommand", 3 steps left',
 * );
 * ```
 *
 * @param fields What happened.
 * @returns The message.
 */
export function unexpectedCallMessage(fields: UnexpectedCallFields): string {
  const anyOf = fields.expectedAnyOf;
  const expected = anyOf !== undefined && anyOf.length > 0
    ? `one of ${listNames([...new Set(anyOf)])} (in any order)`
    : fields.expected === undefined
    ? 'no more calls'
    : quote(fields.expected);
  const detail = fields.detail === undefined ? '' : `, ${fields.detail}`;
  return `Unexpected ${fields.double} call ${fields.callIndex} to ${
    quote(fields.actual)
  }: expected ${expected}, ${left(fields.remaining, fields.unit)}${detail}`;
}

/** One kind of work left over, for {@link incompleteMessage}. */
export interface Leftover {
  /** How many are left. */
  readonly count: number;
  /** What they are, singular: `step`, `pending expectation`. */
  readonly noun: string;
  /** Their names, listed (at most 5) after the count when given. */
  readonly names?: readonly string[] | undefined;
}

/**
 * The message of work left over at `assertComplete()`: `Incomplete
 * <subject>: <N nouns> left (<names>)`, one part per kind of work that has
 * any left (every part when none has).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { incompleteMessage } from './messages.ts';
 *
 * assert.equal(
 *   incompleteMessage('sandbox script', [
 *     { count: 2, noun: 'step', names: ['execCommand', 'close'] },
 *   ]),
 *   'Incomplete sandbox script: 2 steps left ("execCommand", "close")',
 * );
 * ```
 *
 * @param subject What is incomplete: `model script`, `realtime scenario`.
 * @param parts The kinds of work left.
 * @param detail Anything more to say, appended after a comma.
 * @returns The message.
 */
export function incompleteMessage(
  subject: string,
  parts: readonly Leftover[],
  detail?: string,
): string {
  const some = parts.filter((part) => part.count > 0);
  const shown = (some.length === 0 ? parts : some).map((part) =>
    `${plural(part.count, part.noun)} left${
      part.names === undefined || part.names.length === 0
        ? ''
        : ` (${listNames(part.names)})`
    }`
  );
  return `Incomplete ${subject}: ${shown.join(', ')}${
    detail === undefined ? '' : `, ${detail}`
  }`;
}

/** The fields of {@link invalidInputMessage}. */
export interface InvalidInputFields {
  /** What was invalid: `model step`, `sandbox step`, `realtime input`. */
  readonly subject: string;
  /** Zero-based position of the input among those given together. */
  readonly index?: number | undefined;
  /** Where inside the input, said after the index (` (step 1 of ...)`). */
  readonly detail?: string | undefined;
  /** Its name (a method, a step type), quoted after the index. */
  readonly name?: string | undefined;
  /**
   * Where inside the input the problem is (`options.callId`); the
   * expectation then reads `"<path>" to be <expected>`.
   */
  readonly path?: string | undefined;
  /** What was expected, without the word `expected`. */
  readonly expected: string;
  /** What was found, already rendered ({@link describe}). */
  readonly received?: string | undefined;
  /** A did-you-mean suggestion ({@link closest}). */
  readonly suggestion?: string | undefined;
}

/**
 * The message of invalid input: `Invalid <subject> <i> ("<name>"):
 * expected ["<path>" to be] <expected>, got <received> (did you mean
 * "<x>"?)`, each part present when its field is. The one builder of every
 * invalid-input error (an `Issue` of `_internal/read.ts` carries the
 * fields).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { invalidInputMessage } from './messages.ts';
 *
 * assert.equal(
 *   invalidInputMessage({
 *     subject: 'model step',
 *     index: 0,
 *     expected: 'a step type of "response" or "error"',
 *     received: '"respnse"',
 *     suggestion: 'response',
 *   }),
 *   'Invalid model step 0: expected a step type of "response" or "error", got "respnse" (did you mean "response"?)',
 * );
 * ```
 *
 * @param fields What was wrong.
 * @returns The message.
 */
export function invalidInputMessage(fields: InvalidInputFields): string {
  const index = (fields.index === undefined ? '' : ` ${fields.index}`) +
    (fields.detail ?? '');
  const name = fields.name === undefined ? '' : ` (${quote(fields.name)})`;
  const got = fields.received === undefined ? '' : `, got ${fields.received}`;
  const hint = fields.suggestion === undefined
    ? ''
    : ` (did you mean ${quote(fields.suggestion)}?)`;
  const where = fields.path === undefined || fields.path === ''
    ? ''
    : `${quote(fields.path)} to be `;
  return `Invalid ${fields.subject}${index}${name}: expected ${where}${fields.expected}${got}${hint}`;
}

/** An unused member of an `anyOrder` group that did not take a call. */
export interface CandidateFields {
  /** Zero-based position of the member in its group. */
  readonly position: number;
  /** The member's method. */
  readonly method: string;
  /**
   * Why it did not take the call: `method` (it names another method),
   * `false` (its matcher returned false), `threw` (its matcher threw).
   */
  readonly rejection: 'method' | 'false' | 'threw';
}

const rejectionText: Readonly<Record<CandidateFields['rejection'], string>> = {
  method: 'another method',
  false: 'matcher returned false',
  threw: 'matcher threw',
};

/**
 * The candidates of an `anyOrder` group, listed for a message: `step 0
 * "readFile" (matcher returned false), step 2 "execCommand" (another
 * method)`, at most five, then `and N more`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { candidateList } from './messages.ts';
 *
 * assert.equal(
 *   candidateList([
 *     { position: 0, method: 'readFile', rejection: 'false' },
 *     { position: 2, method: 'execCommand', rejection: 'method' },
 *   ], 'step'),
 *   'step 0 "readFile" (matcher returned false), step 2 "execCommand" (another method)',
 * );
 * ```
 *
 * @param candidates The unused members, in group order.
 * @param unit What a member is: `step`, `expectation`.
 * @returns The list.
 */
export function candidateList(
  candidates: readonly CandidateFields[],
  unit: string,
): string {
  const shown = candidates.slice(0, 5).map((candidate) =>
    `${unit} ${candidate.position} ${quote(candidate.method)} (${
      rejectionText[candidate.rejection] ?? candidate.rejection
    })`
  );
  const more = candidates.length - shown.length;
  return more > 0
    ? `${shown.join(', ')} and ${more} more`
    : shown.length === 0
    ? 'none'
    : shown.join(', ');
}

/**
 * A frozen copy of an `anyOrder` group's candidates, for an error's field
 * (`undefined` stays `undefined`: the call met no group).
 *
 * @param candidates The candidates the matching code found.
 * @returns Frozen copies with only the candidate fields.
 */
export function frozenCandidates<T extends CandidateFields>(
  candidates: readonly T[] | undefined,
): readonly T[] | undefined {
  return candidates === undefined ? undefined : Object.freeze(
    candidates.map((candidate) =>
      Object.freeze({
        position: candidate.position,
        method: candidate.method,
        rejection: candidate.rejection,
      }) as T
    ),
  );
}
