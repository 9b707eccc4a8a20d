/**
 * The realtime simulation's side of the one input reader
 * (`_internal/read.ts`): a builder, the fault list or the clock reads its
 * input with the reader's checks inside {@link inSpec}, which turns the
 * issue a check throws into an `InvalidRealtimeSpecError` of that
 * operation; {@link invalid} is the issue of a check the reader has not
 * got (a fault kind, a clock, a count that depends on another field).
 *
 * @module
 */
import { describe } from '../../_internal/format.ts';
import type { RealtimeItem } from '@openai/agents-realtime';
import type { RecordedRealtimeCall } from '../mod.ts';
import {
  array,
  at,
  boundary,
  fields,
  InputIssue,
  type Issue,
  object,
  string,
} from '../../_internal/read.ts';
import {
  InvalidRealtimeSpecError,
  type InvalidRealtimeSpecReason,
} from './errors.ts';

/**
 * Runs `body`, whose reads throw a reader's issue; the issue becomes the
 * `InvalidRealtimeSpecError` of `operation` (its `reason` is the issue's
 * `label` when {@link invalid} gave a reason of the simulation's own).
 *
 * @param operation The builder or method reading its input.
 * @param body The reading.
 * @returns What `body` returns.
 * @throws {InvalidRealtimeSpecError} For an issue.
 */
export function inSpec<T>(operation: string, body: () => T): T {
  return boundary(
    (issue: Issue) =>
      new InvalidRealtimeSpecError({
        operation,
        reason: (issue.label ?? issue.code) as InvalidRealtimeSpecReason,
        path: issue.path,
        issue: issue.expected,
        received: issue.received,
        suggestion: issue.suggestion,
      }),
    body,
  );
}

/**
 * The issue of a check the reader has not got, to throw inside
 * {@link inSpec}.
 *
 * @param reason Why.
 * @param path Where.
 * @param expected What the value must be.
 * @param value What was given (described), or `found.received` in words.
 * @param found `received` when the value cannot be shown; `suggestion`.
 * @returns The issue.
 */
export function invalid(
  reason: InvalidRealtimeSpecReason,
  path: string,
  expected: string,
  value: unknown,
  found: { received?: string; suggestion?: string | undefined } = {},
): InputIssue {
  // The reason travels as the label: `inSpec` makes it the error's.
  return new InputIssue({
    code: 'invalid_value',
    path,
    expected,
    received: found.received ?? describe(value),
    suggestion: found.suggestion,
    cause: undefined,
    label: reason,
  });
}

// The factory building a class, named by the class's problems.
let factory: string | undefined;

/**
 * Runs `build` (a constructor call), so that the constructor's problems
 * name `operation`, the factory (`watchSession`), rather than the class.
 *
 * @param operation The factory's name.
 * @param build Calls the constructor.
 * @returns What `build` returns.
 */
export function building<T>(operation: string, build: () => T): T {
  factory = operation;
  try {
    return build();
  } finally {
    factory = undefined;
  }
}

/**
 * The operation a constructor's problems name: the factory building it
 * ({@link building}), else the class itself.
 *
 * @param name The class's name.
 * @returns The operation.
 */
export function constructing(name: string): string {
  const operation = factory ?? name;
  factory = undefined;
  return operation;
}

/** A watcher's list (`approvals`…), each entry's `names` read. */
export type Entries<K extends string> = { readonly [P in K]?: unknown }[];

/**
 * Reads, for `operation`, the watcher's `session` and its `list`, each
 * entry's `names` (a hand-made watcher is read as hostile as any input).
 */
