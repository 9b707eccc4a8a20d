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
  return (Array.isArray(content) ? content : []).map((part) => {
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

function detailOf(call: RecordedRealtimeCall): string | undefined {
  const data = call as unknown as Loose;
  switch (call.method) {
    case 'sendEvent':
      return String((Object(data.event) as Loose).type);
    case 'sendMessage':
      return firstWords(textOf(data.message));
    case 'sendFunctionCallOutput': {
      const { name, callId } = Object(data.toolCall) as Loose;
      return `${String(name)}(${String(callId)})`;
    }
    case 'mute':
      return data.muted === true ? 'muted' : 'unmuted';
    default:
      return undefined;
  }
}
