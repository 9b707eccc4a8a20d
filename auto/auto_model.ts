/**
 * `autoModel()` and `autoStep()`: a model that needs no script. Each call
 * makes the tool calls the request offers, with arguments generated from
 * each tool's JSON schema, then answers with a final message or a value of
 * the agent's output schema.
 *
 * @module
 */
import type {
  ModelRequest,
  ModelResponse,
  SerializedHandoff,
  SerializedTool,
  StreamEvent,
} from '@openai/agents-core';
import { closest, describe } from '../_internal/format.ts';
import { stateSlot } from '../_internal/state.ts';
import { seeded } from './_random.ts';
import { Unsatisfiable, valueFor } from './_schema_values.ts';
import {
  AutoModelSchemaError,
  AutoModelTargetNotOfferedError,
  InvalidAutoModelOptionsError,
} from './errors.ts';
import { assistantMessage, functionCall } from '../model/mod.ts';
import { ScriptedModel } from '../model/mod.ts';
import { modelResponder } from '../model/mod.ts';
import type {
  ModelResponderStep,
  RecordedModelCall,
  ScriptedModelResponse,
} from '../model/mod.ts';

/**
 * Options of `autoModel()` and `autoStep()`.
 *
 * @example
 * ```ts
 * import type { AutoModelOptions } from '@scripted/agents/auto';
 *
 * const options: AutoModelOptions = { seed: 7, tools: ['get_weather'] };
 * ```
 */
export interface AutoModelOptions {
  /**
   * Seeds the generated values (default `0`): the same seed gives the same
   * calls on every runtime.
   */
  readonly seed?: number | string;
  /**
   * The tools to call, by name (default: every function tool the request
   * offers). A name the request does not offer fails the call with
   * `AutoModelTargetNotOfferedError`.
   */
  readonly tools?: readonly string[];
  /**
   * The handoff to take once the tool results are in: an agent name or a
   * handoff tool name (`transfer_to_…`).
   */
  readonly handoff?: string;
  /**
   * The final text answer (when the agent has no output type). Default: a
   * JSON object of the tool results of the turn by tool name, or
   * `success (no tool calls)`.
   */
  readonly text?: string;
}

/** A function tool of the request. */
type SerializedFunctionTool = Extract<SerializedTool, { type: 'function' }>;

/** Options, checked. */
interface Config {
  readonly seed: number | string;
  readonly tools: readonly string[] | undefined;
  readonly handoff: string | undefined;
  readonly text: string | undefined;
}

const optionNames: readonly string[] = ['seed', 'tools', 'handoff', 'text'];

function invalid(
  option: string,
  expected: string,
  value: unknown,
  reason: 'invalid_type' | 'invalid_value' = 'invalid_type',
): InvalidAutoModelOptionsError {
  return new InvalidAutoModelOptionsError({
    reason,
    option,
    expected,
    received: describe(value),
  });
}

function readOptions(options: unknown): Config {
  if (options === undefined) {
    return { seed: 0, tools: undefined, handoff: undefined, text: undefined };
  }
  let fields: Record<string, unknown>;
  try {
    if (
      typeof options !== 'object' || options === null ||
      Array.isArray(options)
    ) {
      throw invalid('options', 'an options object', options);
    }
    fields = {};
    for (const key of Object.keys(options)) {
      if (!optionNames.includes(key)) {
        throw new InvalidAutoModelOptionsError({
          reason: 'unknown_key',
          option: key,
          expected: `not set: options are ${optionNames.join(', ')}`,
          received: describe(key),
          suggestion: closest(key, optionNames),
        });
      }
      fields[key] = (options as Record<string, unknown>)[key];
    }
  } catch (error) {
    if (error instanceof InvalidAutoModelOptionsError) throw error;
    throw new InvalidAutoModelOptionsError({
      reason: 'unreadable',
      option: 'options',
      expected: 'a readable options object',
      received: 'a value that throws when read',
    });
  }
  const { seed = 0, tools, handoff, text } = fields;
  // `Number.isFinite` is false for anything but a finite number.
  if (!(typeof seed === 'string' || Number.isFinite(seed))) {
    throw invalid(
      'seed',
      'a finite number or a string',
      seed,
      typeof seed === 'number' ? 'invalid_value' : 'invalid_type',
    );
  }
  let names: readonly string[] | undefined;
  if (tools !== undefined) {
    let reason: 'invalid_type' | 'invalid_value' = 'invalid_type';
    try {
      if (Array.isArray(tools)) {
        reason = 'invalid_value';
        if (
          tools.length <= 10_000 &&
          tools.every((name) => typeof name === 'string' && name !== '')
        ) {
          names = Object.freeze([...tools as string[]]);
        }
      }
    } catch {
      // `names` stays unset: reading the list threw.
    }
    if (names === undefined) {
      throw invalid('tools', 'an array of tool names', tools, reason);
    }
  }
  if (
    handoff !== undefined && (typeof handoff !== 'string' || handoff === '')
  ) {
    throw invalid(
      'handoff',
      'an agent or handoff tool name',
      handoff,
      handoff === '' ? 'invalid_value' : 'invalid_type',
    );
  }
  if (text !== undefined && typeof text !== 'string') {
    throw invalid('text', 'a string', text);
  }
  return Object.freeze({
    seed: seed as number | string,
    tools: names,
    handoff: handoff as string | undefined,
    text: text as string | undefined,
  });
}

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null;

