/**
 * Which tools the automatic model may call: only what a model may do. A
 * function tool is called unless it is deferred (`deferLoading`), offered
 * only to programmatic callers (`allowedCallers` without `'direct'`), or
 * runs commands or changes files — by its name, never by a word of its
 * description (exec, shell, command; delete, remove, write, create, move,
 * overwrite, edit, replace, update, append, save, insert) — and is not
 * opted in by name. Each tool left out is reported with its reason. Shell,
 * apply-patch, computer and hosted tools are called only when opted in.
 * Private to the auto folder.
 *
 * @module
 */
import type { SerializedTool } from '@openai/agents-core';
import { tokens } from './_schema_formats.ts';
import { isItem, nameOf } from './_turn.ts';
import type { AutoModelSkippedTool, AutoModelSkipReason } from './errors.ts';

export type { AutoModelSkippedTool };

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
  'script',
]);
const changesFiles =
  /^(delet|remov|writ|wrote|written|creat|mov|overwrit|rm|unlink|mkdir|renam|patch|edit|replac|updat|append|sav|insert|eras|purg|wip|destroy|clean|cleanup|drop|truncat)(e|es|ed|ing|s)?$/;

const readingVerbs = new Set([
  'get',
  'list',
  'read',
  'fetch',
  'find',
  'search',
  'show',
  'view',
  'lookup',
  'describe',
  'query',
  'check',
]);

/**
 * Whether a tool runs commands or changes files, by its name alone (a
 * description's words say what a tool returns as often as what it does).
 *
 * @param name The tool name.
 * @returns The reason it must be opted in, or `undefined`.
 */
export function riskOf(
  name: string,
): 'runs_commands' | 'changes_files' | undefined {
  const words = tokens(name);
  if (words.some((word) => runsCommands.has(word))) return 'runs_commands';
  // `get_updates`, `list_saved_items`: a name led by a reading verb reads.
  if (readingVerbs.has(words[0] ?? '')) return undefined;
  return words.some((word) => changesFiles.test(word))
    ? 'changes_files'
    : undefined;
}

/** Why a function tool is not called by default, or `undefined`. */
export function skipReason(
  tool: FunctionTool,
  allow: readonly string[],
): AutoModelSkipReason | undefined {
  if (tool.deferLoading === true) return 'deferred';
  if (!callableDirectly(tool)) return 'programmatic_only';
  return allow.includes(tool.name) ? undefined : riskOf(nameOf(tool.name));
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
 * @param skip Told each tool left out, with its reason.
 * @returns The tools to call.
 */
export function defaultTools(
  offered: readonly FunctionTool[],
  allow: readonly string[],
  skip: (skipped: AutoModelSkippedTool) => void,
): FunctionTool[] {
  return offered.filter((tool) => {
    const reason = skipReason(tool, allow);
    if (reason !== undefined) skip({ name: nameOf(tool.name), reason });
    return reason === undefined;
  });
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
 * @param skip Told each tool left out, with its reason.
 * @returns The tools to call.
 */
export function otherTools(
  tools: unknown,
  allow: readonly string[],
  skip: (skipped: AutoModelSkippedTool) => void,
): OtherTool[] {
  const out: OtherTool[] = [];
  for (const tool of Array.isArray(tools) ? tools : []) {
    if (!isItem(tool) || tool.type === 'function') continue;
    const type = nameOf(tool.type);
    const name = nameOf(tool.name);
    const kind = type === 'hosted_tool' ? hostedKind(tool) : type;
    if (!callableDirectly(tool)) skip({ name, reason: 'programmatic_only' });
    else if (allow.includes(name) || allow.includes(kind)) {
      out.push({ type, name, tool });
    } else skip({ name, reason: 'not_opted_in' });
  }
  return out;
}
