/**
 * A failing scripted Realtime transport ends its message with the
 * timeline: the expectations, the calls a real RealtimeSession made, the
 * faults injected among them, the first divergence marked.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { injectFaults, textTurn } from '@scripted/agents/realtime/sim';

async function connected() {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const connect = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connect;
  return { transport, session };
}

test('A matcher rejection in a RealtimeSession ends with the timeline', async () => {
  const { transport, session } = await connected();
  const expected = transport.expectCall(
    'sendMessage',
    (call) => call.message === 'Hello',
  );
  assert.throws(() => session.sendMessage('Goodbye'), (error) => {
    assert(error instanceof RealtimeCallMatcherError);
    assert.equal(error.callIndex, 1);
    assert.equal(
      error.message,
      [
        'Realtime call 1 to "sendMessage" rejected: the matcher of its expectation returned false',
        'Timeline (2 expectations, 2 calls; ">" marks the first divergence):',
        '  call 0 "connect" -> expectation 0 "connect"',
        '> call 1 "sendMessage" "Goodbye": matcher returned false',
        '  expectation 1 "sendMessage": pending',
      ].join('\n'),
    );
    return true;
  });
  await assert.rejects(expected, RealtimeCallMatcherError);
  session.close();
});

test('A call no expectAnyOrder() member accepts names the unused members as candidates', async () => {
  const { transport, session } = await connected();
  const group = transport.expectAnyOrder(
    { method: 'sendMessage', matcher: (call) => call.message === 'Hi' },
    { method: 'mute' },
  );
  let thrown: unknown;
  try {
    session.sendMessage('Bye');
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof RealtimeCallMatcherError);
  assert.equal(thrown.candidates?.length, 2);
  assert.deepEqual(thrown.message.split('\n').slice(1), [
    'Timeline (3 expectations, 2 calls; ">" marks the first divergence):',
    '  call 0 "connect" -> expectation 0 "connect"',
    '> call 1 "sendMessage" "Bye": no anyOrder candidate accepts it',
    '  expectation 1 "sendMessage": anyOrder candidate',
    '  expectation 2 "mute": anyOrder candidate',
  ]);
  await assert.rejects(group, (error) => error === thrown);
  // Drift: assertComplete() rethrows it, timeline and all.
  assert.throws(() => transport.assertComplete(), (error) => error === thrown);
  session.close();
});

test('An unexpected call after an injected fault shows the fault where it happened', async () => {
  const { transport, session } = await connected();
  const faulty = injectFaults(transport, [{
    kind: 'drop',
    event: 'turn_done',
  }]);
  const sent = transport.expectCall('sendMessage');
  session.sendMessage('Hi');
  await sent;
  textTurn(faulty, { text: 'Never ends' });
  const closed = transport.expectCall('close');
  assert.throws(() => session.interrupt(), (error) => {
    assert(error instanceof UnexpectedRealtimeCallError);
    assert.deepEqual(error.injectedFaults, transport.faults);
    assert.equal(
      error.message,
      [
        'Unexpected realtime call 2 to "interrupt": expected "close", 1 expectation left, 1 injected fault: dropped "turn_done" (faults[0], after 2 calls)',
        'Timeline (3 expectations, 1 injected fault, 3 calls; ">" marks the first divergence):',
        '  call 0 "connect" -> expectation 0 "connect"',
        '  call 1 "sendMessage" "Hi" -> expectation 1 "sendMessage"',
        '  dropped "turn_done" (faults[0]): injected fault',
        '> call 2 "interrupt": expected "close"',
        '  expectation 2 "close": pending',
      ].join('\n'),
    );
    return true;
  });
  await assert.rejects(closed, UnexpectedRealtimeCallError);
  session.close();
});

test('An incomplete scenario marks the first expectation left', async () => {
  const { transport, session } = await connected();
  void transport.expectCall('sendMessage');
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.equal(
      error.message,
      [
        'Incomplete realtime scenario: 1 pending expectation left ("sendMessage")',
        'Timeline (2 expectations, 1 call; ">" marks the first divergence):',
        '  call 0 "connect" -> expectation 0 "connect"',
        '> expectation 1 "sendMessage": pending',
      ].join('\n'),
    );
    return true;
  });
  session.sendMessage('Hi');
  session.close();
});

test('Each Realtime call says what it held: the event type, a message, the call answered, mute; credentials removed', async () => {
  const planted = 'sk-proj-PLANTEDabcdefghijklmnopqrstuvwxyz0123';
  const { transport, session } = await connected();
  const taken = [
    transport.expectCall('sendMessage'),
    transport.expectCall('sendMessage'),
    transport.expectCall('mute'),
    transport.expectCall('mute'),
    transport.expectCall('sendEvent'),
    transport.expectCall('sendFunctionCallOutput'),
    transport.expectCall('sendMessage'),
    transport.expectCall('sendMessage'),
  ];
  session.sendMessage(`my key is ${planted}`);
  session.sendMessage({
    type: 'message',
    role: 'user',
    content: [{ type: 'input_text', text: 'from parts' }, {
      type: 'input_image',
      image: 'data:image/png;base64,AA',
    } as never],
  });
  session.mute(true);
  session.mute(false);
  transport.sendEvent({ type: 'response.cancel' });
  transport.sendFunctionCallOutput(
    {
      type: 'function_call',
      name: 'get_weather',
      callId: 'c1',
      arguments: '{}',
      status: 'completed',
    } as never,
    'Sunny',
    true,
  );
  // Parts that hold no text, and no parts at all: no words.
  transport.sendMessage({
    type: 'message',
    role: 'user',
    content: [null, { type: 'input_text', text: 5 }],
  } as never, {});
  transport.sendMessage({ type: 'message', role: 'user' } as never, {});
  await Promise.all(taken);
  transport.expectCall('close');
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.message.split('\n').slice(1), [
      'Timeline (10 expectations, 9 calls; ">" marks the first divergence):',
      '  call 0 "connect" -> expectation 0 "connect"',
      '  call 1 "sendMessage" "my key is [redacted]" -> expectation 1 "sendMessage"',
      '  call 2 "sendMessage" "from parts" -> expectation 2 "sendMessage"',
      '  call 3 "mute" muted -> expectation 3 "mute"',
      '  call 4 "mute" unmuted -> expectation 4 "mute"',
      '  call 5 "sendEvent" response.cancel -> expectation 5 "sendEvent"',
      '  call 6 "sendFunctionCallOutput" get_weather(c1) -> expectation 6 "sendFunctionCallOutput"',
      '  call 7 "sendMessage" "" -> expectation 7 "sendMessage"',
      '  call 8 "sendMessage" "" -> expectation 8 "sendMessage"',
      '> expectation 9 "close": pending',
    ]);
    assert.ok(!error.message.includes('PLANTED'));
    return true;
  });
  session.close();
});
