/**
 * One recorded trace: its spans in start order, the assertions that read
 * like the run, and its normalized tree.
 *
 * @module
 */
import type { Span, Trace } from '@openai/agents-core';
import { array, boolean, fields, number, string } from '../_internal/read.ts';
import { firstDifference } from '../_internal/diff.ts';
import { quote } from '../_internal/format.ts';
import {
  inputChecking,
  SpanNotFoundError,
  SpanOrderError,
  TraceAssertionError,
} from './errors.ts';
import { compareList, projections } from './project.ts';
import { type TraceTree, traceTree } from './tree.ts';
import type { CapturedSpan, ExpectedGenerations, SpanAnchor } from './types.ts';

/** @internal What the capture keeps of one span. */
export interface SpanRecord {
  readonly span: Span<never>;
  ended: boolean;
}

function copy(value: unknown): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(value)) ?? {};
  } catch {
    return { ...(value as object) };
  }
}

function spanName(span: CapturedSpan): string {
  const data = span.data;
  const name = data.name ?? data.to_agent ?? data.server ?? data.agent_name;
  return typeof name === 'string' ? name : '';
}

function describeAnchor(anchor: SpanAnchor): string {
  return `${anchor.type}${
    anchor.name === undefined ? '' : ` ${quote(anchor.name)}`
  }${
    anchor.triggered === undefined
      ? ''
      : anchor.triggered
      ? ' (tripped)'
      : ' (not tripped)'
  }`;
}

function readAnchor(anchor: unknown): SpanAnchor {
  const read = fields(anchor, 'anchor', ['type', 'name', 'triggered'], {
    expected: 'an object with a "type"',
  }).fields;
  return {
    type: string(read.type, 'anchor.type', { nonEmpty: true }),
    name: string(read.name, 'anchor.name', { optional: true }),
    triggered: boolean(read.triggered, 'anchor.triggered', { optional: true }),
  };
}

function readGenerations(expected: unknown): Record<string, unknown> {
  const read = fields(expected, 'expected', ['count', 'usage']).fields;
  const shaped: Record<string, unknown> = {};
  if (read.count !== undefined) {
    shaped.count = number(read.count, 'expected.count', {
      integer: true,
      min: 0,
    });
  }
  if (read.usage !== undefined) {
    const usage = fields(read.usage, 'expected.usage', [
      'input_tokens',
      'output_tokens',
    ]).fields;
    const tokens: Record<string, unknown> = {};
    for (const key of ['input_tokens', 'output_tokens'] as const) {
      if (usage[key] === undefined) continue;
      tokens[key] = number(usage[key], `expected.usage.${key}`, {
        integer: true,
        min: 0,
      });
    }
    shaped.usage = tokens;
  }
  return shaped;
}

/**
 * A trace the capture recorded: its spans in start order, assertions that
 * read like the run (each throws a structured error with a line diff), and
 * a normalized tree for snapshots. Get it from `capture.trace()`.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { installTraceCapture } from '@scripted/agents/tracing';
 *
 * using capture = installTraceCapture();
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * await new Runner().run(new Agent({ name: 'Greeter', model }), 'Hello');
 * const trace = capture.trace();
 * trace.assertAgents(['Greeter']);
 * trace.assertToolCalls([]);
 * ```
 */
export class CapturedTrace {
  /** The trace id. */
  readonly traceId: string;
  #name = '';
  #groupId: string | null = null;
  #metadata: Readonly<Record<string, unknown>> = {};
  readonly #records: SpanRecord[] = [];
  /** Whether the trace has ended. */
  ended = false;

  /** @internal Made by the capture. */
  constructor(traceId: string) {
    this.traceId = traceId;
  }

  /** @internal Takes the trace's name, group and metadata. */
  describe(trace: Trace): void {
    this.#name = trace.name;
    this.#groupId = trace.groupId;
    this.#metadata = copy(trace.metadata ?? {});
  }

  /** @internal Adds a span record. */
  add(record: SpanRecord): void {
    this.#records.push(record);
  }

  /** The trace's name (the run's `workflowName`); `''` if never seen. */
  get name(): string {
    return this.#name;
  }

  /** The trace's group id, or `null`. */
  get groupId(): string | null {
    return this.#groupId;
  }

  /** The trace's metadata, copied (`{}` when it has none). */
  get metadata(): Readonly<Record<string, unknown>> {
    return this.#metadata;
  }

