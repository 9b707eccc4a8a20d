/**
 * Run assertions that work in every test runner: what the agent did, read
 * from a `RunResult` (or a `StreamedRunResult`, once completed) and from a
 * double's recorded calls. They import no runner and throw
 * `RunAssertionError` (expected vs actual) or, for unusable input,
 * `InvalidRunAssertionInputError`.
 *
 * @module
 */
import type { ModelRequest, RunItem } from '@openai/agents-core';
import { listNames } from '../_internal/format.ts';
import { firstDifference } from '../_internal/diff.ts';
import {
  array,
  at,
  fields,
  guard,
  number,
  object,
  reject,
  string,
} from '../_internal/read.ts';
import { RunAssertionError } from './errors.ts';
import { checking, field, itemsOf, parse } from './_read.ts';
import type { RecordedModelCall } from '../model/mod.ts';

/**
 * What the run assertions read of a run: its `newItems` (and, for
 * `assertFinalOutput`, its `finalOutput`). A `RunResult` and a completed
 * `StreamedRunResult` are both one.
 *
 * @example
 * ```ts
 * import type { RunOutcome } from '@scripted/agents/assert';
 *
 * const outcome: RunOutcome = { newItems: [], finalOutput: 'Hi' };
 * ```
 */
export interface RunOutcome {
  /** The items the run produced, in order. */
  readonly newItems: readonly RunItem[];
  /** The final output, once the run ended. */
  readonly finalOutput?: unknown;
}

/**
 * One function tool call the agent made, as `toolCalls()` reports it.
 *
 * @example
 * ```ts
 * import type { ToolCallRecord } from '@scripted/agents/assert';
 *
 * const call: ToolCallRecord = {
 *   name: 'get_weather',
 *   callId: 'call_1',
 *   arguments: { city: 'Tokyo' },
 *   output: 'Sunny',
 * };
 * ```
 */
export interface ToolCallRecord {
  /** The tool's name. */
  readonly name: string;
  /** The call id. */
  readonly callId: string;
  /** The arguments, parsed from JSON (the raw string when not JSON). */
  readonly arguments: unknown;
  /** What the tool returned; `undefined` when it has not run. */
  readonly output: unknown;
}

/**
 * One expected tool call of `assertToolCalls()`: `arguments` and `output`
 * are compared only when given.
 *
 * @example
 * ```ts
 * import type { ExpectedToolCall } from '@scripted/agents/assert';
 *
 * const call: ExpectedToolCall = { name: 'get_weather', arguments: { city: 'Tokyo' } };
 * ```
 */
export interface ExpectedToolCall {
  /** The tool's name. */
  name: string;
  /** The parsed arguments, compared structurally. */
  arguments?: unknown;
  /** The tool's output, compared structurally. */
  output?: unknown;
}

/**
 * One handoff the run took, as `handoffsTaken()` reports it.
 *
 * @example
 * ```ts
 * import type { HandoffRecord } from '@scripted/agents/assert';
 *
 * const taken: HandoffRecord = { from: 'Triage', to: 'Billing' };
 * ```
 */
export interface HandoffRecord {
  /** The name of the agent that handed off. */
  readonly from: string;
  /** The name of the agent handed off to. */
  readonly to: string;
}

/** `toolCalls()` without its input boundary, for the other readers. */
export function collectToolCalls(result: unknown): ToolCallRecord[] {
  const items = itemsOf(result);
  return guard('result.newItems', () => {
    const outputs = new Map<string, unknown>();
    for (const item of items) {
      if (field(item, 'type') !== 'tool_call_output_item') continue;
      const raw = field(item, 'rawItem');
      if (field(raw, 'type') !== 'function_call_result') continue;
      outputs.set(String(field(raw, 'callId')), field(item, 'output'));
    }
    const calls: ToolCallRecord[] = [];
    for (const item of items) {
      if (field(item, 'type') !== 'tool_call_item') continue;
      const raw = field(item, 'rawItem');
      if (field(raw, 'type') !== 'function_call') continue;
      const callId = String(field(raw, 'callId'));
      calls.push({
        name: String(field(raw, 'name')),
        callId,
        arguments: parse(field(raw, 'arguments')),
        output: outputs.get(callId),
      });
    }
    return calls;
  });
}

/**
 * The function tool calls the agent made in a run, in the order the model
 * asked for them: name, call id, parsed arguments and the tool's output.
 * Handoffs, hosted, computer, shell and apply-patch calls are not included.
 *
 * @param result The run's result.
 * @returns The calls (a fresh array).
 * @throws {InvalidRunAssertionInputError} When `result` is not a run result.
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
 * import { toolCalls } from '@scripted/agents/assert';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'Weather for a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `Sunny in ${city}`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
 *   [assistantMessage('Sunny')],
 * ]);
 * const runner = new Runner({ tracingDisabled: true });
 * const agent = new Agent({ name: 'A', model, tools: [getWeather] });
 * const result = await runner.run(agent, 'Weather?');
 * assert.deepEqual(toolCalls(result), [{
 *   name: 'get_weather',
 *   callId: 'call_1',
 *   arguments: { city: 'Tokyo' },
 *   output: 'Sunny in Tokyo',
 * }]);
 * ```
 */
