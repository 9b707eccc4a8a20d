/**
 * Picking one recorded trace by name, trace id or group id.
 *
 * @module
 */
import { fields, string } from '../_internal/read.ts';
import { quote } from '../_internal/format.ts';
import {
  AmbiguousTraceError,
  inputChecking,
  TraceNotFoundError,
} from './errors.ts';
import type { CapturedTrace } from './trace.ts';
import type { TraceSelector } from './types.ts';

const keys = ['name', 'traceId', 'groupId'] as const;

function readSelector(selector: unknown): Partial<Record<string, string>> {
  const read = fields(selector, 'selector', keys, { optional: true }).fields;
  const shaped: Partial<Record<string, string>> = {};
  for (const key of keys) {
    const value = string(read[key], `selector.${key}`, { optional: true });
    if (value !== undefined) shaped[key] = value;
  }
  return shaped;
}

/**
 * The one trace of `traces` that `selector` matches.
 *
 * @param traces The recorded traces.
 * @param selector The selector, unchecked; `undefined`: the only trace.
 * @returns The trace.
 * @throws {TraceNotFoundError} When none matches.
 * @throws {AmbiguousTraceError} When several do.
 * @throws {InvalidTraceAssertionInputError} When `selector` is malformed.
 */
export function selectTrace(
  traces: readonly CapturedTrace[],
  selector: TraceSelector | undefined,
): CapturedTrace {
  const wanted = inputChecking('trace', () => readSelector(selector));
  const entries = Object.entries(wanted);
  const rendered = entries.length === 0
    ? 'all traces'
    : entries.map(([key, value]) => `${key} ${quote(value!)}`).join(', ');
  const matching = traces.filter((trace) =>
    entries.every(([key, value]) => trace[key as 'name'] === value)
  );
  const summary = (trace: CapturedTrace) => ({
    traceId: trace.traceId,
    name: trace.name,
  });
  if (matching.length === 0) {
    throw new TraceNotFoundError({
      selector: rendered,
      recorded: traces.map(summary),
    });
  }
  if (matching.length > 1) {
    throw new AmbiguousTraceError({
      selector: rendered,
      matching: matching.map(summary),
    });
  }
  return matching[0]!;
}