export function watched<K extends string>(
  operation: string,
  watcher: unknown,
  list: 'approvals' | 'handoffs' | 'interruptions',
  names: readonly K[],
): { readonly session: object; readonly entries: Entries<K> } {
  return inSpec(operation, () => {
    const expected = 'a RealtimeSessionWatcher (from watchSession())';
    const allow = { expected, unknownKeys: 'allow' } as const;
    const { fields: w } = fields(watcher, 'watcher', ['session', list], allow);
    const path = `watcher.${list}`;
    const entries = array(w[list], path, { expected: 'an array' }).map(
      (entry, i) =>
        fields(entry, at(path, i), names, { unknownKeys: 'allow' }).fields,
    );
    return { session: object(w.session, 'watcher.session', allow), entries };
  });
}

/** Reads `value[key]` (at `path`) for `operation`, hostile-safe. */
export function field(
  operation: string,
  value: unknown,
  path: string,
  key: string,
): unknown {
  return inSpec(
    operation,
    () => fields(value, path, [key], { unknownKeys: 'allow' }).fields[key],
  );
}

/** The options' `names`, read for `operation` (`optional`: may be absent). */
export function optionsOf<K extends string>(
  operation: string,
  options: unknown,
  names: readonly K[],
  optional: boolean,
): { readonly [P in K]?: unknown } {
  return inSpec(
    operation,
    () => fields(options, 'options', names, { optional }).fields,
  );
}

/** An agent's name: the string, or an agent's `name` (at `path`). */
export function agentName(
  agent: unknown,
  path: string,
  check: { optional?: boolean; expected?: string } = {},
): string | undefined {
  if (typeof agent === 'string') return agent;
  const expected = check.expected ?? 'an agent name or an agent';
  const { fields: a } = fields(agent, path, ['name'], {
    optional: check.optional,
    expected,
    unknownKeys: 'allow',
  });
  if (agent === undefined) return undefined;
  return string(a.name, `${path}.name`, { expected: 'a string' });
}

/**
 * The session's history (for `operation`): each item's `itemId`, `type`
 * and, for a message, its content parts' `transcript` and `text`.
 */
export function readHistory(
  operation: string,
  session: unknown,
): RealtimeItem[] {
  return inSpec(operation, () => {
    const history = field(operation, session, 'session', 'history');
    const allow = { unknownKeys: 'allow' } as const;
    return array(history, 'session.history').map((entry, i) => {
      const path = at('session.history', i);
      const { fields: e } = fields(entry, path, [
        'itemId',
        'type',
        'content',
      ], allow);
      if (e.type !== 'message') return { itemId: e.itemId, type: e.type };
      const content = array(e.content, `${path}.content`).map((part, j) =>
        fields(part, at(`${path}.content`, j), ['transcript', 'text'], allow)
          .fields
      );
      return { itemId: e.itemId, type: e.type, content };
    }) as RealtimeItem[];
  });
}

/**
 * The recorded calls of `transport` (at `path`), read for `operation`:
 * each call's `method`, `approved`, `approvalRequest.itemId` and
 * `toolCall.callId` (what the assertions look at).
 */
export function recordedCalls(
  operation: string,
  transport: unknown,
  path: string,
): readonly RecordedRealtimeCall[] {
  return inSpec(operation, () => {
    const allow = { unknownKeys: 'allow' } as const;
    const { fields: f } = fields(transport, path, ['calls'], {
      ...allow,
      expected: 'a transport with recorded calls',
    });
    const calls = array(f.calls, `${path}.calls`, {
      expected: 'an array of recorded calls',
    });
    return calls.map((call, i) => {
      const where = at(`${path}.calls`, i);
      const { fields: c } = fields(call, where, [
        'method',
        'approved',
        'approvalRequest',
        'toolCall',
      ], allow);
      const nested = (key: 'approvalRequest' | 'toolCall', name: string) =>
        fields(c[key], at(where, key), [name], { ...allow, optional: true })
          .fields;
      return {
        method: c.method,
        approved: c.approved,
        approvalRequest: nested('approvalRequest', 'itemId'),
        toolCall: nested('toolCall', 'callId'),
      };
    }) as unknown as RecordedRealtimeCall[];
  });
}
