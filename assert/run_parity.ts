/**
 * Run parity: the same script run three ways (plain, streamed, resumed
 * from a serialized state at every interruption) must do the same thing.
 * Each path builds its agent and doubles afresh; their outcomes are
 * normalized as `runSnapshot()` normalizes a run and compared field by
 * field, the first path against each other one.
 *
 * @module
 */
import type { Agent, AgentInputItem } from '@openai/agents-core';
import { firstDifference, shownAt } from '../_internal/diff.ts';
import { plural, quote } from '../_internal/format.ts';
import { at } from '../_internal/read.ts';
import { RunAssertionError } from './errors.ts';
import type { ApprovalDecisions } from './approvals.ts';
import { readGuardrails } from './guardrails.ts';
import { handoffsTaken } from './run_assertions.ts';
import { canonicalOrder, normalizer } from './snapshot.ts';
import { checking, field } from './_read.ts';
import {
  type Execution,
  maxStops,
  type PathOutcome,
  type RunParityDouble,
  runPath,
} from './_parity_path.ts';
import {
  readParity,
  type RunParityField,
  type RunPath,
} from './_parity_read.ts';

export type { RunParityDouble } from './_parity_path.ts';
export type { RunParityField, RunPath } from './_parity_read.ts';

/**
 * What the factory of `assertRunParity()` returns: the agent (its model
 * and its handoffs' models and MCP servers that have `assertComplete()`
 * are its doubles), or the agent and its doubles.
 *
 * @example
 * ```ts
 * import { Agent } from '@openai/agents';
 * import { ScriptedModel } from '@scripted/agents';
 * import type { RunParityBuild } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel();
 * const built: RunParityBuild = {
 *   agent: new Agent({ name: 'A', model }),
 *   doubles: [model],
 * };
 * ```
 */
export type RunParityBuild =
  // deno-lint-ignore no-explicit-any
  | Agent<any, any>
  | {
    /** The agent each path runs. */
    // deno-lint-ignore no-explicit-any
    readonly agent: Agent<any, any>;
    /** The doubles whose `assertComplete()` each path checks. */
    readonly doubles?: readonly RunParityDouble[];
  };

/**
 * The options of `assertRunParity()`.
 *
 * @example
 * ```ts
 * import type { RunParityOptions } from '@scripted/agents/assert';
 *
 * const options: RunParityOptions = {
 *   approvals: { approve: ['delete_file'] },
 *   paths: ['run', 'resume'],
 *   fields: ['finalOutput', 'toolExecutions'],
 * };
 * ```
 */
export interface RunParityOptions {
  /**
   * The decision for every interruption, as `decideApprovals()` takes
   * them: tool names or call ids to approve and to reject (each
   * interruption needs exactly one), and the rejection text.
   */
  readonly approvals?: Pick<
    ApprovalDecisions,
    'approve' | 'reject' | 'rejectionMessage'
  >;
  /** The paths to run (at least two; all three by default), the first the reference. */
  readonly paths?: readonly RunPath[];
  /** The fields to compare (all by default); compared in the documented order. */
  readonly fields?: readonly RunParityField[];
}

/** The most timeline lines shown per path. */
const maxTimeline = 20;

/** A path's timeline, headed, at most {@link maxTimeline} lines. */
function timelineOf(outcome: PathOutcome): string {
  const lines = outcome.timeline;
  const kept = lines.length > maxTimeline
    ? [
      ...lines.slice(0, maxTimeline - 1),
      `… ${lines.length - maxTimeline + 1} more`,
    ]
    : lines;
  return [
    `Timeline of ${quote(outcome.path)} (${plural(lines.length, 'event')}):`,
    ...kept.map((line) => `  ${line}`),
  ].join('\n');
}

