/**
 * Which tools the automatic model may call: only what a model may do. A
 * function tool is called unless it is deferred (`deferLoading`), offered
 * only to programmatic callers (`allowedCallers` without `'direct'`), or
 * runs commands or changes files — by its name or description (exec, shell,
 * command; delete, remove, write, create, move, overwrite) — and is not
 * opted in by name. Shell, apply-patch, computer and hosted tools are called
 * only when opted in. Private to the auto folder.
 *
 * @module
 */
import type { SerializedTool } from '@openai/agents-core';
import { tokens } from './_schema_formats.ts';
import { isItem, nameOf } from './_turn.ts';

/** A function tool of the request. */
export type FunctionTool = Extract<SerializedTool, { type: 'function' }>;

const runsCommands = new Set([
  'exec',
  'execute',
  'shell',
  'command',
  'cmd',
  'bash',
  'terminal',
  'stdin',
  'pty',
  'sh',
]);
const changesFiles =
  /^(delet|remov|writ|wrote|written|creat|mov|overwrit|rm|unlink|mkdir|rename|patch)(e|es|ed|ing|s)?$/;

/**
 * Whether a tool runs commands or changes files, by its name or
 * description.
 *
 * @param name The tool name.
 * @param description Its description.
 * @returns `true` when it must be opted in.
 */
export function isRisky(name: string, description: unknown): boolean {
  const words = [
    ...tokens(name),
    ...(typeof description === 'string' ? tokens(description) : []),
  ];
  return words.some((word) =>
    runsCommands.has(word) || changesFiles.test(word)
  );
}

/** Whether a model may call the tool directly. */
export function callableDirectly(tool: Record<string, unknown>): boolean {
  const callers = tool.allowedCallers;
  return !Array.isArray(callers) || callers.includes('direct');
}

/** The function tools of the request, in order. */
export function functionTools(tools: unknown): FunctionTool[] {
  return (Array.isArray(tools) ? tools : []).filter(
    (tool): tool is FunctionTool => isItem(tool) && tool.type === 'function',
  );
}

/**
 * The function tools called by default: callable, not deferred, and safe
 * or opted in.
 *
 * @param offered The function tools of the request.
 * @param allow Names opted in.
 * @returns The tools to call.
 */
export function defaultTools(
  offered: readonly FunctionTool[],
  allow: readonly string[],
): FunctionTool[] {
  return offered.filter((tool) =>
    tool.deferLoading !== true && callableDirectly(tool) &&
    (allow.includes(tool.name) ||
      !isRisky(nameOf(tool.name), tool.description))
  );
}

/** A tool that is not a function tool, opted in. */
export interface OtherTool {
  /** `shell`, `apply_patch`, `computer` or `hosted_tool`. */
  readonly type: string;
  /** The tool name. */
  readonly name: string;
  /** The serialized tool. */
  readonly tool: Record<string, unknown>;
}

/** The kind a hosted tool is, from its provider data (`web_search`). */
export function hostedKind(tool: Record<string, unknown>): string {
  const data = tool.providerData;
  return isItem(data) && typeof data.type === 'string'
    ? data.type
    : nameOf(tool.name);
}

/**
 * The shell, apply-patch, computer and hosted tools opted in by name or
 * type.
 *
 * @param tools The request's tools.
 * @param allow Names and types opted in.
 * @returns The tools to call.
 */
export function otherTools(
  tools: unknown,
  allow: readonly string[],
): OtherTool[] {
  const out: OtherTool[] = [];
  for (const tool of Array.isArray(tools) ? tools : []) {
    if (!isItem(tool) || tool.type === 'function') continue;
    const type = nameOf(tool.type);
    const name = nameOf(tool.name);
    const kind = type === 'hosted_tool' ? hostedKind(tool) : type;
    if (!callableDirectly(tool)) continue;
    if (allow.includes(name) || allow.includes(kind)) {
      out.push({ type, name, tool });
    }
  }
  return out;
}
