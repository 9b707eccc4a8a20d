/**
 * Assertions for what realtime apps get wrong: an approval left
 * unanswered, a handoff that did not change the agent, a history that keeps
 * words the user never heard, a call after `close()`. Each throws its own
 * structured error, so they work under any test runner. They read what a
 * {@link RealtimeSessionWatcher} (`watcher.ts`) saw.
 *
 * @module
 */
import type { RealtimeItem } from '@openai/agents-realtime';
import type { RecordedRealtimeCall } from '../mod.ts';
import {
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
} from './errors.ts';
import { at, fields, func, oneOf, string } from '../../_internal/read.ts';
import {
  agentName,
  field,
  inSpec,
  optionsOf,
  readHistory,
  recordedCalls,
  watched,
} from './_read.ts';
import type {
  ObservedApproval,
  ObservedInterruption,
  RealtimeSessionWatcher,
} from './watcher.ts';

const decisions = ['approved', 'rejected', 'any'] as const;

function decisionOf(
  session: object,
  approval: ObservedApproval,
  calls: readonly RecordedRealtimeCall[],
): 'approved' | 'rejected' | 'none' {
  if (approval.type === 'mcp_approval_request') {
    const response = calls.find((call) =>
      call.method === 'sendMcpResponse' &&
      call.approvalRequest.itemId === approval.itemId
    ) as RecordedRealtimeCall<'sendMcpResponse'> | undefined;
    if (response === undefined) return 'none';
    return response.approved ? 'approved' : 'rejected';
  }
  const answered = calls.some((call) =>
    call.method === 'sendFunctionCallOutput' &&
    call.toolCall.callId === approval.callId
  );
  if (!answered) return 'none';
  const approved = inSpec('assertToolApprovalAnswered', () => {
    const context = field(
      'assertToolApprovalAnswered',
      session,
      'session',
      'context',
    );
    const { fields: c } = fields(context, 'session.context', [
      'isToolApproved',
    ], { expected: 'a run context', unknownKeys: 'allow' });
    const isApproved = func(c.isToolApproved, 'session.context.isToolApproved');
    // A function approval has its call id.
    return isApproved.call(context, {
      toolName: approval.toolName,
      callId: approval.callId,
    } as never);
  });
  return approved === true
    ? 'approved'
    : approved === false
    ? 'rejected'
    : 'none';
}

/**
 * Asserts that the session raised an approval request for `toolName` (any
 * tool when omitted) and that the application answered it: for a function
 * tool, the tool call got its output after `approve()`/`reject()`; for an
 * MCP tool, `sendMcpResponse` was sent. With `decision`, the answer must
 * be that one.
 *
 * @param watcher The session's watcher.
 * @param options `toolName` and `decision` (`approved`, `rejected`, `any`).
 * @throws {RealtimeToolApprovalAssertionError} When not requested or not
 *   answered as expected.
 * @throws {InvalidRealtimeSpecError} When `watcher` is not a watcher, an
 *   option is malformed, the session's transport records no calls (it is
 *   not the scripted transport) or the session has no run context.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   assertToolApprovalAnswered,
 *   RealtimeToolApprovalAssertionError,
 *   watchSession,
 * } from '@scripted/agents/realtime/sim';
 *
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: new ScriptedRealtimeTransport(),
 * });
 * const watcher = watchSession(session);
 * assert.throws(
 *   () => assertToolApprovalAnswered(watcher, { toolName: 'refund' }),
 *   RealtimeToolApprovalAssertionError,
 * );
 * watcher.stop();
 * ```
 */
export function assertToolApprovalAnswered(
  watcher: RealtimeSessionWatcher,
  options: {
    toolName?: string;
    decision?: 'approved' | 'rejected' | 'any';
  } = {},
): void {
  const operation = 'assertToolApprovalAnswered';
  const { session, entries } = watched(operation, watcher, 'approvals', [
    'type',
    'toolName',
    'callId',
    'itemId',
  ]);
  const o = optionsOf(operation, options, ['toolName', 'decision'], true);
  const { toolName, expected } = inSpec(operation, () => ({
    toolName: string(o.toolName, 'options.toolName', { optional: true }),
    expected: oneOf(o.decision, 'options.decision', decisions, {
      optional: true,
    }) ?? 'any',
  }));
  const matching = (entries as unknown as ObservedApproval[]).filter((a) =>
    toolName === undefined || a.toolName === toolName
  );
  const calls = recordedCalls(
    operation,
    field(operation, session, 'session', 'transport'),
    'session.transport',
  );
  let actual: 'approved' | 'rejected' | 'none' = 'none';
  for (const approval of matching) {
    actual = decisionOf(session, approval, calls);
    if (actual !== 'none' && (expected === 'any' || actual === expected)) {
      return;
    }
  }
  throw new RealtimeToolApprovalAssertionError({
    toolName,
    requested: matching.length,
    expectedDecision: expected,
    actualDecision: actual,
  });
}

/**
 * Asserts that a handoff to the agent named `to` happened (optionally
 * from `from`) and that it is the session's active agent now.
 *
 * @param watcher The session's watcher.
 * @param options `to` and optional `from`: agent names or agents.
 * @throws {RealtimeHandoffAssertionError} Otherwise.
 * @throws {InvalidRealtimeSpecError} When `watcher` is not a watcher, `to`
 *   or `from` is neither a name nor an agent, or the session has no
 *   `currentAgent`.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   assertHandoff,
 *   RealtimeHandoffAssertionError,
 *   watchSession,
 * } from '@scripted/agents/realtime/sim';
 *
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'Triage' }), {
 *   transport: new ScriptedRealtimeTransport(),
 * });
 * const watcher = watchSession(session);
 * assert.throws(
 *   () => assertHandoff(watcher, { to: 'Billing' }),
 *   RealtimeHandoffAssertionError,
 * );
 * watcher.stop();
 * ```
 */
