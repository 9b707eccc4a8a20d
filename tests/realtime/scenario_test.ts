import assert from 'node:assert/strict';
import test from 'node:test';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { createGate, createSession } from './_helpers.ts';

/** A signal that counts its abort listeners. */
function countedSignal(signal: AbortSignal): {
  signal: AbortSignal;
  listeners: () => number;
} {
  let listeners = 0;
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  Object.assign(signal, {
    addEventListener: (...args: Parameters<typeof add>) => {
      listeners++;
      add(...args);
    },
    removeEventListener: (...args: Parameters<typeof remove>) => {
      listeners--;
      remove(...args);
    },
  });
  return { signal, listeners: () => listeners };
}

test('runScenario ends with ScriptedRealtimeScenarioCancelledError when a waiting scenario reaches its signal', async () => {
  const { session, transport } = createSession();
  const bound = 5_000;
  const { signal, listeners } = countedSignal(AbortSignal.timeout(100));
  const gate = createGate();
  let scenarioSaw: unknown;
  let cleanedUp = false;
  const started = Date.now();
  await assert.rejects(
    transport.runScenario({
      signal,
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('connect');
          // The application never sends this: without the signal, both
          // sides would wait for each other forever.
          await expectCall('sendMessage');
        } catch (error) {
          scenarioSaw = error;
          gate.fail(error);
          throw error;
        }
      },
      exercise: async () => {
        try {
          await session.connect({ apiKey: 'test' });
          await gate.promise;
        } finally {
          session.close();
          cleanedUp = true;
        }
      },
    }),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.equal(error.name, 'ScriptedRealtimeScenarioCancelledError');
      assert.deepEqual(error.pendingExpectations, ['sendMessage']);
      assert.equal(scenarioSaw, error);
      return true;
    },
  );
  assert(Date.now() - started < bound);
  assert.equal(cleanedUp, true);
  assert.equal(listeners(), 0);
  transport.assertClosed();
});

test('runScenario with an already aborted signal runs neither side', async () => {
  const transport = new ScriptedRealtimeTransport();
  let ran = false;
  const reason = new Error('stop');
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.abort(reason),
      scenario: () => {
        ran = true;
      },
      exercise: () => {
        ran = true;
      },
    }),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.deepEqual(error.pendingExpectations, []);
      assert.equal(error.cause, reason);
      return true;
    },
  );
  assert.equal(ran, false);
});

test('runScenario fails with IncompleteRealtimeScenarioError when exercise finishes with an expectation pending', async () => {
  const { session, transport } = createSession();
  const controller = new AbortController();
  const { signal, listeners } = countedSignal(controller.signal);
  let scenarioSaw: unknown;
  await assert.rejects(
    transport.runScenario({
      signal,
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        try {
          await expectCall('close');
        } catch (error) {
          scenarioSaw = error;
          throw error;
        }
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
      },
    }),
    (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingExpectations, ['close']);
      assert.deepEqual(error.unconsumedCalls, []);
      assert.deepEqual(error.pendingFailures, []);
      assert.equal(scenarioSaw, error);
      return true;
    },
  );
  assert.equal(listeners(), 0);
  session.close();
});

test('runScenario fails when the scenario expects a call after exercise finished', async () => {
  const transport = new ScriptedRealtimeTransport();
  const gate = createGate();
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await gate.promise;
        await expectCall('close');
      },
      exercise: () => {
        gate.release();
      },
    }),
    (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingExpectations, ['close']);
      return true;
    },
  );
});

test('runScenario fails with the calls no expectation consumed', async () => {
  const { session, transport } = createSession();
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('unscripted');
        session.close();
      },
    }),
    (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(
        error.unconsumedCalls.map((call) => call.method),
        ['sendMessage', 'close'],
      );
      assert.equal(error.unconsumedCalls[0].index, 1);
      assert.deepEqual(error.pendingExpectations, []);
      return true;
    },
  );
});

test('runScenario ends with the exercise failure and releases the scenario', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('app crashed');
  let scenarioSaw: unknown;
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        try {
          await expectCall('close');
        } catch (error) {
          scenarioSaw = error;
        }
      },
      exercise: () => {
        throw failure;
      },
    }),
    (error) => error === failure,
  );
  assert.equal(scenarioSaw, failure);
});

test('runScenario surfaces a mismatch even when the application swallowed it', async () => {
  const { session, transport } = createSession();
  let swallowed: unknown;
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        await expectCall('interrupt').catch(() => undefined);
        await expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        try {
          session.sendMessage('drift');
        } catch (error) {
          swallowed = error;
        }
        session.close();
      },
    }),
    (error) => {
      assert(error instanceof UnexpectedRealtimeCallError);
      assert.equal(error, swallowed);
      assert.equal(error.expectedMethod, 'interrupt');
      assert.equal(error.actualMethod, 'sendMessage');
      return true;
    },
  );
  assert.throws(
    () => transport.assertComplete(),
    (error) => error === swallowed,
  );
});

test('runScenario emits inbound events synchronously into the session', async () => {
  const { session, transport } = createSession();
  const deltas: string[] = [];
  session.on('transport_event', () => undefined);
  session.on('audio_interrupted', () => deltas.push('interrupted'));
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectCall, emit }) => {
      await expectCall('connect');
      assert.equal(emit('audio_interrupted'), true);
      assert.deepEqual(deltas, ['interrupted']);
      await expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.close();
    },
  });
  transport.assertComplete();
  transport.assertClosed();
});

test('runScenario rejects malformed options where they are given', async () => {
  const transport = new ScriptedRealtimeTransport();
  const hostile = new Proxy({}, {
    get() {
      throw new Error('trap');
    },
  });
  const cases: [unknown, string][] = [
    [undefined, 'options'],
    [{ exercise: () => {} }, 'scenario'],
    [{ scenario: () => {}, exercise: 'no' }, 'exercise'],
    [{ scenario: () => {}, exercise: () => {}, signal: {} }, 'signal'],
    [hostile, 'scenario'],
  ];
  for (const [options, argument] of cases) {
    assert.throws(
      () => transport.runScenario(options as never),
      (error) => {
        assert(error instanceof InvalidRealtimeScenarioInputError);
        assert.equal(error.operation, 'runScenario');
        assert.equal(error.argument, argument);
        return true;
      },
    );
  }
  const gate = createGate();
  const running = transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: () => gate.promise,
    exercise: () => {},
  });
  assert.throws(
    () => transport.runScenario({ scenario: () => {}, exercise: () => {} }),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.argument, 'options');
      return true;
    },
  );
  gate.release();
  await running;
});
