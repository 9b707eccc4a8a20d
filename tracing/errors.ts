/**
 * Errors of the trace capture, one class per failure mode: a trace's spans
 * differ from what was expected (`TraceAssertionError`), a span of a kind
 * followed one it must not (`SpanOrderError`), the span an ordering is
 * anchored on is missing (`SpanNotFoundError`), no trace or several match
 * a selector (`TraceNotFoundError`, `AmbiguousTraceError`), or input the
 * capture cannot use (`InvalidTraceAssertionInputError`).
 *
 * @module
 */
import { either, plural, quote } from '../_internal/format.ts';
import { invalidInputMessage } from '../_internal/messages.ts';
import { lineDiff, shownAt, toLines } from '../_internal/diff.ts';
import { keptCopy, redactedCopy } from '../_internal/redacted_copy.ts';
import { boundary, type Issue } from '../_internal/read.ts';

/**
 * Which trace assertion failed, as `TraceAssertionError.assertion`.
 *
 * @example
 * ```ts
 * import type { TraceAssertionName } from '@scripted/agents/tracing';
 *
 * const name: TraceAssertionName = 'assertGuardrails';
 * ```
 */
export type TraceAssertionName =
  | 'assertAgents'
  | 'assertToolCalls'
  | 'assertHandoffs'
  | 'assertGuardrails'
  | 'assertMcpListTools'
  | 'assertMcpCalls'
  | 'assertGenerations';

const subjects: Readonly<Record<TraceAssertionName, string>> = {
  assertAgents: 'agent spans',
  assertToolCalls: 'tool call spans',
  assertHandoffs: 'handoff spans',
  assertGuardrails: 'guardrail spans',
  assertMcpListTools: 'MCP list-tools spans',
  assertMcpCalls: 'MCP call spans',
  assertGenerations: 'generation spans',
};

/** The headline: the count when lengths differ, else the first difference. */
function headline(fields: {
  assertion: TraceAssertionName;
  traceId: string;
  expected: unknown;
  actual: unknown;
  path: string;
}): string {
  const subject = `Unexpected ${subjects[fields.assertion]} in trace ${
    quote(fields.traceId)
  }`;
  const { expected, actual, path } = fields;
  if (
    Array.isArray(expected) && Array.isArray(actual) &&
    expected.length !== actual.length
  ) {
    return `${subject}: expected ${expected.length}, got ${actual.length}`;
  }
  const where = path === '' ? '' : ` at ${quote(path)}`;
  return `${subject}${where}: expected ${shownAt(expected, path)}, got ${
    shownAt(actual, path)
  }`;
}

/**
 * A trace assertion did not hold: the trace's spans, read as the assertion
 * reads them (`expected` and `actual` hold that projection, not the
 * spans), differ. The message holds a headline and a line diff.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { TraceAssertionError } from '@scripted/agents/tracing';
 *
 * const error = new TraceAssertionError({
 *   assertion: 'assertAgents',
 *   traceId: 'trace_1',
 *   expected: ['Triage'],
 *   actual: ['Billing'],
 *   path: '[0]',
 * });
 * assert.equal(error.name, 'TraceAssertionError');
 * assert.match(error.message, /expected "Triage", got "Billing"/);
 * ```
 */
export class TraceAssertionError extends Error {
  /** The assertion that failed. */
  readonly assertion: TraceAssertionName;
  /** The trace asserted on. */
  readonly traceId: string;
  /** What was expected (the projection's shape), redacted as fixtures are. */
  readonly expected: unknown;
  /** What the spans gave, in the same shape, redacted. */
  readonly actual: unknown;
  /** Where they first differ (`[1].arguments.a`; `''`: as a whole). */
  readonly path: string;

  /**
   * Creates a `TraceAssertionError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: {
    assertion: TraceAssertionName;
    traceId: string;
    expected: unknown;
    actual: unknown;
    path: string;
  }) {
    super(
      `${headline(fields)}\n\n${
        lineDiff(toLines(fields.expected), toLines(fields.actual))
      }`,
    );
    this.name = 'TraceAssertionError';
    this.assertion = fields.assertion;
    this.traceId = fields.traceId;
    // Printed with the error (a runner inspects it): redacted as the
    // message is, in the same shape.
    this.expected = keptCopy(fields.expected);
    this.actual = keptCopy(fields.actual);
    this.path = fields.path;
  }
}

/**
 * A span one of the forbidden kinds started after the anchor span started
 * (`assertNoSpansAfter`): a generation after a tripped guardrail, say.
 * `following` lists them (type and name), in start order.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { SpanOrderError } from '@scripted/agents/tracing';
 *
 * const error = new SpanOrderError({
 *   traceId: 'trace_1',
 *   anchor: 'guardrail "block"',
 *   forbidden: ['generation', 'function'],
 *   following: [{ type: 'function', name: 'add' }],
 * });
 * assert.equal(error.name, 'SpanOrderError');
 * assert.match(error.message, /1 span followed guardrail "block"/);
 * ```
 */
export class SpanOrderError extends Error {
  /** The trace asserted on. */
  readonly traceId: string;
  /** The anchor span, described (`guardrail "block"`). */
  readonly anchor: string;
  /** The span types that must not follow it. */
  readonly forbidden: readonly string[];
  /** The spans that did, in start order. */
  readonly following: readonly {
    readonly type: string;
    readonly name: string;
  }[];

