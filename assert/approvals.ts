/**
 * The approval round trip of `needsApproval` tools: the interruptions a
 * run stopped on, a decision for each, the `RunState` serialized and
 * restored as a real resume would, and the assertion that the approved
 * tools ran with their arguments and the rejected ones did not.
 *
 * @module
 */
import {
  type Agent,
  RunState,
  type RunToolApprovalItem,
} from '@openai/agents-core';
import { closest } from '../_internal/format.ts';
import {
  array,
  at,
  fields,
  guard,
  object,
  reject,
  string,
} from '../_internal/read.ts';
import { checking, field, parse } from './_read.ts';

/**
 * What a rejected tool call returns to the model unless a decision gives
 * another `rejectionMessage` (the SDK's default text).
 */
const defaultRejection = 'Tool execution was not approved.';

/**
 * One tool call a run stopped on for approval, as `pendingApprovals()`
 * reports it.
 *
 * @example
 * ```ts
 * import type { ApprovalRequest } from '@scripted/agents/assert';
 *
 * const request: ApprovalRequest = {
 *   toolName: 'delete_file',
 *   callId: 'call_1',
 *   arguments: { path: 'notes.txt' },
 *   agent: 'Files',
 * };
 * ```
 */
export interface ApprovalRequest {
  /** The tool's name. */
  readonly toolName: string;
  /** The call id (`undefined` when the call has none). */
  readonly callId: string | undefined;
  /** The arguments, parsed from JSON (the raw string when not JSON). */
  readonly arguments: unknown;
  /** The name of the agent whose tool it is. */
  readonly agent: string;
}

/**
 * The decisions of `decideApprovals()`: tool names or call ids to approve
 * and to reject; every interruption needs exactly one.
 *
 * @example
 * ```ts
 * import { Agent } from '@openai/agents';
 * import type { ApprovalDecisions } from '@scripted/agents/assert';
 *
 * const decisions: ApprovalDecisions = {
 *   agent: new Agent({ name: 'Files' }),
 *   approve: ['read_file'],
 *   reject: ['call_2'],
 * };
 * ```
 */
export interface ApprovalDecisions<
  // deno-lint-ignore no-explicit-any
  TAgent extends Agent<any, any> = Agent<any, any>,
> {
  /** The agent the run started with (`RunState.fromString` needs it). */
  readonly agent: TAgent;
  /** Tool names or call ids to approve. */
  readonly approve?: readonly string[];
  /** Tool names or call ids to reject. */
  readonly reject?: readonly string[];
  /** What a rejected call returns to the model (the SDK's text when not given). */
  readonly rejectionMessage?: string;
}

function readInterruptions(source: unknown): RunToolApprovalItem[] {
  return guard('result', () => {
    if (Array.isArray(source)) {
      return array(source, 'interruptions') as RunToolApprovalItem[];
    }
    object(source, 'result', {
      expected: 'a RunResult with "interruptions", or an array of them',
    });
    const list = guard(
      'result.interruptions',
      () => field(source, 'interruptions'),
    );
    return array(list ?? [], 'result.interruptions', {
      expected: 'an array of approval items',
    }) as RunToolApprovalItem[];
  });
}

function request(item: unknown, path: string): ApprovalRequest {
  return guard(path, () => readRequest(item, path));
}

function readRequest(item: unknown, path: string): ApprovalRequest {
  const raw = guard(at(path, 'rawItem'), () => field(item, 'rawItem'));
  const explicit = guard(at(path, 'toolName'), () => field(item, 'toolName'));
  const toolName = string(
    explicit ?? field(raw, 'name'),
    at(path, 'toolName'),
    {
      expected: 'an approval item naming its tool',
    },
  );
  const callId = field(raw, 'callId');
  return {
    toolName,
    callId: typeof callId === 'string' ? callId : undefined,
    arguments: parse(field(raw, 'arguments')),
    agent: String(field(field(item, 'agent'), 'name')),
  };
}

/**
 * The tool calls a run stopped on for approval, in order: tool name, call
 * id, parsed arguments and agent. Reads a `RunResult`'s (or a completed
 * `StreamedRunResult`'s) `interruptions`, or an array of approval items
 * (what a `RealtimeSession`'s `tool_approval_requested` events carry).
 *
 * @param source The result, or the approval items.
 * @returns The requests (a fresh array).
 * @throws {InvalidRunAssertionInputError} When `source` is neither.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { functionCall, ScriptedModel } from '@scripted/agents';
 * import { pendingApprovals } from '@scripted/agents/assert';
 *
 * const remove = tool({
 *   name: 'delete_file',
 *   description: 'Delete a file',
 *   parameters: z.object({ path: z.string() }),
 *   needsApproval: true,
 *   execute: ({ path }) => `deleted ${path}`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall('delete_file', { path: 'a.txt' }, { callId: 'call_1' })],
 * ]);
 * const agent = new Agent({ name: 'Files', model, tools: [remove] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Clean');
 * assert.deepEqual(pendingApprovals(result), [{
 *   toolName: 'delete_file',
 *   callId: 'call_1',
 *   arguments: { path: 'a.txt' },
 *   agent: 'Files',
 * }]);
 * ```
 */
