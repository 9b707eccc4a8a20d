/**
 * Each kind of real call fails at once under `blockRealCalls()`, through
 * the real SDK and with no network (the deno-test stage denies it: a call
 * that got through would fail with `NotCapable`, not the guard's error),
 * and this library's doubles run under it untouched.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  Agent,
  BatchTraceProcessor,
  getGlobalTraceProvider,
  MCPServerSSE,
  MCPServerStdio,
  MCPServerStreamableHttp,
  NoopTrace,
  OpenAIChatCompletionsModel,
  OpenAIProvider,
  OpenAIResponsesModel,
  OpenAITracingExporter,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
} from '@openai/agents';
import {
  OpenAIRealtimeSIP,
  OpenAIRealtimeWebRTC,
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  RealtimeSession,
} from '@openai/agents/realtime';
import { SandboxAgent, shell } from '@openai/agents/sandbox';
import OpenAI from 'openai';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
  scriptedSandboxSession,
} from '@scripted/agents';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { blockRealCalls } from '@scripted/agents/guard';
import { assertBlocked, made, rejection, streamedFailure } from './_blocked.ts';

const runner = new Runner({ tracingDisabled: true });
const remote = 'https://api.example.com/v1';

function client(baseURL = remote): OpenAI {
  return new OpenAI({ apiKey: 'sk-test', baseURL, maxRetries: 0 });
}

test('blockRealCalls rejects a Responses model request of a run, naming the agent and host', async () => {
  using guard = blockRealCalls();
  const model = new OpenAIResponsesModel(client(), 'gpt-4.1');
  const agent = new Agent({ name: 'Forgotten', model });
  const error = assertBlocked(await rejection(runner.run(agent, 'Hi')), {
    kind: 'model',
    call: 'OpenAIResponsesModel.getResponse',
    target: 'api.example.com',
    host: 'api.example.com',
    agent: 'Forgotten',
    allow: ['model', 'api.example.com'],
  });
  assert.equal(
    error.message,
    'Real model request blocked: OpenAIResponsesModel.getResponse to "api.example.com" (agent "Forgotten"): blockRealCalls() is on and keeps the SDK\'s real clients offline, loopback too; to let it through, add "model" or "api.example.com" to blockRealCalls({ allow })',
  );
  assert.deepEqual(made(guard.blocked), [error]);
});

test('blockRealCalls fails a streamed Responses run at its first read', async () => {
  using _guard = blockRealCalls();
  const model = new OpenAIResponsesModel(client(), 'gpt-4.1');
  const agent = new Agent({ name: 'Streamer', model });
  const failure = await streamedFailure(() =>
    runner.run(agent, 'Hi', { stream: true })
  );
  assertBlocked(failure, {
    kind: 'model',
    call: 'OpenAIResponsesModel.getStreamedResponse',
    target: 'api.example.com',
    host: 'api.example.com',
    agent: 'Streamer',
    allow: ['model', 'api.example.com'],
  });
});

test('blockRealCalls rejects a Chat Completions request, plain and streamed, by provider', async () => {
  using _guard = blockRealCalls();
  const model = new OpenAIChatCompletionsModel(client(), 'gpt-4.1');
  const agent = new Agent({ name: 'Chatty', model });
  const expected = {
    kind: 'model',
    target: 'openai',
    agent: 'Chatty',
    allow: ['model'],
  } as const;
  assertBlocked(await rejection(runner.run(agent, 'Hi')), {
    ...expected,
    call: 'OpenAIChatCompletionsModel.getResponse',
  });
  assertBlocked(
    await streamedFailure(() => runner.run(agent, 'Hi', { stream: true })),
    { ...expected, call: 'OpenAIChatCompletionsModel.getStreamedResponse' },
  );
});

test('blockRealCalls rejects the default provider of a Runner, the WebSocket Responses model too', async () => {
  using _guard = blockRealCalls();
  for (const useResponsesWebSocket of [false, true]) {
    const modelProvider = new OpenAIProvider({
      apiKey: 'sk-test',
      baseURL: 'https://models.example.com/v1',
      useResponsesWebSocket,
    });
    const agent = new Agent({ name: 'Default', model: 'gpt-4.1' });
    const run = new Runner({ modelProvider, tracingDisabled: true })
      .run(agent, 'Hi');
    // The WebSocket model connects to its own, private, address: no host
    // is known for it, so no host entry opens it.
    assertBlocked(
      await rejection(run),
      useResponsesWebSocket
        ? {
          kind: 'model',
          call: 'OpenAIResponsesModel.getResponse',
          target: 'openai',
          agent: 'Default',
          allow: ['model'],
        }
        : {
          kind: 'model',
          call: 'OpenAIResponsesModel.getResponse',
          target: 'models.example.com',
          host: 'models.example.com',
          agent: 'Default',
          allow: ['model', 'models.example.com'],
        },
    );
    await modelProvider.close();
  }
});

test("blockRealCalls opens no WebSocket Responses model by its client's HTTP host", async () => {
  using guard = blockRealCalls({ allow: ['localhost'] });
  const modelProvider = new OpenAIProvider({
    apiKey: 'sk-test',
    baseURL: 'http://localhost:1/v1',
    websocketBaseURL: 'wss://api.example.com/v1',
    useResponsesWebSocket: true,
  });
  const agent = new Agent({ name: 'Socket', model: 'gpt-4.1' });
  const run = new Runner({ modelProvider, tracingDisabled: true })
    .run(agent, 'Hi');
  assertBlocked(await rejection(run), {
    kind: 'model',
    call: 'OpenAIResponsesModel.getResponse',
    target: 'openai',
    agent: 'Socket',
    allow: ['model'],
  });
  assert.equal(made(guard.blocked).length, 1);
  await modelProvider.close();
});

test('blockRealCalls rejects a Responses model whose client has no readable baseURL by provider', async () => {
  using _guard = blockRealCalls();
  const model = new OpenAIResponsesModel(client(), 'gpt-4.1');
  Object.defineProperty(model, '_client', {
    get() {
      throw new Error('private');
    },
  });
  const request = model.getResponse({} as never);
  assertBlocked(await rejection(request), {
    kind: 'model',
    call: 'OpenAIResponsesModel.getResponse',
    target: 'openai',
    allow: ['model'],
  });
  // Only a string is read as the address (the client's is one).
  const urlLike = { toString: () => 'https://api.example.com/v1' };
  for (const baseURL of [42, urlLike]) {
    const odd = new OpenAIResponsesModel(client(), 'gpt-4.1');
    Object.defineProperty(odd, '_client', { value: { baseURL } });
    assert.equal(
      (await rejection(odd.getResponse({} as never)) as Error & {
        target: string;
      }).target,
      'openai',
    );
  }
});

test('blockRealCalls rejects a hosted trace export', async () => {
  using guard = blockRealCalls();
  const exporter = new OpenAITracingExporter({ apiKey: 'sk-test' });
  const error = assertBlocked(await rejection(exporter.export([])), {
    kind: 'trace-export',
    call: 'OpenAITracingExporter.export',
    target: 'openai',
    allow: ['trace-export'],
  });
  assert.equal(
    error.message,
    'Real trace export blocked: OpenAITracingExporter.export to "openai": blockRealCalls() is on and keeps the SDK\'s real clients offline, loopback too; to let it through, add "trace-export" to blockRealCalls({ allow })',
  );
  assert.equal(guard.blocked.includes(error), true);
});

test('a trace export the SDK catches and logs is still in guard.blocked', async () => {
  const disabled =
    getGlobalTraceProvider().createTrace({ name: 'probe' }) instanceof
      NoopTrace;
  const processor = new BatchTraceProcessor(
    new OpenAITracingExporter({ apiKey: 'sk-test' }),
  );
  setTraceProcessors([processor]);
  setTracingDisabled(false);
  try {
    using guard = blockRealCalls();
    const model = new ScriptedModel([[assistantMessage('Hi')]]);
    const agent = new Agent({ name: 'Traced', model });
    const result = await new Runner().run(agent, 'Hi');
    assert.equal(result.finalOutput, 'Hi');
    await processor.forceFlush();
    // The default processor's last export may be blocked too (it is shut
    // down as ours comes in): every one is a trace export.
    assert.equal(guard.blocked.length >= 1, true);
    for (const error of guard.blocked) {
      assertBlocked(error, {
        kind: 'trace-export',
        call: 'OpenAITracingExporter.export',
        target: 'openai',
        allow: ['trace-export'],
      });
    }
  } finally {
    await processor.shutdown();
    setTraceProcessors([]);
    setTracingDisabled(disabled);
  }
});

test('blockRealCalls rejects each MCP transport connect, naming the server (redacted)', async () => {
  using _guard = blockRealCalls();
  const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123456789';
  const cases = [
    [
      new MCPServerStdio({ command: 'node', args: ['server.js'], name: 'fs' }),
      'MCPServerStdio.connect',
      'fs',
    ],
    [
      new MCPServerSSE({ url: 'http://127.0.0.1:1/sse', name: 'events' }),
      'MCPServerSSE.connect',
      'events',
    ],
    [
      new MCPServerStreamableHttp({
        url: 'http://127.0.0.1:1/mcp',
        name: `tools ${secret}`,
      }),
      'MCPServerStreamableHttp.connect',
      'tools [redacted]',
    ],
  ] as const;
  for (const [server, call, target] of cases) {
    const error = assertBlocked(await rejection(server.connect()), {
      kind: 'mcp',
      call,
      target,
      allow: ['mcp'],
    });
    assert.equal(error.message.includes(secret), false);
  }
  const nameless = new MCPServerStdio({ command: 'node', name: 'x' });
  Object.defineProperty(nameless, 'name', { value: 7 });
  assert.equal(
    (await rejection(nameless.connect()) as { target: string }).target,
    'MCP server',
  );
  const hostile = new MCPServerStdio({ command: 'node', name: 'x' });
  Object.defineProperty(hostile, 'name', {
    get() {
      throw new Error('no name');
    },
  });
  assert.equal(
    (await rejection(hostile.connect()) as { target: string }).target,
    'MCP server',
  );
});

test('blockRealCalls rejects a RealtimeSession connect over the WebSocket transport', async () => {
  using _guard = blockRealCalls();
  const transport = new OpenAIRealtimeWebSocket();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport,
  });
  const error = assertBlocked(
    await rejection(session.connect({ apiKey: 'ek_test' })),
    {
      kind: 'realtime',
      call: 'OpenAIRealtimeWebSocket.connect',
      target: 'openai',
      allow: ['realtime'],
    },
  );
  assert.equal(
    error.message,
    'Real Realtime connect blocked: OpenAIRealtimeWebSocket.connect to "openai": blockRealCalls() is on and keeps the SDK\'s real clients offline, loopback too; to let it through, add "realtime" to blockRealCalls({ allow })',
  );
  assert.equal(transport.status, 'disconnected');
  assertBlocked(
    await rejection(
      transport.connect({
        apiKey: 'ek_test',
        url: 'wss://voice.example.com/v1/realtime',
      }),
    ),
    {
      kind: 'realtime',
      call: 'OpenAIRealtimeWebSocket.connect',
      target: 'voice.example.com',
      host: 'voice.example.com',
      allow: ['realtime', 'voice.example.com'],
    },
  );
  const unreadable = {
    get url(): string {
      throw new Error('no url');
    },
  };
  assert.equal(
    (await rejection(transport.connect(unreadable as never)) as {
      target: string;
    }).target,
    'openai',
  );
});

test('blockRealCalls rejects a WebRTC and a SIP Realtime connect', async () => {
  // WebRTC needs a peer connection class to be made outside a browser;
  // the guard fails the connect before it is used.
  const had = Object.getOwnPropertyDescriptor(globalThis, 'RTCPeerConnection');
  Object.defineProperty(globalThis, 'RTCPeerConnection', {
    value: class {},
    configurable: true,
    writable: true,
  });
  try {
    using _guard = blockRealCalls();
    assertBlocked(
      await rejection(new OpenAIRealtimeWebRTC().connect({ apiKey: 'ek_1' })),
      {
        kind: 'realtime',
        call: 'OpenAIRealtimeWebRTC.connect',
        target: 'openai',
        allow: ['realtime'],
      },
    );
    const sip = new OpenAIRealtimeSIP().connect({
      apiKey: 'ek_1',
      callId: 'call_1',
    });
    assertBlocked(await rejection(sip), {
      kind: 'realtime',
      call: 'OpenAIRealtimeSIP.connect',
      target: 'openai',
      allow: ['realtime'],
    });
  } finally {
    if (had === undefined) {
      delete (globalThis as Record<string, unknown>).RTCPeerConnection;
    } else Object.defineProperty(globalThis, 'RTCPeerConnection', had);
  }
});

test('blockRealCalls rejects fetch to a remote host, whatever the input form', async () => {
  using guard = blockRealCalls();
  const expected = {
    kind: 'fetch',
    call: 'fetch',
    target: 'example.com',
    host: 'example.com',
    allow: ['fetch', 'example.com'],
  } as const;
  const inputs = [
    'https://example.com/',
    'HTTP://Example.COM./path',
    new URL('https://example.com/a?b=1'),
    new Request('https://example.com/r', { method: 'POST', body: 'x' }),
  ];
  for (const input of inputs) {
    const error = assertBlocked(await rejection(fetch(input)), expected);
    assert.equal(
      error.message,
      'Real fetch blocked: fetch to "example.com": blockRealCalls() is on and reaches no host but loopback; to let it through, add "fetch" or "example.com" to blockRealCalls({ allow })',
    );
  }
  assert.equal(made(guard.blocked).length, inputs.length);
  // Not a Request: fetch reads its text, and so does the guard.
  const disguised = {
    url: 'http://localhost/',
    toString: () => 'https://example.com/',
  };
  assertBlocked(await rejection(fetch(disguised as never)), expected);
  assertBlocked(await rejection(fetch('http://[2001:db8::1]:8080/')), {
    ...expected,
    target: '2001:db8::1',
    host: '2001:db8::1',
    allow: ['fetch', '2001:db8::1'],
  });
});

test('blockRealCalls lets fetch of a URL that reaches no network through', async () => {
  using guard = blockRealCalls();
  const response = await fetch('data:text/plain,offline');
  assert.equal(await response.text(), 'offline');
  // A URL that does not parse fails as fetch fails it, not as blocked.
  const error = await rejection(fetch('http://exa mple.com/'));
  assert.equal(error instanceof TypeError, true);
  const hostile = {
    toString(): string {
      throw new RangeError('no text');
    },
  };
  assert.equal(
    (await rejection(fetch(hostile as never)) as Error).name,
    'RangeError',
  );
  assert.deepEqual(made(guard.blocked), []);
});

test('blockRealCalls throws at new WebSocket to a remote host', (t) => {
  // Read when the test runs, not when the file loads: in one process with
  // other test files (the mutation runner) a global can come and go.
  if (typeof WebSocket !== 'function') {
    t.skip?.('this runtime has no WebSocket'); // the mutation runner's context has no skip
    return;
  }
  using _guard = blockRealCalls();
  for (const url of ['wss://example.com/socket', new URL('ws://example.com')]) {
    let thrown: unknown;
    try {
      new WebSocket(url);
    } catch (error) {
      thrown = error;
    }
    const error = assertBlocked(thrown, {
      kind: 'websocket',
      call: 'new WebSocket',
      target: 'example.com',
      host: 'example.com',
      allow: ['websocket', 'example.com'],
    });
    assert.equal(
      error.message,
      'Real WebSocket open blocked: new WebSocket to "example.com": blockRealCalls() is on and reaches no host but loopback; to let it through, add "websocket" or "example.com" to blockRealCalls({ allow })',
    );
  }
});

test('blockRealCalls leaves the scripted model, MCP server, sandbox and realtime doubles alone', async () => {
  using guard = blockRealCalls();
  const server = new ScriptedMcpServer({
    tools: [{ name: 'get_weather' }],
    calls: [{ tool: 'get_weather', result: 'Sunny' }],
  });
  const model = new ScriptedModel([
    [functionCall('get_weather', {}, { callId: 'call_1' })],
    [assistantMessage('It is sunny.')],
  ]);
  const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
  const result = await runner.run(agent, 'Weather?');
  assert.equal(result.finalOutput, 'It is sunny.');
  server.assertComplete();
  model.assertComplete();

  const sandbox = scriptedSandboxSession([
    { method: 'execCommand', result: '/workspace\n' },
  ]);
  const shellModel = new ScriptedModel([
    [functionCall('exec_command', { cmd: 'pwd' }, { callId: 'call_2' })],
    [assistantMessage('In /workspace.')],
  ]);
  const sandboxAgent = new SandboxAgent({
    name: 'Workspace',
    model: shellModel,
    capabilities: [shell()],
  });
  const sandboxed = await runner.run(sandboxAgent, 'Where?', {
    sandbox: { session: sandbox },
  });
  assert.equal(sandboxed.finalOutput, 'In /workspace.');
  sandbox.assertComplete();

  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Voice' }), {
    transport,
  });
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'ek_test' });
  assert.equal((await connected).method, 'connect');
  session.close();
  assert.deepEqual(made(guard.blocked), []);
});
