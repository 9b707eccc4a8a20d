/**
 * The schema drift lint: before anything runs, checks a script (the steps
 * of a `ScriptedModel`) or a recorded model fixture against an agent as
 * it is now — every scripted function call's arguments against its tool's
 * current schema, every tool and handoff name, and a final output against
 * the output type — naming the step and the JSON path of each problem.
 *
 * @module
 */
import { getHandoff } from '@openai/agents-core';
import { describe, quote } from '../_internal/format.ts';
import { array, at, guard, object, reject } from '../_internal/read.ts';
import { type AnyAgent, checking, field } from './_read.ts';
import { type SchemaIssue, schemaIssues } from './_json_schema.ts';

/**
 * What a drift problem is, as `ScriptProblem.kind`.
 *
 * @example
 * ```ts
 * import type { ScriptProblemKind } from '@scripted/agents/assert';
 *
 * const kind: ScriptProblemKind = 'invalid_arguments';
 * ```
 */
export type ScriptProblemKind =
  | 'invalid_arguments'
  | 'unknown_tool'
  | 'unknown_handoff'
  | 'invalid_final_output';

/**
 * One place a script no longer fits the agent.
 *
 * @example
 * ```ts
 * import type { ScriptProblem } from '@scripted/agents/assert';
 *
 * const problem: ScriptProblem = {
 *   kind: 'invalid_arguments',
 *   step: 0,
 *   item: 0,
 *   agent: 'Weather',
 *   name: 'get_weather',
 *   path: 'city',
 *   expected: 'a required property',
 *   received: 'undefined',
 * };
 * ```
 */
export interface ScriptProblem {
  /** What is wrong. */
  readonly kind: ScriptProblemKind;
  /** The step (script) or call (fixture), zero-based. */
  readonly step: number;
  /** The output item in that step, zero-based. */
  readonly item: number;
  /** The agent the step answers (handoffs in the script are followed). */
  readonly agent: string;
  /** The tool or handoff called; `undefined` for a final output. */
  readonly name: string | undefined;
  /** The JSON path in the arguments or output (`''` for the whole). */
  readonly path: string;
  /** What the agent wants there. */
  readonly expected: string;
  /** What the script holds, rendered short. */
  readonly received: string;
}

/**
 * The result of `lintScript()`.
 *
 * @example
 * ```ts
 * import type { ScriptLintReport } from '@scripted/agents/assert';
 *
 * const clean: ScriptLintReport = { ok: true, problems: [], skipped: [] };
 * ```
 */
export interface ScriptLintReport {
  /** Whether no problem was found. */
  readonly ok: boolean;
  /** The problems, in step and item order. */
  readonly problems: readonly ScriptProblem[];
  /** Steps that could not be read before running (responders, errors, non-array streams). */
  readonly skipped: readonly number[];
}

/**
 * A script or fixture no longer fits its agent: `problems` holds each
 * place (step, item, JSON path); the message lists them.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { functionCall } from '@scripted/agents';
 * import { assertScriptMatches, ScriptDriftError } from '@scripted/agents/assert';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'Weather for a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => city,
 * });
 * const agent = new Agent({ name: 'Weather', tools: [getWeather] });
 * assert.throws(
 *   () => assertScriptMatches(agent, [[functionCall('get_weather', { town: 'Oslo' }, { callId: 'c1' })]]),
 *   (error: unknown) =>
 *     error instanceof ScriptDriftError && error.problems[0]!.path === 'city',
 * );
 * ```
 */
export class ScriptDriftError extends Error {
  /** Every problem found. */
  readonly problems: readonly ScriptProblem[];

  /**
   * Creates a `ScriptDriftError`.
   * @param problems The problems (at least one); the message lists them.
   */
  constructor(problems: readonly ScriptProblem[]) {
    const shown = problems.slice(0, 10).map((p) => `- ${problemLine(p)}`);
    if (problems.length > 10) shown.push(`- and ${problems.length - 10} more`);
    super(
      `Script drift: ${problems.length} ${
        problems.length === 1 ? 'problem' : 'problems'
      } against the agent as it is now\n${shown.join('\n')}`,
    );
    this.name = 'ScriptDriftError';
    this.problems = problems;
  }
}

function problemLine(p: ScriptProblem): string {
  const what = p.name === undefined ? 'final output' : quote(p.name);
  const where = p.path === '' ? '' : ` at ${quote(p.path)}`;
  return `step ${p.step}, item ${p.item} (${what} of ${
    quote(p.agent)
  })${where}: expected ${p.expected}, got ${p.received}`;
}

/** A bounded copy of `value` when it is an array, else `undefined`. */
function list(value: unknown, path: string): unknown[] | undefined {
  return guard(path, () => Array.isArray(value))
    ? array(value, path)
    : undefined;
}

