/**
 * Builders of the normalized items a model emits for the Runner to act on:
 * reasoning, a handoff call, and computer, shell and apply-patch calls.
 * Each checks its arguments where it is called and returns a fresh item of
 * the SDK's protocol type.
 *
 * @module
 */
import {
  type Agent,
  getHandoff,
  type Handoff,
  type protocol,
} from '@openai/agents-core';
import {
  callOptions,
  options as read,
  serialized,
} from '../_internal/item_reading.ts';
import { either } from '../_internal/format.ts';
import {
  array,
  at,
  fields,
  guard,
  number,
  object,
  oneOf,
  reject,
  string,
} from '../_internal/read.ts';
import { building, maxParts, strings } from './_checks.ts';

/**
 * Options of `reasoning()`.
 *
 * @example
 * ```ts
 * import type { ReasoningOptions } from '@scripted/agents/items';
 *
 * const options: ReasoningOptions = { id: 'rs_1', rawContent: 'step 1' };
 * ```
 */
export interface ReasoningOptions {
  /** The item id. */
  id?: string;
  /** The raw reasoning text (`reasoning_text` parts), one or several. */
  rawContent?: string | readonly string[];
  /** Provider data carried on the item. */
  providerData?: Record<string, unknown>;
}

/**
 * Options of the call builders that the Runner answers (`handoffCall()`,
 * `computerCall()`, `applyPatchCall()`); `callId` is required.
 *
 * @example
 * ```ts
 * import type { ToolCallOptions } from '@scripted/agents/items';
 *
 * const options: ToolCallOptions = { callId: 'call_1' };
 * ```
 */
export interface ToolCallOptions {
  /** The call id that ties the tool result to this call. Required. */
  callId: string;
  /** The item id; defaults to the call id. */
  id?: string;
  /** Provider data carried on the item. */
  providerData?: Record<string, unknown>;
}

/**
 * Options of `handoffCall()`.
 *
 * @example
 * ```ts
 * import type { HandoffCallOptions } from '@scripted/agents/items';
 *
 * const options: HandoffCallOptions = {
 *   callId: 'call_1',
 *   arguments: { reason: 'billing' },
 * };
 * ```
 */
export interface HandoffCallOptions extends ToolCallOptions {
  /** The handoff's input: a JSON string or a value to serialize (`{}`). */
  arguments?: string | object;
}

/**
 * Options of `shellCall()`.
 *
 * @example
 * ```ts
 * import type { ShellCallOptions } from '@scripted/agents/items';
 *
 * const options: ShellCallOptions = { callId: 'call_1', timeoutMs: 1000 };
 * ```
 */
export interface ShellCallOptions extends ToolCallOptions {
  /** The time limit the model asks for, in milliseconds. */
  timeoutMs?: number;
  /** The output length limit the model asks for, in characters. */
  maxOutputLength?: number;
}

/**
 * Whom a handoff goes to: an `Agent` (as listed in `handoffs`) or the
 * `Handoff` made from it with `handoff()`.
 *
 * @example
 * ```ts
 * import { Agent } from '@openai/agents';
 * import type { HandoffTarget } from '@scripted/agents/items';
 *
 * const target: HandoffTarget = new Agent({ name: 'Billing' });
 * ```
 */
// deno-lint-ignore no-explicit-any
export type HandoffTarget = Agent<any, any> | Handoff<any, any>;

/**
 * Builds a reasoning output item: the summary text the model reports, in
 * one or several parts. The Runner keeps it in the history.
 *
 * @param text The summary text, one part or several.
 * @param options Optional `id`, `rawContent` and `providerData`.
 * @returns A normalized `protocol.ReasoningItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * (issue `invalid_value` or `invalid_option`) when `text` or an option is
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { reasoning } from '@scripted/agents/items';
 *
 * assert.deepEqual(reasoning('Check the weather first'), {
 *   type: 'reasoning',
 *   content: [{ type: 'input_text', text: 'Check the weather first' }],
 * });
 * ```
 */
