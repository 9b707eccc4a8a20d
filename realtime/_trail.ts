/**
 * What a Realtime failure's timeline shows of each call: the event type
 * sent, a message's first words, the function call answered (tool name and
 * call id), whether it muted. `appendTimeline` redacts and cuts it.
 *
 * @module
 */
import { type Brief, brief, firstWords } from '../_internal/brief.ts';
import type { RecordedRealtimeCall } from './calls.ts';

/** A value as this file reads it: any field may be there. */
type Loose = { readonly [key: string]: unknown };

/** The text of a user message: a string, or its parts' `text`. */
function textOf(message: unknown): string {
  if (typeof message === 'string') return message;
  const content = (Object(message) as Loose).content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => {
    const text = (Object(part) as Loose).text;
    return typeof text === 'string' ? text : '';
  }).join(' ');
}

/**
 * What a call held: `sendEvent` its event's type, `sendMessage` its first
 * words, `sendFunctionCallOutput` the call it answers (`get_weather(c1)`),
 * `mute` `muted` or `unmuted`; nothing for the other methods.
 *
 * @param call The recorded call.
 * @returns The words, or `undefined`.
 */
export function callDetail(call: RecordedRealtimeCall): Brief | undefined {
  const text = detailOf(call);
  return text === undefined ? undefined : brief(text);
}

/** What each method's call shows; the other methods show nothing. */
const details = new Map<string, (data: Loose) => string>([
  ['sendEvent', (data) => String((Object(data.event) as Loose).type)],
  ['sendMessage', (data) => firstWords(textOf(data.message))],
  ['sendFunctionCallOutput', (data) => {
    const { name, callId } = Object(data.toolCall) as Loose;
    return `${String(name)}(${String(callId)})`;
  }],
  ['mute', (data) => data.muted === true ? 'muted' : 'unmuted'],
]);

function detailOf(call: RecordedRealtimeCall): string | undefined {
  return details.get(call.method)?.(call as unknown as Loose);
}
