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
import { closest } from '../_internal/format.ts';
import { guarded, nowhere } from '../_internal/model_checks.ts';
import {
  checkProviderData,
  checkString,
  finite,
  invalid,
  isObject,
  readArray,
  readObject,
  readOptions,
  serializeArguments,
  strings,
} from '../_internal/item_checks.ts';

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
  return guarded(nowhere, () => {
    const parts = strings(text, 'text', false);
    const { id, rawContent, providerData } = readOptions(
      options,
      ['id', 'rawContent', 'providerData'],
    );
    checkString(id, 'id');
    const raw = rawContent === undefined
      ? undefined
      : strings(rawContent, 'options.rawContent', false);
    checkProviderData(providerData);
    const item = { type: 'reasoning' } as protocol.ReasoningItem;
    if (id !== undefined) item.id = id as string;
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

/** Reads the call id and the common options of a Runner-answered call. */
function readCall<K extends string>(
  options: unknown,
  more: readonly K[],
): {
  readonly callId: string;
  readonly id: string;
  readonly providerData: Record<string, unknown> | undefined;
  readonly fields: { readonly [P in K]?: unknown };
} {
  if (options === undefined) {
    throw invalid('missing_call_id', 'options', options);
  }
  const fields = readOptions(options, [
    'callId',
    'id',
    'providerData',
    ...more,
  ]);
  const callId = fields.callId;
  if (typeof callId !== 'string' || callId === '') {
    throw invalid('missing_call_id', 'options.callId', callId);
  }
  checkString(fields.id, 'id');
  checkProviderData(fields.providerData);
  return {
    callId,
    id: (fields.id ?? callId) as string,
    providerData: fields.providerData as Record<string, unknown> | undefined,
    fields: fields as { readonly [P in K]?: unknown },
  };
}

/** The model-facing tool name of a handoff, as the SDK derives it. */
function handoffToolName(target: unknown): string {
  if (typeof target !== 'object' || target === null) {
    throw invalid('invalid_value', 'agent', target);
  }
  const { toolName, onInvokeHandoff, name } = readObject(
    target,
    ['toolName', 'onInvokeHandoff', 'name'],
    'agent',
  );
  // A `Handoff`, maybe from another copy of the SDK: its name as it is.
  if (typeof toolName === 'string' && typeof onInvokeHandoff === 'function') {
    return toolName;
  }
  if (typeof name !== 'string' || name === '') {
    throw invalid('invalid_value', 'agent', target);
  }
  const derived = getHandoff(target as Agent).toolName;
  if (typeof derived !== 'string' || derived === '') {
    throw invalid('invalid_value', 'agent', target);
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
  return guarded(nowhere, () => {
    const name = handoffToolName(agent);
    const call = readCall(options, ['arguments']);
    const args = call.fields.arguments === undefined
      ? '{}'
      : serializeArguments(
        call.fields.arguments,
        'options.arguments',
        'invalid_option',
      );
    const item: protocol.FunctionCallItem = {
      type: 'function_call',
      name,
      callId: call.callId,
      id: call.id,
      status: 'completed',
      arguments: args,
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

/** A checked copy of one computer action. */
function computerAction(value: unknown, path: string): protocol.ComputerAction {
  if (!isObject(value, path)) throw invalid('invalid_value', path, value);
  const { type } = readObject(value, ['type'], path);
  const fields = typeof type === 'string' ? actionFields[type] : undefined;
  if (fields === undefined || !Object.hasOwn(actionFields, type as string)) {
    throw invalid(
      'invalid_value',
      `${path}.type`,
      type,
      closest(type, actionTypes),
    );
  }
  const read = readObject(value, fields, path);
  const action: Record<string, unknown> = { type };
  for (const field of fields) {
    const at = `${path}.${field}`;
    const given = read[field];
    if (field === 'button') {
      if (!buttons.includes(given as 'left')) {
        throw invalid('invalid_value', at, given, closest(given, buttons));
      }
      action.button = given;
    } else if (field === 'text') {
      if (typeof given !== 'string') throw invalid('invalid_value', at, given);
      action.text = given;
    } else if (field === 'keys') {
      const keys = readArray(given, at);
      if (keys === undefined) throw invalid('invalid_value', at, given);
      action.keys = strings(keys, at, false);
    } else if (field === 'path') {
      const points = readArray(given, at);
      if (points === undefined) throw invalid('invalid_value', at, given);
      action.path = points.map((point, i) => {
        const p = `${at}[${i}]`;
        if (!isObject(point, p)) throw invalid('invalid_value', p, point);
        const { x, y } = readObject(point, ['x', 'y'], p);
        return { x: finite(x, `${p}.x`), y: finite(y, `${p}.y`) };
      });
    } else {
      action[field] = finite(given, at);
    }
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
  return guarded(nowhere, () => {
    const batch = readArray(action, 'action');
    if (batch !== undefined && batch.length === 0) {
      throw invalid('invalid_value', 'action', action);
    }
    const actions = batch?.map((one, i) => computerAction(one, `action[${i}]`));
    const single = batch === undefined
      ? computerAction(action, 'action')
      : undefined;
    const call = readCall(options, []);
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

function nonNegative(value: unknown, key: string): number | undefined {
  if (value === undefined) return undefined;
  // `Number.isFinite` is false for anything but a finite number.
  if (!Number.isFinite(value) || (value as number) < 0) {
    throw invalid('invalid_option', `options.${key}`, value);
  }
  return value as number;
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
  return guarded(nowhere, () => {
    const list = strings(commands, 'commands', true);
    const call = readCall(options, ['timeoutMs', 'maxOutputLength']);
    const timeoutMs = nonNegative(call.fields.timeoutMs, 'timeoutMs');
    const maxOutputLength = nonNegative(
      call.fields.maxOutputLength,
      'maxOutputLength',
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
  if (!isObject(value, 'operation')) {
    throw invalid('invalid_value', 'operation', value);
  }
  const { type, path, diff, moveTo } = readObject(
    value,
    ['type', 'path', 'diff', 'moveTo'],
    'operation',
  );
  if (!operationTypes.includes(type as 'create_file')) {
    throw invalid(
      'invalid_value',
      'operation.type',
      type,
      closest(type, operationTypes),
    );
  }
  if (typeof path !== 'string' || path === '') {
    throw invalid('invalid_value', 'operation.path', path);
  }
  if (type === 'delete_file') return { type, path };
  if (typeof diff !== 'string') {
    throw invalid('invalid_value', 'operation.diff', diff);
  }
  if (type === 'create_file') return { type, path, diff };
  if (moveTo === undefined) return { type: 'update_file', path, diff };
  if (typeof moveTo !== 'string' || moveTo === '') {
    throw invalid('invalid_value', 'operation.moveTo', moveTo);
  }
  return { type: 'update_file', path, diff, moveTo };
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
  return guarded(nowhere, () => {
    const op = patchOperation(operation);
    const call = readCall(options, []);
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