/** The items of the current turn: those after the last user message. */
function currentTurn(input: unknown): Item[] {
  if (!Array.isArray(input)) return [];
  const lastUser = input.findLastIndex((item) =>
    isItem(item) && item.role === 'user'
  );
  return input.slice(lastUser + 1).filter(isItem);
}

/** Generates a value, turning a failure into the structured error. */
function generate(
  schema: unknown,
  parts: (string | number)[],
  where: { root: string; toolName: string | undefined; callIndex: number },
): string {
  try {
    return JSON.stringify(valueFor(schema, seeded(parts), where.root));
  } catch (error) {
    if (!(error instanceof Unsatisfiable)) throw error;
    throw new AutoModelSchemaError({
      toolName: where.toolName,
      path: error.path,
      reason: error.reason,
      detail: error.detail,
      callIndex: where.callIndex,
    });
  }
}

/** A name from the request, as text (never throwing). */
function nameOf(value: unknown): string {
  return typeof value === 'string' ? value : describe(value);
}

function resultText(output: unknown): unknown {
  return isItem(output) && output.type === 'text' ? output.text : output;
}

/** The default final text: tool results of the turn by tool name. */
function summary(turn: readonly Item[]): string {
  const names = new Map<unknown, unknown>();
  for (const item of turn) {
    if (item.type === 'function_call') names.set(item.callId, item.name);
  }
  const results: Record<string, unknown> = {};
  let any = false;
  for (const item of turn) {
    if (item.type !== 'function_call_result') continue;
    const name = nameOf(names.get(item.callId) ?? item.name);
    Object.defineProperty(results, name, {
      value: resultText(item.output),
      enumerable: true,
      writable: true,
    });
    any = true;
  }
  return any ? JSON.stringify(results) : 'success (no tool calls)';
}

function handoffNames(handoff: string): string[] {
  return [handoff, `transfer_to_${handoff.replace(/[^A-Za-z0-9_]/g, '_')}`];
}