export function toolCalls(result: RunOutcome): ToolCallRecord[] {
  return checking('toolCalls', () => collectToolCalls(result));
}

const expectedKeys = ['name', 'arguments', 'output'] as const;

/** The expected calls, read once and checked. */
function readExpectedCalls(expected: unknown): ExpectedToolCall[] {
  const list = array(expected, 'expected', {
    expected: 'an array of expected tool calls',
  });
  return list.map((entry, i) => {
    const path = at('expected', i);
    const read = fields(entry, path, expectedKeys, {
      expected: 'an object with a "name"',
    }).fields;
    const call: ExpectedToolCall = {
      name: string(read.name, at(path, 'name'), { nonEmpty: true }),
    };
    if ('arguments' in read) call.arguments = read.arguments;
    if ('output' in read) call.output = read.output;
    return call;
  });
}

/**
 * Asserts the function tool calls of a run, in order: each expected call's
 * `name`, and its `arguments` (parsed) and `output` when given, compared
 * structurally; the run must make exactly as many calls.
 *
 * @param result The run's result.
 * @param expected The expected calls.
 * @throws {RunAssertionError} When the calls differ: `expected` and
 * `actual` are the compared calls (each actual call cut to the keys its
 * expected call gives), `path` the first difference.
 * @throws {InvalidRunAssertionInputError} When `result` is not a run result
 * or `expected` is malformed.
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
 * import { assertToolCalls } from '@scripted/agents/assert';
 *
 * const getWeather = tool({
 *   name: 'get_weather',
 *   description: 'Weather for a city',
 *   parameters: z.object({ city: z.string() }),
 *   execute: ({ city }) => `Sunny in ${city}`,
 * });
 * const model = new ScriptedModel([
 *   [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
 *   [assistantMessage('Sunny')],
 * ]);
 * const runner = new Runner({ tracingDisabled: true });
 * const agent = new Agent({ name: 'A', model, tools: [getWeather] });
 * const result = await runner.run(agent, 'Weather?');
 * assertToolCalls(result, [
 *   { name: 'get_weather', arguments: { city: 'Tokyo' }, output: 'Sunny in Tokyo' },
 * ]);
 * ```
 */
export function assertToolCalls(
  result: RunOutcome,
  expected: readonly ExpectedToolCall[],
): void {
  const [calls, wanted, path, actual] = checking('assertToolCalls', () => {
    const calls = collectToolCalls(result);
    const wanted = readExpectedCalls(expected);
    const actual = calls.map((call, i) => {
      const shape = wanted[i];
      const shown: Record<string, unknown> = { name: call.name };
      if (shape === undefined || 'arguments' in shape) {
        shown.arguments = call.arguments;
      }
      if (shape !== undefined && 'output' in shape) shown.output = call.output;
      return shown;
    });
    const path = guard('expected', () => firstDifference(wanted, actual));
    return [calls, wanted, path, actual] as const;
  });
  if (path === undefined) return;
  throw new RunAssertionError({
    assertion: 'assertToolCalls',
    expected: wanted,
    actual,
    path,
    headline: wanted.length === actual.length
      ? undefined
      : `Unexpected tool calls: expected ${wanted.length}, got ${actual.length} (${
        listNames(calls.map((c) => c.name))
      })`,
  });
}

function collectHandoffs(result: unknown): HandoffRecord[] {
  const items = itemsOf(result);
  return guard(
    'result.newItems',
    () =>
      items.filter((item) => field(item, 'type') === 'handoff_output_item')
        .map((item) => ({
          from: String(field(field(item, 'sourceAgent'), 'name')),
          to: String(field(field(item, 'targetAgent'), 'name')),
        })),
  );
}

/**
 * The handoffs a run took, in order: who handed off to whom, by agent
 * name.
 *
 * @param result The run's result.
 * @returns The handoffs (a fresh array).
 * @throws {InvalidRunAssertionInputError} When `result` is not a run result.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { handoffCall } from '@scripted/agents/items';
 * import { handoffsTaken } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel();
 * const billing = new Agent({ name: 'Billing', model });
 * const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
 * model.enqueue(
 *   [handoffCall(billing, { callId: 'call_1' })],
 *   [assistantMessage('Billing here')],
 * );
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(triage, 'Refund');
 * assert.deepEqual(handoffsTaken(result), [{ from: 'Triage', to: 'Billing' }]);
 * ```
 */
export function handoffsTaken(result: RunOutcome): HandoffRecord[] {
  return checking('handoffsTaken', () => collectHandoffs(result));
}

