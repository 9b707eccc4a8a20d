/**
 * Assertions for what realtime apps get wrong: an approval left
 * unanswered, a handoff that did not change the agent, a history that keeps
 * words the user never heard, a call after `close()`. Each throws its own
 * structured error, so they work under any test runner.
 *
 * @module
 */
import type { RealtimeItem, RealtimeSession } from '@openai/agents-realtime';
import type { RecordedRealtimeCall } from '../mod.ts';
import {
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
} from './errors.ts';
import { specError } from './_read.ts';

/**
 * A `RealtimeSession` of any context type: what {@link watchSession} and the
 * session assertions accept.
 *
 * @example
 * ```ts
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { type AnyRealtimeSession } from '@scripted/agents/realtime/sim';
 *
 * const session: AnyRealtimeSession = new RealtimeSession(
 *   new RealtimeAgent({ name: 'Assistant' }),
 *   { transport: new ScriptedRealtimeTransport() },
 * );
 * console.log(session.transport instanceof ScriptedRealtimeTransport);
 * ```
 */
// deno-lint-ignore no-explicit-any
export type AnyRealtimeSession = RealtimeSession<any>;
// deno-lint-ignore no-explicit-any
type Listener = (...args: any[]) => void;

/**
 * One approval request the session raised.
 *
 * @example
 * ```ts
 * import type { ObservedApproval } from '@scripted/agents/realtime/sim';
 *
 * const approval: ObservedApproval = {
 *   type: 'function_approval',
 *   toolName: 'refund',
 *   callId: 'call_1',
 *   itemId: undefined,
 * };
 * void approval;
 * ```
 */
export interface ObservedApproval {
  /** `function_approval` (a function tool) or `mcp_approval_request`. */
  readonly type: 'function_approval' | 'mcp_approval_request';
  /** The tool's name. */
  readonly toolName: string;
  /** The function call id (function tools). */
  readonly callId: string | undefined;
  /** The approval request item id (MCP). */
  readonly itemId: string | undefined;
}

/**
 * One interruption of a spoken answer, with what had been heard.
 *
 * @example
 * ```ts
 * import type { ObservedInterruption } from '@scripted/agents/realtime/sim';
 *
 * const cut: ObservedInterruption = { itemId: 'item_1', heard: 'Once' };
 * void cut;
 * ```
 */
export interface ObservedInterruption {
  /** The assistant item being spoken, if any transcript arrived. */
  readonly itemId: string | undefined;
  /** The transcript deltas delivered for it before the interruption. */
  readonly heard: string;
}

/**
 * Watches a `RealtimeSession` (and its transport) for approvals, handoffs
 * and interruptions, for the assertions of this module. `stop()` removes
 * every listener it added.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { watchSession } from '@scripted/agents/realtime/sim';
 *
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport,
 * });
 * const watcher = watchSession(session);
 * assert.deepEqual(watcher.handoffs, []);
 * watcher.stop();
 * ```
 */
export class RealtimeSessionWatcher {
  /** The watched session. */
  readonly session: AnyRealtimeSession;
  #approvals: ObservedApproval[] = [];
  #handoffs: { from: string; to: string }[] = [];
  #interruptions: ObservedInterruption[] = [];
  #heard: Map<string, string> = new Map();
  #speaking: string | undefined = undefined;
  #remove: (() => void)[] = [];