export function reasoning(
  text: string | readonly string[],
  options?: ReasoningOptions,
): protocol.ReasoningItem {
  return building(() => {
    const parts = strings(text, 'text', { expected: stringsKind });
    const given = read(options, ['id', 'rawContent', 'providerData']);
    const id = string(given.id, 'options.id', {
      optional: true,
      nonEmpty: true,
    });
    const raw = given.rawContent === undefined
      ? undefined
      : strings(given.rawContent, 'options.rawContent', {
        expected: stringsKind,
      });
    const providerData = object(given.providerData, 'options.providerData', {
      optional: true,
    });
    const item = { type: 'reasoning' } as protocol.ReasoningItem;
    if (id !== undefined) item.id = id;
    item.content = parts.map((part) => ({ type: 'input_text', text: part }));
    if (raw !== undefined) {
      item.rawContent = raw.map((part) => ({
        type: 'reasoning_text',
        text: part,
      }));
    }
    if (providerData !== undefined) {
      item.providerData = providerData as Record<string, unknown>;
    }
    return item;
  });
}

/** The model-facing tool name of a handoff, as the SDK derives it. */
function handoffToolName(target: unknown): string {
  const agent = { expected: 'an Agent or a Handoff' };
  const { toolName, onInvokeHandoff, name } = fields(
    target,
    'agent',
    ['toolName', 'onInvokeHandoff', 'name'],
    { ...agent, unknownKeys: 'allow' },
  ).fields;
  // A `Handoff`, maybe from another copy of the SDK: its name as it is.
  if (typeof toolName === 'string' && typeof onInvokeHandoff === 'function') {
    return toolName;
  }
  const derived = typeof name === 'string' && name !== ''
    ? getHandoff(target as Agent).toolName
    : undefined;
  if (typeof derived !== 'string' || derived === '') {
    throw reject('invalid_value', 'agent', target, agent);
  }
  return derived;
}

/**
 * Builds the function call by which the model hands off to another agent:
 * named as the SDK names that handoff's tool (`transfer_to_<agent>`, or the
 * `toolNameOverride` of a `handoff()`), so the Runner switches agent.
 *
 * @param agent The agent handed off to, or its `Handoff`.
 * @param options `callId` (required), optional `arguments` (the handoff
 * input, `{}` by default), `id`, `providerData`.
 * @returns A normalized `protocol.FunctionCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `agent` is neither an `Agent` nor a `Handoff` (issue
 * `invalid_value`), `callId` is missing, or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { Agent } from '@openai/agents';
 * import { handoffCall } from '@scripted/agents/items';
 *
 * const billing = new Agent({ name: 'Billing agent' });
 * const call = handoffCall(billing, { callId: 'call_1' });
 * assert.equal(call.name, 'transfer_to_Billing_agent');
 * assert.equal(call.arguments, '{}');
 * ```
 */
export function handoffCall(
  agent: HandoffTarget,
  options: HandoffCallOptions,
): protocol.FunctionCallItem {
  return building(() => {
    const name = handoffToolName(agent);
    const call = callOptions(options, ['arguments']);
    const given = call.fields.arguments;
    const item: protocol.FunctionCallItem = {
      type: 'function_call',
      name,
      callId: call.callId,
      id: call.id,
      status: 'completed',
      arguments: given === undefined
        ? '{}'
        : serialized(given, 'options.arguments'),
    };
    if (call.providerData !== undefined) item.providerData = call.providerData;
    return item;
  });
}

const buttons = ['left', 'right', 'wheel', 'back', 'forward'] as const;

/** The fields of each computer action type, besides `type`. */
const actionFields: Readonly<Record<string, readonly string[]>> = {
  click: ['x', 'y', 'button'],
  double_click: ['x', 'y'],
  drag: ['path'],
  keypress: ['keys'],
  move: ['x', 'y'],
  screenshot: [],
  scroll: ['x', 'y', 'scroll_x', 'scroll_y'],
  type: ['text'],
  wait: [],
};
const actionTypes = Object.keys(actionFields);
const actionKind = 'a computer action or a non-empty array of them';
const stringsKind = 'a string or an array of strings';

