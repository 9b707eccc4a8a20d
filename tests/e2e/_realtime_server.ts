/**
 * A local stand-in for the Realtime API's WebSocket endpoint on 127.0.0.1
 * (the `ws` package's server): `session.created` on connect, and canned
 * server events for a turn that calls one tool, then answers in text.
 *
 * @module
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** A running Realtime stand-in. */
export interface RealtimeServer {
  /** `ws://127.0.0.1:<port>/v1/realtime`. */
  readonly url: string;
  /** Client messages received, parsed, in order. */
  readonly received: Record<string, unknown>[];
  /** The `Authorization` header of each connection. */
  readonly authorizations: (string | undefined)[];
  /** Stops listening and closes every connection. */
  close(): Promise<void>;
}

/** The assistant's final words in the canned turn. */
export const realtimeAnswer = 'It is 18°C and cloudy in Paris.';

/**
 * Starts the stand-in on an ephemeral port.
 *
 * @returns The running server.
 */
export async function startRealtimeServer(): Promise<RealtimeServer> {
  const received: Record<string, unknown>[] = [];
  const authorizations: (string | undefined)[] = [];
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', (socket, request) => {
    authorizations.push(request.headers.authorization);
    let eventId = 0;
    let responses = 0;
    let session: Record<string, unknown> = {
      id: 'sess_local_1',
      object: 'realtime.session',
      type: 'realtime',
      model: 'gpt-realtime',
      output_modalities: ['text'],
      instructions: '',
      tools: [],
    };
    const send = (event: Record<string, unknown>): void => {
      socket.send(JSON.stringify({ event_id: `event_${++eventId}`, ...event }));
    };
    send({ type: 'session.created', session });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as Record<string, unknown>;
      received.push(message);
      switch (message.type) {
        case 'session.update':
          session = { ...session, ...(message.session as object) };
          send({ type: 'session.updated', session });
          return;
        case 'conversation.item.create': {
          const item = {
            id: `item_client_${received.length}`,
            object: 'realtime.item',
            status: 'completed',
            ...(message.item as object),
          };
          send({
            type: 'conversation.item.added',
            previous_item_id: null,
            item,
          });
          send({
            type: 'conversation.item.done',
            previous_item_id: null,
            item,
          });
          return;
        }
        case 'response.create':
          respond(send, ++responses);
          return;
      }
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/realtime`,
    received,
    authorizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

function respond(
  send: (event: Record<string, unknown>) => void,
  number: number,
): void {
  const responseId = `resp_${number}`;
  const usage = {
    input_tokens: 50 * number,
    output_tokens: 10,
    input_token_details: { cached_tokens: 0 },
    output_token_details: { text_tokens: 10 },
  };
  const response = {
    id: responseId,
    object: 'realtime.response',
    status: 'in_progress',
    output: [],
    output_modalities: ['text'],
    usage: null,
  };
  send({ type: 'response.created', response });
  let item: Record<string, unknown>;
  if (number === 1) {
    const args = '{"city":"Paris"}';
    item = {
      id: 'item_fc_1',
      object: 'realtime.item',
      type: 'function_call',
      status: 'completed',
      name: 'get_weather',
      call_id: 'call_rt_1',
      arguments: args,
    };
    const added = { ...item, status: 'in_progress', arguments: '' };
    send({
      type: 'response.output_item.added',
      response_id: responseId,
      output_index: 0,
      item: added,
    });
    send({
      type: 'conversation.item.added',
      previous_item_id: null,
      item: added,
    });
    send({
      type: 'response.function_call_arguments.delta',
      response_id: responseId,
      item_id: 'item_fc_1',
      call_id: 'call_rt_1',
      output_index: 0,
      delta: args,
    });
    send({
      type: 'response.function_call_arguments.done',
      response_id: responseId,
      item_id: 'item_fc_1',
      call_id: 'call_rt_1',
      output_index: 0,
      arguments: args,
    });
  } else {
    const itemId = `item_msg_${number}`;
    item = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: realtimeAnswer }],
    };
    const added = { ...item, status: 'in_progress', content: [] };
    send({
      type: 'response.output_item.added',
      response_id: responseId,
      output_index: 0,
      item: added,
    });
    send({
      type: 'conversation.item.added',
      previous_item_id: null,
      item: added,
    });
    send({
      type: 'response.content_part.added',
      response_id: responseId,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: '' },
    });
    for (
      const delta of [realtimeAnswer.slice(0, 12), realtimeAnswer.slice(12)]
    ) {
      send({
        type: 'response.output_text.delta',
        response_id: responseId,
        item_id: itemId,
        output_index: 0,
        content_index: 0,
        delta,
      });
    }
    send({
      type: 'response.output_text.done',
      response_id: responseId,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      text: realtimeAnswer,
    });
    send({
      type: 'response.content_part.done',
      response_id: responseId,
      item_id: itemId,
      output_index: 0,
      content_index: 0,
      part: { type: 'output_text', text: realtimeAnswer },
    });
  }
  send({
    type: 'response.output_item.done',
    response_id: responseId,
    output_index: 0,
    item,
  });
  send({ type: 'conversation.item.done', previous_item_id: null, item });
  send({
    type: 'response.done',
    response: { ...response, status: 'completed', output: [item], usage },
  });
}
