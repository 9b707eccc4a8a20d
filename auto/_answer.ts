/**
 * The automatic answer to one model call: the tools still to call in this
 * turn (with fresh draws for one that rejected its arguments), then a
 * handoff, then the final answer. Private to the auto folder.
 *
 * @module
 */
import type {
  AgentOutputItem,
  ModelRequest,
  SerializedHandoff,
} from '@openai/agents-core';
import { assistantMessage, functionCall } from '../model/mod.ts';
import type { RecordedModelCall, ScriptedModelResponse } from '../model/mod.ts';
import { drawing } from './_draw.ts';
import { calledIn, otherCall } from './_calls.ts';
import { generate } from './_generate.ts';
import { offeredValues } from './_offered.ts';
import type { Config } from './_options.ts';
import {
  type AutoModelSkippedTool,
  callableDirectly,
  defaultTools,
  type FunctionTool,
  functionTools,
  otherTools,
  riskOf,
} from './_select.ts';
import {
  currentTurn,
  isItem,
  type Item,
  nameOf,
  summary,
  toolRecords,
} from './_turn.ts';
import {
  AutoModelTargetNotOfferedError,
  AutoModelToolRejectedError,
} from './errors.ts';

/** What one model (or one step) learned across its calls. */
export interface Tracker {
  /** Rejections recorded instead of thrown (`onRejected: 'warn'`). */
  readonly warnings: AutoModelToolRejectedError[];
  /** Tools seen rejected and not (yet) seen succeeding. */
  readonly failing: Map<string, AutoModelToolRejectedError>;
  /** Handoff tool names some request offered. */
  readonly offered: Set<string>;
  /** Whether a handoff was taken. */
  handedOff: boolean;
  /** The index of the last call answered, or -1. */
  lastCall: number;
  /** Tools offered and not called, by name, first reason first. */
  readonly skipped: Map<string, AutoModelSkippedTool>;
}

/** A fresh tracker. */
export function tracker(): Tracker {
  return {
    warnings: [],
    failing: new Map(),
    offered: new Set(),
    handedOff: false,
    lastCall: -1,
    skipped: new Map(),
  };
}

function handoffNames(handoff: string): string[] {
  return [handoff, `transfer_to_${handoff.replace(/[^A-Za-z0-9_]/g, '_')}`];
}

const handoffCallId = /^call_auto_\d+_handoff$/;

/** The handoff to take now, if any. */
function chooseHandoff(
  config: Config,
  request: ModelRequest,
  handoffs: readonly SerializedHandoff[],
  turn: readonly Item[],
  callIndex: number,
): SerializedHandoff | undefined {
  const wanted = config.handoff;
  if (wanted === undefined) return undefined;
  const calls = turn.filter((item) => item.type === 'function_call');
  const taken = calls.filter((item) =>
    typeof item.callId === 'string' && handoffCallId.test(item.callId)
  );
  if (taken.length >= config.maxHandoffs) return undefined;
  const find = (name: string) =>
    handoffs.find((offer) => handoffNames(name).includes(offer.toolName));
  if (typeof wanted === 'function') {
    const choice: unknown = wanted([...handoffs], request);
    if (choice === undefined) return undefined;
    const target = typeof choice === 'string' ? find(choice) : undefined;
    if (target === undefined) {
      throw new AutoModelTargetNotOfferedError({
        callIndex,
        kind: 'handoff',
        target: nameOf(choice),
        offered: handoffs.map((offer) => nameOf(offer.toolName)),
      });
    }
    return target;
  }
  const called = new Set(calls.map((item) => item.name));
  for (const name of wanted as readonly string[]) {
    const target = find(name);
    const again = [...handoffNames(name), target?.toolName].some((taken) =>
      called.has(taken)
    );
    if (target !== undefined && !again) return target;
  }
  return undefined;
}

/** The function tools this call may make, checked against the request. */
function candidates(
  config: Config,
  offered: readonly FunctionTool[],
  done: (name: string) => boolean,
  callIndex: number,
  skip: (skipped: AutoModelSkippedTool) => void,
): FunctionTool[] {
  if (config.tools === undefined) {
    return defaultTools(offered, config.allow, skip);
  }
  const tools: FunctionTool[] = [];
  for (const name of config.tools) {
    if (done(name)) continue;
    const tool = offered.find((candidate) =>
      candidate.name === name && callableDirectly(candidate)
    );
    if (tool === undefined) {
      throw new AutoModelTargetNotOfferedError({
        callIndex,
        kind: 'tool',
        target: name,
        offered: offered.filter(callableDirectly).map((candidate) =>
          nameOf(candidate.name)
        ),
      });
    }
    tools.push(tool);
  }
  return tools;
}

/**
 * The automatic answer to one recorded call.
 *
 * @param call The call.
 * @param config The options.
 * @param seen What the model learned so far; updated.
 * @returns The response.
 */