/** A checked copy of one computer action. */
function computerAction(value: unknown, path: string): protocol.ComputerAction {
  const object = {
    unknownKeys: 'allow',
    expected: path === 'action'
      ? actionKind
      : 'a computer action (an object with a "type")',
  } as const;
  const type = oneOf(
    fields(value, path, ['type'], object).fields.type,
    at(path, 'type'),
    actionTypes,
    { expected: `a computer action type of ${either(actionTypes)}` },
  );
  const wanted = actionFields[type]!;
  const given = fields(value, path, wanted, object).fields;
  const action: Record<string, unknown> = { type };
  for (const field of wanted) {
    const where = at(path, field);
    const value = given[field];
    action[field] = field === 'button'
      ? oneOf(value, where, buttons)
      : field === 'text'
      ? string(value, where)
      : field === 'keys'
      ? array(value, where, { max: maxParts, expected: 'an array of strings' })
        .map((key, i) => string(key, at(where, i)))
      : field === 'path'
      ? array(value, where, {
        max: maxParts,
        expected: 'an array of points ({ x, y })',
      })
        .map((point, i) => {
          const xy = fields(point, at(where, i), ['x', 'y'], {
            unknownKeys: 'allow',
            expected: 'a point ({ x, y })',
          }).fields;
          return {
            x: number(xy.x, at(at(where, i), 'x')),
            y: number(xy.y, at(at(where, i), 'y')),
          };
        })
      : number(value, where);
  }
  return action as protocol.ComputerAction;
}

/**
 * Builds a computer-use call: one action (`action`) or a batch of them
 * (`actions`). The Runner performs it on the agent's `computerTool()` and
 * answers with a screenshot.
 *
 * @param action The action, or a non-empty array of actions.
 * @param options `callId` (required), optional `id`, `providerData`.
 * @returns A normalized `protocol.ComputerUseCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when an action is malformed (issue `invalid_value`, with a `suggestion`
 * for a misspelt type or button), `callId` is missing, or an option is
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { computerCall } from '@scripted/agents/items';
 *
 * const call = computerCall(
 *   { type: 'click', x: 10, y: 20, button: 'left' },
 *   { callId: 'call_1' },
 * );
 * assert.equal(call.type, 'computer_call');
 * assert.deepEqual(call.action, { type: 'click', x: 10, y: 20, button: 'left' });
 * ```
 */
export function computerCall(
  action: protocol.ComputerAction | readonly protocol.ComputerAction[],
  options: ToolCallOptions,
): protocol.ComputerUseCallItem {
  return building(() => {
    const batch = guard('action', () => Array.isArray(action))
      ? array(action, 'action', {
        max: maxParts,
        nonEmpty: true,
        expected: actionKind,
      })
      : undefined;
    const actions = batch?.map((one, i) => computerAction(one, `action[${i}]`));
    const single = batch === undefined
      ? computerAction(action, 'action')
      : undefined;
    const call = callOptions(options, []);
    const item: protocol.ComputerUseCallItem = {
      type: 'computer_call',
      callId: call.callId,
      id: call.id,
      status: 'completed',
    };
    if (single !== undefined) item.action = single;
    if (actions !== undefined) item.actions = actions;
    if (call.providerData !== undefined) item.providerData = call.providerData;
    return item;
  });
}

/**
 * Builds a shell call: the commands the model asks the agent's local
 * `shellTool()` to run. The Runner runs them on its `Shell` and answers
 * with a `shell_call_output` item.
 *
 * @param commands One command, or a non-empty array of commands.
 * @param options `callId` (required), optional `timeoutMs`,
 * `maxOutputLength`, `id`, `providerData`.
 * @returns A normalized `protocol.ShellCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when `commands` is malformed (issue `invalid_value`), `callId` is
 * missing, or an option is malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { shellCall } from '@scripted/agents/items';
 *
 * const call = shellCall(['ls', 'pwd'], { callId: 'call_1' });
 * assert.deepEqual(call.action, { commands: ['ls', 'pwd'] });
 * ```
 */
