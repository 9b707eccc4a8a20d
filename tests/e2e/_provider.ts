/**
 * A local stand-in for the OpenAI HTTP API on 127.0.0.1: canned Responses
 * API and Chat Completions payloads, as JSON or server-sent events, for a
 * two-tool agent (weather, then local time, then the answer). The turn is
 * derived from how many tool results the request carries, so the server is
 * stateless and deterministic.
 *
 * @module
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server saw of one request. */
export interface SeenRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: Record<string, unknown>;
}

/** A running provider stand-in. */
export interface ProviderServer {
  /** `http://127.0.0.1:<port>/v1`, for the `OpenAI` client's `baseURL`. */
  readonly baseURL: string;
  /** Every request, in order. */
  readonly requests: SeenRequest[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const created = 1_764_547_200;
const answer = 'In Paris it is 18°C and cloudy; the local time is 14:05.';

/** The tool call (or final text) of turn `turn` (0-based). */
function turnOutput(
  turn: number,
): { kind: 'call'; name: string; args: string; callId: string } | {
  kind: 'text';
  text: string;
} {
  if (turn === 0) {
    return {
      kind: 'call',
      name: 'get_weather',
      args: '{"city":"Paris"}',
      callId: 'call_weather_1',
    };
  }
  if (turn === 1) {
    return {
      kind: 'call',
      name: 'get_time',
      args: '{"city":"Paris"}',
      callId: 'call_time_2',
    };
  }
  return { kind: 'text', text: answer };
}

function usage(turn: number): Record<string, unknown> {
  const input = 80 + 40 * turn;
  return {
    input_tokens: input,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 12,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: input + 12,
  };
}

function responsesItem(turn: number): Record<string, unknown> {
  const out = turnOutput(turn);
  if (out.kind === 'call') {
    return {
      type: 'function_call',
      id: `fc_${turn}`,
      call_id: out.callId,
      name: out.name,
      arguments: out.args,
      status: 'completed',
    };
  }
  return {
    type: 'message',
    id: `msg_${turn}`,
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: out.text, annotations: [] }],
  };
}

function responseObject(
  turn: number,
  status: 'in_progress' | 'completed',
  body: Record<string, unknown>,
): Record<string, unknown> {
  return {
    id: `resp_${turn}`,
    object: 'response',
    created_at: created + turn,
    status,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    model: body.model,
    output: status === 'completed' ? [responsesItem(turn)] : [],
    parallel_tool_calls: true,
    temperature: 1,
    tool_choice: 'auto',
    tools: body.tools ?? [],
    top_p: 1,
    usage: status === 'completed' ? usage(turn) : null,
  };
}

function responsesEvents(
  turn: number,
  body: Record<string, unknown>,
): Record<string, unknown>[] {
  const item = responsesItem(turn);
  const events: Record<string, unknown>[] = [
    {
      type: 'response.created',
      response: responseObject(turn, 'in_progress', body),
    },
    {
      type: 'response.in_progress',
      response: responseObject(turn, 'in_progress', body),
    },
  ];
  if (item.type === 'function_call') {
    const args = item.arguments as string;
    events.push(
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { ...item, arguments: '', status: 'in_progress' },
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: item.id,
        output_index: 0,
        delta: args.slice(0, 8),
      },
      {
        type: 'response.function_call_arguments.delta',
        item_id: item.id,
        output_index: 0,
        delta: args.slice(8),
      },
      {
        type: 'response.function_call_arguments.done',
        item_id: item.id,
        output_index: 0,
        arguments: args,
      },
    );
  } else {
    const text = answer;
    const part = { type: 'output_text', text: '', annotations: [] };
    events.push(
      {
        type: 'response.output_item.added',
        output_index: 0,
        item: { ...item, status: 'in_progress', content: [] },
      },
      {
        type: 'response.content_part.added',
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        part,
      },
    );
    for (const delta of [text.slice(0, 20), text.slice(20)]) {
      events.push({
        type: 'response.output_text.delta',
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        delta,
        logprobs: [],
      });
    }
    events.push(
      {
        type: 'response.output_text.done',
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        text,
        logprobs: [],
      },
      {
        type: 'response.content_part.done',
        item_id: item.id,
        output_index: 0,
        content_index: 0,
        part: { ...part, text },
      },
    );
  }
  events.push(
    { type: 'response.output_item.done', output_index: 0, item },
    {
      type: 'response.completed',
      response: responseObject(turn, 'completed', body),
    },
  );
  return events.map((event, sequence_number) => ({
    ...event,
    sequence_number,
  }));
}

function chatUsage(turn: number): Record<string, unknown> {
  const input = 70 + 35 * turn;
  return {
    prompt_tokens: input,
    completion_tokens: 11,
    total_tokens: input + 11,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  };
}

