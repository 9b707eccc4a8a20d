/**
 * `blockRealCalls()`: the switch that lets no real call out of a test
 * process, and the handle that turns it off. Guards nest: the patches go
 * in with the first guard on and come out with the last one off, and the
 * latest guard still on decides what passes.
 *
 * @module
 */
import { installDispose } from '../_internal/state.ts';
import { allowsHost, isKind, readAllow } from './_hosts.ts';
import { type Attempt, patchAll } from './_patches.ts';
import { inputChecking, RealCallBlockedError } from './errors.ts';

/**
 * The options of {@link blockRealCalls}.
 *
 * @example
 * ```ts
 * import type { BlockRealCallsOptions } from '@scripted/agents/guard';
 *
 * const options: BlockRealCallsOptions = {
 *   allow: ['api.example.com', '*.internal.example.com', 'trace-export'],
 * };
 * ```
 */
export interface BlockRealCallsOptions {
  /**
   * What may pass: kinds (`'model'`, `'trace-export'`, `'mcp'`,
   * `'realtime'`, `'fetch'`, `'websocket'`: every call of that kind) and
   * host names (`'api.example.com'`; `'*.example.com'` for its subdomains;
   * `'::1'`): `fetch` and `WebSocket` to that host, and the SDK's calls
   * whose host is known to be it (the Responses model's `baseURL`, a
   * Realtime connect's `url`). Case does not matter. Loopback hosts always
   * pass for `fetch` and `WebSocket`.
   */
  readonly allow?: readonly string[] | undefined;
}

/** The guards on, oldest first: the last decides. */
const guards: RealCallGuard[] = [];
let unpatch: (() => void) | undefined;
const blockedBy = new WeakMap<RealCallGuard, RealCallBlockedError[]>();

function allows(guard: RealCallGuard, attempt: Attempt): boolean {
  const host = attempt.host;
  // A kind opens that kind only: `mcp` is not the host named mcp.
  return guard.allow.some((entry) =>
    isKind(entry)
      ? entry === attempt.kind
      : host !== undefined && allowsHost(entry, host)
  );
}

function decide(attempt: Attempt): RealCallBlockedError | undefined {
  const guard = guards.at(-1);
  if (guard === undefined || allows(guard, attempt)) return undefined;
  const error = new RealCallBlockedError(attempt);
  blockedBy.get(guard)!.push(error);
  return error;
}

/**
 * A guard on: {@link blockRealCalls} returns it. `restore()` (or the end
 * of a `using` scope) turns it off.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { blockRealCalls } from '@scripted/agents/guard';
 *
 * const guard = blockRealCalls();
 * assert.equal(guard.active, true);
 * guard.restore();
 * guard.restore(); // a second restore does nothing
 * assert.equal(guard.active, false);
 * ```
 */
export class RealCallGuard {
  /** The allow list it was given, read (lower-cased), frozen. */
  readonly allow: readonly string[];

  /**
   * Made by {@link blockRealCalls} only.
   * @param allow The allow list, read.
   * @internal
   */
  constructor(allow: readonly string[]) {
    this.allow = Object.freeze(allow);
    blockedBy.set(this, []);
  }

  /** Whether it is on (not yet restored). */
  get active(): boolean {
    return guards.includes(this);
  }

  /**
   * The calls this guard blocked while it was the one deciding (the
   * latest on), in order: the SDK swallows some failures (its batch trace
   * processor catches a failed export and logs it), so a test can assert
   * that none happened.
   */
  get blocked(): readonly RealCallBlockedError[] {
    return Object.freeze([...blockedBy.get(this)!]);
  }

  /**
   * Turns this guard off. When it was the last one on, every patched
   * property is put back as it was; otherwise the latest guard still on
   * decides. A second call does nothing.
   */
  restore(): void {
    const at = guards.indexOf(this);
    if (at === -1) return;
    guards.splice(at, 1);
    if (guards.length > 0) return;
    unpatch!();
    unpatch = undefined;
  }

  /** `using guard = blockRealCalls()` restores at scope exit. */
  declare [Symbol.dispose]: () => void;
}

installDispose(RealCallGuard.prototype, function (this: RealCallGuard) {
  this.restore();
});

/**
 * Blocks every real call until the returned guard is restored: a model
 * request through the SDK's OpenAI models (Responses, its WebSocket
 * variant, Chat Completions), a hosted trace export
 * (`OpenAITracingExporter`), an MCP server connect (`MCPServerStdio`,
 * `MCPServerSSE`, `MCPServerStreamableHttp`), a Realtime connect
 * (`OpenAIRealtimeWebSocket`, `OpenAIRealtimeWebRTC`, `OpenAIRealtimeSIP`),
 * and `fetch` or `new WebSocket` to any host but loopback. Each fails at
 * once with a {@link RealCallBlockedError} (a promise rejects, a stream
 * fails at its first read, `new WebSocket` throws); nothing is sent. This
 * library's doubles make no real call and are never blocked.
 *
 * Calls are judged by the latest guard still on: an inner
 * `blockRealCalls({ allow })` opens what an outer one (a preload) closed,
 * and the outer one decides again once the inner is restored.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { blockRealCalls } from '@scripted/agents/guard';
 *
 * using guard = blockRealCalls();
 * await assert.rejects(fetch('https://example.com/'), {
 *   name: 'RealCallBlockedError',
 *   kind: 'fetch',
 *   target: 'example.com',
 * });
 * const model = new ScriptedModel([[assistantMessage('Hi')]]);
 * const agent = new Agent({ name: 'Greeter', model });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 * assert.equal(result.finalOutput, 'Hi');
 * assert.equal(guard.blocked.length, 1);
 * ```
 *
 * @param options `allow`: the kinds and hosts that may pass.
 * @returns The guard, on.
 * @throws {InvalidGuardInputError} When `options` is malformed: only
 * `allow`, a list of kinds and host names. Nothing is blocked then.
 * @throws {TypeError} When the platform refuses a patch (an SDK class or
 * global frozen, as under a locked-down realm): what was patched is put
 * back first, and no guard is on.
 */
export function blockRealCalls(
  options?: BlockRealCallsOptions,
): RealCallGuard {
  const allow = inputChecking(() => readAllow(options));
  const guard = new RealCallGuard(allow);
  // Patched first: a patch the platform refuses leaves no guard on.
  unpatch ??= patchAll(decide);
  guards.push(guard);
  return guard;
}
