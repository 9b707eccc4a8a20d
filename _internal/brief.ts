/**
 * What a failure timeline's line shows of a step's or a call's content:
 * the text redacted (`defaultRedaction`) and cut, a message's first words,
 * a thrown value's class. Apart from `timeline.ts`, so a double whose
 * timeline shows names only does not load the redaction.
 *
 * @module
 */
import { defaultRedaction } from './redact.ts';

/** Text fit for a timeline line: redacted, on one line, cut. */
export type Brief = string & { readonly brief: unique symbol };

/**
 * What a step or a call held, as a timeline line shows it: credentials
 * removed (`defaultRedaction`, before anything is cut, so no part of a key
 * is left), white space run into one space, at most 40 characters.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { brief } from './brief.ts';
 *
 * assert.equal(brief(' The capital\n of  France '), 'The capital of France');
 * assert.equal(
 *   brief('key sk-proj-abcdefghijklmnopqrstuvwxyz0123'),
 *   'key [redacted]',
 * );
 * ```
 *
 * @param text What the step or call held.
 * @returns The text to show.
 */
export function brief(text: string): Brief {
  const line = defaultRedaction.text(text).replace(/\s+/g, ' ').trim();
  return (line.length > 40 ? `${line.slice(0, 39)}…` : line) as Brief;
}

/**
 * The first six words of a text, quoted (` …` when there are more):
 * what a timeline shows of a message.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { firstWords } from './brief.ts';
 *
 * assert.equal(firstWords(' Hi  there '), '"Hi there"');
 * assert.equal(firstWords('a b c d e f g'), '"a b c d e f …"');
 * ```
 *
 * @param text The text.
 * @returns The words.
 */
export function firstWords(text: string): string {
  const all = text.trim().split(/\s+/);
  return `"${all.slice(0, 6).join(' ')}${all.length > 6 ? ' …' : ''}"`;
}
