import assert from 'node:assert/strict';
import test from 'node:test';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { cancelNow, createGate, createSession } from './_helpers.ts';

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
      assert.equal(error.name, 'AbortError');
      assert.equal(error.code, 'scripted_realtime_scenario_cancelled');
      assert.deepEqual(error.pendingExpectations, [
        { order: 2, method: 'sendMessage' },
      ]);
      assert.equal(scenarioSaw, error);
      return true;
    },
  );
  assert(Date.now() - started < bound);
  assert.equal(cleanedUp, true);
  assert.equal(listeners(), 0);
  transport.assertClosed();
});

test('runScenario with an already aborted signal runs neither side, on every runtime', async () => {
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
      assert.equal(error.name, 'AbortError');
      assert.equal(error.code, 'scripted_realtime_scenario_cancelled');
      assert.deepEqual(error.pendingExpectations, []);
      assert.equal(error.cause, reason);
      return true;
    },
  );
  assert.equal(ran, false);
  assert.deepEqual(transport.calls, []);
  // The transport is free for the next scenario, and an expectation
  // registered before is reported as pending.
  void transport.expectCall('interrupt').catch(() => undefined);
  await assert.rejects(
    cancelNow(transport),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.deepEqual(error.pendingExpectations, [
        { order: 1, method: 'interrupt' },
      ]);
      assert(error.cause instanceof Error);
      assert.equal(error.cause.name, 'AbortError');
      return true;
    },
  );
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
      assert.deepEqual(error.pendingExpectations, [
        { order: 2, method: 'close' },
      ]);
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
      assert.deepEqual(error.pendingExpectations, [
        { order: 1, method: 'close' },
      ]);
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
      assert.equal(error.unconsumedCalls[0]?.index, 1);
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
  const trap = new Error('trap');
  const throwTrap = (): never => {
    throw trap;
  };
  const hostile = new Proxy({}, { get: throwTrap });
  const cases: [unknown, Partial<InvalidRealtimeScenarioInputError>][] = [
    [undefined, {
      reason: 'invalid_option',
      issue: 'not_an_object',
      path: 'options',
      received: 'undefined',
    }],
    [{ exercise: () => {} }, {
      reason: 'invalid_option',
      issue: 'not_a_function',
      path: 'options.scenario',
    }],
    [{ scenario: () => {}, exercise: 'no' }, {
      reason: 'invalid_option',
      path: 'options.exercise',
      received: '"no"',
    }],
    [{ scenario: () => {}, exercise: () => {}, signal: {} }, {
      reason: 'invalid_option',
      issue: 'not_a_signal',
      path: 'options.signal',
      received: 'an object',
    }],
    [hostile, {
      reason: 'unreadable_option',
      path: 'options.scenario',
      expected: 'readable',
      received: 'the error "trap"',
      cause: trap,
      message:
        'Invalid realtime input ("runScenario"): expected "options.scenario" to be readable, got the error "trap"',
    }],
    [new Proxy({}, { has: throwTrap }), {
      reason: 'unreadable_option',
      path: 'options.scenario',
      received: 'the error "trap"',
      cause: trap,
    }],
    [new Proxy({}, { ownKeys: throwTrap }), {
      reason: 'unreadable_option',
      path: 'options',
      received: 'the error "trap"',
      cause: trap,
    }],
  ];
  for (const [options, fields] of cases) {
    assert.throws(
      () => transport.runScenario(options as never),
      (error) => {
        assert(error instanceof InvalidRealtimeScenarioInputError);
        assert.equal(error.operation, 'runScenario');
        for (const [key, value] of Object.entries(fields)) {
          assert.equal(error[key as keyof typeof error], value, key);
        }
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
      assert.equal(error.reason, 'scenario_running');
      assert.equal(error.path, 'options');
      return true;
    },
  );
  gate.release();
  await running;
});

test('runScenario resolves with what exercise returned', async () => {
  const { session, transport } = createSession();
  const result: { turns: number } = await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectCall }) => {
      await expectCall('connect');
      await expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.close();
      return { turns: 1 };
    },
  });
  assert.deepEqual(result, { turns: 1 });
  transport.assertComplete();
});

test('runScenario fails at once on a mismatch while both sides await something else', async () => {
  const { session, transport } = createSession();
  const scenarioGate = createGate();
  const exerciseGate = createGate();
  let caught: unknown;
  const started = Date.now();
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        // Registered, not awaited: the scenario waits for something else.
        void expectCall('sendMessage').catch(() => undefined);
        await scenarioGate.promise;
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        try {
          session.interrupt();
        } catch (error) {
          caught = error;
        }
        await exerciseGate.promise;
      },
    }),
    (error) => {
      assert(error instanceof UnexpectedRealtimeCallError);
      assert.equal(error, caught);
      assert.equal(error.expectedMethod, 'sendMessage');
      assert.equal(error.actualMethod, 'interrupt');
      return true;
    },
  );
  assert(Date.now() - started < 1_000, 'waited for the signal');
  scenarioGate.release();
  exerciseGate.release();
  session.close();
  assert.throws(() => transport.assertComplete(), (error) => error === caught);
});

test('runScenario checks completeness when both sides finish', async () => {
  const transport = new ScriptedRealtimeTransport();
  transport.failNextCall('mute', new Error('no microphone'));
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await expectCall('interrupt');
      },
      exercise: () => transport.interrupt(),
    }),
    (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.pendingFailures, [{ method: 'mute', count: 1 }]);
      assert.deepEqual(error.unconsumedCalls, []);
      assert.deepEqual(error.pendingExpectations, []);
      return true;
    },
  );
});

test('runScenario rejects an expectCall made after it failed at once', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('app crashed');
  const scenarioGate = createGate();
  let late: Promise<unknown> | undefined;
  const scenarioDone = createGate();
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async ({ expectCall }) => {
        await scenarioGate.promise;
        late = expectCall('close');
        scenarioDone.release();
      },
      exercise: () => Promise.reject(failure),
    }),
    (error) => error === failure,
  );
  scenarioGate.release();
  await scenarioDone.promise;
  await assert.rejects(late!, (error) => error === failure);
  // Nothing was registered on the transport by the late call.
  transport.assertComplete();
});

test('runScenario passes when the application closes in its body and again in finally', async () => {
  const { session, transport } = createSession();
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async ({ expectCall }) => {
      await expectCall('connect');
      await expectCall('sendMessage');
      await expectCall('close');
    },
    exercise: async () => {
      try {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('Hello');
        session.close();
      } finally {
        session.close();
      }
    },
  });
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'sendMessage',
    'close',
  ]);
  transport.assertComplete();
  transport.assertClosed();
});

test('runScenario suggests the option a misspelt key stands for', () => {
  const transport = new ScriptedRealtimeTransport();
  assert.throws(
    () =>
      transport.runScenario(
        { scenario: () => {}, exercize: () => {} } as never,
      ),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'invalid_option');
      assert.equal(error.path, 'options.exercise');
      assert.equal(error.received, 'undefined');
      assert.equal(error.suggestion, 'exercise');
      assert.equal(
        error.message,
        'Invalid realtime input ("runScenario"): expected "options.exercise" ' +
          'to be a function, got undefined (did you mean "exercise"?)',
      );
      return true;
    },
  );
  assert.throws(
    () => transport.runScenario({ exercise: () => {} } as never),
    (error) =>
      error instanceof InvalidRealtimeScenarioInputError &&
      error.path === 'options.scenario' && error.suggestion === undefined,
  );
});
