/**
 * What a model failure's timeline shows of each step and call: the
 * function calls a response holds (tool name and call id; a handoff, the
 * SDK's `transfer_to_…` tool, as such), the first words of its message, the
 * class of an error; for a call, the last item of its input (the user's
 * first words, the result of a call id). `appendTimeline` redacts and cuts
 * it.
 *
 * @module
 */
import { plural } from '../_internal/format.ts';
import { errorClass, firstWords as words } from '../_internal/timeline.ts';
import type { NormalizedStep } from './_normalize.ts';
import type { RecordedModelCall } from './types.ts';

/** An item or a value as this file reads it: any field may be there. */
type Loose = { readonly [key: string]: unknown };

/** The text of a message item: a string, or its parts' `text`. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => {
    const text = (part as Loose | null)?.text;
    return typeof text === 'string' ? text : '';
  }).join(' ');
}

/** One output or input item, in a few words. */
function itemDetail(item: unknown): string {
  const { type, name, callId, role, content } = Object(item) as Loose;
  if (type === 'function_call') {
    const kind = String(name).startsWith('transfer_to_') ? 'handoff ' : '';
    return `${kind}${String(name)}(${String(callId)})`;
  }
  if (type === 'function_call_result') return `result of ${String(callId)}`;
  if (type === 'message' || role !== undefined) {
    const text = textOf(content);
    if (text.trim() === '') return String(role ?? type);
    return role === 'user' ? `user ${words(text)}` : words(text);
  }
  return String(type);
}

/**
 * What output items hold: each in a few words, joined by `, `.
 *
 * @param items The output items.
 * @returns The words; `no output` for none.
 */
export function outputDetail(items: readonly unknown[]): string {
  return items.length === 0 ? 'no output' : items.map(itemDetail).join(', ');
}

/**
 * What a step holds: its response's output, its error's class, its stream's
 * final output (or its number of events; an iterable that is no array is
 * not read); nothing for a responder (computed when called).
 *
 * @param step The step.
 * @returns The words, or `undefined`.
 */
export function stepDetail(step: NormalizedStep): string | undefined {
  if (step.type === 'response') return outputDetail(step.template.output);
  if (step.type === 'error') return errorClass(step.error);
  // An iterable that is no array is not read: that would consume it.
  if (step.type !== 'stream' || !Array.isArray(step.events)) return undefined;
  const events = step.events as readonly Loose[];
  const done = events.find((event) => event.type === 'response_done');
  const output = (done?.response as Loose | undefined)?.output;
  return Array.isArray(output)
    ? outputDetail(output)
    : plural(events.length, 'event');
}

/**
 * What a call held: the last item of its input.
 *
 * @param call The recorded call.
 * @returns The words, or `undefined` for an empty input.
 */
export function callDetail(call: RecordedModelCall): string | undefined {
  const { input } = call.request;
  if (typeof input === 'string') return `user ${words(input)}`;
  const last = input.at(-1);
  return last === undefined ? undefined : itemDetail(last);
}
