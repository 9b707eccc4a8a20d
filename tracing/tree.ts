/**
 * The normalized tree of a trace: spans nested under their parents in
 * start order, ids replaced by stable tokens and timestamps dropped, so
 * two equal runs give equal trees (for any runner's snapshot feature);
 * span data and errors redacted by the fixtures' encoder, as a fixture
 * stores them.
 *
 * @module
 */
import { encode } from '../_internal/encode.ts';
import type { CapturedSpan } from './types.ts';

/**
 * One span of a {@link TraceTree}.
 *
 * @example
 * ```ts
 * import type { TraceTreeNode } from '@scripted/agents/tracing';
 *
 * const node: TraceTreeNode = {
 *   id: 'span_1',
 *   type: 'agent',
 *   data: { name: 'Triage' },
 *   children: [],
 * };
 * ```
 */
export interface TraceTreeNode {
  /** A stable token: `span_1`, `span_2`, … in start order. */
  readonly id: string;
  /** The span type. */
  readonly type: string;
  /** The span data but its `type`, ids in it replaced by their tokens. */
  readonly data: Readonly<Record<string, unknown>>;
  /** The error the span ended with, when it did. */
  readonly error?: { readonly message: string; readonly data?: unknown };
  /** Whether the span was still open when the tree was read (else absent). */
  readonly open?: true;
  /** The spans under it, in start order. */
  readonly children: readonly TraceTreeNode[];
}

/**
 * A trace as a normalized tree; see `CapturedTrace.tree()`.
 *
 * @example
 * ```ts
 * import type { TraceTree } from '@scripted/agents/tracing';
 *
 * const tree: TraceTree = { trace: 'trace_1', name: 'Agent workflow', spans: [] };
 * ```
 */
export interface TraceTree {
  /** Always `trace_1`: the trace id's stable token. */
  readonly trace: string;
  /** The trace's name. */
  readonly name: string;
  /** The top-level spans, in start order. */
  readonly spans: readonly TraceTreeNode[];
}

/** Replaces every string equal to a known id by its token. */
function replaceIds(value: unknown, tokens: Map<string, string>): unknown {
  if (typeof value === 'string') return tokens.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => replaceIds(v, tokens));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    out[key] = replaceIds(entry, tokens);
  }
  return out;
}

/** What fixtures store of a value: keys sorted, credentials removed. */
function redact(value: unknown): unknown {
  return encode(value);
}

function withoutType(
  data: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const { type: _type, ...rest } = data;
  return rest;
}

/**
 * Builds the normalized tree of a trace's spans.
 *
 * @param name The trace's name.
 * @param spans Its spans, in start order.
 * @returns The tree.
 */
export function traceTree(
  name: string,
  spans: readonly CapturedSpan[],
): TraceTree {
  const tokens = new Map<string, string>();
  spans.forEach((span, i) => tokens.set(span.spanId, `span_${i + 1}`));
  if (spans[0] !== undefined) tokens.set(spans[0].traceId, 'trace_1');
  // Each span under its parent; one whose parent the capture never saw
  // is shown at the top.
  const under = new Map<string | null, CapturedSpan[]>();
  for (const span of spans) {
    // `Map.has(null)` is false: a top-level span stays at the top.
    const parent = tokens.has(span.parentId as string) ? span.parentId : null;
    under.set(parent, [...(under.get(parent) ?? []), span]);
  }
  const build = (span: CapturedSpan): TraceTreeNode => ({
    id: tokens.get(span.spanId)!,
    type: span.type,
    data: redact(replaceIds(withoutType(span.data), tokens)) as Record<
      string,
      unknown
    >,
    ...(span.error === null
      ? {}
      : { error: redact(replaceIds(span.error, tokens)) as never }),
    ...(span.ended ? {} : { open: true as const }),
    children: (under.get(span.spanId) ?? []).map(build),
  });
  return { trace: 'trace_1', name, spans: (under.get(null) ?? []).map(build) };
}
