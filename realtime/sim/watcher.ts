/**
 * Watching a `RealtimeSession` for what the session assertions check: the
 * approval requests it raised, the handoffs it reported and the
 * interruptions of spoken answers with what had been heard.
 *
 * @module
 */
import type { RealtimeSession } from '@openai/agents-realtime';
import { fields, func } from '../../_internal/read.ts';
import { building, constructing, inSpec } from './_read.ts';

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
   * Creates a `RealtimeSessionWatcher` (as `watchSession()` does).
   * @param session The session to watch.
   * @throws {InvalidRealtimeSpecError} When `session` is not a session
   *   (`on` and `off` functions, a `transport` with an `on` function and,
   *   if any, an `off` function).
   */
  constructor(session: AnyRealtimeSession) {
    const read = readSession(constructing('RealtimeSessionWatcher'), session);
    this.session = session;
    const on = (type: string, listener: Listener): void => {
      read.on.call(session, type, listener);
      this.#remove.push(() => read.off.call(session, type, listener));
    };
    const onTransport = (type: string, listener: Listener): void => {
      read.transportOn.call(read.transport, type, listener);
      this.#remove.push(() =>
        read.transportOff?.call(read.transport, type, listener)
      );
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

/** An emitter's `on` or `off`. */
type Subscribe = (type: string, listener: Listener) => unknown;

/** What the watcher calls, read once. */
interface SessionMethods {
  readonly on: Subscribe;
  readonly off: Subscribe;
  readonly transport: unknown;
  readonly transportOn: Subscribe;
  readonly transportOff: Subscribe | undefined;
}

/** Reads the session's `on`/`off` and its transport's (`off` optional). */
function readSession(operation: string, session: unknown): SessionMethods {
  return inSpec(operation, () => {
    const expected = 'a RealtimeSession';
    const allow = { expected, unknownKeys: 'allow' } as const;
    const { fields: s } = fields(session, 'session', [
      'on',
      'off',
      'transport',
    ], allow);
    const on = func(s.on, 'session.on', { expected });
    const off = func(s.off, 'session.off', { expected });
    const { fields: t } = fields(s.transport, 'session.transport', [
      'on',
      'off',
    ], { ...allow, expected: 'a transport' });
    return {
      on,
      off,
      transport: s.transport,
      transportOn: func(t.on, 'session.transport.on'),
      transportOff: func(t.off, 'session.transport.off', { optional: true }),
    } as SessionMethods;
  });
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
  return building('watchSession', () => new RealtimeSessionWatcher(session));
}
