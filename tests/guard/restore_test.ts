/**
 * What `blockRealCalls()` changes and puts back: every patched property is
 * the original again once the last guard is off (descriptors included),
 * nested guards hand the decision to the latest one on, `restore()` twice
 * does nothing, `using` restores, and the allow list opens kinds and hosts.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  Agent,
  MCPServerSSE,
  MCPServerStdio,
  MCPServerStreamableHttp,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  OpenAITracingExporter,
  Runner,
} from '@openai/agents';
import {
  OpenAIRealtimeSIP,
  OpenAIRealtimeWebRTC,
  OpenAIRealtimeWebSocket,
} from '@openai/agents/realtime';
import OpenAI from 'openai';
import { blockRealCalls } from '@scripted/agents/guard';
import { assertBlocked, made, rejection } from './_blocked.ts';

const patched: ReadonlyArray<readonly [object, string]> = [
  [OpenAIResponsesModel.prototype, 'getResponse'],
  [OpenAIResponsesModel.prototype, 'getStreamedResponse'],
  [OpenAIChatCompletionsModel.prototype, 'getResponse'],
  [OpenAIChatCompletionsModel.prototype, 'getStreamedResponse'],
  [OpenAITracingExporter.prototype, 'export'],
  [MCPServerStdio.prototype, 'connect'],
  [MCPServerSSE.prototype, 'connect'],
  [MCPServerStreamableHttp.prototype, 'connect'],
  [OpenAIRealtimeWebSocket.prototype, 'connect'],
  [OpenAIRealtimeWebRTC.prototype, 'connect'],
  [OpenAIRealtimeSIP.prototype, 'connect'],
  [globalThis, 'fetch'],
  [globalThis, 'WebSocket'],
];

function descriptors(): Array<PropertyDescriptor | undefined> {
  return patched.map(([owner, key]) =>
    Object.getOwnPropertyDescriptor(owner, key)
  );
}

/** A real Chat Completions agent; `offline` gives its client a fetch that
 * fails at once, else it uses the global one. */
function chatAgent(name: string, offline?: typeof fetch): Agent {
  const client = new OpenAI({
    apiKey: 'sk-test',
    baseURL: 'https://chat.example.com/v1',
    maxRetries: 0,
    ...(offline === undefined ? {} : { fetch: offline }),
  });
  return new Agent({
    name,
    model: new OpenAIChatCompletionsModel(client, 'gpt-4.1'),
  });
}

const runner = new Runner({ tracingDisabled: true });

test('blockRealCalls replaces each patched property and restore() puts back the very descriptors', () => {
  const before = descriptors();
  const guard = blockRealCalls();
  const during = descriptors();
  patched.forEach(([, key], i) => {
    if (before[i] === undefined) return; // no WebSocket on Node 20
    assert.notEqual(during[i]?.value, before[i]?.value ?? before[i]?.get, key);
    assert.equal(typeof during[i]?.value, 'function', key);
    assert.equal(during[i]?.configurable, before[i]?.configurable, key);
    assert.equal(during[i]?.enumerable, before[i]?.enumerable, key);
    assert.equal(during[i]?.writable, before[i]?.writable ?? true, key);
  });
  assert.equal(
    OpenAIResponsesModel.prototype.getResponse.name,
    'getResponse',
  );
  guard.restore();
  assert.deepEqual(descriptors(), before);
});

test('RealCallGuard.restore() twice does nothing the second time', async () => {
  const before = descriptors();
  const guard = blockRealCalls();
  assert.equal(guard.active, true);
  guard.restore();
  assert.equal(guard.active, false);
  guard.restore();
  assert.deepEqual(descriptors(), before);
  // Off means off: the SDK's own code runs, up to the client's fetch.
  const offline = new Error('offline');
  const error = await rejection(
    runner.run(chatAgent('Free', () => Promise.reject(offline)), 'Hi'),
  );
  assert.equal((error as Error).cause, offline);
  assert.deepEqual(made(guard.blocked), []);
});

test('blockRealCalls with using restores at the end of the scope', () => {
  const before = descriptors();
  {
    using guard = blockRealCalls();
    assert.equal(guard.active, true);
    assert.notDeepEqual(descriptors(), before);
  }
  assert.deepEqual(descriptors(), before);
});

test('nested guards: the latest on decides, the outer one again once it is off', async () => {
  const before = descriptors();
  const outer = blockRealCalls();
  const inner = blockRealCalls({ allow: ['model'] });
  const during = descriptors();
  // The model passes; the client's own fetch does not (the outer kinds
  // still hold for what the inner one does not name).
  const passed = await rejection(runner.run(chatAgent('Inner'), 'Hi'));
  assert.equal((passed as Error).name, 'Error');
  assertBlocked((passed as Error).cause, {
    kind: 'fetch',
    call: 'fetch',
    target: 'chat.example.com',
    host: 'chat.example.com',
    allow: ['fetch', 'chat.example.com'],
  });
  assert.equal(made(inner.blocked).length, 1);
  assert.deepEqual(made(outer.blocked), []);

  inner.restore();
  assert.deepEqual(descriptors(), during, 'still patched: the outer is on');
  assertBlocked(await rejection(runner.run(chatAgent('Outer'), 'Hi')), {
    kind: 'model',
    call: 'OpenAIChatCompletionsModel.getResponse',
    target: 'openai',
    agent: 'Outer',
    allow: ['model'],
  });
  assert.equal(made(outer.blocked).length, 1);
  outer.restore();
  assert.deepEqual(descriptors(), before);
});