  /**
   * Creates a `SpanOrderError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: {
    traceId: string;
    anchor: string;
    forbidden: readonly string[];
    following: readonly { readonly type: string; readonly name: string }[];
  }) {
    const shown = fields.following.map((span) =>
      `${span.type} ${quote(span.name)}`
    );
    super(
      `Unexpected spans in trace ${quote(fields.traceId)}: ${
        plural(fields.following.length, 'span')
      } followed ${fields.anchor}, where no ${
        either(fields.forbidden)
      } span may\n\n${lineDiff([], shown)}`,
    );
    this.name = 'SpanOrderError';
    this.traceId = fields.traceId;
    this.anchor = fields.anchor;
    this.forbidden = Object.freeze([...fields.forbidden]);
    this.following = Object.freeze(fields.following.map((s) => ({ ...s })));
  }
}

/**
 * The span an ordering assertion is anchored on is not in the trace;
 * `available` lists the spans of that type that are (type and name).
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { SpanNotFoundError } from '@scripted/agents/tracing';
 *
 * const error = new SpanNotFoundError({
 *   traceId: 'trace_1',
 *   anchor: 'guardrail "block"',
 *   available: ['guardrail "other"'],
 * });
 * assert.equal(error.name, 'SpanNotFoundError');
 * ```
 */
export class SpanNotFoundError extends Error {
  /** The trace searched. */
  readonly traceId: string;
  /** The span looked for, described. */
  readonly anchor: string;
  /** The spans of its type the trace holds, described. */
  readonly available: readonly string[];

  /**
   * Creates a `SpanNotFoundError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: {
    traceId: string;
    anchor: string;
    available: readonly string[];
  }) {
    super(
      `No ${fields.anchor} span in trace ${quote(fields.traceId)}: ${
        fields.available.length === 0
          ? 'it has none of that type'
          : `it has ${fields.available.join(', ')}`
      }`,
    );
    this.name = 'SpanNotFoundError';
    this.traceId = fields.traceId;
    this.anchor = fields.anchor;
    this.available = Object.freeze([...fields.available]);
  }
}

/**
 * A trace the capture recorded, as the trace errors list them.
 *
 * @example
 * ```ts
 * import type { TraceSummary } from '@scripted/agents/tracing';
 *
 * const summary: TraceSummary = { traceId: 'trace_1', name: 'Agent workflow' };
 * ```
 */
export interface TraceSummary {
  /** The trace id. */
  readonly traceId: string;
  /** Its name (the run's `workflowName`); `''` when not seen. */
  readonly name: string;
}

function summaries(traces: readonly TraceSummary[]): string {
  return traces.length === 0
    ? 'none'
    : traces.map((t) => `${quote(t.name)} (${t.traceId})`).join(', ');
}

/**
 * No recorded trace matches the selector (or, with none given, the
 * capture recorded no trace). `recorded` lists those it holds.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { installTraceCapture, TraceNotFoundError } from '@scripted/agents/tracing';
 *
 * using capture = installTraceCapture();
 * assert.throws(() => capture.trace(), TraceNotFoundError);
 * ```
 */
export class TraceNotFoundError extends Error {
  /** The selector, rendered (`all traces` when none was given). */
  readonly selector: string;
  /** The traces recorded. */
  readonly recorded: readonly TraceSummary[];

