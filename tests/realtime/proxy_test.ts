import { spy } from '../_support/spy.ts';
import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  IncompleteRealtimeScenarioError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';

/** A spy as users write them: every read logged, functions wrapped. */
function logged<T extends object>(target: T, log: string[]): T {
  return spy(target, {
    get: (key) => {
      if (typeof key === 'string') log.push(key);
    },
    call: (key) => log.push(`${String(key)}()`),
  });
}

async function conversation(
  transport: ScriptedRealtimeTransport,
): Promise<void> {
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Assistant' }),
    { transport },
  );
  const heard: string[] = [];
  session.on('audio_interrupted', () => heard.push('interrupted'));
  const result = await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectCall, emit }) => {
      await expectCall('connect');
      await expectCall('sendMessage', (call) => call.message === 'Hello');
      emit('audio_interrupted');
      await expectCall('close');
    },
    exercise: async () => {
      try {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('Hello');
      } finally {
        session.close();
      }
      return 'done';
    },
  });
  assert.equal(result, 'done');
  assert.deepEqual(heard, ['interrupted']);
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'sendMessage',
    'close',
  ]);
  assert.equal(transport.status, 'disconnected');
  transport.assertComplete();
  transport.assertClosed();
  // Writable fields work through the proxy too.
  transport.muted = null;
  assert.equal(transport.muted, null);
  transport.interrupt();
  assert.throws(
    () => transport.assertComplete(),
    IncompleteRealtimeScenarioError,
  );
}

test('ScriptedRealtimeTransport works through a transparent Proxy in a RealtimeSession', async () => {
  await conversation(new Proxy(new ScriptedRealtimeTransport(), {}));
});

test('ScriptedRealtimeTransport works through a logging spy Proxy in a RealtimeSession', async () => {
  const log: string[] = [];
  const target = new ScriptedRealtimeTransport();
  await conversation(logged(target, log));
  // The spy saw the session's calls and the test's reads.
  for (const name of ['connect()', 'sendMessage()', 'close()', 'calls']) {
    assert(log.includes(name), name);
  }
  assert.equal(target.calls.length, 4);
});

test('ScriptedRealtimeTransport rejects a receiver that is not a transport', () => {
  const transport = new ScriptedRealtimeTransport();
  assert.throws(
    () => Reflect.apply(transport.interrupt, {}, []),
    (error) => error instanceof TypeError,
  );
  assert.throws(
    () => Reflect.get(ScriptedRealtimeTransport.prototype, 'calls', {}),
    TypeError,
  );
});
