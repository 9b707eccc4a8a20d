import assert from 'node:assert/strict';
import test from 'node:test';
import type { RealtimeItem } from '@openai/agents/realtime';
import {
  IncompleteRealtimeScenarioError,
  RealtimeTransportNotClosedError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import { createSession } from './_helpers.ts';

class Marker {}

test('ScriptedRealtimeTransport connects through a RealtimeSession and reports each status', async () => {
  const { session, transport } = createSession();
  const statuses: string[] = [];
  transport.on('connection_change', (status) => statuses.push(status));
  assert.equal(transport.status, 'disconnected');
  const connecting = session.connect({ apiKey: 'test' });
  await connecting;
  assert.equal(transport.status, 'connected');
  session.close();
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(statuses, ['connecting', 'connected', 'disconnected']);
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'close',
  ]);
  transport.assertClosed();
});

test('ScriptedRealtimeTransport records every session call with its named arguments', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test', url: 'wss://example.test' });
  session.sendMessage('Hello', { extra: 1 });
  session.addImage('data:image/png;base64,AA==', { triggerResponse: false });
  session.mute(true);
  session.sendAudio(new Uint8Array([1, 2, 3]).buffer, { commit: true });
  session.interrupt();
  const item: RealtimeItem = {
    itemId: 'user_1',
    type: 'message',
    role: 'user',
    status: 'completed',
    content: [{ type: 'input_text', text: 'Hi' }],
  };
  session.updateHistory([item]);
  session.close();

  const calls = transport.calls;
  assert.deepEqual(calls.map((call) => [call.index, call.method]), [
    [0, 'connect'],
    [1, 'sendMessage'],
    [2, 'addImage'],
    [3, 'mute'],
    [4, 'sendAudio'],
    [5, 'interrupt'],
    [6, 'resetHistory'],
    [7, 'close'],
  ]);
  const [connect, message, image, mute, audio, , reset] = calls;
  assert(connect?.method === 'connect');
  assert.equal(connect.options.apiKeyProvided, true);
  assert.equal(connect.options.url, 'wss://example.test');
  assert(message?.method === 'sendMessage');
  assert.equal(message.message, 'Hello');
  assert.deepEqual(message.otherEventData, { extra: 1 });
  assert(image?.method === 'addImage');
  assert.equal(image.image, 'data:image/png;base64,AA==');
  assert.deepEqual(image.options, { triggerResponse: false });
  assert(mute?.method === 'mute');
  assert.equal(mute.muted, true);
  assert.equal(transport.muted, true);
  assert.equal(session.muted, true);
  assert(audio?.method === 'sendAudio');
  assert.deepEqual([...new Uint8Array(audio.audio)], [1, 2, 3]);
  assert.deepEqual(audio.options, { commit: true });
  assert(reset?.method === 'resetHistory');
  assert.deepEqual(reset.oldHistory, []);
  assert.deepEqual(reset.newHistory, [item]);
  transport.assertClosed();
});

test('ScriptedRealtimeTransport records the calls a session makes only internally', () => {
  const transport = new ScriptedRealtimeTransport();
  const toolCall = {
    type: 'function_call' as const,
    name: 'lookup',
    callId: 'call_1',
    arguments: '{}',
    responseId: 'response_1',
  };
  transport.sendEvent({ type: 'response.create' });
  transport.requestResponse({ instructions: 'Be brief' });
  transport.updateSessionConfig({ instructions: 'Be kind' });
  transport.sendFunctionCallOutput(toolCall, 'done', true);
  const approval = {
    type: 'mcp_approval_request' as const,
    itemId: 'mcp_1',
    serverLabel: 'docs',
    name: 'search',
    arguments: { query: 'x' },
  };
  transport.sendMcpResponse(approval, false, 'not allowed');
  const [event, response, config, output, mcp] = transport.calls;
  assert(event?.method === 'sendEvent');
  assert.deepEqual(event.event, { type: 'response.create' });
  assert(response?.method === 'requestResponse');
  assert.deepEqual(response.response, { instructions: 'Be brief' });
  assert(config?.method === 'updateSessionConfig');
  assert.deepEqual(config.config, { instructions: 'Be kind' });
  assert(output?.method === 'sendFunctionCallOutput');
  assert.deepEqual(output.toolCall, toolCall);
  assert.equal(output.output, 'done');
  assert.equal(output.startResponse, true);
  assert(mcp?.method === 'sendMcpResponse');
  assert.deepEqual(mcp.approvalRequest, approval);
  assert.equal(mcp.approved, false);
  assert.equal(mcp.reason, 'not allowed');
});

