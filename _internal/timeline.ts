/**
 * The timeline a failing double appends to its message: the script's
 * steps interleaved with the calls that arrived, the first divergence
 * marked, at most `maxLines` lines. One formatter for every double (model,
 * sandbox, realtime, MCP) and for replay, so a failure reads the same in
 * each:
 *
 * ```text
 * Timeline (3 steps, 2 calls; ">" marks the first divergence):
 *   call 0 "getResponse" -> step 0 "response"
 * > call 1 "getResponse": matched no step
 *   step 1 "close": pending
 *   step 2 "exec": anyOrder candidate
 * ```
 *
 * Plain text (no colour), deterministic, the same on every runtime.
 *
 * @module
 */
import { plural, quote } from './format.ts';

/** One step of a script, as the timeline shows it. */
export interface TimelineStep {
  /** What the step is: `"response"`, `"execCommand"`, `fault "disconnect"`. */
  readonly label: string;
  /**
   * `consumed` (a call or the script used it), `pending` (not yet
   * reached), `candidate` (an unused member of an `anyOrder` group the
   * failing call met), `fault` (an injected fault).
   */
  readonly state: 'consumed' | 'pending' | 'candidate' | 'fault';
  /**
   * For a step no call took (an injected fault): how many calls arrived
   * before it; it is shown just before call `at`. Without it, a step no
   * call took is shown before the first call that took a later step.
   */
  readonly at?: number | undefined;
}

/** One call that arrived, as the timeline shows it. */
export interface TimelineCall {
  /** What the call was: `"getResponse"`, `"exec" "ls"`. */
  readonly label: string;
  /** Index into the steps of the step this call consumed; none: it matched none. */
  readonly step?: number | undefined;
  /** Why it matched none (`matched no step` when left out). */
  readonly note?: string | undefined;
}

/** The options of {@link formatTimeline}. */
export interface TimelineOptions {
  /** Most lines, the heading included (20 by default, at least 5). */
  readonly maxLines?: number | undefined;
  /** What a step is called: `step` (by default), `expectation`. */
  readonly unit?: string | undefined;
}

const stateText: Readonly<Record<TimelineStep['state'], string>> = {
  consumed: 'consumed',
  pending: 'pending',
  candidate: 'anyOrder candidate',
  fault: 'injected fault',
};

/** Longest label shown in full; longer ones are cut and end in `…`. */
const maxLabel = 60;

function cut(label: string): string {
  const text = String(label);
  return text.length > maxLabel ? `${text.slice(0, maxLabel - 1)}…` : text;
}

/** What a line of the timeline shows: a step, an injected fault, a call. */
type Kind = 'step' | 'fault' | 'call';

/** A line of the timeline, and what it shows. */
interface Row {
  readonly text: string;
  readonly kinds: readonly Kind[];
}

/** `3 steps, 1 injected fault, 2 calls`: the non-zero counts, in order. */
function tally(rows: readonly Row[], unit: string, and: string): string {
  const kinds = rows.flatMap((row) => row.kinds);
  const nouns = { step: unit, fault: 'injected fault', call: 'call' };
  return (['step', 'fault', 'call'] as const).flatMap((kind) => {
    const count = kinds.filter((each) => each === kind).length;
    return count === 0 ? [] : [plural(count, nouns[kind])];
  }).join(and);
}

/** Rows in order, and the index of the first divergence (-1: none). */
function rows(
  steps: readonly TimelineStep[],
  calls: readonly TimelineCall[],
  unit: string,
): { rows: Row[]; divergence: number } {
  const taken = new Set<number>();
  for (const call of calls) {
    if (call.step !== undefined) taken.add(call.step);
  }
  const out: Row[] = [];
  const shown = new Set<number>();
  let refused = -1;
  let left = -1;
  // Shows the steps no call took that come before step `below` (or, for
  // those placed by `at`, before call `before`).
  const flush = (below: number, before: number) => {
    steps.forEach((step, index) => {
      if (shown.has(index) || taken.has(index)) return;
      if (step.at === undefined ? index >= below : step.at > before) return;
      shown.add(index);
      if (
        left < 0 && (step.state === 'pending' || step.state === 'candidate')
      ) {
        left = out.length;
      }
      out.push({
        text: `${unit} ${index} ${cut(step.label)}: ${
          stateText[step.state] ?? step.state
        }`,
        kinds: [step.state === 'fault' ? 'fault' : 'step'],
      });
    });
  };
  calls.forEach((call, index) => {
    const head = `call ${index} ${cut(call.label)}`;
    const step = call.step;
    const took = step !== undefined && step >= 0 && step < steps.length;
    flush(took ? step : 0, index);
    if (took) {
      shown.add(step);
      out.push({
        text: `${head} -> ${unit} ${step} ${cut(steps[step]!.label)}`,
        kinds: ['call', 'step'],
      });
      return;
    }
    if (refused < 0) refused = out.length;
    out.push({
      text: `${head}: ${cut(call.note ?? `matched no ${unit}`)}`,
      kinds: ['call'],
    });
  });
  flush(steps.length, Infinity);
  return { rows: out, divergence: refused < 0 ? left : refused };
}

