/**
 * `assertApprovals()`: what happened to each function call of a run or a
 * realtime session, as the run recorded it — the interruptions it stopped
 * on, the approval records of its context (`isToolApproved`) and whether
 * the tool executed (`executionStatus` of the SDK's output item) — against
 * what the test expects. Never read from an output's text: a rejection
 * with any message is a rejection.
 *
 * @module
 */
import { firstDifference } from '../_internal/diff.ts';
import { redactedCopy } from '../_internal/redacted_copy.ts';
import { array, at, fields, guard, reject, string } from '../_internal/read.ts';
import { RunAssertionError, runHeadline } from './errors.ts';
import { checking, field, itemsOf, parse } from './_read.ts';
import { names } from './approvals.ts';

/**
 * What happened to a call: its tool ran; it was rejected; the run waits
 * for its decision; it did not run (no output, or an output without the
 * tool executing and without a rejection); no call matches the name.
 *
 * @example
 * ```ts
 * import type { ApprovalStatus } from '@scripted/agents/assert';
 *
 * const stopped: ApprovalStatus = 'not run';
 * ```
 */
export type ApprovalStatus =
  | 'ran'
  | 'rejected'
  | 'pending'
  | 'not run'
  | 'missing';

/** One function call and what happened to it. */
interface ApprovalCall {
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
function records(context: unknown, path: string): Approved {
  const check = guard(path, () => field(context, 'isToolApproved'));
  if (typeof check !== 'function') {
    throw reject('invalid_type', path, check, {
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
  if (interruptions !== undefined) {
    for (const item of array(interruptions, 'result.interruptions')) {
      waiting.add(String(field(field(item, 'rawItem'), 'callId')));
    }
  }
  let approved: Approved | undefined;
  const record = () =>
    approved ??= records(
      guard('result.state', () => field(field(result, 'state'), '_context')),
      'result.state',
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
      const status = () =>
        guard('result.newItems', (): ApprovalStatus => {
          if (answer === undefined) {
            return waiting.has(callId) ? 'pending' : 'not run';
          }
          if (field(answer, 'executionStatus') === 'executed') return 'ran';
          if (record()(name, callId) === false) return 'rejected';
          // An SDK without `executionStatus` marks no execution: the call
          // was answered and not rejected, so its tool ran.
          return 'executionStatus' in (answer as object) ? 'not run' : 'ran';
        });
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
    );
    const calls = guard(
      'result.transport',
      () => field(field(session, 'transport'), 'calls'),
    );
    // Another transport records no calls: no answered call has an id.
    if (Array.isArray(calls)) {
      for (const call of calls) {
        if (field(call, 'method') !== 'sendFunctionCallOutput') continue;
        const toolCall = field(call, 'toolCall');
        ids.set(
          String(field(toolCall, 'id')),
          String(field(toolCall, 'callId')),
        );
      }
    }
  }
  const items = guard(path, () => array(history, path));
  return items.map((item, i) => [item, i] as const).filter(([item]) =>
    field(item, 'type') === 'function_call'
  ).map(
    ([item, i]): ApprovalCall => {
      // A function call names its tool: one that does not is malformed.
      const name = string(field(item, 'name'), at(at(path, i), 'name'));
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
      return { ...call, status };
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
function approvalCalls(source: unknown): ApprovalCall[] {
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
 * What `assertApprovals()` expects: the calls that ran (by tool name or
 * call id, with their arguments when given) and those that were rejected.
 * A tool name means every call of that tool.
 *
 * @example
 * ```ts
 * import type { ExpectedApprovals } from '@scripted/agents/assert';
 *
 * const expected: ExpectedApprovals = {
 *   approved: [{ name: 'read_file', arguments: { path: 'a.txt' } }],
 *   rejected: ['delete_file'],
 * };
 * ```
 */
export interface ExpectedApprovals {
  /** Calls that were approved and ran. */
  readonly approved?: readonly (string | {
    readonly name: string;
    readonly arguments?: unknown;
  })[];
  /** Calls that were rejected and did not run. */
  readonly rejected?: readonly string[];
  /**
   * The text every rejected call must have returned (not checked when not
   * given: a rejection is read from the approval records, not the text).
   */
  readonly rejectionMessage?: string;
}

/** One expectation: a tool name or call id, and what should have happened. */
interface Wanted {
  readonly name: string;
  readonly status: 'ran' | 'rejected';
  readonly arguments?: unknown;
  readonly output?: unknown;
}

/** One compared row: a call (or a name no call matches). */
type Row = Record<string, unknown>;

/**
 * Each expectation against every call it names (a tool name names every
 * call of that tool): the expected and the actual rows, one per call,
 * `{ name, callId, status, arguments, output? }`; a name no call matches
 * is one row `{ name, status }` whose actual status is `missing`.
 */
function rows(
  calls: readonly ApprovalCall[],
  wanted: readonly Wanted[],
): readonly [Row[], Row[]] {
  const expected: Row[] = [];
  const actual: Row[] = [];
  for (const want of wanted) {
    const matched = calls.filter((c) =>
      c.name === want.name || c.callId === want.name || c.itemId === want.name
    );
    if (matched.length === 0) {
      expected.push({ name: want.name, status: want.status });
      actual.push({ name: want.name, status: 'missing' });
    }
    for (const call of matched) {
      const got: Row = {
        name: call.name,
        callId: call.callId,
        status: call.status(),
        arguments: call.arguments,
      };
      const row: Row = { ...got, status: want.status };
      if ('arguments' in want) row.arguments = want.arguments;
      if ('output' in want) {
        row.output = want.output;
        got.output = call.output;
      }
      expected.push(row);
      actual.push(got);
    }
  }
  return [expected, actual];
}

/**
 * Asserts an approval round trip from what the run recorded, never from an
 * output's text. A tool name means every call of that tool (as in
 * `decideApprovals()`); a call id means that call. Each `approved` call's
 * tool ran (the SDK marks its output as executed), with its `arguments`
 * when given; each `rejected` call was rejected (its context's approval
 * record says so, whatever message it returned) and its tool did not run.
 * A call the run stopped on is `pending`.
 *
 * @param result The resumed run's result (plain or streamed), or a
 * `RealtimeSession` (its history, its context's approval records and the
 * call ids its scripted transport recorded). A session's `history` alone
 * holds no decision: it serves only while no matched call was answered.
 * @param expected The approved and rejected calls, and the
 * `rejectionMessage` every rejected call must have returned, when given.
 * @throws {RunAssertionError} When a call differs: `expected` and `actual`
 * hold one row per matched call, `{ name, callId, status, arguments }`
 * (and `output` when `rejectionMessage` is given), or `{ name, status }`
 * for a name no call matches; `status` is `ran`, `rejected`, `pending`,
 * `not run` or `missing`. The message names the call and shows every row,
 * arguments redacted.
 * @throws {InvalidRunAssertionInputError} When `result` is none of these,
 * or `expected` is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { assertApprovals, decideApprovals } from '@scripted/agents/assert';
 *
 * const remove = tool({
 *   name: 'delete_file',
 *   description: 'Delete a file',
 *   parameters: z.object({ path: z.string() }),
 *   needsApproval: true,
 *   execute: ({ path }) => `deleted ${path}`,
 * });
 * const model = new ScriptedModel([
 *   [
 *     functionCall('delete_file', { path: 'a.txt' }, { callId: 'call_1' }),
 *     functionCall('delete_file', { path: 'prod.db' }, { callId: 'call_2' }),
 *   ],
 *   [assistantMessage('Done')],
 * ]);
 * const agent = new Agent({ name: 'Files', model, tools: [remove] });
 * const runner = new Runner({ tracingDisabled: true });
 * const first = await runner.run(agent, 'Clean');
 * const state = await decideApprovals(first, {
 *   agent,
 *   reject: ['call_1'],
 *   approve: ['call_2'],
 *   rejectionMessage: 'Not that one',
 * });
 * const resumed = await runner.run(agent, state);
 * assertApprovals(resumed, { rejected: ['call_1'], approved: ['call_2'] });
 * // The name means both calls: call_2 ran.
 * assert.throws(
 *   () => assertApprovals(resumed, { rejected: ['delete_file'] }),
 *   { path: '[1].status', actual: [
 *     { name: 'delete_file', callId: 'call_1', status: 'rejected', arguments: { path: 'a.txt' } },
 *     { name: 'delete_file', callId: 'call_2', status: 'ran', arguments: { path: 'prod.db' } },
 *   ] },
 * );
 * ```
 */
export function assertApprovals(
  result: unknown,
  expected: ExpectedApprovals,
): void {
  const assertion = 'assertApprovals';
  const [wanted, actual] = checking(assertion, () => {
    const calls = approvalCalls(result);
    const read = fields(expected, 'expected', [
      'approved',
      'rejected',
      'rejectionMessage',
    ]).fields;
    const message = string(read.rejectionMessage, 'expected.rejectionMessage', {
      optional: true,
    });
    const approved = array(read.approved ?? [], 'expected.approved').map(
      (entry, i): Wanted => {
        const path = at('expected.approved', i);
        if (typeof entry === 'string') return { name: entry, status: 'ran' };
        const got = fields(entry, path, ['name', 'arguments'], {
          expected: 'a tool name or call id, or { name, arguments }',
        }).fields;
        const name = string(got.name, at(path, 'name'), { nonEmpty: true });
        return 'arguments' in got
          ? { name, status: 'ran', arguments: got.arguments }
          : { name, status: 'ran' };
      },
    );
    const rejected = names(read.rejected, 'expected.rejected').map(
      (name): Wanted =>
        message === undefined
          ? { name, status: 'rejected' }
          : { name, status: 'rejected', output: message },
    );
    return rows(calls, [...approved, ...rejected]);
  });
  const path = firstDifference(wanted, actual);
  if (path === undefined) return;
  const shown = (list: Row[]) =>
    list.map((row) => redactedCopy(row) as Record<string, unknown>);
  const fieldsShown = {
    assertion,
    expected: shown(wanted),
    actual: shown(actual),
    path,
  } as const;
  // The first difference is in a row: `[2].status`.
  const row = actual[Number.parseInt(path.slice(1), 10)]!;
  throw new RunAssertionError({
    ...fieldsShown,
    headline: row.callId === undefined
      ? undefined
      : `${runHeadline(fieldsShown)} (call "${row.callId}" of "${row.name}")`,
  });
}