export function assertHandoff(
  watcher: RealtimeSessionWatcher,
  options: {
    to: string | { readonly name: string };
    from?: string | { readonly name: string };
  },
): void {
  const operation = 'assertHandoff';
  const { session, entries } = watched(operation, watcher, 'handoffs', [
    'from',
    'to',
  ]);
  const o = optionsOf(operation, options, ['to', 'from'], false);
  const { to, from, active } = inSpec(operation, () => {
    const current = field(operation, session, 'session', 'currentAgent');
    return {
      to: agentName(o.to, 'options.to') as string,
      from: agentName(o.from, 'options.from', { optional: true }),
      active: agentName(current, 'session.currentAgent', {
        expected: 'an agent',
      }) as string,
    };
  });
  const handoffs = inSpec(operation, () =>
    entries.map((h, i) => ({
      from: string(h.from, at(at('watcher.handoffs', i), 'from')),
      to: string(h.to, at(at('watcher.handoffs', i), 'to')),
    })));
  const happened = handoffs.some((h) =>
    h.to === to && (from === undefined || h.from === from)
  );
  if (happened && active === to) return;
  throw new RealtimeHandoffAssertionError({
    expectedAgent: to,
    activeAgent: active,
    handoffs: handoffs.map((h) => `${h.from} -> ${h.to}`),
  });
}

function transcriptOf(item: RealtimeItem): string {
  if (item.type !== 'message') return '';
  let text = '';
  for (
    const part of item.content as { transcript?: unknown; text?: unknown }[]
  ) {
    if (typeof part.transcript === 'string') text += part.transcript;
    else if (typeof part.text === 'string') text += part.text;
  }
  return text;
}

/**
 * Asserts that after an interruption the session's history holds, for the
 * interrupted assistant item, exactly the transcript the user heard (the
 * deltas delivered before `audio_interrupted`), not the whole planned
 * answer.
 *
 * @param watcher The session's watcher.
 * @param options `itemId`: which interrupted item (default: every one).
 * @throws {RealtimeTruncationAssertionError} When no interruption was seen
 *   or the history differs.
 * @throws {InvalidRealtimeSpecError} When `watcher` is not a watcher,
 *   `itemId` is not a string, or the session's `history` is not a list of
 *   items.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   assertHistoryMatchesHeard,
 *   RealtimeTruncationAssertionError,
 *   watchSession,
 * } from '@scripted/agents/realtime/sim';
 *
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: new ScriptedRealtimeTransport(),
 * });
 * const watcher = watchSession(session);
 * assert.throws(
 *   () => assertHistoryMatchesHeard(watcher),
 *   RealtimeTruncationAssertionError,
 * );
 * watcher.stop();
 * ```
 */
export function assertHistoryMatchesHeard(
  watcher: RealtimeSessionWatcher,
  options: { itemId?: string } = {},
): void {
  const operation = 'assertHistoryMatchesHeard';
  const { session, entries } = watched(operation, watcher, 'interruptions', [
    'itemId',
    'heard',
  ]);
  const o = optionsOf(operation, options, ['itemId'], true);
  const itemId = inSpec(
    operation,
    () => string(o.itemId, 'options.itemId', { optional: true }),
  );
  const cuts = (entries as unknown as ObservedInterruption[]).filter((cut) =>
    cut.itemId !== undefined &&
    (itemId === undefined || cut.itemId === itemId)
  );
  if (cuts.length === 0) {
    throw new RealtimeTruncationAssertionError({
      itemId,
      heard: undefined,
      transcript: undefined,
    });
  }
  const history = readHistory(operation, session);
  for (const cut of cuts) {
    const item = history.find((entry) => entry.itemId === cut.itemId);
    const transcript = item === undefined ? undefined : transcriptOf(item);
    if (transcript !== cut.heard) {
      throw new RealtimeTruncationAssertionError({
        itemId: cut.itemId,
        heard: cut.heard,
        transcript,
      });
    }
  }
}

/**
 * Asserts that no outbound call was made after a `close()` and before the
 * next `connect()` (a reconnect starts a new connection; a repeated
 * `close()` is allowed).
 *
 * @param transport Anything with recorded `calls` (the scripted transport).
 * @throws {RealtimeCallAfterCloseError} For the first such call.
 * @throws {InvalidRealtimeSpecError} When `transport` has no list of
 *   recorded calls.
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import {
 *   assertNoCallAfterClose,
 *   RealtimeCallAfterCloseError,
 * } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * await transport.connect({ apiKey: 'test' });
 * transport.close();
 * transport.interrupt();
 * assert.throws(
 *   () => assertNoCallAfterClose(transport),
 *   RealtimeCallAfterCloseError,
 * );
 * ```
 */
export function assertNoCallAfterClose(
  transport: { readonly calls: readonly { readonly method: string }[] },
): void {
  const calls = recordedCalls('assertNoCallAfterClose', transport, 'transport');
  let closeIndex: number | undefined;
  for (const [i, { method }] of calls.entries()) {
    if (method === 'connect') closeIndex = undefined;
    else if (closeIndex !== undefined && method !== 'close') {
      throw new RealtimeCallAfterCloseError({
        callIndex: i,
        method,
        closeIndex,
      });
    } else if (method === 'close') closeIndex = i;
  }
}