export function shellCall(
  commands: string | readonly string[],
  options: ShellCallOptions,
): protocol.ShellCallItem {
  return building(() => {
    const list = strings(commands, 'commands', {
      nonEmpty: true,
      expected: 'a command string or a non-empty array of them',
    });
    const call = callOptions(options, ['timeoutMs', 'maxOutputLength']);
    const bound = { optional: true, min: 0 } as const;
    const timeoutMs = number(call.fields.timeoutMs, 'options.timeoutMs', bound);
    const maxOutputLength = number(
      call.fields.maxOutputLength,
      'options.maxOutputLength',
      bound,
    );
    const action: protocol.ShellAction = { commands: list };
    if (timeoutMs !== undefined) action.timeoutMs = timeoutMs;
    if (maxOutputLength !== undefined) action.maxOutputLength = maxOutputLength;
    const item: protocol.ShellCallItem = {
      type: 'shell_call',
      callId: call.callId,
      id: call.id,
      status: 'completed',
      action,
    };
    if (call.providerData !== undefined) item.providerData = call.providerData;
    return item;
  });
}

const operationTypes = ['create_file', 'update_file', 'delete_file'] as const;

/** A checked copy of an apply-patch operation. */
function patchOperation(value: unknown): protocol.ApplyPatchOperation {
  const { type, path, diff, moveTo } = fields(
    value,
    'operation',
    ['type', 'path', 'diff', 'moveTo'],
    {
      unknownKeys: 'allow',
      expected: 'an apply-patch operation (an object with a "type")',
    },
  ).fields;
  const kind = oneOf(type, 'operation.type', operationTypes);
  const where = string(path, 'operation.path', { nonEmpty: true });
  if (kind === 'delete_file') return { type: kind, path: where };
  const text = string(diff, 'operation.diff');
  if (kind === 'create_file') return { type: kind, path: where, diff: text };
  const to = string(moveTo, 'operation.moveTo', {
    optional: true,
    nonEmpty: true,
  });
  return to === undefined
    ? { type: kind, path: where, diff: text }
    : { type: kind, path: where, diff: text, moveTo: to };
}

/**
 * Builds an apply-patch call: a file operation the model asks the agent's
 * `applyPatchTool()` to perform. The Runner calls its `Editor` and answers
 * with an `apply_patch_call_output` item.
 *
 * @param operation `create_file` (`path`, `diff`), `update_file` (`path`,
 * `diff`, optional `moveTo`) or `delete_file` (`path`).
 * @param options `callId` (required), optional `id`, `providerData`.
 * @returns A normalized `protocol.ApplyPatchCallItem`.
 * @throws {InvalidScriptedModelStepError} With `reason: 'invalid_input'`
 * when the operation is malformed (issue `invalid_value`, with a
 * `suggestion` for a misspelt type), `callId` is missing, or an option is
 * malformed.
 *
 * @example
 * ```ts
 * import assert from 'node:assert/strict';
 * import { applyPatchCall } from '@scripted/agents/items';
 *
 * const call = applyPatchCall(
 *   { type: 'create_file', path: 'notes.md', diff: '+hello' },
 *   { callId: 'call_1' },
 * );
 * assert.equal(call.type, 'apply_patch_call');
 * assert.equal(call.operation.path, 'notes.md');
 * ```
 */
export function applyPatchCall(
  operation: protocol.ApplyPatchOperation,
  options: ToolCallOptions,
): protocol.ApplyPatchCallItem {
  return building(() => {
    const op = patchOperation(operation);
    const call = callOptions(options, []);
    const item: protocol.ApplyPatchCallItem = {
      type: 'apply_patch_call',
      callId: call.callId,
      id: call.id,
      status: 'completed',
      operation: op,
    };
    if (call.providerData !== undefined) item.providerData = call.providerData;
    return item;
  });
}
