/**
 * What the trace assertions read of a trace's spans — the agents, tool
 * calls, handoffs, guardrails, MCP spans and generations, each a plain
 * record in start order — and the one comparison they share: an expected
 * list (or record) against the projection cut to the keys it gives.
 *
 * @module
 */
import { firstDifference } from '../_internal/diff.ts';
import { array, at, fields, string } from '../_internal/read.ts';
import {
  inputChecking,
  TraceAssertionError,
  type TraceAssertionName,
} from './errors.ts';

/** A span as the projections read it. */
export interface SpanView {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** JSON text parsed; the text itself when it is not JSON. */
export function parse(value: unknown): unknown {
  try {
    return typeof value === 'string' ? JSON.parse(value) : value;
  } catch {
    return value;
  }
}

/** The MCP server of a function span (`mcp_data`, object or JSON text). */
function mcpServer(data: Readonly<Record<string, unknown>>): unknown {
  const raw = parse(data.mcp_data);
  if (typeof raw !== 'object' || raw === null) return undefined;
  return (raw as Record<string, unknown>).server;
}

function ofType(spans: readonly SpanView[], type: string): SpanView[] {
  return spans.filter((span) => span.type === type);
}

/** The projections, by assertion. */
export const projections: {
  readonly [K in TraceAssertionName]: (
    spans: readonly SpanView[],
  ) => unknown[];
} = {
  assertAgents: (spans) => ofType(spans, 'agent').map((s) => text(s.data.name)),
  assertToolCalls: (spans) =>
    ofType(spans, 'function').map((s) => ({
      name: text(s.data.name),
      arguments: parse(s.data.input),
      output: s.data.output,
    })),
  assertHandoffs: (spans) =>
    ofType(spans, 'handoff').map((s) => ({
      from: text(s.data.from_agent),
      to: text(s.data.to_agent),
    })),
  assertGuardrails: (spans) =>
    ofType(spans, 'guardrail').map((s) => ({
      name: text(s.data.name),
      triggered: s.data.triggered === true,
    })),
  assertMcpListTools: (spans) =>
    ofType(spans, 'mcp_tools').map((s) => ({
      server: text(s.data.server),
      tools: Array.isArray(s.data.result) ? [...s.data.result] : [],
    })),
  assertMcpCalls: (spans) =>
    ofType(spans, 'function').filter((s) => mcpServer(s.data) !== undefined)
      .map((s) => ({
        server: text(mcpServer(s.data)),
        name: text(s.data.name),
        arguments: parse(s.data.input),
        output: s.data.output,
      })),
  assertGenerations: (spans) =>
    ofType(spans, 'generation').map((s) => {
      const usage = (s.data.usage ?? {}) as Record<string, unknown>;
      return {
        model: text(s.data.model),
        usage: {
          input_tokens: Number(usage.input_tokens ?? 0),
          output_tokens: Number(usage.output_tokens ?? 0),
        },
      };
    }),
};

/** The keys each list assertion's expected entries may give (first: required). */
const entryKeys: { readonly [K in TraceAssertionName]?: readonly string[] } = {
  assertToolCalls: ['name', 'arguments', 'output'],
  assertHandoffs: ['from', 'to'],
  assertGuardrails: ['name', 'triggered'],
  assertMcpListTools: ['server', 'tools'],
  assertMcpCalls: ['name', 'server', 'arguments', 'output'],
};

/** The expected list, read once and checked; entries as plain records. */
function readExpected(
  assertion: TraceAssertionName,
  expected: unknown,
): unknown[] {
  const list = array(expected, 'expected', {
    expected: 'an array of expected spans',
  });
  const keys = entryKeys[assertion];
  return list.map((entry, i) => {
    const path = at('expected', i);
    if (keys === undefined) return string(entry, path, { nonEmpty: true });
    const read = fields(entry, path, keys, {
      expected: `an object with a ${JSON.stringify(keys[0])}`,
    }).fields as Record<string, unknown>;
    const first = keys[0]!;
    string(read[first], at(path, first), { nonEmpty: true });
    const shaped: Record<string, unknown> = {};
    for (const key of keys) if (key in read) shaped[key] = read[key];
    return shaped;
  });
}

/** Each actual entry cut to the keys its expected entry gives. */
function cut(actual: unknown[], wanted: unknown[]): unknown[] {
  return actual.map((entry, i) => {
    const shape = wanted[i];
    // A name (agents), or an entry the expectation does not reach: whole.
    if (shape === undefined || typeof shape === 'string') return entry;
    return Object.fromEntries(
      Object.entries(entry as object).filter(([key]) =>
        key in (shape as object)
      ),
    );
  });
}

/**
 * Compares the projection of `spans` for `assertion` with `expected`.
 *
 * @param trace The trace's id and spans, in start order.
 * @param check The assertion, and the user's expectation (unchecked).
 * @throws {TraceAssertionError} When they differ.
 * @throws {InvalidTraceAssertionInputError} When `expected` is malformed.
 */
export function compareList(
  trace: { readonly traceId: string; readonly spans: readonly SpanView[] },
  check: { readonly assertion: TraceAssertionName; readonly expected: unknown },
): void {
  const { assertion, expected } = check;
  const { traceId, spans } = trace;
  const wanted = inputChecking(
    assertion,
    () => readExpected(assertion, expected),
  );
  const actual = cut(projections[assertion](spans), wanted);
  const path = firstDifference(wanted, actual);
  if (path !== undefined) {
    throw new TraceAssertionError({
      assertion,
      traceId,
      expected: wanted,
      actual,
      path,
    });
  }
}
