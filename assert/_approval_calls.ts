/**
 * What happened to each function call of a run or a realtime session, as
 * the run recorded it: the interruptions it stopped on, the approval
 * records of its context (`isToolApproved`) and whether the tool executed
 * (`executionStatus` of the SDK's output item). Never read from an
 * output's text: a rejection with any message is a rejection.
 *
 * @module
 */
import {
  defaultRedaction,
  isSecretName,
  redacted,
} from '../_internal/redact.ts';
import { array, at, guard, reject } from '../_internal/read.ts';
import { field, itemsOf, parse } from './_read.ts';

/**
 * What happened to a call: its tool ran; it was rejected; the run waits
 * for its decision; it did not run (no output, or an output without the
 * tool executing and without a rejection); no call matches the name.
 */
export type ApprovalStatus =
  | 'ran'
  | 'rejected'
  | 'pending'
  | 'not run'
  | 'missing';

/** One function call and what happened to it. */
export interface ApprovalCall {
  /** The tool's name. */
  readonly name: string;
  /** The call id (`undefined` when the record gives none). */
  readonly callId: string | undefined;
  /** A realtime history item's id, also usable as a name. */
  readonly itemId?: string | undefined;
  /** The arguments, parsed from JSON. */
  readonly arguments: unknown;
  /** What the call returned (`undefined` when nothing). */
  readonly output: unknown;
  /**
   * What happened to it, read when asked (a record is read only for the
   * calls an assertion names).
   */
  readonly status: () => ApprovalStatus;
}

type Approved = (toolName: string, callId: string) => boolean | undefined;

/** The approval records of a context (`RunContext.isToolApproved`). */
function records(context: unknown, path: string, value: unknown): Approved {
  const check = guard(path, () => field(context, 'isToolApproved'));
  if (typeof check !== 'function') {
    throw reject('invalid_type', path, value, {
      expected: 'a context that records approvals (isToolApproved)',
      received: typeof check === 'undefined'
        ? 'no approval records'
        : typeof check,
    });
  }
  return (toolName, callId) =>
    guard(path, () => check.call(context, { toolName, callId })) as
      | boolean
      | undefined;
}

/** The calls of a plain or streamed run's result. */
function runCalls(result: unknown): ApprovalCall[] {
  const items = itemsOf(result);
  const waiting = new Set<string>();
  const interruptions = guard(
    'result.interruptions',
    () => field(result, 'interruptions'),
  );
  for (const item of array(interruptions ?? [], 'result.interruptions')) {
    waiting.add(String(field(field(item, 'rawItem'), 'callId')));
  }
  let approved: Approved | undefined;
  const record = () =>
    approved ??= records(
      guard('result.state', () => field(field(result, 'state'), '_context')),
      'result.state',
      guard('result.state', () => field(result, 'state')),
    );
  return guard('result.newItems', () => {
    const outputs = new Map<string, unknown>();
    for (const item of items) {
      if (field(item, 'type') !== 'tool_call_output_item') continue;
      const raw = field(item, 'rawItem');
      if (field(raw, 'type') !== 'function_call_result') continue;
      outputs.set(String(field(raw, 'callId')), item);
    }
    return items.filter((item) =>
      field(item, 'type') === 'tool_call_item' &&
      field(field(item, 'rawItem'), 'type') === 'function_call'
    ).map((item) => {
      const raw = field(item, 'rawItem');
      const name = String(field(raw, 'name'));
      const callId = String(field(raw, 'callId'));
      const answer = outputs.get(callId);
      const status = (): ApprovalStatus => {
        if (answer === undefined) {
          return waiting.has(callId) ? 'pending' : 'not run';
        }
        if (field(answer, 'executionStatus') === 'executed') return 'ran';
        if (record()(name, callId) === false) return 'rejected';
        // An SDK without `executionStatus` marks no execution: the call
        // was answered and not rejected, so its tool ran.
        return 'executionStatus' in (answer as object) ? 'not run' : 'ran';
      };
      return {
        name,
        callId,
        arguments: parse(field(raw, 'arguments')),
        output: field(answer, 'output'),
        status,
      };
    });
  });
}

/**
 * The calls of a realtime session's history. A history item has no call
 * id: the scripted transport's recorded `sendFunctionCallOutput` calls
 * give it (by item id), and the session's context the decision.
 */
function historyCalls(
  history: unknown[],
  path: string,
  session: unknown,
): ApprovalCall[] {
  const ids = new Map<string, string>();
  let approved: Approved | undefined;
  if (session !== undefined) {
    approved = records(
      guard('result.context', () => field(session, 'context')),
      'result.context',
      session,
    );
    const calls = guard(
      'result.transport',
      () => field(field(session, 'transport'), 'calls'),
    );
    for (const call of Array.isArray(calls) ? calls : []) {
      if (field(call, 'method') !== 'sendFunctionCallOutput') continue;
      const toolCall = field(call, 'toolCall');
      ids.set(String(field(toolCall, 'id')), String(field(toolCall, 'callId')));
    }
  }
  return guard(path, () => array(history, path)).flatMap(
    (item, i): ApprovalCall[] => {
      if (field(item, 'type') !== 'function_call') return [];
      const name = String(field(item, 'name'));
      const itemId = String(field(item, 'itemId'));
      const given = field(item, 'callId');
      const callId = typeof given === 'string' ? given : ids.get(itemId);
      const output = field(item, 'output') ?? undefined;
      const call = {
        name,
        callId,
        itemId,
        arguments: parse(field(item, 'arguments')),
        output,
      };
      const status = (): ApprovalStatus => {
        if (output === undefined) return 'pending';
        if (approved === undefined || callId === undefined) {
          throw reject('invalid_value', at(path, i), item, {
            expected: approved === undefined
              ? 'the RealtimeSession itself (a history records no approval decision)'
              : 'a RealtimeSession on the scripted transport (its recorded calls give each answered call its call id)',
            received: `the answered call "${itemId}" of "${name}"`,
          });
        }
        return approved(name, callId) === false ? 'rejected' : 'ran';
      };
      return [{ ...call, status }];
    },
  );
}

/**
 * The function calls of a run's result (plain or streamed), a
 * `RealtimeSession`, or a realtime session's `history`, each with what
 * happened to it.
 *
 * @param source The result, the session or its history.
 * @returns The calls, in order.
 */
export function approvalCalls(source: unknown): ApprovalCall[] {
  return guard('result', () => {
    if (Array.isArray(source)) {
      return historyCalls(source, 'result', undefined);
    }
    const history = field(source, 'history');
    if (field(source, 'newItems') === undefined && Array.isArray(history)) {
      return historyCalls(history, 'result.history', source);
    }
    return runCalls(source);
  });
}

/**
 * A value as a failure may print it: keys that name a credential keep
 * the key with `[redacted]`, and every string loses the credential shapes
 * (`_internal/redact.ts`'s rules).
 *
 * @param value A call's arguments or output.
 * @returns The value, redacted (a fresh copy).
 */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return defaultRedaction.text(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretName(key) ? redacted : redactValue(inner),
    ]),
  );
}
