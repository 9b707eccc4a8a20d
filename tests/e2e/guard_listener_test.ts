/**
 * The guard against a local listener on 127.0.0.1 that counts every TCP
 * connection, request and upgrade: with `blockRealCalls()` on, the SDK's
 * real models, tracing exporter, MCP transports and Realtime WebSocket
 * pointed at it fail with `RealCallBlockedError` and it sees nothing, not
 * even a connection; `fetch` to loopback still reaches it; an allowed host
 * lets the model's request through; and once restored nothing is changed.
 * (The end-to-end stage runs it: the one with loopback network.)
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import test from 'node:test';
import {
  Agent,
  MCPServerSSE,
  MCPServerStreamableHttp,
  OpenAIChatCompletionsModel,
  OpenAIProvider,
  OpenAIResponsesModel,
  OpenAITracingExporter,
  Runner,
} from '@openai/agents';
import { OpenAIRealtimeWebSocket } from '@openai/agents/realtime';
import OpenAI from 'openai';
import { blockRealCalls } from '@scripted/agents/guard';
import {
  assertBlocked,
  made,
  rejection,
  streamedFailure,
} from '../guard/_blocked.ts';

interface Listener {
  readonly url: string;
  readonly seen: { connections: number; requests: string[]; upgrades: number };
  close(): Promise<void>;
}

/** A listener answering every request `500 listener`. */
async function listen(): Promise<Listener> {
  const seen = { connections: 0, requests: [] as string[], upgrades: 0 };
  const server = http.createServer((request, response) => {
    seen.requests.push(`${request.method} ${request.url}`);
    request.resume();
    response.writeHead(500, { 'content-type': 'text/plain' });
    response.end('listener');
  });
  server.on('connection', () => seen.connections++);
  server.on('upgrade', (_request, socket) => {
    seen.upgrades++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const runner = new Runner({ tracingDisabled: true });
const nothing = { connections: 0, requests: [], upgrades: 0 };

function client(listener: Listener): OpenAI {
  return new OpenAI({
    apiKey: 'sk-test',
    baseURL: `${listener.url}/v1`,
    maxRetries: 0,
  });
}

test('blockRealCalls: the SDK models pointed at a loopback listener send it nothing', async () => {
  const listener = await listen();
  try {
    using guard = blockRealCalls();
    const responses = new Agent({
      name: 'Responses',
      model: new OpenAIResponsesModel(client(listener), 'gpt-4.1'),
    });
    const expected = {
      kind: 'model',
      target: '127.0.0.1',
      host: '127.0.0.1',
      agent: 'Responses',
      allow: ['model', '127.0.0.1'],
    } as const;
    assertBlocked(await rejection(runner.run(responses, 'Hi')), {
      ...expected,
      call: 'OpenAIResponsesModel.getResponse',
    });
    assertBlocked(
      await streamedFailure(() =>
        runner.run(responses, 'Hi', { stream: true })
      ),
      { ...expected, call: 'OpenAIResponsesModel.getStreamedResponse' },
    );
    const chat = new Agent({
      name: 'Chat',
      model: new OpenAIChatCompletionsModel(client(listener), 'gpt-4.1'),
    });
    assertBlocked(await rejection(runner.run(chat, 'Hi')), {
      kind: 'model',
      call: 'OpenAIChatCompletionsModel.getResponse',
      target: 'openai',
      agent: 'Chat',
      allow: ['model'],
    });
    const modelProvider = new OpenAIProvider({
      apiKey: 'sk-test',
      baseURL: `${listener.url}/v1`,
    });
    const byName = new Agent({ name: 'ByName', model: 'gpt-4.1' });
    const run = new Runner({ modelProvider, tracingDisabled: true })
      .run(byName, 'Hi');
    assertBlocked(await rejection(run), {
      ...expected,
      agent: 'ByName',
      call: 'OpenAIResponsesModel.getResponse',
    });
    assert.equal(made(guard.blocked).length, 4);
    assert.deepEqual(listener.seen, nothing);
  } finally {
    await listener.close();
  }
});

test('blockRealCalls: the tracing exporter, MCP transports and Realtime WebSocket send a loopback listener nothing', async () => {
  const listener = await listen();
  try {
    using _guard = blockRealCalls();
    const exporter = new OpenAITracingExporter({
      apiKey: 'sk-test',
      endpoint: `${listener.url}/v1/traces/ingest`,
    });
    assertBlocked(await rejection(exporter.export([])), {
      kind: 'trace-export',
      call: 'OpenAITracingExporter.export',
      target: 'openai',
      allow: ['trace-export'],
    });
    const servers = [
      [new MCPServerSSE({ url: `${listener.url}/sse`, name: 'sse' }), 'SSE'],
      [
        new MCPServerStreamableHttp({
          url: `${listener.url}/mcp`,
          name: 'http',
        }),
        'StreamableHttp',
      ],
    ] as const;
    for (const [server, name] of servers) {
      assertBlocked(await rejection(server.connect()), {
        kind: 'mcp',
        call: `MCPServer${name}.connect`,
        target: server.name,
        allow: ['mcp'],
      });
    }
    const transport = new OpenAIRealtimeWebSocket();
    const url = `${listener.url.replace('http', 'ws')}/v1/realtime`;
    assertBlocked(await rejection(transport.connect({ apiKey: 'ek_1', url })), {
      kind: 'realtime',
      call: 'OpenAIRealtimeWebSocket.connect',
      target: '127.0.0.1',
      host: '127.0.0.1',
      allow: ['realtime', '127.0.0.1'],
    });
    assert.deepEqual(listener.seen, nothing);
  } finally {
    await listener.close();
  }
});

/**
 * Opens a WebSocket and waits (bounded) until it has failed or closed (the
 * listener destroys the upgrade: Node 22's WebSocket reports an error and
 * may not close in time).
 */
function openAndClosed(url: string): Promise<void> {
  const socket = new WebSocket(url);
  const signal = AbortSignal.timeout(5_000);
  return new Promise<void>((resolve, reject) => {
    socket.addEventListener('close', () => resolve());
    socket.addEventListener('error', () => resolve());
    signal.addEventListener('abort', () => {
      socket.close();
      reject(new Error('the socket did not close in 5 s'));
    });
  });
}

test('blockRealCalls lets fetch and WebSocket to loopback through, and an allowed host the model request', async () => {
  const listener = await listen();
  try {
    {
      using guard = blockRealCalls();
      const response = await fetch(`${listener.url}/plain`);
      assert.equal(await response.text(), 'listener');
      assert.deepEqual(listener.seen.requests, ['GET /plain']);
      // Node 20 has no global WebSocket.
      if (typeof WebSocket === 'function') {
        await openAndClosed(`${listener.url.replace('http', 'ws')}/socket`);
        assert.equal(listener.seen.upgrades, 1);
      }
      assert.deepEqual(made(guard.blocked), []);
    }
    using guard = blockRealCalls({ allow: ['127.0.0.1'] });
    const agent = new Agent({
      name: 'Allowed',
      model: new OpenAIResponsesModel(client(listener), 'gpt-4.1'),
    });
    const error = await rejection(runner.run(agent, 'Hi'));
    assert.equal((error as { status?: number }).status, 500);
    assert.deepEqual(listener.seen.requests, [
      'GET /plain',
      'POST /v1/responses',
    ]);
    assert.deepEqual(made(guard.blocked), []);
  } finally {
    await listener.close();
  }
});

test('after restore() the SDK models reach a loopback listener as before', async () => {
  const listener = await listen();
  try {
    const before = OpenAIResponsesModel.prototype.getResponse;
    blockRealCalls().restore();
    assert.equal(OpenAIResponsesModel.prototype.getResponse, before);
    const agent = new Agent({
      name: 'Free',
      model: new OpenAIResponsesModel(client(listener), 'gpt-4.1'),
    });
    const error = await rejection(runner.run(agent, 'Hi'));
    assert.equal((error as { status?: number }).status, 500);
    assert.deepEqual(listener.seen.requests, ['POST /v1/responses']);
  } finally {
    await listener.close();
  }
});
