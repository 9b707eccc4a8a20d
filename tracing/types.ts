/**
 * The plain data shapes of the trace capture: a captured span, and what
 * the capture's selectors and assertions take.
 *
 * @module
 */

/**
 * One span of a captured trace: a detached copy of what the SDK reported
 * (its data as of its end, or as of reading while it is still open).
 *
 * @example
 * ```ts
 * import type { CapturedSpan } from '@scripted/agents/tracing';
 *
 * const span: CapturedSpan = {
 *   spanId: 'span_1',
 *   parentId: null,
 *   traceId: 'trace_1',
 *   type: 'agent',
 *   data: { type: 'agent', name: 'Triage' },
 *   error: null,
 *   startedAt: null,
 *   endedAt: null,
 *   ended: true,
 * };
 * ```
 */
export interface CapturedSpan {
  /** The span id. */
  readonly spanId: string;
  /** The parent span's id; `null` for a span directly under the trace. */
  readonly parentId: string | null;
  /** The trace id. */
  readonly traceId: string;
  /** The span type (`agent`, `function`, `guardrail`, `generation`, …). */
  readonly type: string;
  /** The span data (`spanData`), copied. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The error the span ended with, or `null`. */
  readonly error: { readonly message: string; readonly data?: unknown } | null;
  /** ISO start time, as the SDK set it. */
  readonly startedAt: string | null;
  /** ISO end time, as the SDK set it. */
  readonly endedAt: string | null;
  /** Whether the span has ended. */
  readonly ended: boolean;
}

/**
 * Which trace `capture.trace()` returns: by `name` (the run's
 * `workflowName`), `traceId` or `groupId`; every key given must match.
 *
 * @example
 * ```ts
 * import type { TraceSelector } from '@scripted/agents/tracing';
 *
 * const selector: TraceSelector = { name: 'checkout' };
 * ```
 */
export interface TraceSelector {
  /** The trace's name (`workflowName`). */
  readonly name?: string | undefined;
  /** The trace id. */
  readonly traceId?: string | undefined;
  /** The trace's group id. */
  readonly groupId?: string | undefined;
}

/**
 * An expected span of the `assertNoSpansAfter` anchor: the first span of
 * `type` (and `name`, and `triggered` for a guardrail, when given).
 *
 * @example
 * ```ts
 * import type { SpanAnchor } from '@scripted/agents/tracing';
 *
 * const anchor: SpanAnchor = { type: 'guardrail', name: 'block', triggered: true };
 * ```
 */
export interface SpanAnchor {
  /** The span type. */
  readonly type: string;
  /** Its name (agent, tool, guardrail name), when given. */
  readonly name?: string | undefined;
  /** For a guardrail: whether it tripped, when given. */
  readonly triggered?: boolean | undefined;
}

/**
 * What `assertGenerations` compares: the number of generation spans and
 * the tokens they report, summed; each compared when given.
 *
 * @example
 * ```ts
 * import type { ExpectedGenerations } from '@scripted/agents/tracing';
 *
 * const expected: ExpectedGenerations = {
 *   count: 2,
 *   usage: { input_tokens: 20, output_tokens: 10 },
 * };
 * ```
 */
export interface ExpectedGenerations {
  /** How many generation spans. */
  readonly count?: number | undefined;
  /** Their tokens, summed. */
  readonly usage?: {
    readonly input_tokens?: number | undefined;
    readonly output_tokens?: number | undefined;
  } | undefined;
}