export function pendingApprovals(source: unknown): ApprovalRequest[] {
  return checking(
    'pendingApprovals',
    () =>
      readInterruptions(source).map((item, i) =>
        request(
          item,
          at(
            Array.isArray(source) ? 'interruptions' : 'result.interruptions',
            i,
          ),
        )
      ),
  );
}

/** A list of tool names or call ids, each non-empty. */
export function names(value: unknown, path: string): string[] {
  const list = array(value ?? [], path, {
    expected: 'an array of tool names or call ids',
  });
  return list.map((entry, i) => string(entry, at(path, i), { nonEmpty: true }));
}

/** Each interruption with its decision: approved (`true`) or rejected. */
function decide(
  items: readonly RunToolApprovalItem[],
  itemsPath: string,
  decisions: unknown,
  extraKeys: readonly string[],
): {
  readonly decided: (readonly [RunToolApprovalItem, boolean])[];
  readonly message: string;
} {
  const read = fields(decisions, 'decisions', [
    ...extraKeys,
    'approve',
    'reject',
    'rejectionMessage',
  ]).fields as Record<string, unknown>;
  const approve = names(read.approve, 'decisions.approve');
  const rejected = names(read.reject, 'decisions.reject');
  const message = string(read.rejectionMessage, 'decisions.rejectionMessage', {
    optional: true,
  }) ?? defaultRejection;
  const requests = items.map((item, i) => request(item, at(itemsPath, i)));
  const matches = (name: string, r: ApprovalRequest) =>
    r.toolName === name || r.callId === name;
  const known = requests.flatMap((r) =>
    r.callId === undefined ? [r.toolName] : [r.toolName, r.callId]
  );
  for (
    const [list, key] of [[approve, 'approve'], [rejected, 'reject']] as const
  ) {
    list.forEach((name, i) => {
      if (requests.some((r) => matches(name, r))) return;
      throw reject('invalid_value', at(`decisions.${key}`, i), name, {
        expected: 'the tool name or call id of an interruption',
        suggestion: closest(name, known),
      });
    });
  }
  const decided = requests.map((r, i) => {
    const yes = approve.some((name) => matches(name, r));
    const no = rejected.some((name) => matches(name, r));
    if (yes === no) {
      throw reject('invalid_value', at(itemsPath, i), r.toolName, {
        expected: 'exactly one decision (approve or reject)',
        received: yes ? 'both approve and reject' : 'no decision',
      });
    }
    return [items[i]!, yes] as const;
  });
  return { decided, message };
}

/**
 * Decides every interruption of a run and restores its state the way a
 * real resume does: approves or rejects each approval item (matched by
 * tool name or call id; a tool name decides every call of that tool),
 * serializes the `RunState` with `toString()` and
 * restores it with `RunState.fromString(agent, …)`. Resume by passing the
 * returned state to `runner.run(agent, state)` with the same scripted
 * model (streamed or not).
 *
 * @param result The interrupted run's result (plain or streamed).
 * @param decisions The agent the run started with, what to approve and
 * what to reject.
 * @returns The restored state, decided.
 * @throws {InvalidRunAssertionInputError} When an interruption has no
 * decision or two, or a decision matches no interruption (`path` names
 * it, `suggestion` the closest name).
 *
 * @example
 * ```ts
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
 *   [functionCall('delete_file', { path: 'a.txt' }, { callId: 'call_1' })],
 *   [assistantMessage('Done')],
 * ]);
 * const agent = new Agent({ name: 'Files', model, tools: [remove] });
 * const runner = new Runner({ tracingDisabled: true });
 * const first = await runner.run(agent, 'Clean');
 * const state = await decideApprovals(first, {
 *   agent,
 *   approve: ['delete_file'],
 * });
 * const resumed = await runner.run(agent, state);
 * assertApprovals(resumed, {
 *   approved: [{ name: 'delete_file', arguments: { path: 'a.txt' } }],
 * });
 * ```
 */
// deno-lint-ignore no-explicit-any
export async function decideApprovals<TAgent extends Agent<any, any>>(
  // deno-lint-ignore no-explicit-any
  result: { readonly state: RunState<any, TAgent> },
  decisions: ApprovalDecisions<TAgent>,
  // deno-lint-ignore no-explicit-any
): Promise<RunState<any, TAgent>> {
  const [state, plan] = checking('decideApprovals', () => {
    const items = readInterruptions(result);
    const agent = guard('decisions.agent', () => field(decisions, 'agent'));
    object(agent, 'decisions.agent', { expected: 'an Agent' });
    const plan = decide(items, 'result.interruptions', decisions, ['agent']);
    const state = guard('result.state', () => field(result, 'state'));
    if (!(state instanceof RunState)) {
      throw reject('invalid_type', 'result.state', state, {
        expected: 'a RunState (the result of an interrupted run)',
      });
    }
    return [state, plan] as const;
  });
  for (const [item, approved] of plan.decided) {
    if (approved) state.approve(item);
    else state.reject(item, { message: plan.message });
  }
  return await RunState.fromString(decisions.agent, state.toString());
}