test('ScriptedRealtimeTransport calls are frozen snapshots detached from the arguments', () => {
  const transport = new ScriptedRealtimeTransport();
  const marker = new Marker();
  const callback = (): number => 1;
  const extra = { nested: { list: [1, 2] }, marker, callback };
  const bytes = new Uint8Array([7, 8]);
  transport.sendMessage('Hi', extra);
  transport.sendAudio(bytes.buffer, { commit: false });
  extra.nested.list.push(3);
  bytes[0] = 0;

  const [message, audio] = transport.calls;
  assert(message?.method === 'sendMessage');
  assert.deepEqual(message.otherEventData.nested, { list: [1, 2] });
  assert.equal(message.otherEventData.marker, marker);
  assert.equal(message.otherEventData.callback, callback);
  assert(Object.isFrozen(message));
  assert(Object.isFrozen(message.otherEventData.nested.list));
  assert(audio?.method === 'sendAudio');
  assert.notEqual(audio.audio, bytes.buffer);
  assert.deepEqual([...new Uint8Array(audio.audio)], [7, 8]);
  assert(Object.isFrozen(transport.calls));
  assert.throws(() => {
    (transport.calls as unknown[]).push(message);
  });
  assert.equal(transport.calls.length, 2);
});

test('ScriptedRealtimeTransport records whether an API key was provided, never calling a key function', async () => {
  const transport = new ScriptedRealtimeTransport();
  let keyFunctionCalls = 0;
  await transport.connect({
    apiKey: () => {
      keyFunctionCalls++;
      return 'never-read';
    },
  });
  await transport.connect({ apiKey: '' });
  await transport.connect({ apiKey: 'a-key', model: 'gpt-realtime' });
  await transport.connect({} as never);
  const flags = transport.calls.map((call) =>
    call.method === 'connect' ? call.options.apiKeyProvided : undefined
  );
  // A key was passed, even an empty one: only its absence is `false`.
  assert.deepEqual(flags, [true, true, true, false]);
  assert.equal(keyFunctionCalls, 0);
  const last = transport.calls[2];
  assert(last?.method === 'connect');
  assert.equal(last.options.model, 'gpt-realtime');
  assert.equal('apiKey' in last.options, false);
  transport.close();
});

test('ScriptedRealtimeTransport mute sets muted only when the call succeeds', () => {
  const transport = new ScriptedRealtimeTransport();
  assert.equal(transport.muted, false);
  transport.failNextCall('mute', new Error('no microphone'));
  assert.throws(() => transport.mute(true), /no microphone/);
  assert.equal(transport.muted, false);
  transport.mute(true);
  assert.equal(transport.muted, true);
});

test('ScriptedRealtimeTransport disconnect ends the connection and emits the error to the session', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test' });
  const order: string[] = [];
  const errors: unknown[] = [];
  transport.on('connection_change', (status) => order.push(status));
  session.on('error', (event) => {
    order.push('error');
    errors.push(event.error);
  });
  const failure = new Error('socket reset');
  transport.disconnect(failure);
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(order, ['disconnected', 'error']);
  assert.deepEqual(errors, [failure]);
  transport.assertClosed();
  assert.deepEqual(transport.calls.map((call) => call.method), ['connect']);
});

test('ScriptedRealtimeTransport disconnect without an error emits no error event', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'test' });
  let errors = 0;
  const statuses: string[] = [];
  transport.on('error', () => errors++);
  transport.on('connection_change', (status) => statuses.push(status));
  transport.disconnect();
  assert.equal(errors, 0);
  assert.deepEqual(statuses, ['disconnected']);
});

test('ScriptedRealtimeTransport disconnect delivers both events before rethrowing a listener failure', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'test' });
  const failure = new Error('listener broke');
  let errorSeen = false;
  transport.on('connection_change', () => {
    throw failure;
  });
  transport.on('error', () => {
    errorSeen = true;
  });
  assert.throws(
    () => transport.disconnect(new Error('gone')),
    (error) => error === failure,
  );
  assert.equal(errorSeen, true);
  assert.equal(transport.status, 'disconnected');
});

test('ScriptedRealtimeTransport assertClosed reports the status it found', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'test' });
  assert.throws(() => transport.assertClosed(), (error) => {
    assert(error instanceof RealtimeTransportNotClosedError);
    assert.equal(error.name, 'RealtimeTransportNotClosedError');
    assert.equal(error.status, 'connected');
    assert.match(error.message, /"connected"/);
    return true;
  });
  transport.close();
  transport.assertClosed();
});

test('ScriptedRealtimeTransport connect completes before it returns, and overlapping connects both resolve', async () => {
  const { session, transport } = createSession();
  const statuses: string[] = [];
  transport.on('connection_change', (status) => statuses.push(status));
  const first = transport.connect({ apiKey: 'test' });
  assert.equal(transport.status, 'connected');
  const second = session.connect({ apiKey: 'test' });
  await Promise.all([first, second]);
  assert.equal(transport.status, 'connected');
  assert.deepEqual(statuses, [
    'connecting',
    'connected',
    'connecting',
    'connected',
  ]);
  session.close();
  transport.assertClosed();
});