  /** The spans, in the order they started (detached copies). */
  get spans(): readonly CapturedSpan[] {
    return this.#records.map(({ span, ended }) => ({
      spanId: span.spanId,
      parentId: span.parentId,
      traceId: span.traceId,
      type: String((span.spanData as { type?: unknown }).type),
      data: copy(span.spanData),
      error: span.error === null ? null : copy(span.error) as never,
      startedAt: span.startedAt,
      endedAt: span.endedAt,
      ended,
    }));
  }

  /**
   * The spans as a tree, with ids and timestamps replaced by stable tokens
   * (`span_1`, … in start order): equal for equal runs, for any runner's
   * snapshot feature. Span data and errors are redacted as fixtures store
   * them (keys sorted, credentials `[redacted]`); `spans` stays whole.
   *
   * @returns The normalized tree.
   */
  tree(): TraceTree {
    return traceTree(this.#name, this.spans);
  }

  /**
   * Asserts the agents that ran, by agent span, in order.
   *
   * @param expected The agent names.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertAgents(expected: readonly string[]): void {
    compareList(this, { assertion: 'assertAgents', expected });
  }

  /**
   * Asserts the tool calls (function spans, MCP tools included), in order:
   * each `name`, and the `arguments` (parsed from JSON) and `output` (the
   * span's text, as the tool returned it) when given.
   *
   * @param expected The calls.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertToolCalls(
    expected: readonly {
      name: string;
      arguments?: unknown;
      output?: unknown;
    }[],
  ): void {
    compareList(this, { assertion: 'assertToolCalls', expected });
  }

  /**
   * Asserts the handoffs, in order: `from` and, when given, `to`.
   *
   * @param expected The handoffs.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertHandoffs(expected: readonly { from: string; to?: string }[]): void {
    compareList(this, { assertion: 'assertHandoffs', expected });
  }

  /**
   * Asserts the guardrails that ran, in order: `name` and, when given,
   * whether each `triggered` (tripped).
   *
   * @param expected The guardrails.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertGuardrails(
    expected: readonly { name: string; triggered?: boolean }[],
  ): void {
    compareList(this, { assertion: 'assertGuardrails', expected });
  }

  /**
   * Asserts the MCP list-tools spans, in order: `server` and, when given,
   * the `tools` it listed.
   *
   * @param expected The listings.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertMcpListTools(
    expected: readonly { server: string; tools?: readonly string[] }[],
  ): void {
    compareList(this, { assertion: 'assertMcpListTools', expected });
  }

  /**
   * Asserts the MCP tool calls (function spans with MCP data), in order:
   * `name`, and `server`, `arguments` (parsed) and `output` (the span's
   * text: the MCP content as JSON) when given.
   *
   * @param expected The calls.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertMcpCalls(
    expected: readonly {
      name: string;
      server?: string;
      arguments?: unknown;
      output?: unknown;
    }[],
  ): void {
    compareList(this, { assertion: 'assertMcpCalls', expected });
  }

  /**
   * Asserts the generation spans: their `count` and summed `usage` tokens,
   * each when given.
   *
   * @param expected The count and usage.
   * @throws {TraceAssertionError} When they differ.
   * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
   */
  assertGenerations(expected: ExpectedGenerations): void {
    const wanted = inputChecking(
      'assertGenerations',
      () => readGenerations(expected),
    );
    const generations = projections.assertGenerations(this.spans) as {
      usage: { input_tokens: number; output_tokens: number };
    }[];
    const actual: Record<string, unknown> = {};
    if ('count' in wanted) actual.count = generations.length;
    if ('usage' in wanted) {
      const usage: Record<string, number> = {};
      for (const key of Object.keys(wanted.usage as object)) {
        usage[key] = generations.reduce(
          (sum, g) => sum + g.usage[key as 'input_tokens'],
          0,
        );
      }
      actual.usage = usage;
    }
    const path = firstDifference(wanted, actual);
    if (path === undefined) return;
    throw new TraceAssertionError({
      assertion: 'assertGenerations',
      traceId: this.traceId,
      expected: wanted,
      actual,
      path,
    });
  }

  /**
   * Asserts that no span of `types` started after the first span matching
   * `anchor` started — say, no generation and no tool call after a tripped
   * input guardrail.
   *
   * @param anchor The span the check starts from.
   * @param types The span types that must not follow it.
   * @throws {SpanNotFoundError} When no span matches `anchor`.
   * @throws {SpanOrderError} When such spans followed it.
   * @throws {InvalidTraceAssertionInputError} When an argument is malformed.
   */
  assertNoSpansAfter(anchor: SpanAnchor, types: readonly string[]): void {
    const [wanted, forbidden] = inputChecking('assertNoSpansAfter', () =>
      [
        readAnchor(anchor),
        readTypes(types),
      ] as const);
    const spans = this.spans;
    const at = spans.findIndex((span) =>
      span.type === wanted.type &&
      (wanted.name === undefined || spanName(span) === wanted.name) &&
      (wanted.triggered === undefined ||
        span.data.triggered === wanted.triggered)
    );
    if (at < 0) {
      throw new SpanNotFoundError({
        traceId: this.traceId,
        anchor: describeAnchor(wanted),
        available: spans.filter((span) => span.type === wanted.type).map(
          (span) =>
            describeAnchor({
              type: span.type,
              name: spanName(span),
              triggered: span.type === 'guardrail'
                ? span.data.triggered === true
                : undefined,
            }),
        ),
      });
    }
    const following = spans.slice(at + 1).filter((span) =>
      forbidden.includes(span.type)
    ).map((span) => ({ type: span.type, name: spanName(span) }));
    if (following.length === 0) return;
    throw new SpanOrderError({
      traceId: this.traceId,
      anchor: describeAnchor(wanted),
      forbidden,
      following,
    });
  }
}

function readTypes(types: unknown): string[] {
  return array(types, 'types', {
    expected: 'an array of span types',
  }).map((type, i) => string(type, `types[${i}]`, { nonEmpty: true }));
}
