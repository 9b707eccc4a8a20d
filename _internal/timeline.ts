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
import type { Brief } from './brief.ts';

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

/** What a line shows: a step, an injected fault, a call. */
type Kind = 'step' | 'fault' | 'call';

/** `text` cut at `max` characters, ending in `…`. */
function cut(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Most characters of a line, the marker included. */
const lineWidth = 100;

/** `3 steps, 1 injected fault, 2 calls`: the non-zero counts, in order. */
function tally(kinds: readonly Kind[], unit: string, and: string): string {
  const nouns = { step: unit, fault: 'injected fault', call: 'call' };
  return (['step', 'fault', 'call'] as const).flatMap((kind) => {
    const count = kinds.filter((each) => each === kind).length;
    return count === 0 ? [] : [plural(count, nouns[kind])];
  }).join(and);
}

/**
 * Formats a timeline: a heading, then one line per step or call in the
 * order they happened (a call that took a step shares its line, `call 1
 * "exec" -> step 1 "execCommand"`), the steps no call took where the
 * script has them (a fault where `at` puts it), and the first divergence
 * marked with `>`: the first call that took no step, else the first step
 * left pending or a candidate. Past `maxLines` the lines around the
 * divergence are kept and the rest said in one line each side (`… 4 steps
 * and 3 calls left out`).
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
  const taken = new Set(calls.map((call) => call.step));
  const rows: { readonly text: string; readonly kinds: readonly Kind[] }[] = [];
  const shown = new Set<number>();
  let refused = -1;
  let left = -1;
  // Shows the steps no call took before step `below` (those placed by
  // `at`: before call `before`).
  const flush = (below: number, before: number) =>
    steps.forEach((step, index) => {
      if (
        shown.has(index) || taken.has(index) ||
        (step.at === undefined ? index >= below : step.at > before)
      ) return;
      shown.add(index);
      const fault = step.state === 'fault';
      if (left < 0 && !fault && step.state !== 'consumed') left = rows.length;
      rows.push({
        text: fault
          ? `${cut(step.label)}: injected fault`
          : `${unit} ${index} ${cut(step.label)}: ${
            step.state === 'candidate' ? 'anyOrder candidate' : step.state
          }`,
        kinds: [fault ? 'fault' : 'step'],
      });
    });
  calls.forEach((call, index) => {
    const head = `call ${index} ${cut(call.label)}`;
    const step = call.step ?? -1;
    const took = step >= 0 && step < steps.length;
    flush(took ? step : 0, index);
    if (!took && refused < 0) refused = rows.length;
    rows.push(
      took
        ? {
          text: `${head} -> ${unit} ${step} ${cut(steps[step]!.label)}`,
          kinds: ['call', 'step'],
        }
        : {
          text: `${head}: ${cut(call.note ?? `matched no ${unit}`)}`,
          kinds: ['call'],
        },
    );
  });
  flush(steps.length, Infinity);
  const divergence = refused < 0 ? left : refused;
  const budget = Math.max(5, options.maxLines ?? 20) - 1;
  let start = 0;
  let end = rows.length;
  if (rows.length > budget) {
    const width = budget - 2;
    const at = divergence < 0 ? Infinity : divergence;
    start = Math.max(0, Math.min(at - (width >> 1), rows.length - width));
    end = start + width;
    if (start === 0) end++;
    else if (end === rows.length) start--;
  }
  const elided = (from: number, to: number) =>
    `  … ${
      tally(rows.slice(from, to).flatMap((row) => row.kinds), unit, ' and ')
    } left out`;
  return [
    `Timeline (${
      tally(rows.flatMap((row) => row.kinds), unit, ', ') || 'empty'
    }${divergence < 0 ? '' : '; ">" marks the first divergence'}):`,
    ...start > 0 ? [elided(0, start)] : [],
    ...rows.slice(start, end).map((row, index) =>
      cut(`${index + start === divergence ? '>' : ' '} ${row.text}`, lineWidth)
    ),
    ...end < rows.length ? [elided(end, rows.length)] : [],
  ].join('\n');
}

/**
 * A step or a call of a {@link ScriptTrail}: its name (a step type, a
 * method), alone or with what it held (`detail`: a tool name and call id,
 * a message's first words, a command, a path), shown after the quoted name.
 * The detail is a {@link Brief}: made by `brief()` (`_internal/brief.ts`),
 * so it is redacted; the timeline does not load the redaction itself.
 */
export type TrailEntry =
  | string
  | { readonly name: string; readonly detail?: Brief | undefined };

/** `"name"`, then what the entry held when it says. */
function label(entry: TrailEntry): string {
  if (typeof entry === 'string') return quote(entry);
  // No detail, or an empty one (a blank text): the name alone.
  const { name, detail } = entry;
  return detail ? `${quote(name)} ${detail}` : quote(name);
}

/** A double's script and calls, as {@link appendTimeline} reads them. */
export interface ScriptTrail {
  /** Each step (a step type, a method, and what it held), in script order. */
  readonly steps: readonly TrailEntry[];
  /** Each call (its method, and what it held), by call index. */
  readonly calls: readonly TrailEntry[];
  /** The step each call took, by call index (none: it took none). */
  readonly took: ReadonlyMap<number, number>;
  /** The steps of the `anyOrder` group the refused call met. */
  readonly candidates?: readonly number[] | undefined;
  /** Injected faults, placed among the calls by `at`. */
  readonly faults?: readonly TimelineStep[] | undefined;
  /** What a step is called (`step` by default). */
  readonly unit?: string | undefined;
  /** What the refused call's line says; else read from the error. */
  readonly note?: string | undefined;
}

/**
 * Appends a double's timeline to its own error, freshly constructed: the
 * message gains a line break and {@link formatTimeline}'s text (names
 * quoted, each followed by what it held; the refused call,
 * `error.callIndex`, says why from the error's fields); an error with a
 * `timeline` field (the MCP server's) gets the text there too; every other
 * field stays as it is. Call it before the error is thrown
 * or its `stack` read (runtimes format the stack's first lines from the
 * message when it is first read).
 *
 * @param error The error, just constructed.
 * @param trail The script, the calls, and the step each call took.
 * @returns The same error.
 */
export function appendTimeline<
  E extends Error & {
    readonly callIndex?: number | undefined;
    readonly expectedMethod?: string | undefined;
    readonly expectedTool?: string | undefined;
    readonly timeline?: string | undefined;
    readonly matcherResult?: 'false' | 'threw';
    readonly candidates?: readonly unknown[] | undefined;
  },
>(error: E, trail: ScriptTrail): E {
  const expected = error.expectedMethod ?? error.expectedTool;
  const note = trail.note ??
    (error.candidates !== undefined
      ? 'no anyOrder candidate accepts it'
      : error.matcherResult !== undefined
      ? `matcher ${
        error.matcherResult === 'false' ? 'returned false' : 'threw'
      }`
      : expected === undefined
      ? undefined
      : `expected ${quote(expected)}`);
  // A step a call took shows on the call's line; its state is not shown.
  const steps = trail.steps.map((entry, index): TimelineStep => ({
    label: label(entry),
    state: trail.candidates?.includes(index) ? 'candidate' : 'pending',
  }));
  const timeline = formatTimeline(
    [...steps, ...trail.faults ?? []],
    trail.calls.map((entry, index) => ({
      label: label(entry),
      step: trail.took.get(index),
      note: index === error.callIndex ? note : undefined,
    })),
    { unit: trail.unit },
  );
  error.message = `${error.message}\n${timeline}`;
  if ('timeline' in error) (error as { timeline?: string }).timeline = timeline;
  return error;
}
