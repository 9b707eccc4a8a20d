/**
 * One path of `assertRunParity()`: a fresh agent and doubles from the
 * factory, a fresh `Runner` whose hooks count each tool's runs, the run
 * (plain or streamed) resumed at each interruption with the decisions
 * (the state serialized and restored on the `resume` path), and a
 * timeline of what the doubles received and the run did, in order.
 *
 * @module
 */
import {
  Agent,
  Runner,
  RunState,
  type RunToolApprovalItem,
} from '@openai/agents-core';
import { brief } from '../_internal/brief.ts';
import { plural, quote } from '../_internal/format.ts';
import {
  array,
  at,
  fields,
  func,
  guard,
  object,
  reject,
} from '../_internal/read.ts';
import { type ApprovalRequest, pendingApprovals } from './approvals.ts';
import { checking, field } from './_read.ts';
import type { Decisions, RunPath } from './_parity_read.ts';

/** A double `assertRunParity()` checks: anything with `assertComplete()`. */
export interface RunParityDouble {
  /** Throws when the double's script was not used up, or drifted. */
  assertComplete(): void;
  /** The calls the double received, for the timeline (when it has them). */
  readonly calls?: readonly unknown[];
}

/** One tool's runs for one call. */
export interface Execution {
  /** The tool's name. */
  readonly name: string;
  /** The call id (`undefined` when the call has none). */
  readonly callId: string | undefined;
  /** How many times it ran. */
  runs: number;
}

/** What one path did. */
export interface PathOutcome {
  /** Which path. */
  readonly path: RunPath;
  /** Whether the run threw (then `error` holds what). */
  readonly threw: boolean;
  /** What the run threw. */
  readonly error: unknown;
  /** The last leg's result (`undefined` when the run threw). */
  // deno-lint-ignore no-explicit-any
  readonly result: any;
  /** The approvals of each stop, in order. */
  readonly stops: readonly ApprovalRequest[][];
  /** Whether the run still waited for approvals after {@link maxStops}. */
  readonly stuck: boolean;
  /** Each call's tool runs, in order of the first run. */
  readonly executions: readonly Execution[];
  /** Per double: `undefined` when complete, else what `assertComplete()` threw. */
  readonly incomplete: readonly (readonly [failure: unknown] | undefined)[];
  /** The timeline's lines. */
  readonly timeline: readonly string[];
}

// deno-lint-ignore no-explicit-any
type AnyAgent = Agent<any, any>;

/** The most stops a path resumes before it is left interrupted. */
export const maxStops = 100;

/** The agent, and the doubles given or found on it. */
function readBuilt(built: unknown): {
  agent: AnyAgent;
  doubles: RunParityDouble[];
} {
  const expected = 'an Agent, or an object with "agent" and "doubles"';
  object(built, 'factory()', { expected });
  if (guard('factory()', () => built instanceof Agent)) {
    return { agent: built as AnyAgent, doubles: found(built) };
  }
  // An object (checked above): only an unknown or unreadable key fails here.
  const read = fields(built, 'factory()', ['agent', 'doubles']).fields;
  if (!guard('factory().agent', () => read.agent instanceof Agent)) {
    throw reject('invalid_type', 'factory().agent', read.agent, {
      expected: 'an Agent',
    });
  }
  if (read.doubles === undefined) {
    return { agent: read.agent as AnyAgent, doubles: found(read.agent) };
  }
  const doubles = array(read.doubles, 'factory().doubles', {
    expected: 'an array of doubles (each with "assertComplete")',
  });
  doubles.forEach((double, i) => {
    const path = at(at('factory().doubles', i), 'assertComplete');
    func(guard(path, () => field(double, 'assertComplete')), path);
  });
  return {
    agent: read.agent as AnyAgent,
    doubles: doubles as RunParityDouble[],
  };
}

/** The doubles of an agent and the agents it hands off to, once each. */
function found(agent: unknown): RunParityDouble[] {
  const doubles = new Set<unknown>();
  const seen = new Set<unknown>();
  const visit = (each: unknown): void => {
    // Anything but an object reads as having no fields: nothing is found.
    if (seen.has(each)) return;
    seen.add(each);
    const model = field(each, 'model');
    const servers = field(each, 'mcpServers');
    for (const double of [model, ...Array.isArray(servers) ? servers : []]) {
      if (typeof field(double, 'assertComplete') === 'function') {
        doubles.add(double);
      }
    }
    const handoffs = field(each, 'handoffs');
    for (const target of Array.isArray(handoffs) ? handoffs : []) {
      visit(field(target, 'agent') ?? target);
    }
  };
  guard('factory()', () => visit(agent));
  return [...doubles] as RunParityDouble[];
}

/** `"text"`, redacted and cut as a timeline shows it. */
function shown(text: unknown): string {
  return quote(brief(String(text)));
}

/** What a double's recorded call is: its method, and a name when it has one. */
function callLabel(call: unknown): string {
  const method = field(call, 'method');
  const streamed = field(call, 'streamed');
  const what = typeof method === 'string'
    ? method
    : typeof streamed === 'boolean'
    ? streamed ? 'getStreamedResponse' : 'getResponse'
    : 'call';
  const name = field(call, 'name');
  return typeof name === 'string'
    ? `${shown(what)} ${shown(name)}`
    : shown(what);
}

/** The run, plain or streamed, read to its end. */
async function leg(
  runner: Runner,
  agent: AnyAgent,
  input: unknown,
  streamed: boolean,
  // deno-lint-ignore no-explicit-any
): Promise<any> {
  // deno-lint-ignore no-explicit-any
  const start = input as any;
  if (!streamed) return await runner.run(agent, start);
  const result = await runner.run(agent, start, { stream: true });
  for await (const _event of result) {
    // Read to the end: the run only advances while its events are read.
  }
  await result.completed;
  if (result.error !== null && result.error !== undefined) throw result.error;
  return result;
}