test('ScriptedRealtimeTransport close and disconnect on a disconnected transport change nothing; the error is still emitted', async () => {
  const { session, transport } = createSession();
  const events: string[] = [];
  transport.on('connection_change', (status) => events.push(status));
  const gone = new Error('gone');
  transport.on('error', (event) => {
    assert.equal(event.type, 'error');
    assert.equal(event.error, gone);
    events.push('error');
  });
  transport.failNextCall('close', new Error('unused'));
  transport.close();
  transport.disconnect(gone);
  await session.connect({ apiKey: 'test' });
  transport.disconnect();
  session.close();
  transport.close();
  transport.disconnect();
  assert.deepEqual(events, [
    'error',
    'connecting',
    'connected',
    'disconnected',
  ]);
  assert.deepEqual(transport.calls.map((call) => call.method), ['connect']);
  // The failure was not used: the no-op is not a call.
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.pendingFailures, [{ method: 'close', count: 1 }]);
    return true;
  });
});

test('ScriptedRealtimeTransport a failed connect emits disconnected even from disconnected', async () => {
  const transport = new ScriptedRealtimeTransport();
  const statuses: string[] = [];
  transport.on('connection_change', (status) => statuses.push(status));
  const failure = new Error('offline');
  transport.failNextCall('connect', failure);
  await assert.rejects(transport.connect({ apiKey: 'test' }), failure);
  assert.deepEqual(statuses, ['disconnected']);
  assert.equal(transport.status, 'disconnected');
});

test('ScriptedRealtimeTransport close from a connecting listener supersedes the connect', async () => {
  const { session, transport } = createSession();
  const statuses: string[] = [];
  transport.on('connection_change', (status) => {
    statuses.push(status);
    if (status === 'connecting') session.close();
  });
  await assert.rejects(session.connect({ apiKey: 'test' }), (error) => {
    assert(error instanceof ScriptedRealtimeConnectionSupersededError);
    assert.equal(error.name, 'ScriptedRealtimeConnectionSupersededError');
    assert.equal(error.operation, 'connect');
    assert.equal(error.supersededBy, 'close');
    return true;
  });
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(statuses, ['connecting', 'disconnected']);
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'close',
  ]);
  transport.assertClosed();
});

test('ScriptedRealtimeTransport disconnect from a connected listener supersedes the connect', async () => {
  const transport = new ScriptedRealtimeTransport();
  const statuses: string[] = [];
  let errors = 0;
  transport.on('error', () => errors++);
  transport.on('connection_change', (status) => {
    statuses.push(status);
    if (status === 'connected') transport.disconnect(new Error('reset'));
  });
  await assert.rejects(transport.connect({ apiKey: 'test' }), (error) => {
    assert(error instanceof ScriptedRealtimeConnectionSupersededError);
    assert.equal(error.supersededBy, 'disconnect');
    return true;
  });
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(statuses, ['connecting', 'connected', 'disconnected']);
  assert.equal(errors, 1);
});

test('ScriptedRealtimeTransport a connect from a connecting listener supersedes the outer one', async () => {
  const transport = new ScriptedRealtimeTransport();
  const statuses: string[] = [];
  let inner: Promise<void> | undefined;
  let reconnected = false;
  transport.on('connection_change', (status) => {
    statuses.push(status);
    if (status === 'connecting' && !reconnected) {
      reconnected = true;
      inner = transport.connect({ apiKey: 'test' });
    }
  });
  await assert.rejects(transport.connect({ apiKey: 'test' }), (error) => {
    assert(error instanceof ScriptedRealtimeConnectionSupersededError);
    assert.equal(error.supersededBy, 'connect');
    return true;
  });
  await inner;
  assert.equal(transport.status, 'connected');
  assert.deepEqual(statuses, ['connecting', 'connecting', 'connected']);
  transport.close();
});

test('ScriptedRealtimeTransport a throwing connecting or connected listener leaves it disconnected', async () => {
  for (const failAt of ['connecting', 'connected'] as const) {
    const transport = new ScriptedRealtimeTransport();
    const statuses: string[] = [];
    const failure = new Error(`listener broke at ${failAt}`);
    transport.on('connection_change', (status) => {
      statuses.push(status);
      if (status === failAt) throw failure;
    });
    await assert.rejects(transport.connect({ apiKey: 'test' }), failure);
    assert.equal(transport.status, 'disconnected', failAt);
    assert.deepEqual(
      statuses,
      failAt === 'connecting'
        ? ['connecting', 'disconnected']
        : ['connecting', 'connected', 'disconnected'],
    );
    transport.assertClosed();
  }
});