/** What a path's result or error is compared as, field by field. */
function project(outcome: PathOutcome): Record<RunParityField, unknown> {
  const result = outcome.result;
  const waiting = (field(result, 'interruptions') as unknown[]).length > 0;
  const usage = field(field(result, 'state'), 'usage');
  return checking('assertRunParity', () =>
    normalizer()(
      {
        // An interrupted run has no final output (and the SDK warns when read).
        finalOutput: waiting ? undefined : field(result, 'finalOutput'),
        newItems: canonicalOrder(field(result, 'newItems') as unknown[]),
        interruptions: outcome.stops,
        toolExecutions: outcome.executions,
        handoffs: handoffsTaken(result),
        guardrails: readGuardrails(result),
        usage: {
          requests: field(usage, 'requests'),
          inputTokens: field(usage, 'inputTokens'),
          outputTokens: field(usage, 'outputTokens'),
          totalTokens: field(usage, 'totalTokens'),
        },
        doubles: outcome.incomplete.map((failure) =>
          failure === undefined ? 'complete' : String(field(failure[0], 'name'))
        ),
      },
      '',
      'run',
    )) as Record<RunParityField, unknown>;
}

/** The difference between two paths at `path` of `field`, with both timelines. */
function differ(
  field: string,
  path: string,
  [a, b]: readonly [PathOutcome, PathOutcome],
  [expected, actual]: readonly [unknown, unknown],
): RunAssertionError {
  const root = (value: unknown) => ({ [field]: value });
  const error = new RunAssertionError({
    assertion: 'assertRunParity',
    expected,
    actual,
    path,
    headline: `Runs differ at ${quote(path)}: ${quote(a.path)} gave ${
      shownAt(root(expected), path)
    }, ${quote(b.path)} gave ${shownAt(root(actual), path)} (expected: ${
      quote(a.path)
    }, actual: ${quote(b.path)})`,
  });
  error.message = `${error.message}\n\n${timelineOf(a)}\n${timelineOf(b)}`;
  return error;
}

/** A tool that ran more than once for one call, on `outcome`'s path. */
function rerun(outcome: PathOutcome): RunAssertionError | undefined {
  const executions: readonly Execution[] = outcome.executions;
  const i = executions.findIndex((execution) => execution.runs !== 1);
  if (i < 0) return undefined;
  const { name, callId, runs } = executions[i]!;
  const path = `${at(at('toolExecutions', i), 'runs')}`;
  const call = callId === undefined ? '' : ` for call ${shownAt(callId, '')}`;
  const error = new RunAssertionError({
    assertion: 'assertRunParity',
    expected: 1,
    actual: runs,
    path,
    headline: `Tool ${quote(name)} ran ${runs} times${call} on ${
      quote(outcome.path)
    }: expected once`,
  });
  error.message = `${error.message}\n\n${timelineOf(outcome)}`;
  return error;
}

/** A path the approvals never settled, still waiting after the last stop. */
function unsettled(outcome: PathOutcome): RunAssertionError {
  const waiting = (field(outcome.result, 'interruptions') as unknown[]).length;
  const error = new RunAssertionError({
    assertion: 'assertRunParity',
    expected: 0,
    actual: waiting,
    path: 'interruptions',
    headline: `Run ${quote(outcome.path)} still waits for ${
      plural(waiting, 'approval')
    } after ${maxStops} stops: the approvals given never let it finish (expected no interruption left)`,
  });
  error.message = `${error.message}\n\n${timelineOf(outcome)}`;
  return error;
}

