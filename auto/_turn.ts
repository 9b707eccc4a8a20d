/**
 * What the current turn says: the items since the last user message, the
 * function calls made in it and what came back for each, so the automatic
 * model can tell a tool that ran from one that rejected its arguments.
 * Private to the auto folder.
 *
 * @module
 */
import { describe } from '../_internal/format.ts';
import type { AutoModelToolAttempt } from './errors.ts';

/** An input item. */
export type Item = Record<string, unknown>;

/** Whether a value is an object item. */
export const isItem = (value: unknown): value is Item =>
  typeof value === 'object' && value !== null;

/** The items of the current turn: those after the last user message. */
export function currentTurn(input: unknown): Item[] {
  if (!Array.isArray(input)) return [];
  const lastUser = input.findLastIndex((item) =>
    isItem(item) && item.role === 'user'
  );
  return input.slice(lastUser + 1).filter(isItem);
}

/** A name from the request, as text (never throwing). */
export function nameOf(value: unknown): string {
  return typeof value === 'string' ? value : describe(value);
}

/** The text of a tool output: a string, a text part, or text parts. */
export function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (isItem(output) && output.type === 'text') return nameOf(output.text);
  if (Array.isArray(output)) {
    return output.map((part) =>
      isItem(part) && typeof part.text === 'string' ? part.text : ''
    ).join('');
  }
  return JSON.stringify(output) ?? '';
}

/** What the SDK sends back when a tool's input or execution failed. */
const sdkToolError = 'An error occurred while running the tool';

/** How a tool fared in the turn. */
export interface ToolRecord {
  /** Calls that came back as errors, in order. */
  readonly rejected: AutoModelToolAttempt[];
  /** Whether a call came back with a result that is not an error. */
  succeeded: boolean;
  /** Whether a call has no result yet. */
  pending: boolean;
}

/**
 * The function calls of the turn by tool name, with their outcomes.
 *
 * @param turn The items of the turn.
 * @param isRejection Recognizes more rejections than the SDK's error text.
 * @returns The records.
 */
export function toolRecords(
  turn: readonly Item[],
  isRejection: ((output: string, toolName: string) => boolean) | undefined,
): Map<string, ToolRecord> {
  const results = new Map<unknown, Item>();
  for (const item of turn) {
    if (item.type === 'function_call_result') results.set(item.callId, item);
  }
  const records = new Map<string, ToolRecord>();
  for (const item of turn) {
    if (item.type !== 'function_call') continue;
    const name = nameOf(item.name);
    let record = records.get(name);
    if (record === undefined) {
      record = { rejected: [], succeeded: false, pending: false };
      records.set(name, record);
    }
    const result = results.get(item.callId);
    if (result === undefined) {
      record.pending = true;
      continue;
    }
    const text = outputText(result.output);
    if (
      text.startsWith(sdkToolError) || isRejection?.(text, name) === true
    ) {
      record.rejected.push({ arguments: nameOf(item.arguments), output: text });
    } else {
      record.succeeded = true;
    }
  }
  return records;
}

/** The default final text: tool results of the turn by tool name. */
export function summary(turn: readonly Item[]): string {
  const names = new Map<unknown, unknown>();
  for (const item of turn) {
    if (item.type === 'function_call') names.set(item.callId, item.name);
  }
  const results: Record<string, unknown> = {};
  let any = false;
  for (const item of turn) {
    if (item.type !== 'function_call_result') continue;
    const name = nameOf(names.get(item.callId) ?? item.name);
    const output = item.output;
    Object.defineProperty(results, name, {
      value: isItem(output) && output.type === 'text' ? output.text : output,
      enumerable: true,
      writable: true,
    });
    any = true;
  }
  return any ? JSON.stringify(results) : 'success (no tool calls)';
}