test('nested guards restored out of order: the patches stay until the last is off', async () => {
  const before = descriptors();
  const outer = blockRealCalls({ allow: ['model'] });
  const inner = blockRealCalls();
  outer.restore();
  assert.equal(outer.active, false);
  assert.equal(inner.active, true);
  assertBlocked(await rejection(runner.run(chatAgent('Left'), 'Hi')), {
    kind: 'model',
    call: 'OpenAIChatCompletionsModel.getResponse',
    target: 'openai',
    agent: 'Left',
    allow: ['model'],
  });
  inner.restore();
  assert.deepEqual(descriptors(), before);
  // A guard made after all were off patches again.
  using again = blockRealCalls();
  assert.notDeepEqual(descriptors(), before);
  assert.equal(again.active, true);
});

test('a property patched over the guard is left in place by restore(), and the guard under it passes calls on', async () => {
  const original = globalThis.fetch;
  const guard = blockRealCalls();
  const guarded = globalThis.fetch;
  const seen: unknown[] = [];
  const spy = (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(input);
    return guarded(input, init);
  };
  globalThis.fetch = spy as typeof fetch;
  try {
    assertBlocked(await rejection(fetch('https://example.com/')), {
      kind: 'fetch',
      call: 'fetch',
      target: 'example.com',
      host: 'example.com',
      allow: ['fetch', 'example.com'],
    });
    guard.restore();
    assert.equal(globalThis.fetch, spy);
    const response = await fetch('data:text/plain,through');
    assert.equal(await response.text(), 'through');
    assert.equal(seen.length, 2);
  } finally {
    globalThis.fetch = original;
  }
});

test('the allow list opens a kind, a host, or a host pattern, in any case', async () => {
  const kinds = ['fetch', 'FETCH'];
  for (const entry of kinds) {
    using guard = blockRealCalls({ allow: [entry] });
    assert.deepEqual(guard.allow, ['fetch']);
    assert.equal(Object.isFrozen(guard.allow), true);
    // Passed on: fails on the platform (no network here), not the guard.
    const error = await rejection(fetch('http://exa mple.com/'));
    assert.equal(error instanceof TypeError, true);
  }
  const hosts: Array<[string, string, boolean]> = [
    ['api.example.com', 'https://api.example.com/', true],
    ['API.Example.com', 'https://api.example.com/', true],
    ['api.example.com.', 'https://api.example.com/', true],
    ['api.example.com', 'https://web.example.com/', false],
    ['example.com', 'https://api.example.com/', false],
    ['*.example.com', 'https://a.b.example.com/', true],
    ['*.example.com', 'https://example.com/', false],
    ['*.example.com', 'https://badexample.com/', false],
    ['::1', 'http://[::1]:1/', true],
    ['[2001:db8::1]', 'http://[2001:db8::1]/', true],
  ];
  for (const [entry, url, passes] of hosts) {
    using guard = blockRealCalls({ allow: [entry] });
    // Let through, it fails making its socket: nothing leaves.
    const transport = new OpenAIRealtimeWebSocket({
      createWebSocket: () => Promise.reject(new Error('no socket')),
    });
    const error = await rejection(transport.connect({ apiKey: 'ek_1', url }));
    const blocked = error instanceof Error &&
      error.name === 'RealCallBlockedError';
    assert.equal(blocked, !passes, `${entry} for ${url}`);
    if (passes) assert.equal((error as Error).message, 'no socket');
    assert.equal(made(guard.blocked).length, passes ? 0 : 1);
    transport.close();
  }
});

test('a kind in the allow list opens that kind only, not a host of that name', async () => {
  using guard = blockRealCalls({ allow: ['mcp', 'model'] });
  for (const name of ['mcp', 'model']) {
    assertBlocked(await rejection(fetch(`http://${name}:8080/`)), {
      kind: 'fetch',
      call: 'fetch',
      target: name,
      host: name,
      allow: ['fetch'],
    });
  }
  assert.equal(made(guard.blocked).length, 2);
});

test('loopback hosts pass fetch, other local-looking ones do not', async () => {
  using guard = blockRealCalls();
  for (
    const url of [
      'http://localhost:1/',
      'http://LOCALHOST.:1/',
      'http://127.0.0.1:1/',
      'http://127.255.0.9:1/',
      'http://127.0.10.10:1/',
      'http://[::1]:1/',
    ]
  ) {
    const error = await rejection(fetch(url));
    assert.notEqual((error as Error).name, 'RealCallBlockedError', url);
  }
  for (
    const [url, host] of [
      ['http://0.0.0.0:1/', '0.0.0.0'],
      ['http://localhost.example.com/', 'localhost.example.com'],
      ['http://128.0.0.1/', '128.0.0.1'],
      ['http://127.0.0.1.example.com/', '127.0.0.1.example.com'],
      ['http://[::2]/', '::2'],
    ]
  ) {
    const error = await rejection(fetch(url!));
    assert.equal((error as { host?: string }).host, host, url);
  }
  assert.equal(made(guard.blocked).length, 5);
});
