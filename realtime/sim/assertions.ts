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
import { array, fields } from '../../_internal/read.ts';
import { inSpec } from './_read.ts';
import type {
  AnyRealtimeSession,
  ObservedApproval,
  RealtimeSessionWatcher,
} from './watcher.ts';

/** The recorded calls of `transport` (at `path`), read for `operation`. */
function recordedCalls(
  operation: string,
  transport: unknown,
  path: string,
): readonly RecordedRealtimeCall[] {
  return inSpec(operation, () => {
    const { fields: f } = fields(transport, path, ['calls'], {
      expected: 'a transport with recorded calls',
      unknownKeys: 'allow',
    });
    return array(f.calls, `${path}.calls`, {
      expected: 'an array of recorded calls',
    }) as RecordedRealtimeCall[];
  });
}

function decisionOf(
  session: AnyRealtimeSession,
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
  const approved = session.context.isToolApproved({
    toolName: approval.toolName,
    // A function approval has its call id.
    callId: approval.callId as string,
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
 * @throws {InvalidRealtimeSpecError} When the session's transport records
 *   no calls (it is not the scripted transport).
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
  const toolName = options.toolName;
  const expected = options.decision ?? 'any';
  const matching = watcher.approvals.filter((a) =>
    toolName === undefined || a.toolName === toolName
  );
  const calls = recordedCalls(
    'assertToolApprovalAnswered',
    watcher.session.transport,
    'session.transport',
  );
  let actual: 'approved' | 'rejected' | 'none' = 'none';
  for (const approval of matching) {
    actual = decisionOf(watcher.session, approval, calls);
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
  const nameOf = (agent: string | { readonly name: string }): string =>
    typeof agent === 'string' ? agent : agent.name;
  const to = nameOf(options.to);
  const from = options.from === undefined ? undefined : nameOf(options.from);
  const handoffs = watcher.handoffs;
  const active = watcher.session.currentAgent.name;
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
  const cuts = watcher.interruptions.filter((cut) =>
    cut.itemId !== undefined &&
    (options.itemId === undefined || cut.itemId === options.itemId)
  );
  if (cuts.length === 0) {
    throw new RealtimeTruncationAssertionError({
      itemId: options.itemId,
      heard: undefined,
      transcript: undefined,
    });
  }
  const history = watcher.session.history;
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