/** The output items of each step; `undefined` for a step not readable. */
function stepsOf(script: unknown): (readonly unknown[] | undefined)[] {
  let source = script;
  if (typeof source === 'string') {
    try {
      source = JSON.parse(source);
    } catch {
      throw reject('invalid_value', 'script', script, {
        expected: 'a model fixture as JSON text',
      });
    }
  }
  if (!Array.isArray(source)) {
    object(source, 'script', {
      expected: 'an array of model steps, or a model fixture',
    });
    if (field(source, 'kind') !== 'model') {
      throw reject('invalid_value', 'script.kind', field(source, 'kind'), {
        expected: '"model" (a model fixture)',
      });
    }
    const calls = array(field(source, 'calls'), 'script.calls');
    return calls.map((call, i) => {
      const path = at('script.calls', i);
      return outputOf(field(call, 'response'), at(path, 'response')) ??
        streamOutput(field(call, 'events'), at(path, 'events'));
    });
  }
  return array(source, 'script').map((step, i) => {
    const path = at('script', i);
    const type = field(step, 'type');
    if (type === 'stream') {
      return streamOutput(field(step, 'events'), at(path, 'events'));
    }
    // A list of items, a response, or a `response` step; a responder or an
    // error step holds no output to read before running.
    return type === 'response'
      ? outputOf(field(step, 'response'), at(path, 'response'))
      : outputOf(step, path);
  });
}

function outputOf(response: unknown, path: string): unknown[] | undefined {
  return list(response, path) ??
    list(field(response, 'output'), at(path, 'output'));
}

function streamOutput(events: unknown, path: string): unknown[] | undefined {
  const done = list(events, path)?.find((e) =>
    field(e, 'type') === 'response_done'
  );
  return outputOf(field(done, 'response'), `${path}.response_done.response`);
}

/** Arguments or output text parsed (`''` reads as `{}`); `undefined` when not JSON. */
function parseJson(text: unknown): { readonly value: unknown } | undefined {
  if (typeof text !== 'string') return { value: text };
  try {
    return { value: JSON.parse(text === '' ? '{}' : text) };
  } catch {
    return undefined;
  }
}

/** A step's last assistant message: its index and its text. */
function finalMessage(
  items: readonly unknown[],
  path: string,
): { readonly item: number; readonly text: string } | undefined {
  const item = items.findLastIndex((entry) =>
    field(entry, 'role') === 'assistant'
  );
  const content = list(
    field(items[item], 'content'),
    at(at(path, item), 'content'),
  );
  if (content === undefined) return undefined;
  const text = content.filter((part) => field(part, 'type') === 'output_text')
    .map((part) => String(field(part, 'text'))).join('');
  return { item, text };
}

/** The output type's issues for a value: a zod schema or a JSON schema definition. */
function outputIssues(outputType: unknown, value: unknown): SchemaIssue[] {
  const safeParse = field(outputType, 'safeParse');
  if (typeof safeParse === 'function') {
    const parsed = safeParse.call(outputType, value);
    const issues = field(field(parsed, 'error'), 'issues');
    return (Array.isArray(issues) ? issues : []).map((issue) => ({
      path: (field(issue, 'path') as unknown[] ?? []).reduce<string>(
        (path, key) => at(path, key as string | number),
        '',
      ),
      expected: String(field(issue, 'message')),
      received: describe(valueAtPath(value, field(issue, 'path'))),
    }));
  }
  return schemaIssues(value, field(outputType, 'schema'));
}

function valueAtPath(value: unknown, path: unknown): unknown {
  return (Array.isArray(path) ? path : []).reduce(
    (node, key) => field(node, String(key)),
    value,
  );
}

/** What the lint reads of a handoff. */
interface HandoffShape {
  readonly toolName: string;
  readonly inputJsonSchema: unknown;
  readonly agent: AnyAgent;
}

/** The lint; a throw while reading the script is an issue at `script`. */
function guardedLint(agent: unknown, script: unknown): ScriptLintReport {
  return guard('script', () => lint(agent, script));
}