export function answer(
  call: RecordedModelCall,
  config: Config,
  seen: Tracker,
): ScriptedModelResponse {
  const request = call.request;
  const callIndex = call.index;
  seen.lastCall = callIndex;
  const turn = currentTurn(request.input);
  const records = toolRecords(turn, config.isRejection);
  for (const [name, record] of records) {
    if (record.succeeded) seen.failing.delete(name);
    else if (record.rejected.length > 0) {
      seen.failing.set(
        name,
        new AutoModelToolRejectedError({
          toolName: name,
          attempts: record.rejected,
          callIndex,
        }),
      );
    }
  }
  const done = (name: string): boolean => {
    const record = records.get(name);
    return record !== undefined && (record.succeeded || record.pending);
  };
  const skip = (tool: AutoModelSkippedTool): void => {
    if (!seen.skipped.has(tool.name)) seen.skipped.set(tool.name, tool);
  };
  let tools = candidates(
    config,
    functionTools(request.tools),
    done,
    callIndex,
    skip,
  );
  let others = otherTools(request.tools, config.allow, skip)
    .filter((tool) => !calledIn(tool, turn));
  const settings = isItem(request.modelSettings) ? request.modelSettings : {};
  const choice = settings.toolChoice;
  if (choice === 'none') [tools, others] = [[], []];
  else if (
    typeof choice === 'string' && choice !== 'auto' && choice !== 'required'
  ) {
    // A named tool choice: only that tool.
    tools = tools.filter((tool) => tool.name === choice);
    others = others.filter((tool) => tool.name === choice);
  }
  let pending = tools.filter((tool) => {
    const record = records.get(tool.name);
    if (record === undefined) return true;
    if (done(tool.name)) return false;
    if (record.rejected.length <= config.retries) return true;
    const error = new AutoModelToolRejectedError({
      toolName: tool.name,
      attempts: record.rejected,
      callIndex,
      skipped: [...seen.skipped.values()],
    });
    if (config.onRejected === 'fail') throw error;
    if (!seen.warnings.some((w) => w.toolName === tool.name)) {
      seen.warnings.push(error);
    }
    return false;
  });
  // One call per response when the agent asks for no parallel calls.
  if (settings.parallelToolCalls === false) {
    pending = pending.slice(0, 1);
    if (pending.length > 0) others = [];
    else others = others.slice(0, 1);
  }
  if (pending.length > 0 || others.length > 0) {
    const offered = offeredValues(request.systemInstructions, request.input);
    const items: AgentOutputItem[] = pending.map((tool, i) =>
      functionCall(
        tool.name,
        generate(
          tool.parameters,
          [config.seed, callIndex, 'tool', tool.name],
          { root: 'parameters', toolName: tool.name, callIndex },
          {
            attempt: records.get(tool.name)?.rejected.length ?? 0,
            offered,
            // An opted-in command runs as given: no optional field.
            minimal: riskOf(nameOf(tool.name)) === 'runs_commands',
          },
          config.schemas.get(tool.name),
        ),
        {
          callId: `call_auto_${callIndex}_${i}`,
          ...(typeof tool.namespace === 'string'
            ? { namespace: tool.namespace }
            : {}),
        },
      )
    );
    others.forEach((tool, i) => {
      items.push(
        drawing(
          [config.seed, callIndex, tool.type, tool.name],
          (draw) =>
            otherCall(
              tool,
              `call_auto_${callIndex}_${pending.length + i}`,
              draw,
            ),
        ),
      );
    });
    return items;
  }
  const handoffs: SerializedHandoff[] = Array.isArray(request.handoffs)
    ? request.handoffs.filter(isItem) as SerializedHandoff[]
    : [];
  for (const offer of handoffs) seen.offered.add(nameOf(offer.toolName));
  const target = chooseHandoff(config, request, handoffs, turn, callIndex);
  if (target !== undefined) {
    seen.handedOff = true;
    const schema = target.inputJsonSchema;
    const args = isItem(schema) && Object.keys(schema).length > 0
      ? generate(schema, [config.seed, callIndex, 'handoff'], {
        root: 'inputJsonSchema',
        toolName: target.toolName,
        callIndex,
      }, { attempt: 0 })
      : '{}';
    return [
      functionCall(target.toolName, args, {
        callId: `call_auto_${callIndex}_handoff`,
      }),
    ];
  }
  const outputType = request.outputType as unknown;
  if (isItem(outputType) && outputType.type === 'json_schema') {
    return [
      assistantMessage(
        generate(
          outputType.schema,
          [config.seed, callIndex, 'output'],
          { root: 'outputType.schema', toolName: undefined, callIndex },
          {
            attempt: 0,
            offered: offeredValues(request.systemInstructions, request.input),
          },
          config.outputSchema,
        ),
      ),
    ];
  }
  return [assistantMessage(config.text ?? summary(turn))];
}