/**
 * Formats a timeline: a heading, then one line per step or call in the
 * order they happened (a call that consumed a step shares its line, `call
 * 1 "exec" -> step 1 "execCommand"`), steps no call consumed where the
 * script has them, the first divergence marked with `>`: the first call
 * that matched no step, else the first step left pending. Past `maxLines`
 * the lines around the divergence are kept and the rest said in one line
 * each side (`… 4 steps and 3 calls left out`).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { formatTimeline } from './timeline.ts';
 *
 * assert.equal(
 *   formatTimeline(
 *     [{ label: '"response"', state: 'consumed' }, {
 *       label: '"response"',
 *       state: 'pending',
 *     }],
 *     [{ label: '"getResponse"', step: 0 }, { label: '"getStreamedResponse"' }],
 *   ),
 *   [
 *     'Timeline (2 steps, 2 calls; ">" marks the first divergence):',
 *     '  call 0 "getResponse" -> step 0 "response"',
 *     '> call 1 "getStreamedResponse": matched no step',
 *     '  step 1 "response": pending',
 *   ].join('\n'),
 * );
 * ```
 *
 * @param steps The script's steps, in script order.
 * @param calls The calls that arrived, in order.
 * @param options `maxLines`: the bound, heading included; `unit`: what a
 * step is called.
 * @returns The timeline, lines joined by `\n`, no trailing newline.
 */
export function formatTimeline(
  steps: readonly TimelineStep[],
  calls: readonly TimelineCall[],
  options: TimelineOptions = {},
): string {
  const unit = options.unit ?? 'step';
  const { rows: all, divergence } = rows(steps, calls, unit);
  const budget = Math.max(5, options.maxLines ?? 20) - 1;
  let start = 0;
  let end = all.length;
  if (all.length > budget) {
    const width = budget - 2;
    const at = divergence < 0 ? all.length - 1 : divergence;
    start = Math.max(0, Math.min(at - (width >> 1), all.length - width));
    end = start + width;
    if (start === 0) end++;
    else if (end === all.length) start--;
  }
  const lines = all.slice(start, end).map((row, index) =>
    `${index + start === divergence ? '>' : ' '} ${row.text}`
  );
  const elided = (skipped: readonly Row[]) =>
    `  … ${tally(skipped, unit, ' and ')} left out`;
  if (start > 0) lines.unshift(elided(all.slice(0, start)));
  if (end < all.length) lines.push(elided(all.slice(end)));
  const mark = divergence < 0 ? '' : '; ">" marks the first divergence';
  return [
    `Timeline (${tally(all, unit, ', ') || 'empty'}${mark}):`,
    ...lines,
  ].join('\n');
}

/**
 * Appends a timeline to a double's own error, freshly constructed: its
 * message gains a line break and {@link formatTimeline}'s text; every field
 * stays as it is. Call it before the error is thrown or its `stack` read
 * (runtimes format the stack's first lines from the message when it is
 * first read).
 *
 * @param error The error, just constructed.
 * @param steps The script's steps, in script order.
 * @param calls The calls that arrived, in order.
 * @param options As {@link formatTimeline} takes them.
 * @returns The same error.
 */
export function withTimeline<E extends Error>(
  error: E,
  steps: readonly TimelineStep[],
  calls: readonly TimelineCall[],
  options?: TimelineOptions,
): E {
  error.message = `${error.message}\n${formatTimeline(steps, calls, options)}`;
  return error;
}

/**
 * What the line of a refused call says, from its error's fields: `matcher
 * returned false`, `matcher threw`, `expected "execCommand"`, `expected no
 * more calls`, or, when it met an `anyOrder` group, `no anyOrder candidate
 * accepts it`.
 *
 * @param error The fields of an unexpected-call or matcher error.
 * @returns The note.
 */
export function refusal(error: {
  readonly expectedMethod?: string | undefined;
  readonly matcherResult?: 'false' | 'threw';
  readonly candidates?: readonly unknown[] | undefined;
}): string {
  if (error.candidates !== undefined) return 'no anyOrder candidate accepts it';
  if (error.matcherResult !== undefined) {
    return error.matcherResult === 'false'
      ? 'matcher returned false'
      : 'matcher threw';
  }
  return error.expectedMethod === undefined
    ? 'expected no more calls'
    : `expected ${quote(error.expectedMethod)}`;
}