function chatCompletion(
  turn: number,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const out = turnOutput(turn);
  const message = out.kind === 'call'
    ? {
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [{
        id: out.callId,
        type: 'function',
        function: { name: out.name, arguments: out.args },
      }],
    }
    : { role: 'assistant', content: out.text, refusal: null };
  return {
    id: `chatcmpl-${turn}`,
    object: 'chat.completion',
    created: created + turn,
    model: body.model,
    choices: [{
      index: 0,
      message,
      logprobs: null,
      finish_reason: out.kind === 'call' ? 'tool_calls' : 'stop',
    }],
    usage: chatUsage(turn),
    system_fingerprint: 'fp_local',
  };
}

function chatChunks(
  turn: number,
  body: Record<string, unknown>,
): Record<string, unknown>[] {
  const out = turnOutput(turn);
  const chunk = (
    delta: Record<string, unknown>,
    finish: string | null,
  ): Record<string, unknown> => ({
    id: `chatcmpl-${turn}`,
    object: 'chat.completion.chunk',
    created: created + turn,
    model: body.model,
    system_fingerprint: 'fp_local',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const chunks: Record<string, unknown>[] = [];
  if (out.kind === 'call') {
    chunks.push(
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{
          index: 0,
          id: out.callId,
          type: 'function',
          function: { name: out.name, arguments: '' },
        }],
      }, null),
      chunk({
        tool_calls: [{
          index: 0,
          function: { arguments: out.args.slice(0, 8) },
        }],
      }, null),
      chunk({
        tool_calls: [{ index: 0, function: { arguments: out.args.slice(8) } }],
      }, null),
      chunk({}, 'tool_calls'),
    );
  } else {
    chunks.push(
      chunk({ role: 'assistant', content: '' }, null),
      chunk({ content: out.text.slice(0, 20) }, null),
      chunk({ content: out.text.slice(20) }, null),
      chunk({}, 'stop'),
    );
  }
  chunks.push({
    ...chunk({}, null),
    choices: [],
    usage: chatUsage(turn),
  });
  return chunks;
}

/** Counts the tool results in a request: the turn it asks for. */
function turnOf(path: string, body: Record<string, unknown>): number {
  if (path.endsWith('/chat/completions')) {
    const messages = body.messages as { role?: string }[];
    return messages.filter((message) => message.role === 'tool').length;
  }
  const input = body.input as { type?: string }[] | string;
  if (!Array.isArray(input)) return 0;
  return input.filter((item) => item.type === 'function_call_output').length;
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** How the stand-in misbehaves, as some gateways do. */
export interface ProviderOptions {
  /** Echo the request's credential headers back inside each response. */
  readonly echo?: boolean;
  /** Refuse every request with a 401 whose message quotes the key. */
  readonly reject?: boolean;
}

/** What a gateway echoing its request would add to a response body. */
function echoed(request: http.IncomingMessage): Record<string, unknown> {
  const header = (name: string) => String(request.headers[name] ?? '');
  return {
    gateway: {
      headers: {
        authorization: header('authorization'),
        'openai-organization': header('openai-organization'),
        'openai-project': header('openai-project'),
        cookie: header('cookie'),
        'x-auth-token': header('x-auth-token'),
      },
      note: `forwarded with Authorization: ${header('authorization')}`,
    },
  };
}

/**
 * Starts the stand-in on an ephemeral port of 127.0.0.1.
 *
 * @param options How it misbehaves.
 * @returns The running server.
 */
export async function startProvider(
  options: ProviderOptions = {},
): Promise<ProviderServer> {
  const requests: SeenRequest[] = [];
  const server = http.createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const body = JSON.parse(await readBody(request) || '{}');
    requests.push({
      path,
      authorization: request.headers.authorization,
      body,
    });
    const chat = path.endsWith('/chat/completions');
    if (!chat && !path.endsWith('/responses')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: { message: 'Not found', type: 'invalid_request_error' },
        }),
      );
      return;
    }
    if (options.reject) {
      const key = String(request.headers.authorization ?? '').slice(7);
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${key}.`,
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      }));
      return;
    }
    const extra = options.echo ? echoed(request) : {};
    const turn = turnOf(path, body);
    const headers = { 'x-request-id': `req_local_${requests.length}` };
    if (body.stream !== true) {
      response.writeHead(200, {
        ...headers,
        'content-type': 'application/json',
      });
      response.end(
        JSON.stringify({
          ...(chat
            ? chatCompletion(turn, body)
            : responseObject(turn, 'completed', body)),
          ...extra,
        }),
      );
      return;
    }
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
    });
    if (chat) {
      for (const chunk of chatChunks(turn, body)) {
        response.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      response.end('data: [DONE]\n\n');
    } else {
      for (const event of responsesEvents(turn, body)) {
        const sent = event.type === 'response.completed'
          ? {
            ...event,
            response: { ...(event.response as object), ...extra },
          }
          : event;
        response.write(
          `event: ${event.type}\ndata: ${JSON.stringify(sent)}\n\n`,
        );
      }
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