/** The automatic answer to one recorded call. */
function answer(
  call: RecordedModelCall,
  config: Config,
): ScriptedModelResponse {
  const request = call.request;
  const callIndex = call.index;
  const turn = currentTurn(request.input);
  const called = new Set(
    turn.filter((item) => item.type === 'function_call').map((item) =>
      item.name
    ),
  );
  const offered = (Array.isArray(request.tools) ? request.tools : []).filter(
    (tool): tool is SerializedFunctionTool =>
      isItem(tool) && tool.type === 'function',
  );
  let tools: SerializedFunctionTool[];
  if (config.tools === undefined) {
    tools = offered.filter((tool) => tool.deferLoading !== true);
  } else {
    tools = [];
    for (const name of config.tools) {
      if (called.has(name)) continue;
      const tool = offered.find((candidate) => candidate.name === name);
      if (tool === undefined) {
        throw new AutoModelTargetNotOfferedError({
          callIndex,
          kind: 'tool',
          target: name,
          offered: offered.map((candidate) => nameOf(candidate.name)),
        });
      }
      tools.push(tool);
    }
  }
  const settings = isItem(request.modelSettings) ? request.modelSettings : {};
  const choice = settings.toolChoice;
  if (choice === 'none') tools = [];
  else if (
    typeof choice === 'string' && choice !== 'auto' && choice !== 'required'
  ) {
    // A named tool choice: only that tool.
    tools = tools.filter((tool) => tool.name === choice);
  }
  let pending = tools.filter((tool) => !called.has(tool.name));
  // One call per response when the agent asks for no parallel calls.
  if (settings.parallelToolCalls === false) pending = pending.slice(0, 1);
  if (pending.length > 0) {
    return pending.map((tool, i) =>
      functionCall(
        tool.name,
        generate(tool.parameters, [config.seed, callIndex, 'tool', tool.name], {
          root: 'parameters',
          toolName: tool.name,
          callIndex,
        }),
        {
          callId: `call_auto_${callIndex}_${i}`,
          ...(typeof tool.namespace === 'string'
            ? { namespace: tool.namespace }
            : {}),
        },
      )
    );
  }
  if (config.handoff !== undefined) {
    const names = handoffNames(config.handoff);
    if (!names.some((name) => called.has(name))) {
      const handoffs: SerializedHandoff[] = Array.isArray(request.handoffs)
        ? request.handoffs.filter(isItem) as SerializedHandoff[]
        : [];
      const target = handoffs.find((candidate) =>
        names.includes(candidate.toolName)
      );
      if (target === undefined) {
        throw new AutoModelTargetNotOfferedError({
          callIndex,
          kind: 'handoff',
          target: config.handoff,
          offered: handoffs.map((candidate) => nameOf(candidate.toolName)),
        });
      }
      const schema = target.inputJsonSchema;
      const args = isItem(schema) && Object.keys(schema).length > 0
        ? generate(schema, [config.seed, callIndex, 'handoff'], {
          root: 'inputJsonSchema',
          toolName: target.toolName,
          callIndex,
        })
        : '{}';
      return [
        functionCall(target.toolName, args, {
          callId: `call_auto_${callIndex}_0`,
        }),
      ];
    }
  }
  const outputType = request.outputType as unknown;
  if (isItem(outputType) && outputType.type === 'json_schema') {
    return [
      assistantMessage(
        generate(outputType.schema, [config.seed, callIndex, 'output'], {
          root: 'outputType.schema',
          toolName: undefined,
          callIndex,
        }),
      ),
    ];
  }
  return [assistantMessage(config.text ?? summary(turn))];
}

/**
 * A step that answers its call automatically, so one script can mix
 * automatic and hand-written turns: it calls every offered function tool
 * (or `options.tools`) not yet called in this turn (since the last user
 * message), with arguments generated from each tool's JSON schema; once
 * their results are in, it takes `options.handoff` if set, else answers
 * with a final message (a value of the output schema when the agent has an
 * output type). It honours `modelSettings.toolChoice` (`'none'`, or one
 * tool's name) and `parallelToolCalls: false` (one call per response). It
 * is a `modelResponder` step: recorded, streamed and checked like any
 * other; a failure (`AutoModelSchemaError`, `AutoModelTargetNotOfferedError`)
 * rejects its call like a responder's own error, which a `ScriptedModel`
 * does not keep for `assertComplete()` (`autoModel()` does).
 *
 * @param options Seed, tool selection, handoff, final text.
 * @returns The step.
 * @throws {InvalidAutoModelOptionsError} When `options` are malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { assistantMessage, ScriptedModel } from '@scripted/agents';
 * import { autoStep } from '@scripted/agents/auto';
 * import { z } from 'zod';
 *
 * const seen: unknown[] = [];
 * const lookup = tool({
 *   name: 'lookup',
 *   description: 'Looks up an order.',
 *   parameters: z.object({ orderId: z.string().uuid() }),
 *   execute: (args) => {
 *     seen.push(args);
 *     return 'shipped';
 *   },
 * });
 * // Auto for the tool turn, a hand-written answer at the end.
 * const model = new ScriptedModel([autoStep(), [assistantMessage('Shipped.')]]);
 * const agent = new Agent({ name: 'Orders', model, tools: [lookup] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Where?');
 * assert.equal(result.finalOutput, 'Shipped.');
 * assert.equal(seen.length, 1);
 * model.assertComplete();
 * ```
 */
export function autoStep(options?: AutoModelOptions): ModelResponderStep {
  const config = readOptions(options);
  return modelResponder((call) => answer(call, config));
}

interface AutoState {
  /** The first error an automatic answer threw. */
  error: unknown;
  /** The step a call takes when the script is empty. */
  readonly step: ModelResponderStep;
}

const state = stateSlot<AutoState>('AutoModel');

function signalOf(request: unknown): AbortSignal | undefined {
  return typeof request === 'object' && request !== null
    ? (request as ModelRequest).signal
    : undefined;
}

/**
 * A `ScriptedModel` whose script never runs out: a call finding no step
 * left is answered automatically, like `autoStep(options)`. Steps you
 * `enqueue()` are used first. Built by `autoModel()`.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { ScriptedModel } from '@scripted/agents';
 * import { AutoModel, autoModel } from '@scripted/agents/auto';
 *
 * const model: AutoModel = autoModel({ seed: 1 });
 * assert(model instanceof ScriptedModel);
 * ```
 */