/**
 * Asserts the agents a run handed off to, in order: each by name or by the
 * `Agent` itself (its name is compared).
 *
 * @param result The run's result.
 * @param expected The agents handed off to, in order.
 * @throws {RunAssertionError} When the handoffs differ (`expected` and
 * `actual` are the names).
 * @throws {InvalidRunAssertionInputError} When `result` is not a run result
 * or an expected agent has no name.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import {
 *   assistantMessage,
 *   ScriptedModel,
 * } from '@scripted/agents';
 * import { handoffCall } from '@scripted/agents/items';
 * import { assertHandoffs } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel();
 * const billing = new Agent({ name: 'Billing', model });
 * const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
 * model.enqueue(
 *   [handoffCall(billing, { callId: 'call_1' })],
 *   [assistantMessage('Billing here')],
 * );
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(triage, 'Refund');
 * assertHandoffs(result, ['Billing']);
 * assertHandoffs(result, [billing]);
 * ```
 */
export function assertHandoffs(
  result: RunOutcome,
  expected: readonly (string | { readonly name: string })[],
): void {
  const assertion = 'assertHandoffs';
  const [taken, names] = checking(assertion, () => {
    const taken = collectHandoffs(result).map((h) => h.to);
    const list = array(expected, 'expected', {
      expected: 'an array of agent names or agents',
    });
    const names = guard('expected', () =>
      list.map((entry, i) => {
        const name = typeof entry === 'string' ? entry : field(entry, 'name');
        if (typeof name === 'string' && name !== '') return name;
        throw reject('invalid_value', at('expected', i), entry, {
          expected: 'an agent name or an agent',
        });
      }));
    return [taken, names] as const;
  });
  const path = firstDifference(names, taken);
  if (path === undefined) return;
  throw new RunAssertionError({
    assertion,
    expected: names,
    actual: taken,
    path,
  });
}

/**
 * Asserts a run's final output, compared structurally (a structured output
 * against a plain object, text against a string).
 *
 * @param result The run's result.
 * @param expected The expected final output.
 * @throws {RunAssertionError} When it differs (`undefined` when the run
 * was interrupted or has not finished).
 * @throws {InvalidRunAssertionInputError} When `result` is not a run result.
 *
 * @example
 * ```ts
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { assertFinalOutput } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello')]]);
 * const runner = new Runner({ tracingDisabled: true });
 * const result = await runner.run(new Agent({ name: 'A', model }), 'Hi');
 * assertFinalOutput(result, 'Hello');
 * ```
 */
export function assertFinalOutput(result: RunOutcome, expected: unknown): void {
  const assertion = 'assertFinalOutput';
  const [actual, path] = checking(assertion, () => {
    itemsOf(result);
    const actual = guard(
      'result.finalOutput',
      () => (result as { finalOutput?: unknown }).finalOutput,
    );
    return [actual, guard('expected', () => firstDifference(expected, actual))];
  });
  if (path === undefined) return;
  throw new RunAssertionError({ assertion, expected, actual, path });
}

/**
 * The request that reached a model at call `index` (zero-based; a negative
 * index counts from the end, `-1` is the last call), from the calls a
 * `ScriptedModel`, `AutoModel` or recording model kept.
 *
 * @param model The double (anything with recorded `calls`).
 * @param index Which call.
 * @returns The recorded request.
 * @throws {RunAssertionError} When the model received no call at `index`
 * (`expected` is the call count needed, `actual` the count received).
 * @throws {InvalidRunAssertionInputError} When `model` has no recorded
 * calls or `index` is not an integer.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { modelRequest } from '@scripted/agents/assert';
 *
 * const model = new ScriptedModel([[assistantMessage('Hello')]]);
 * const runner = new Runner({ tracingDisabled: true });
 * await runner.run(new Agent({ name: 'A', model, instructions: 'Be brief' }), 'Hi');
 * assert.equal(modelRequest(model, 0).systemInstructions, 'Be brief');
 * assert.deepEqual(modelRequest(model, -1).input, [
 *   { type: 'message', role: 'user', content: 'Hi' },
 * ]);
 * ```
 */
export function modelRequest(
  model: { readonly calls: readonly RecordedModelCall[] },
  index: number,
): ModelRequest {
  const assertion = 'modelRequest';
  const [calls, position] = checking(assertion, () => {
    object(model, 'model', { expected: 'a double with recorded "calls"' });
    const calls = array(
      guard('model.calls', () => (model as { calls?: unknown }).calls),
      'model.calls',
      { expected: 'an array of recorded calls' },
    );
    number(index, 'index', { integer: true });
    return [calls, index < 0 ? calls.length + index : index] as const;
  });
  const call = calls[position];
  // A negative position reads `undefined` from the copied array too.
  if (call === undefined) {
    const needed = index < 0 ? -index : index + 1;
    throw new RunAssertionError({
      assertion,
      expected: needed,
      actual: calls.length,
      headline:
        `Unexpected model calls: expected a call at index ${index}, got ${calls.length} ${
          calls.length === 1 ? 'call' : 'calls'
        }`,
    });
  }
  return checking(assertion, () => {
    const path = `model.calls[${position}]`;
    const request = guard(path, () => field(call, 'request'));
    return object(request, `${path}.request`, {
      expected: 'a recorded model request',
    }) as ModelRequest;
  });
}
