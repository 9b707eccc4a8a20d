/**
 * The guard's edges: a page address for relative URLs, globals that are
 * absent, not functions or accessors, a host pattern against a call whose
 * host is unknown, a patch over a method once the guard is off, the agent
 * of a traced run, and `blocked` as a snapshot.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  OpenAITracingExporter,
  Runner,
} from '@openai/agents';
import OpenAI from 'openai';
import { blockRealCalls } from '@scripted/agents/guard';
import { installTraceCapture } from '@scripted/agents/tracing';
import { assertBlocked, made, rejection } from './_blocked.ts';

const runner = new Runner({ tracingDisabled: true });

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

/** Runs `body` with `globalThis[key]` defined as `descriptor`, then puts it back. */
async function withGlobal(
  key: string,
  descriptor: PropertyDescriptor | undefined,
  body: () => Promise<void> | void,
): Promise<void> {
  const saved = Object.getOwnPropertyDescriptor(globalThis, key);
  // Deleted first: `defineProperty` merges into an existing property.
  delete (globalThis as Record<string, unknown>)[key];
  if (descriptor !== undefined) {
    Object.defineProperty(globalThis, key, descriptor);
  }
  try {
    await body();
  } finally {
    if (saved === undefined) {
      delete (globalThis as Record<string, unknown>)[key];
    } else Object.defineProperty(globalThis, key, saved);
  }
}

test('a relative fetch URL resolves against the page address, where there is one', async () => {
  const page = (location: unknown) => ({
    value: location,
    configurable: true,
    writable: true,
  });
  await withGlobal(
    'location',
    page({ href: 'https://page.example.com/app/' }),
    async () => {
      using _guard = blockRealCalls();
      assertBlocked(await rejection(fetch('/api')), {
        kind: 'fetch',
        call: 'fetch',
        target: 'page.example.com',
        host: 'page.example.com',
        allow: ['fetch', 'page.example.com'],
      });
    },
  );
  const noPage = [
    page({ href: 42 }),
    {
      get(): never {
        throw new Error('no location');
      },
      configurable: true,
    },
  ];
  for (const descriptor of noPage) {
    await withGlobal('location', descriptor, async () => {
      using guard = blockRealCalls();
      // Not a URL without a page: the platform rejects it, not the guard.
      const error = await rejection(fetch('/api'));
      assert.notEqual((error as Error).name, 'RealCallBlockedError');
      assert.deepEqual(made(guard.blocked), []);
    });
  }
});

test('an absolute fetch URL is blocked whatever the page address holds', async () => {
  for (const href of [42, undefined, 'https://page.example.com/']) {
    await withGlobal(
      'location',
      { value: { href }, configurable: true, writable: true },
      async () => {
        using guard = blockRealCalls();
        assertBlocked(await rejection(fetch('https://example.com/x')), {
          kind: 'fetch',
          call: 'fetch',
          target: 'example.com',
          host: 'example.com',
          allow: ['fetch', 'example.com'],
        });
        assert.equal(made(guard.blocked).length, 1);
      },
    );
  }
});

test('a global deleted while the guard is on stays deleted once it is off', async () => {
  class FakeSocket {}
  await withGlobal(
    'WebSocket',
    { value: FakeSocket, configurable: true, writable: true },
    () => {
      const guard = blockRealCalls();
      delete (globalThis as Record<string, unknown>).WebSocket;
      guard.restore();
      assert.equal('WebSocket' in globalThis, false);
      assert.equal(guard.active, false);
    },
  );
});

test('blockRealCalls leaves an absent or non-function global alone, and restores an accessor', async () => {
  await withGlobal('WebSocket', undefined, () => {
    const guard = blockRealCalls();
    assert.equal('WebSocket' in globalThis, false);
    guard.restore();
    assert.equal('WebSocket' in globalThis, false);
  });
  const plain = { value: 42, configurable: true, writable: true };
  await withGlobal('WebSocket', plain, () => {
    using _guard = blockRealCalls();
    assert.equal((globalThis as Record<string, unknown>).WebSocket, 42);
  });
  const setterOnly = { set(_value: unknown) {}, configurable: true };
  await withGlobal('WebSocket', setterOnly, () => {
    using _guard = blockRealCalls();
    assert.deepEqual(
      Object.getOwnPropertyDescriptor(globalThis, 'WebSocket'),
      { ...setterOnly, get: undefined, enumerable: false },
    );
  });
  const made: unknown[] = [];
  class FakeSocket {
    constructor(url: unknown) {
      made.push(url);
    }
  }
  const accessor = { get: () => FakeSocket, configurable: true };
  await withGlobal('WebSocket', accessor, () => {
    const before = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket');
    const guard = blockRealCalls();
    const during = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')!;
    assert.equal(typeof during.value, 'function');
    assert.equal(during.writable, true);
    assert.equal(during.enumerable, false);
    assert.equal(during.configurable, true);
    const Socket = (globalThis as unknown as { WebSocket: typeof FakeSocket })
      .WebSocket;
    assert.throws(() => new Socket('wss://example.com/'), {
      name: 'RealCallBlockedError',
      kind: 'websocket',
      call: 'new WebSocket',
      target: 'example.com',
    });
    const local = new Socket('ws://127.0.0.1:1/');
    assert.equal(local instanceof FakeSocket, true);
    assert.deepEqual(made, ['ws://127.0.0.1:1/']);
    guard.restore();
    assert.deepEqual(
      Object.getOwnPropertyDescriptor(globalThis, 'WebSocket'),
      before,
    );
  });
});