  /**
   * Creates a `RealtimeSessionWatcher`.
   * @param session The session to watch.
   */
  constructor(session: AnyRealtimeSession) {
    this.session = session;
    const on = (type: string, listener: Listener): void => {
      const emitter = session as unknown as {
        on(t: string, l: Listener): void;
        off(t: string, l: Listener): void;
      };
      emitter.on(type, listener);
      this.#remove.push(() => emitter.off(type, listener));
    };
    const onTransport = (type: string, listener: Listener): void => {
      const transport = session.transport as unknown as {
        on(t: string, l: Listener): void;
        off?(t: string, l: Listener): void;
      };
      transport.on(type, listener);
      this.#remove.push(() => transport.off?.(type, listener));
    };
    on('tool_approval_requested', (_context, _agent, request) => {
      this.#approvals.push(describeApproval(request));
    });
    on('agent_handoff', (_context, from, to) => {
      this.#handoffs.push({ from: String(from?.name), to: String(to?.name) });
    });
    on('audio_interrupted', () => {
      const itemId = this.#speaking;
      this.#interruptions.push(Object.freeze({
        itemId,
        // An item is spoken only once a delta for it arrived.
        heard: itemId === undefined ? '' : this.#heard.get(itemId) as string,
      }));
      this.#speaking = undefined;
    });
    onTransport('audio_transcript_delta', (event) => {
      const itemId = event?.itemId;
      if (typeof itemId !== 'string') return;
      this.#speaking = itemId;
      this.#heard.set(itemId, (this.#heard.get(itemId) ?? '') + event.delta);
    });
    onTransport('audio_done', () => {
      this.#speaking = undefined;
    });
  }

  /**
   * The approval requests the session raised, in order.
   *
   * @returns A frozen copy.
   */
  get approvals(): readonly ObservedApproval[] {
    return Object.freeze([...this.#approvals]);
  }

  /**
   * The handoffs the session reported (`agent_handoff`), by agent name.
   *
   * @returns A frozen copy.
   */
  get handoffs(): readonly { readonly from: string; readonly to: string }[] {
    return Object.freeze(this.#handoffs.map((h) => Object.freeze({ ...h })));
  }

  /**
   * The interruptions of spoken answers, with what had been heard.
   *
   * @returns A frozen copy.
   */
  get interruptions(): readonly ObservedInterruption[] {
    return Object.freeze([...this.#interruptions]);
  }

  /** Removes every listener the watcher added. */
  stop(): void {
    for (const remove of this.#remove.splice(0)) remove();
  }
}

function describeApproval(request: unknown): ObservedApproval {
  const r = request as {
    type?: string;
    tool?: { name?: string };
    approvalItem?: {
      rawItem?: {
        name?: string;
        callId?: string;
        providerData?: { itemId?: string };
      };
    };
  };
  const raw = r.approvalItem?.rawItem;
  const type = r.type === 'mcp_approval_request'
    ? 'mcp_approval_request'
    : 'function_approval';
  return Object.freeze({
    type,
    toolName: String(r.tool?.name ?? raw?.name),
    callId: type === 'function_approval' ? raw?.callId : undefined,
    itemId: type === 'mcp_approval_request'
      ? raw?.providerData?.itemId
      : undefined,
  });
}

/**
 * Starts watching a session for the assertions of this module.
 *
 * @param session A `RealtimeSession`.
 * @returns The watcher; call `stop()` when done.
 * @throws {InvalidRealtimeSpecError} When `session` is not a session.
 * @example
 * ```ts
 * import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { watchSession } from '@scripted/agents/realtime/sim';
 *
 * const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
 *   transport: new ScriptedRealtimeTransport(),
 * });
 * watchSession(session).stop();
 * ```
 */
export function watchSession(
  session: AnyRealtimeSession,
): RealtimeSessionWatcher {
  let ok = false;
  try {
    ok = typeof session?.on === 'function' &&
      typeof session?.off === 'function' &&
      typeof session.transport?.on === 'function';
  } catch {
    ok = false;
  }
  if (!ok) {
    throw specError(
      'watchSession',
      'invalid_type',
      'session',
      'a RealtimeSession',
      session,
    );
  }
  return new RealtimeSessionWatcher(session);
}

function recordedCalls(
  session: AnyRealtimeSession,
): readonly RecordedRealtimeCall[] {
  const calls = (session.transport as { calls?: unknown }).calls;
  return Array.isArray(calls) ? calls as RecordedRealtimeCall[] : [];
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
    callId: approval.callId ?? '',
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
  const calls = recordedCalls(watcher.session);
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
  let calls: readonly { readonly method: string }[];
  try {
    calls = transport.calls;
    if (!Array.isArray(calls)) throw 0;
  } catch {
    throw specError(
      'assertNoCallAfterClose',
      'invalid_type',
      'transport.calls',
      'an array of recorded calls',
      transport,
    );
  }
  let closeIndex: number | undefined;
  for (let i = 0; i < calls.length; i++) {
    const method = calls[i].method;
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