/** Decides each interruption of `state`, as the decisions say. */
function decide(
  // deno-lint-ignore no-explicit-any
  state: RunState<any, any>,
  decisions: Decisions,
  note: (line: string) => void,
): void {
  const items: RunToolApprovalItem[] = state.getInterruptions();
  const requests = pendingApprovals(items);
  const plan = checking('assertRunParity', () =>
    requests.map((r) => {
      const matches = (name: string) =>
        name === r.toolName || name === r.callId;
      const yes = decisions.approve.some(matches);
      if (yes === decisions.reject.some(matches)) {
        throw reject('invalid_value', 'options.approvals', r.toolName, {
          expected: `one decision for the call of tool ${shown(r.toolName)}${
            r.callId === undefined ? '' : ` (call id ${shown(r.callId)})`
          }`,
          received: yes ? 'both approve and reject' : 'no decision',
        });
      }
      return yes;
    }));
  plan.forEach((yes, i) => {
    const item = items[i]!;
    const r = requests[i]!;
    const call = r.callId === undefined ? '' : ` (call ${shown(r.callId)})`;
    note(`${yes ? 'approved' : 'rejected'} ${shown(r.toolName)}${call}`);
    if (yes) state.approve(item);
    else if (decisions.message === undefined) state.reject(item);
    else state.reject(item, { message: decisions.message });
  });
}

/**
 * Runs one path of the parity check.
 *
 * @param path Which path.
 * @param factory What builds the agent and doubles, afresh.
 * @param input What the run starts with.
 * @param decisions The decisions for every interruption.
 * @returns What the path did.
 * @throws {InvalidRunAssertionInputError} When the factory's value is not
 * an agent (or agent and doubles), or an interruption has no decision.
 */
export async function runPath(
  path: RunPath,
  factory: () => unknown,
  input: unknown,
  decisions: Decisions,
): Promise<PathOutcome> {
  const made = factory();
  // A promise is awaited; reading `then` of anything else may throw.
  const promised = checking(
    'assertRunParity',
    () => guard('factory()', () => typeof field(made, 'then') === 'function'),
  );
  const built = promised ? await made : made;
  const { agent, doubles } = checking(
    'assertRunParity',
    () => readBuilt(built),
  );
  const timeline: string[] = [];
  const seen = doubles.map(() => 0);
  const flush = () =>
    doubles.forEach((double, d) => {
      let calls: unknown = undefined;
      try {
        calls = double.calls;
      } catch {
        // A double whose calls cannot be read shows none.
      }
      if (!Array.isArray(calls)) return;
      for (; seen[d]! < calls.length; seen[d]!++) {
        timeline.push(
          `double ${d} call ${seen[d]} ${callLabel(calls[seen[d]!])}`,
        );
      }
    });
  const note = (line: string) => {
    flush();
    timeline.push(line);
  };
  const executions = new Map<string, Execution>();
  const runner = new Runner({ tracingDisabled: true });
  runner.on('agent_tool_start', (_context, _agent, tool, details) => {
    const raw = details?.toolCall as unknown;
    const id = field(raw, 'callId') ?? field(raw, 'id');
    const callId = typeof id === 'string' ? id : undefined;
    const key = callId ?? `${tool.name} #${executions.size}`;
    const known = executions.get(key);
    if (known) known.runs++;
    else executions.set(key, { name: tool.name, callId, runs: 1 });
    const call = callId === undefined ? '' : ` for call ${shown(callId)}`;
    note(`tool ${shown(tool.name)} ran${call}`);
  });
  runner.on('agent_handoff', (_context, from, to) => {
    note(`handoff ${shown(from.name)} -> ${shown(to.name)}`);
  });
  const stops: ApprovalRequest[][] = [];
  const streamed = path === 'stream';
  // deno-lint-ignore no-explicit-any
  const restore = async (state: RunState<any, any>) => {
    note('state serialized and restored');
    return await RunState.fromString(agent, state.toString());
  };
  let result: unknown = undefined;
  let error: unknown = undefined;
  let threw = false;
  let stuck = false;
  try {
    result = await leg(runner, agent, input, streamed);
    for (;;) {
      const waiting = pendingApprovals(result);
      if (waiting.length === 0) break;
      // The headline says so: the timeline shows its first lines only.
      if (stops.length === maxStops) {
        stuck = true;
        break;
      }
      stops.push(waiting);
      note(`stopped for ${plural(waiting.length, 'approval')}`);
      // deno-lint-ignore no-explicit-any
      let state = (result as { state: RunState<any, any> }).state;
      if (path === 'resume') state = await restore(state);
      decide(state, decisions, note);
      if (path === 'resume') state = await restore(state);
      result = await leg(runner, agent, state, streamed);
    }
  } catch (thrownError) {
    if (field(thrownError, 'name') === 'InvalidRunAssertionInputError') {
      throw thrownError;
    }
    [threw, error, result] = [true, thrownError, undefined];
    note(`threw ${shown(field(thrownError, 'name') ?? 'a value')}`);
  }
  flush();
  const incomplete = doubles.map((double, d) => {
    try {
      double.assertComplete();
      timeline.push(`double ${d} complete`);
      return undefined;
    } catch (failure) {
      timeline.push(`double ${d} incomplete: ${shown(field(failure, 'name'))}`);
      return [failure] as const;
    }
  });
  return {
    path,
    threw,
    error,
    result,
    stops,
    stuck,
    executions: [...executions.values()],
    incomplete,
    timeline,
  };
}