test('a host pattern in the allow list lets no call of unknown host through', async () => {
  using guard = blockRealCalls({
    allow: ['*.example.com', 'chat.example.com'],
  });
  assertBlocked(await rejection(runner.run(chatAgent('Unknown'), 'Hi')), {
    kind: 'model',
    call: 'OpenAIChatCompletionsModel.getResponse',
    target: 'openai',
    agent: 'Unknown',
    allow: ['model'],
  });
  assert.equal(made(guard.blocked).length, 1);
});

test('a method patched over the guard passes on to the SDK once the guard is off', async () => {
  const prototype = OpenAIChatCompletionsModel.prototype;
  const original = prototype.getResponse;
  const guard = blockRealCalls();
  const guarded = prototype.getResponse;
  const spy: typeof original = function (this: unknown, ...args) {
    return Reflect.apply(guarded, this, args);
  };
  prototype.getResponse = spy;
  try {
    guard.restore();
    assert.equal(prototype.getResponse, spy);
    const offline = new Error('offline');
    const agent = chatAgent('Later', () => Promise.reject(offline));
    const error = await rejection(runner.run(agent, 'Hi'));
    assert.equal((error as Error).cause, offline);
  } finally {
    prototype.getResponse = original;
  }
});

test('the agent of a traced run is read from its span', async () => {
  using _capture = installTraceCapture();
  using _guard = blockRealCalls();
  const traced = new Runner({ workflowName: 'traced' });
  assertBlocked(await rejection(traced.run(chatAgent('Traced'), 'Hi')), {
    kind: 'model',
    call: 'OpenAIChatCompletionsModel.getResponse',
    target: 'openai',
    agent: 'Traced',
    allow: ['model'],
  });
});

test('RealCallGuard.blocked is a frozen snapshot', async () => {
  using guard = blockRealCalls();
  const before = guard.blocked;
  await rejection(fetch('https://example.com/'));
  assert.deepEqual(made(before), []);
  assert.equal(Object.isFrozen(before), true);
  assert.equal(made(guard.blocked).length, 1);
  assert.equal(Object.isFrozen(guard.blocked), true);
});

test('a patch the platform refuses leaves nothing patched and no guard on', () => {
  // The third class's method refuses to be read (as a frozen realm refuses
  // a write): the two model classes before it were patched by then.
  const exporter = OpenAITracingExporter.prototype;
  const had = Object.getOwnPropertyDescriptor(exporter, 'export')!;
  const responses = OpenAIResponsesModel.prototype;
  const before = Object.getOwnPropertyDescriptor(responses, 'getResponse');
  const ownFetch = globalThis.fetch;
  const refused = new TypeError('Cannot redefine property: export');
  Object.defineProperty(exporter, 'export', {
    configurable: true,
    get() {
      throw refused;
    },
  });
  try {
    assert.throws(() => blockRealCalls(), (error) => error === refused);
    assert.deepEqual(
      Object.getOwnPropertyDescriptor(responses, 'getResponse'),
      before,
    );
    assert.equal(globalThis.fetch, ownFetch);
  } finally {
    Object.defineProperty(exporter, 'export', had);
  }
  // The refused call left no guard on: the next one, once restored, puts
  // everything back (a guard left on would keep the patches).
  const guard = blockRealCalls();
  assert.notDeepEqual(
    Object.getOwnPropertyDescriptor(responses, 'getResponse'),
    before,
  );
  guard.restore();
  assert.deepEqual(
    Object.getOwnPropertyDescriptor(responses, 'getResponse'),
    before,
  );
  assert.deepEqual(Object.getOwnPropertyDescriptor(exporter, 'export'), had);
  assert.equal(globalThis.fetch, ownFetch);
});