function lint(agent: unknown, script: unknown): ScriptLintReport {
  object(agent, 'agent', { expected: 'an Agent' });
  const steps = stepsOf(script);
  const problems: ScriptProblem[] = [];
  const skipped: number[] = [];
  let current = agent as AnyAgent;
  steps.forEach((items, step) => {
    if (items === undefined) return void skipped.push(step);
    const tools = new Map<string, unknown>();
    for (
      const t of array(guard('agent.tools', () => current.tools), 'agent.tools')
    ) {
      tools.set(String(field(t, 'name')), t);
    }
    const handoffs = new Map<string, HandoffShape>();
    for (const h of guard('agent.handoffs', () => current.handoffs ?? [])) {
      const handoff = guard(
        'agent.handoffs',
        () => getHandoff(h) as unknown as HandoffShape,
      );
      handoffs.set(handoff.toolName, handoff);
    }
    const open = guard('agent.mcpServers', () =>
      current.mcpServers ?? []).length > 0;
    const agentName = current.name;
    const problem = (
      kind: ScriptProblemKind,
      item: number,
      name: string | undefined,
      issue: SchemaIssue,
    ) => problems.push({ kind, step, item, agent: agentName, name, ...issue });
    let next: AnyAgent | undefined;
    let called = false;
    items.forEach((item, i) => {
      if (field(item, 'type') !== 'function_call') return;
      called = true;
      const name = String(field(item, 'name'));
      const args = parseJson(field(item, 'arguments'));
      const handoff = handoffs.get(name);
      const tool = tools.get(name);
      if (handoff === undefined && tool === undefined) {
        if (open) return;
        const isHandoff = name.startsWith('transfer_to_');
        const known = isHandoff ? [...handoffs.keys()] : [...tools.keys()];
        return void problem(
          isHandoff ? 'unknown_handoff' : 'unknown_tool',
          i,
          name,
          {
            path: '',
            expected: known.length === 0
              ? `no ${isHandoff ? 'handoff' : 'tool'} (the agent has none)`
              : `one of ${known.map(quote).join(', ')}`,
            received: quote(name),
          },
        );
      }
      if (args === undefined) {
        return void problem('invalid_arguments', i, name, {
          path: '',
          expected: 'arguments as JSON text',
          received: describe(field(item, 'arguments')),
        });
      }
      const where = at(
        handoff === undefined ? 'agent.tools' : 'agent.handoffs',
        name,
      );
      const issues = guard(where, () => {
        if (handoff !== undefined) {
          return schemaIssues(args.value, handoff.inputJsonSchema);
        }
        // Hosted and other tools are called by name; only function tools
        // have a parameter schema to check.
        return field(tool, 'type') === 'function'
          ? schemaIssues(args.value, field(tool, 'parameters'))
          : [];
      });
      for (const issue of issues) problem('invalid_arguments', i, name, issue);
      next ??= handoff?.agent;
    });
    const final = called ? undefined : finalMessage(items, at('script', step));
    const outputType = current.outputType;
    if (
      final !== undefined && outputType !== 'text' && outputType !== undefined
    ) {
      const { item, text } = final;
      const parsed = parseJson(text);
      const issues = parsed !== undefined
        ? guard(
          'agent.outputType',
          () => outputIssues(outputType, parsed.value),
        )
        : [{ path: '', expected: 'JSON text', received: describe(text) }];
      for (const issue of issues) {
        problem('invalid_final_output', item, undefined, issue);
      }
    }
    if (next !== undefined) current = next;
  });
  return { ok: problems.length === 0, problems, skipped };
}

/**
 * Checks a script or a model fixture against an agent as it is now,
 * before anything runs: each scripted function call's tool or handoff
 * must exist on the agent answering that step (handoffs in the script are
 * followed), its arguments must validate against the tool's current
 * parameter schema (or the handoff's input schema), and a final message
 * must parse as the agent's output type (a zod schema or a JSON schema
 * definition). Steps a lint cannot read before running (responders,
 * errors, streams that are not arrays) are listed in `skipped`. An agent
 * with MCP servers may call tools not in `agent.tools`: unknown names are
 * not reported for it.
 *
 * @param agent The agent the script starts with.
 * @param script The steps given to `ScriptedModel` (or `enqueue`), or a
 * model fixture (`replay`'s format: the object, or its JSON text).
 * @returns The report: `ok`, the `problems` (step, item, JSON path),
 * `skipped`.
 * @throws {InvalidRunAssertionInputError} When `agent` or `script` is
 * unusable.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, tool } from '@openai/agents';
 * import { z } from 'zod';
 * import { assistantMessage, functionCall } from '@scripted/agents';
 * import { lintScript } from '@scripted/agents/assert';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'Weather for a city',
 *   parameters: z.object({ city: z.string(), unit: z.enum(['C', 'F']) }),
 *   execute: ({ city }) => city,
 * });
 * const agent = new Agent({ name: 'Weather', tools: [getWeather] });
 * const report = lintScript(agent, [
 *   [functionCall('get_weather', { city: 'Oslo' }, { callId: 'c1' })],
 *   [assistantMessage('Cold')],
 * ]);
 * assert.equal(report.ok, false);
 * assert.deepEqual(
 *   report.problems.map((p) => [p.kind, p.step, p.name, p.path]),
 *   [['invalid_arguments', 0, 'get_weather', 'unit']],
 * );
 * ```
 */
export function lintScript(agent: unknown, script: unknown): ScriptLintReport {
  return checking('lintScript', () => guardedLint(agent, script));
}

/**
 * `lintScript()`, throwing when the script drifted.
 *
 * @param agent The agent the script starts with.
 * @param script The steps, or a model fixture (object or JSON text).
 * @throws {ScriptDriftError} When a problem was found (`problems`).
 * @throws {InvalidRunAssertionInputError} When `agent` or `script` is
 * unusable.
 *
 * @example
 * ```ts
 * import { Agent } from '@openai/agents';
 * import { assistantMessage } from '@scripted/agents';
 * import { assertScriptMatches } from '@scripted/agents/assert';
 *
 * assertScriptMatches(new Agent({ name: 'A' }), [[assistantMessage('Hi')]]);
 * ```
 */
export function assertScriptMatches(agent: unknown, script: unknown): void {
  const report = checking(
    'assertScriptMatches',
    () => guardedLint(agent, script),
  );
  if (!report.ok) throw new ScriptDriftError(report.problems);
}