test('ScriptedRealtimeTransport a close inside a connect matcher supersedes the connect', async () => {
  const transport = new ScriptedRealtimeTransport();
  const statuses: string[] = [];
  transport.on('connection_change', (status) => statuses.push(status));
  const connected = transport.expectCall('connect', () => {
    transport.close();
  });
  await assert.rejects(
    transport.connect({ apiKey: 'test' }),
    ScriptedRealtimeConnectionSupersededError,
  );
  await connected;
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(statuses, ['disconnected']);
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'close',
  ]);
});

test('ScriptedRealtimeTransport a reconnect started inside a close matcher survives the close', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test' });
  await transport.expectCall('connect');
  const statuses: string[] = [];
  transport.on('connection_change', (status) => statuses.push(status));
  let reconnect: Promise<void> | undefined;
  const closed = transport.expectCall('close', () => {
    reconnect = transport.connect({ apiKey: 'test' });
  });
  session.close();
  await closed;
  await reconnect;
  assert.equal(transport.status, 'connected');
  assert.deepEqual(statuses, ['connecting', 'connected']);
  assert.equal((await transport.expectCall('connect')).index, 2);
  transport.disconnect();
  transport.assertClosed();
});

test('ScriptedRealtimeTransport status and muted are writable fields', async () => {
  const transport = new ScriptedRealtimeTransport();
  transport.status = 'connecting';
  transport.muted = null;
  assert.equal(transport.status, 'connecting');
  assert.equal(transport.muted, null);
  // A transport said to be connecting has something to close.
  transport.close();
  assert.equal(transport.status, 'disconnected');
  assert.deepEqual(transport.calls.map((call) => call.method), ['close']);
  await transport.connect({ apiKey: 'test' });
  transport.mute(true);
  assert.equal(transport.muted, true);
  transport.close();
});

test('ScriptedRealtimeTransport failNextCall uses failures per method in registration order', async () => {
  const transport = new ScriptedRealtimeTransport();
  const first = new Error('first');
  const second = new Error('second');
  transport.failNextCall('interrupt', first);
  transport.failNextCall('close', new Error('close failed'));
  transport.failNextCall('interrupt', second);
  assert.throws(() => transport.interrupt(), (error) => error === first);
  assert.throws(() => transport.interrupt(), (error) => error === second);
  transport.interrupt();
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'interrupt',
    'interrupt',
    'interrupt',
  ]);
  // Failed attempts are still matched, in order.
  for (let i = 0; i < 3; i++) {
    assert.equal((await transport.expectCall('interrupt')).index, i);
  }
  transport.failNextCall('mute', new Error('a'));
  transport.failNextCall('close', new Error('close failed again'));
  transport.failNextCall('mute', new Error('b'));
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.pendingFailures, [
      { method: 'close', count: 2 },
      { method: 'mute', count: 2 },
    ]);
    assert.deepEqual(error.unconsumedCalls, []);
    assert.deepEqual(error.pendingExpectations, []);
    return true;
  });
});

test('ScriptedRealtimeTransport a failed connect rejects and leaves the transport disconnected', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test' });
  const failure = new Error('reconnect failed');
  transport.failNextCall('connect', failure);
  await assert.rejects(session.connect({ apiKey: 'test' }), (error) => {
    assert.equal(error, failure);
    return true;
  });
  assert.equal(transport.status, 'disconnected');
  assert.equal(transport.calls.length, 2);
});

test('ScriptedRealtimeTransport a failed close keeps the connection', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'test' });
  transport.failNextCall('close', new Error('stuck'));
  assert.throws(() => transport.close(), /stuck/);
  assert.equal(transport.status, 'connected');
  transport.close();
  transport.assertClosed();
});

test('ScriptedRealtimeTransport JSON form holds only status, muted and calls', () => {
  const transport = new ScriptedRealtimeTransport();
  transport.interrupt();
  assert.deepEqual(JSON.parse(JSON.stringify(transport)), {
    status: 'disconnected',
    muted: false,
    calls: [{ index: 0, method: 'interrupt' }],
  });
});

test('ScriptedRealtimeTransport records a __proto__ connect option as an own key', async () => {
  const transport = new ScriptedRealtimeTransport();
  const options = JSON.parse('{"apiKey":"k","__proto__":{"model":"x"}}');
  await transport.connect(options);
  const call = transport.calls[0];
  assert(call?.method === 'connect');
  assert.equal(Object.getPrototypeOf(call.options), Object.prototype);
  assert.deepEqual(Object.keys(call.options), ['apiKeyProvided', '__proto__']);
  assert.equal((call.options as { model?: string }).model, undefined);
  transport.close();
});