/**
 * What `decideRealtimeApprovals()` takes: the approval items a
 * `RealtimeSession` raised (`tool_approval_requested` events'
 * `approvalItem`), and what to approve and reject.
 *
 * @example
 * ```ts
 * import type { RealtimeApprovalDecisions } from '@scripted/agents/assert';
 *
 * const decisions: RealtimeApprovalDecisions = {
 *   interruptions: [],
 *   approve: ['read_file'],
 * };
 * ```
 */
export interface RealtimeApprovalDecisions {
  /** The approval items the session raised, in order. */
  readonly interruptions: readonly RunToolApprovalItem[];
  /** Tool names or call ids to approve. */
  readonly approve?: readonly string[];
  /** Tool names or call ids to reject. */
  readonly reject?: readonly string[];
  /** What a rejected call returns to the model (the SDK's text when not given). */
  readonly rejectionMessage?: string;
}

/**
 * The realtime side of the round trip: approves or rejects each approval
 * item a `RealtimeSession` raised (matched by tool name or call id) through
 * `session.approve()` and `session.reject()`, which run the approved tool
 * and send each output. A realtime session has no `RunState` to
 * serialize: the session itself resumes (its context records each
 * decision). A tool name decides every call of that tool among the
 * items. Then assert with `assertApprovals(session, …)`.
 *
 * @param session The session (anything with `approve` and `reject`).
 * @param decisions The approval items, what to approve and what to reject.
 * @throws {InvalidRunAssertionInputError} As `decideApprovals()` does.
 *
 * @example
 * ```ts
 * import type { RunToolApprovalItem } from '@openai/agents';
 * import {
 *   RealtimeAgent,
 *   RealtimeSession,
 *   tool,
 * } from '@openai/agents/realtime';
 * import { z } from 'zod';
 * import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
 * import { functionCallTurn } from '@scripted/agents/realtime/sim';
 * import {
 *   assertApprovals,
 *   decideRealtimeApprovals,
 * } from '@scripted/agents/assert';
 *
 * const remove = tool({
 *   name: 'delete_file',
 *   description: 'Delete a file',
 *   parameters: z.object({ path: z.string() }),
 *   needsApproval: true,
 *   execute: ({ path }) => `deleted ${path}`,
 * });
 * const transport = new ScriptedRealtimeTransport();
 * const session = new RealtimeSession(
 *   new RealtimeAgent({ name: 'Files', tools: [remove] }),
 *   { transport },
 * );
 * const asked: RunToolApprovalItem[] = [];
 * session.on('tool_approval_requested', (_context, _agent, request) => {
 *   if (request.type === 'function_approval') asked.push(request.approvalItem);
 *   void decideRealtimeApprovals(session, {
 *     interruptions: asked.splice(0),
 *     reject: ['delete_file'],
 *   });
 * });
 * let answered!: () => void;
 * const done = new Promise<void>((resolve) => (answered = resolve));
 * await transport.runScenario({
 *   signal: AbortSignal.timeout(5_000),
 *   scenario: async (ctx) => {
 *     await ctx.expectCall('connect');
 *     await ctx.expectCall('sendMessage');
 *     await functionCallTurn(ctx, {
 *       name: 'delete_file',
 *       arguments: { path: 'a.txt' },
 *       callId: 'call_1',
 *     });
 *     answered();
 *     await ctx.expectCall('close');
 *   },
 *   exercise: async () => {
 *     await session.connect({ apiKey: 'test' });
 *     session.sendMessage('Clean up');
 *     await done;
 *     session.close();
 *   },
 * });
 * assertApprovals(session, { rejected: ['delete_file'] });
 * ```
 */
export async function decideRealtimeApprovals(
  session: {
    approve(item: RunToolApprovalItem): Promise<void>;
    reject(
      item: RunToolApprovalItem,
      options?: { message?: string },
    ): Promise<void>;
  },
  decisions: RealtimeApprovalDecisions,
): Promise<void> {
  const plan = checking('decideRealtimeApprovals', () => {
    object(session, 'session', { expected: 'a RealtimeSession' });
    const items = array(
      guard('decisions.interruptions', () => field(decisions, 'interruptions')),
      'decisions.interruptions',
      { expected: 'an array of approval items' },
    ) as RunToolApprovalItem[];
    return decide(items, 'decisions.interruptions', decisions, [
      'interruptions',
    ]);
  });
  for (const [item, approved] of plan.decided) {
    if (approved) await session.approve(item);
    else await session.reject(item, { message: plan.message });
  }
}