/**
 * Runs the same script three ways and asserts they agree: `run` (plain),
 * `stream` (`run(…, { stream: true })`, its events read to the end) and
 * `resume` (plain, every interruption's `RunState` serialized with
 * `toString()` and restored with `RunState.fromString(agent, …)` both
 * before and after the decisions). Each path calls `factory()` for a
 * fresh agent and doubles and a fresh `Runner` (tracing off); every
 * interruption is decided by `options.approvals`, then resumed on the same
 * path. The first path is the reference; each other path is compared with
 * it, field by field in this order, failing at the first difference:
 *
 * - whether the run threw, and what (always; when every path threw the
 *   same error, that error is rethrown);
 * - `finalOutput`;
 * - `newItems`: the run's items as JSON, parallel tool results in the
 *   order the model asked for them;
 * - `interruptions`: the approvals of each stop, in order;
 * - `toolExecutions`: `{ name, callId, runs }` per call, from the
 *   Runner's `agent_tool_start` hook; each must have run exactly once;
 * - `handoffs`, `guardrails` (as `handoffsTaken()` and `guardrailResults()`
 *   report them);
 * - `usage`: `requests`, `inputTokens`, `outputTokens`, `totalTokens`;
 * - `doubles`: each double's `assertComplete()`, per path (`complete`, or
 *   the name of what it threw); when it threw alike on every path, that
 *   error is rethrown.
 *
 * What differs by nature is normalized first, as `runSnapshot()` does:
 * ids (`id`, `callId`, `responseId`, `itemId`… keys) become `<id N>` in
 * order of first appearance, so only which items share an id is compared;
 * timestamps (`createdAt`, `timestamp`… keys, ISO times in text) become
 * `<time>`.
 *
 * @param factory Builds the agent and its doubles afresh (may be async).
 * @param input What every run starts with.
 * @param options The decisions, the paths and the fields.
 * @throws {RunAssertionError} With `assertion: 'assertRunParity'` at the
 * first difference: `path` the field and where in it (`newItems[1].output`),
 * `expected` the field on the first path, `actual` on the other; the
 * message names both paths and ends with each path's timeline (the
 * doubles' calls, tool runs, handoffs, stops and decisions, in order). Or
 * when a tool ran twice for one call (`toolExecutions[0].runs`).
 * @throws {InvalidRunAssertionInputError} When an argument is malformed,
 * the factory returns no agent, or an interruption has no decision or two
 * (`path: 'options.approvals'`).
 *
 * @example
 * ```ts
 * import { Agent, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import {
 *   assistantMessage,
 *   functionCall,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { assertRunParity } from '@scripted/agents/assert';
 *
 * const weather = tool({
 *   name: 'get_weather',
 *   description: 'Weather for a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `${city}: sunny`,
 * });
 * await assertRunParity(() =>
 *   new Agent({
 *     name: 'Weather',
 *     tools: [weather],
 *     model: new ScriptedModel([
 *       [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'c1' })],
 *       [assistantMessage('Sunny in Tokyo.')],
 *     ]),
 *   }), 'Weather in Tokyo?');
 * ```
 */
export async function assertRunParity(
  factory: () => RunParityBuild | Promise<RunParityBuild>,
  input: string | AgentInputItem[],
  options?: RunParityOptions,
): Promise<void> {
  const plan = checking(
    'assertRunParity',
    () => readParity(factory, input, options),
  );
  const outcomes: PathOutcome[] = [];
  for (const path of plan.paths) {
    outcomes.push(await runPath(path, factory, plan.input, plan.decisions));
  }
  const [first, ...others] = outcomes as [PathOutcome, ...PathOutcome[]];
  const failure = (outcome: PathOutcome) =>
    outcome.threw ? String(field(outcome.error, 'name')) : 'completed';
  for (const other of others) {
    const pair = [failure(first), failure(other)] as const;
    if (pair[0] !== pair[1]) {
      throw differ('error', 'error', [first, other], pair);
    }
  }
  if (first.threw) throw first.error;
  const shown = outcomes.map(project);
  for (const name of plan.fields) {
    if (name === 'toolExecutions') {
      const found = outcomes.map(rerun).find(Boolean);
      if (found) throw found;
    }
    for (const [i, other] of others.entries()) {
      const pair = [shown[0]![name], shown[i + 1]![name]] as const;
      const path = firstDifference(pair[0], pair[1], name);
      if (path !== undefined) throw differ(name, path, [first, other], pair);
    }
    const left = first.incomplete.find(Boolean);
    if (name === 'doubles' && left) throw left[0];
  }
  // Paths that agree, all left waiting: nothing finished to compare.
  const stuck = outcomes.find((outcome) => outcome.stuck);
  if (stuck) throw unsettled(stuck);
}