export class AutoModel extends ScriptedModel {
  /**
   * Creates an `AutoModel`.
   * @param options Seed, tool selection, handoff, final text.
   * @throws {InvalidAutoModelOptionsError} When `options` are malformed.
   */
  constructor(options?: AutoModelOptions) {
    super();
    const config = readOptions(options);
    const own: AutoState = {
      error: undefined,
      step: modelResponder((call) => {
        try {
          return answer(call, config);
        } catch (error) {
          // Remembered like drift: the application may catch the run's error.
          if (own.error === undefined) own.error = error;
          throw error;
        }
      }),
    };
    state.attach(this, own);
  }

  /**
   * Answers a non-streaming call: the next enqueued step, else
   * automatically.
   *
   * @param request The normalized request.
   * @returns The response.
   * @throws {AutoModelSchemaError} When a schema cannot be satisfied.
   * @throws {AutoModelTargetNotOfferedError} When a named tool or handoff is
   * not offered.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { autoModel } from '@scripted/agents/auto';
   *
   * const response = await autoModel({ text: 'Hi' }).getResponse({
   *   input: 'Hello',
   *   modelSettings: {},
   *   tools: [],
   *   handoffs: [],
   *   outputType: 'text',
   *   tracing: false,
   * });
   * assert.equal(response.output.length, 1);
   * ```
   */
  override getResponse(request: ModelRequest): Promise<ModelResponse> {
    prime(this, request);
    return super.getResponse(request);
  }

  /**
   * Answers a streaming call: the next enqueued step, else automatically
   * (a start event, text deltas, `response_done`).
   *
   * @param request The normalized request.
   * @returns The normalized stream events.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { autoModel } from '@scripted/agents/auto';
   *
   * const types: string[] = [];
   * for await (
   *   const event of autoModel({ text: 'Hi' }).getStreamedResponse({
   *     input: 'Hello',
   *     modelSettings: {},
   *     tools: [],
   *     handoffs: [],
   *     outputType: 'text',
   *     tracing: false,
   *   })
   * ) types.push(event.type);
   * assert.deepEqual(types, ['response_started', 'output_text_delta', 'response_done']);
   * ```
   */
  override getStreamedResponse(
    request: ModelRequest,
  ): AsyncIterable<StreamEvent> {
    prime(this, request);
    return super.getStreamedResponse(request);
  }

  /**
   * Rethrows the first error an automatic answer threw (even if the
   * application caught it), then checks the script like
   * `ScriptedModel.assertComplete()`.
   *
   * @throws {AutoModelSchemaError} The remembered schema failure.
   * @throws {AutoModelTargetNotOfferedError} The remembered missing target.
   *
   * @example
   * ```ts
   * import { autoModel } from '@scripted/agents/auto';
   *
   * autoModel().assertComplete(); // no call, nothing failed
   * ```
   */
  override assertComplete(): void {
    const { error } = state.of(this);
    if (error !== undefined) throw error;
    super.assertComplete();
  }
}

/** Gives a call that finds the script empty the automatic step. */
function prime(model: AutoModel, request: ModelRequest): void {
  // An already-aborted call takes no step: leave none behind.
  if (signalOf(request)?.aborted) return;
  if (model.remainingSteps === 0) model.enqueue(state.of(model).step);
}

/**
 * A model that needs no script: every call is answered automatically (see
 * `autoStep`), and recorded like a `ScriptedModel`'s (`calls`,
 * `firstCall`, `lastCall`).
 *
 * @param options Seed, tool selection, handoff, final text.
 * @returns The model.
 * @throws {InvalidAutoModelOptionsError} When `options` are malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent, Runner, tool } from '@openai/agents';
 * import { autoModel } from '@scripted/agents/auto';
 * import { z } from 'zod';
 *
 * const weather = tool({
 *   name: 'get_weather',
 *   description: 'Gets the weather.',
 *   parameters: z.object({ city: z.enum(['Tokyo', 'Paris']) }),
 *   execute: ({ city }) => `${city}: sunny`,
 * });
 * const model = autoModel({ seed: 1 });
 * const agent = new Agent({ name: 'Weather', model, tools: [weather] });
 * const result = await new Runner({ tracingDisabled: true }).run(agent, 'Hi');
 * assert.match(String(result.finalOutput), /sunny/);
 * assert.equal(model.calls.length, 2);
 * model.assertComplete();
 * ```
 */
export function autoModel(options?: AutoModelOptions): AutoModel {
  return new AutoModel(options);
}