  /**
   * Creates a `TraceNotFoundError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: { selector: string; recorded: readonly TraceSummary[] }) {
    super(
      `No trace matches ${fields.selector}: recorded ${
        summaries(fields.recorded)
      }`,
    );
    this.name = 'TraceNotFoundError';
    this.selector = fields.selector;
    this.recorded = Object.freeze(fields.recorded.map((t) => ({ ...t })));
  }
}

/**
 * More than one recorded trace matches the selector: name the run (its
 * `workflowName`) or select by `traceId`. `matching` lists them.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { AmbiguousTraceError } from '@scripted/agents/tracing';
 *
 * const error = new AmbiguousTraceError({
 *   selector: 'all traces',
 *   matching: [
 *     { traceId: 'trace_1', name: 'a' },
 *     { traceId: 'trace_2', name: 'b' },
 *   ],
 * });
 * assert.equal(error.name, 'AmbiguousTraceError');
 * ```
 */
export class AmbiguousTraceError extends Error {
  /** The selector, rendered. */
  readonly selector: string;
  /** The traces that match. */
  readonly matching: readonly TraceSummary[];

  /**
   * Creates an `AmbiguousTraceError`.
   * @param fields The structured fields; the message is built from them.
   */
  constructor(fields: { selector: string; matching: readonly TraceSummary[] }) {
    super(
      `${fields.matching.length} traces match ${fields.selector}, expected one: ${
        summaries(fields.matching)
      }`,
    );
    this.name = 'AmbiguousTraceError';
    this.selector = fields.selector;
    this.matching = Object.freeze(fields.matching.map((t) => ({ ...t })));
  }
}

/**
 * Why the capture rejected its input, as
 * `InvalidTraceAssertionInputError.reason`.
 *
 * @example
 * ```ts
 * import type { InvalidTraceAssertionInputReason } from '@scripted/agents/tracing';
 *
 * const reason: InvalidTraceAssertionInputReason = 'unknown_key';
 * ```
 */
export type InvalidTraceAssertionInputReason =
  | 'invalid_type'
  | 'invalid_value'
  | 'unknown_key'
  | 'unreadable';

/**
 * A capture method or trace assertion was given input it cannot use: a
 * malformed expectation, selector or option. `path` says where
 * (`expected[0].name`), `issue` what it must be, `received` what it was.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import {
 *   installTraceCapture,
 *   InvalidTraceAssertionInputError,
 * } from '@scripted/agents/tracing';
 *
 * assert.throws(
 *   () => installTraceCapture({ restor: [] } as never),
 *   (error: unknown) =>
 *     error instanceof InvalidTraceAssertionInputError &&
 *     error.reason === 'unknown_key' &&
 *     error.suggestion === 'restore',
 * );
 * ```
 */
export class InvalidTraceAssertionInputError extends Error {
  /** Why the input was rejected. */
  readonly reason: InvalidTraceAssertionInputReason;
  /** The method that rejected it. */
  readonly assertion: string;
  /** Where: `expected[0].name`, `selector.name`, `options.restore`. */
  readonly path: string;
  /** What the value must be. */
  readonly issue: string;
  /** What was given, rendered short. */
  readonly received: string;
  /** The key meant by a misspelt one, else `undefined`. */
  readonly suggestion: string | undefined;

  /**
   * Creates an `InvalidTraceAssertionInputError`.
   * @param fields The structured fields; the message is built from them.
   * @param options `cause`: the error thrown while reading the input.
   */
  constructor(
    fields: {
      reason: InvalidTraceAssertionInputReason;
      assertion: string;
      path: string;
      issue: string;
      received: string;
      suggestion?: string | undefined;
    },
    options?: { cause?: unknown },
  ) {
    // What was found, as a message may print it (redacted).
    const received = redactedCopy(fields.received) as string;
    super(
      invalidInputMessage({
        subject: `${fields.assertion} input`,
        path: fields.reason === 'unknown_key' ? undefined : fields.path,
        expected: fields.issue,
        received,
        suggestion: fields.suggestion,
      }),
      options,
    );
    this.name = 'InvalidTraceAssertionInputError';
    this.reason = fields.reason;
    this.assertion = fields.assertion;
    this.path = fields.path;
    this.issue = fields.issue;
    this.received = received;
    this.suggestion = fields.suggestion;
  }
}

/**
 * Runs `body`; a reader's issue becomes an
 * `InvalidTraceAssertionInputError` of `assertion`.
 *
 * @param assertion The method reading.
 * @param body The reading.
 * @returns What `body` returns.
 */
export function inputChecking<T>(assertion: string, body: () => T): T {
  return boundary(
    (issue: Issue) =>
      new InvalidTraceAssertionInputError(
        {
          reason: issue.code === 'missing' ? 'invalid_type' : issue.code,
          assertion,
          path: issue.path,
          issue: issue.expected,
          received: issue.received,
          suggestion: issue.suggestion,
        },
        issue.code === 'unreadable' ? { cause: issue.cause } : undefined,
      ),
    body,
  );
}
