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
  StreamEvent,
} from '@openai/agents-core';
import { stateSlot } from '../_internal/state.ts';
import { modelResponder, ScriptedModel } from '../model/mod.ts';
import type { ModelResponderStep } from '../model/mod.ts';
import { answer, type Tracker, tracker } from './_answer.ts';
import { type AutoModelOptions, type Config, readOptions } from './_options.ts';
import {
  type AutoModelSkippedTool,
  AutoModelTargetNotOfferedError,
  AutoModelToolRejectedError,
} from './errors.ts';

export type { AutoModelOptions };

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
  const seen = tracker();
  return modelResponder((call) => answer(call, config, seen));
}

interface AutoState {
  /** The first error an automatic answer threw. */
  error: unknown;
  /** The checked options. */
  readonly config: Config;
  /** What the answers learned. */
  readonly seen: Tracker;
  /** The step a call takes when the script is empty. */
  readonly step: ModelResponderStep;
}

const state = stateSlot<AutoState>('AutoModel');

function signalOf(request: unknown): AbortSignal | undefined {
  // A primitive has no own `signal`; only `null` and `undefined` throw.
  return (request as Partial<ModelRequest> | null | undefined)?.signal;
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
    const seen = tracker();
    const own: AutoState = {
      error: undefined,
      config,
      seen,
      step: modelResponder((call) => {
        try {
          return answer(call, config, seen);
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
   * The tools that rejected every attempt while `onRejected` is `'warn'`,
   * in the order they gave up (empty by default, where such a tool fails
   * its call instead).
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { autoModel } from '@scripted/agents/auto';
   *
   * assert.deepEqual(autoModel({ onRejected: 'warn' }).warnings, []);
   * ```
   */
  get warnings(): readonly AutoModelToolRejectedError[] {
    return Object.freeze([...state.of(this).seen.warnings]);
  }

  /**
   * The tools the requests offered that the model did not call, each once
   * with the first reason seen: a name saying it runs commands
   * (`runs_commands`) or changes files (`changes_files`) without an opt-in,
   * a tool offered only to programmatic callers (`programmatic_only`) or
   * deferred (`deferred`), a shell, apply-patch, computer or hosted tool
   * `allow` does not name (`not_opted_in`). A tool called later (opted in by
   * `tools`) still shows here. `assertComplete()` names them when it reports
   * a tool that never ran.
   *
   * @example
   * ```ts
   * import assert from 'node:assert/strict';
   * import { Agent, Runner, tool } from '@openai/agents';
   * import { autoModel } from '@scripted/agents/auto';
   * import { z } from 'zod';
   *
   * const remove = tool({
   *   name: 'delete_file',
   *   description: 'Deletes a file.',
   *   parameters: z.object({ path: z.string() }),
   *   execute: () => 'deleted',
   * });
   * const model = autoModel();
   * const agent = new Agent({ name: 'A', model, tools: [remove] });
   * await new Runner({ tracingDisabled: true }).run(agent, 'Tidy up');
   * assert.deepEqual(model.skipped, [
   *   { name: 'delete_file', reason: 'changes_files' },
   * ]);
   * ```
   */
  get skipped(): readonly AutoModelSkippedTool[] {
    return Object.freeze([...state.of(this).seen.skipped.values()]);
  }

  /**
   * Rethrows the first error an automatic answer threw (even if the
   * application caught it); then reports a tool whose every call came back
   * as an error (unless `onRejected` is `'warn'`) and named handoffs that
   * no request offered (naming the tools it skipped, see `skipped`); then
   * checks the script like
   * `ScriptedModel.assertComplete()`.
   *
   * @throws {AutoModelSchemaError} The remembered schema failure.
   * @throws {AutoModelTargetNotOfferedError} The remembered missing target,
   * or a `handoff` list none of which any request offered.
   * @throws {AutoModelToolRejectedError} A tool that never succeeded.
   *
   * @example
   * ```ts
   * import { autoModel } from '@scripted/agents/auto';
   *
   * autoModel().assertComplete(); // no call, nothing failed
   * ```
   */
  override assertComplete(): void {
    const { error, config, seen } = state.of(this);
    if (error !== undefined) throw error;
    const [failing] = seen.failing.values();
    if (failing !== undefined && config.onRejected === 'fail') {
      throw new AutoModelToolRejectedError({
        toolName: failing.toolName,
        attempts: failing.attempts,
        callIndex: failing.callIndex,
        skipped: [...seen.skipped.values()],
      });
    }
    const wanted = config.handoff;
    if (Array.isArray(wanted) && !seen.handedOff && seen.lastCall >= 0) {
      throw new AutoModelTargetNotOfferedError({
        callIndex: seen.lastCall,
        kind: 'handoff',
        target: wanted.join(', '),
        offered: [...seen.offered],
      });
    }
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
