/**
 * The realtime double, differentially: every check runs against the SDK's
 * `ScriptedRealtimeTransport` and ours, through a real `RealtimeSession`
 * where the session can reach the behavior, and through the transport layer
 * methods (as the session calls them) where it cannot. A check that differs
 * on purpose names its `_deliberate.ts` id.
 *
 * Every wait is bounded by an AbortSignal: a check that would hang fails.
 */
import { spy } from '../_support/spy.ts';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import assert from 'node:assert/strict';
import { at } from '../_support/at.ts';
import { caught, caughtSync, differs, field, same } from './_check.ts';
import type { RealtimeTestingModule } from './_impls.ts';

type Transport = InstanceType<
  RealtimeTestingModule['ScriptedRealtimeTransport']
>;

function sessionOn(transport: Transport): RealtimeSession {
  return new RealtimeSession(new RealtimeAgent({ name: 'Voice assistant' }), {
    transport,
  });
}

/** The connection_change statuses a transport emits from now on. */
function statuses(transport: Transport): string[] {
  const seen: string[] = [];
  transport.on('connection_change', (status) => seen.push(status));
  return seen;
}

/** Resolves when `signal` aborts: a wait that only the bound ends. */
function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** `promise` settled, or 'pending' once `signal` aborts first. */
async function settled(
  promise: Promise<unknown>,
  signal: AbortSignal,
): Promise<unknown> {
  return await Promise.race([
    promise.then((value) => ({ value }), (error) => ({ error })),
    untilAborted(signal).then(() => 'pending'),
  ]);
}

/** The error of a `settled()` outcome; fails when it did not reject. */
function rejection(outcome: unknown): unknown {
  if (
    typeof outcome !== 'object' || outcome === null || !('error' in outcome)
  ) {
    assert.fail(`expected a rejection, got ${JSON.stringify(outcome)}`);
  }
  return outcome.error;
}

/** A bound for a check: 5 s, far past anything that should happen. */
function bound(): AbortSignal {
  return AbortSignal.timeout(5_000);
}

// --- Connect ------------------------------------------------------------

same(
  'Realtime session connect is recorded with apiKeyProvided, never the key',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const session = sessionOn(transport);
    const result = await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall }) => {
        const call = await expectCall('connect', (call) => {
          assert.equal(call.options.apiKeyProvided, true);
        });
        assert.equal(call.method, 'connect');
        assert.equal(call.index, 0);
      },
      exercise: async () => {
        await session.connect({ apiKey: 'ek_secret_value' });
        return 'connected';
      },
    });
    assert.equal(result, 'connected');
    assert.equal(JSON.stringify(transport.calls).includes('ek_secret'), false);
    session.close();
  },
);

same(
  'Realtime connect records apiKeyProvided true for an empty key, false for none',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    await transport.connect({ apiKey: '', model: 'gpt-realtime' });
    // deno-lint-ignore require-await -- an async function on purpose
    await transport.connect({ apiKey: async () => 'ek' });
    await transport.connect({} as never);
    const options = transport.calls.map((call) =>
      field(call, 'options') as Record<string, unknown>
    );
    assert.deepEqual(options.map((o) => o.apiKeyProvided), [true, true, false]);
    assert.equal(at(options, 0).model, 'gpt-realtime');
    assert.equal('apiKey' in at(options, 0), false);
  },
);

same(
  'Realtime connect completes synchronously; two overlapping connects both resolve',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const seen = statuses(transport);
    const first = transport.connect({ apiKey: 'ek' });
    assert.equal(transport.status, 'connected');
    const second = transport.connect({ apiKey: 'ek' });
    await Promise.all([first, second]);
    assert.equal(transport.status, 'connected');
    assert.deepEqual(seen, [
      'connecting',
      'connected',
      'connecting',
      'connected',
    ]);
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'connect',
    ]);
  },
);

same(
  'Realtime close() and disconnect() on a disconnected transport are silent no-ops',
  ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const seen = statuses(transport);
    transport.close();
    transport.disconnect();
    transport.disconnect(new Error('dropped'));
    assert.deepEqual([...transport.calls], []);
    assert.deepEqual(seen, []);
    assert.equal(transport.status, 'disconnected');
    transport.assertComplete();
  },
);

same(
  'Realtime close() twice after connect: one record, one event',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'ek' });
    const seen = statuses(transport);
    transport.close();
    transport.close();
    transport.disconnect();
    assert.deepEqual(seen, ['disconnected']);
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'close',
    ]);
    transport.assertClosed();
  },
);

same(
  'Realtime failed connect rejects, stays recorded and emits disconnected',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const seen = statuses(transport);
    const failure = new Error('handshake failed');
    transport.failNextCall('connect', failure);
    assert.equal(
      await caught(() => transport.connect({ apiKey: 'ek' })),
      failure,
    );
    assert.equal(transport.status, 'disconnected');
    assert.equal(seen.at(-1), 'disconnected');
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect']);
  },
);

for (const during of ['connecting', 'connected'] as const) {
  for (const how of ['close', 'disconnect'] as const) {
    same(
      `Realtime ${how}() inside the ${during} notification supersedes that connect`,
      async ({ realtime: r }) => {
        const transport = new r.ScriptedRealtimeTransport();
        const seen = statuses(transport);
        let done = false;
        transport.on('connection_change', (status) => {
          if (status !== during || done) return;
          done = true;
          if (how === 'close') transport.close();
          else transport.disconnect();
        });
        const error = await caught(() => transport.connect({ apiKey: 'ek' }));
        assert.ok(error instanceof r.ScriptedRealtimeConnectionSupersededError);
        assert.equal(error.name, 'ScriptedRealtimeConnectionSupersededError');
        assert.equal(error.operation, 'connect');
        assert.equal(transport.status, 'disconnected');
        assert.equal(seen.at(-1), 'disconnected');
      },
    );
  }
  same(
    `Realtime listener throwing in the ${during} notification fails connect, disconnected`,
    async ({ realtime: r }) => {
      const transport = new r.ScriptedRealtimeTransport();
      const seen = statuses(transport);
      const thrown = new Error('listener failed');
      transport.once('connection_change', () => {});
      let done = false;
      transport.on('connection_change', (status) => {
        if (status !== during || done) return;
        done = true;
        throw thrown;
      });
      assert.equal(
        await caught(() => transport.connect({ apiKey: 'ek' })),
        thrown,
      );
      assert.equal(transport.status, 'disconnected');
      assert.equal(seen.at(-1), 'disconnected');
    },
  );
  same(
    `Realtime reconnect inside the ${during} notification supersedes the first connect`,
    async ({ realtime: r }) => {
      const transport = new r.ScriptedRealtimeTransport();
      let inner: Promise<void> | undefined;
      let started = false;
      transport.on('connection_change', (status) => {
        if (status !== during || started) return;
        started = true;
        inner = transport.connect({ apiKey: 'ek' });
      });
      const error = await caught(() => transport.connect({ apiKey: 'ek' }));
      assert.ok(error instanceof r.ScriptedRealtimeConnectionSupersededError);
      await inner;
      assert.equal(transport.status, 'connected');
    },
  );
}

same(
  'Realtime close inside a connect matcher supersedes that connect',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const matched = transport.expectCall('connect', () => {
      transport.close();
    });
    const closed = transport.expectCall('close');
    const error = await caught(() => transport.connect({ apiKey: 'ek' }));
    assert.ok(error instanceof r.ScriptedRealtimeConnectionSupersededError);
    await matched;
    await closed;
    assert.equal(transport.status, 'disconnected');
    transport.assertComplete();
  },
);

same(
  'Realtime reconnect started inside a close matcher survives',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const first = transport.expectCall('connect');
    await transport.connect({ apiKey: 'ek' });
    await first;
    let reconnect: Promise<void> | undefined;
    const closed = transport.expectCall('close', () => {
      reconnect = transport.connect({ apiKey: 'ek' });
    });
    const again = transport.expectCall('connect');
    transport.close();
    await closed;
    await again;
    await reconnect;
    assert.equal(transport.status, 'connected');
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'close',
      'connect',
    ]);
  },
);

for (const where of ['matcher', 'connecting', 'connected'] as const) {
  same(
    `Realtime failed close() from the connect ${
      where === 'matcher' ? 'matcher' : `${where} notification`
    } supersedes the connect and throws its failure`,
    async ({ realtime: r }) => {
      const transport = new r.ScriptedRealtimeTransport();
      const session = sessionOn(transport);
      const seen = statuses(transport);
      const failure = new Error('close failed');
      transport.failNextCall('close', failure);
      let thrown: unknown;
      const closeNow = (): void => {
        try {
          session.close();
        } catch (error) {
          thrown = error;
        }
      };
      const connected = transport.expectCall(
        'connect',
        where === 'matcher' ? () => closeNow() : undefined,
      );
      const closed = transport.expectCall('close');
      let done = false;
      transport.on('connection_change', (status) => {
        if (status !== where || done) return;
        done = true;
        closeNow();
      });
      const error = await caught(() => session.connect({ apiKey: 'ek' }));
      assert.ok(error instanceof r.ScriptedRealtimeConnectionSupersededError);
      assert.equal(error.operation, 'connect');
      assert.equal(thrown, failure);
      assert.equal(transport.status, 'disconnected');
      assert.equal(seen.at(-1), 'disconnected');
      assert.deepEqual(transport.calls.map((call) => call.method), [
        'connect',
        'close',
      ]);
      assert.equal((await connected).index, 0);
      assert.equal((await closed).index, 1);
      transport.assertComplete();
      transport.assertClosed();
    },
  );
}

same(
  'Realtime mismatched close() in the connecting notification supersedes the connect too',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const seen = statuses(transport);
    void transport.expectCall('connect');
    const muted = transport.expectCall('mute');
    let thrown: unknown;
    let done = false;
    transport.on('connection_change', (status) => {
      if (status !== 'connecting' || done) return;
      done = true;
      thrown = caughtSync(() => transport.close());
    });
    const error = await caught(() => transport.connect({ apiKey: 'ek' }));
    assert.ok(error instanceof r.ScriptedRealtimeConnectionSupersededError);
    assert.ok(thrown instanceof r.UnexpectedRealtimeCallError);
    assert.equal(rejection(await settled(muted, bound())), thrown);
    assert.deepEqual(seen, ['connecting', 'disconnected']);
    transport.assertClosed();
  },
);

same(
  'Realtime failed close() on an established connection keeps it connected',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const session = sessionOn(transport);
    await session.connect({ apiKey: 'ek' });
    const seen = statuses(transport);
    const failure = new Error('stuck');
    transport.failNextCall('close', failure);
    assert.equal(caughtSync(() => session.close()), failure);
    assert.equal(transport.status, 'connected');
    assert.deepEqual(seen, []);
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'close',
    ]);
    assert.ok(
      caughtSync(() => transport.assertClosed()) instanceof
        r.RealtimeTransportNotClosedError,
    );
  },
);

same(
  'Realtime disconnect(error) on a disconnected transport emits only the error',
  ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const seen = statuses(transport);
    const errors: unknown[] = [];
    transport.on('error', (event) => errors.push(event));
    const dropped = new Error('dropped');
    transport.disconnect(dropped);
    assert.deepEqual(seen, []);
    assert.equal(errors.length, 1);
    assert.equal(field(errors[0], 'type'), 'error');
    assert.equal(field(errors[0], 'error'), dropped);
    assert.deepEqual([...transport.calls], []);
    assert.equal(transport.status, 'disconnected');
    transport.assertComplete();
  },
);

// --- runScenario ----------------------------------------------------------

same(
  'Realtime runScenario resolves with what the exercise returned',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const answer = await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall }) => {
        await expectCall('mute');
      },
      exercise: () => {
        transport.mute(true);
        return 42;
      },
    });
    assert.equal(answer, 42);
  },
);

same(
  'Realtime closing in the body and again in finally does not fail the scenario',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const session = sessionOn(transport);
    const result = await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        await expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'ek' });
        try {
          session.close();
        } finally {
          session.close();
        }
        return 'done';
      },
    });
    assert.equal(result, 'done');
    transport.assertClosed();
    transport.assertComplete();
  },
);

same(
  'Realtime runScenario fails at once on a mismatch while the scenario awaits something else',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const signal = bound();
    let thrownToApp: unknown;
    const error = await caught(() =>
      transport.runScenario({
        signal,
        scenario: async ({ expectCall }) => {
          expectCall('connect').catch(() => {});
          await untilAborted(signal);
        },
        exercise: async () => {
          try {
            transport.sendEvent({ type: 'response.create' });
          } catch (caughtByApp) {
            thrownToApp = caughtByApp;
          }
          await untilAborted(signal);
        },
      })
    );
    assert.equal(signal.aborted, false, 'runScenario waited for the bound');
    assert.ok(error instanceof r.UnexpectedRealtimeCallError);
    assert.equal(error.callIndex, 0);
    assert.equal(error.expectedMethod, 'connect');
    assert.equal(error.actualMethod, 'sendEvent');
    assert.equal(thrownToApp, error);
  },
);

same(
  'Realtime runScenario asserts completeness when both sides finish: an extra call',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const error = await caught(() =>
      transport.runScenario({
        signal: bound(),
        scenario: async ({ expectCall }) => {
          await expectCall('mute');
        },
        exercise: () => {
          transport.mute(true);
          transport.interrupt();
        },
      })
    );
    assert.ok(error instanceof r.IncompleteRealtimeScenarioError);
    assert.equal(error.name, 'IncompleteRealtimeScenarioError');
    assert.deepEqual(
      error.unconsumedCalls.map((call) => [call.index, call.method]),
      [[1, 'interrupt']],
    );
    assert.deepEqual([...error.pendingExpectations], []);
    assert.deepEqual([...error.pendingFailures], []);
  },
);

same(
  'Realtime unconsumedCalls are { index, method } without the call payload',
  ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    transport.sendMessage('hi', { tag: 'a' });
    transport.mute(true);
    const error = caughtSync(() => transport.assertComplete());
    assert.ok(error instanceof r.IncompleteRealtimeScenarioError);
    assert.deepEqual(
      error.unconsumedCalls.map((call) => ({ ...call })),
      [{ index: 0, method: 'sendMessage' }, { index: 1, method: 'mute' }],
    );
    // The payload stays in calls[index].
    assert.equal(field(transport.calls[1], 'muted'), true);
  },
);

same(
  'Realtime runScenario asserts completeness when both sides finish: unused failures',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    transport.failNextCall('sendEvent', new Error('one'));
    transport.failNextCall('sendEvent', new Error('two'));
    const error = await caught(() =>
      transport.runScenario({
        signal: bound(),
        scenario: () => {},
        exercise: () => {},
      })
    );
    assert.ok(error instanceof r.IncompleteRealtimeScenarioError);
    assert.deepEqual(
      error.pendingFailures.map((failure) => ({ ...failure })),
      [{ method: 'sendEvent', count: 2 }],
    );
  },
);

same(
  'Realtime exercise finishing with an expectation pending: { order, method }',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const error = await caught(() =>
      transport.runScenario({
        signal: bound(),
        scenario: async ({ expectCall }) => {
          await expectCall('mute');
          await expectCall('interrupt');
        },
        exercise: () => {
          transport.mute(true);
        },
      })
    );
    assert.ok(error instanceof r.IncompleteRealtimeScenarioError);
    assert.deepEqual(
      error.pendingExpectations.map((pending) => ({ ...pending })),
      [{ order: 2, method: 'interrupt' }],
    );
  },
);

same(
  'Realtime late expectCall after the scenario failed rejects at once',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const signal = bound();
    let reportLate!: (outcome: unknown) => void;
    const lateOutcome = new Promise<unknown>((resolve) => {
      reportLate = resolve;
    });
    const error = await caught(() =>
      transport.runScenario({
        signal,
        scenario: async ({ expectCall }) => {
          await expectCall('mute').catch(() => {});
          reportLate(await settled(expectCall('close'), signal));
        },
        exercise: () => {
          try {
            transport.interrupt();
          } catch {
            // The application swallows the mismatch.
          }
        },
      })
    );
    assert.ok(error instanceof r.UnexpectedRealtimeCallError);
    assert.equal(rejection(await lateOutcome), error);
    assert.equal(signal.aborted, false, 'the late expectCall waited');
  },
);

same(
  'Realtime cancelled scenario: AbortError with the pending expectations',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const controller = new AbortController();
    const error = await caught(() =>
      transport.runScenario({
        signal: controller.signal,
        scenario: async ({ expectCall }) => {
          await expectCall('mute');
        },
        exercise: async () => {
          controller.abort();
          await untilAborted(bound());
        },
      })
    );
    assert.ok(error instanceof r.ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual(
      error.pendingExpectations.map((pending) => ({ ...pending })),
      [{ order: 1, method: 'mute' }],
    );
  },
);

same(
  'Realtime runScenario with an already-aborted signal runs neither side',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const ran: string[] = [];
    const error = await caught(() =>
      transport.runScenario({
        signal: AbortSignal.abort(),
        scenario: async ({ expectCall }) => {
          ran.push('scenario');
          await expectCall('mute');
        },
        exercise: () => {
          ran.push('exercise');
        },
      })
    );
    assert.ok(error instanceof r.ScriptedRealtimeScenarioCancelledError);
    assert.equal(error.name, 'AbortError');
    assert.deepEqual([...error.pendingExpectations], []);
    assert.deepEqual(ran, []);
  },
);

// --- Expectations, failures, events ---------------------------------------

same(
  'Realtime call made before its expectation is held for it',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    transport.mute(true);
    const call = await transport.expectCall('mute');
    assert.equal(call.index, 0);
    assert.equal(call.muted, true);
    transport.assertComplete();
  },
);

same(
  'Realtime wrong-method call throws to the caller and rejects the expectation',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const expected = transport.expectCall('mute');
    const error = caughtSync(() => transport.interrupt());
    assert.ok(error instanceof r.UnexpectedRealtimeCallError);
    assert.equal(error.name, 'UnexpectedRealtimeCallError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.expectedMethod, 'mute');
    assert.equal(error.actualMethod, 'interrupt');
    assert.equal(rejection(await settled(expected, bound())), error);
  },
);

same(
  'Realtime matcher returning false throws RealtimeCallMatcherError',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const expected = transport.expectCall('mute', () => false);
    const error = caughtSync(() => transport.mute(true));
    assert.ok(error instanceof r.RealtimeCallMatcherError);
    assert.equal(error.name, 'RealtimeCallMatcherError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.actualMethod, 'mute');
    assert.equal(rejection(await settled(expected, bound())), error);
  },
);

differs(
  'drift-remembered',
  'Realtime assertComplete() after a swallowed mismatch',
  async (impl) => {
    const r = impl.realtime;
    const transport = new r.ScriptedRealtimeTransport();
    const expected = transport.expectCall('mute');
    const error = caughtSync(() => transport.interrupt());
    await settled(expected, bound());
    if (impl.name === 'ours') {
      assert.equal(caughtSync(() => transport.assertComplete()), error);
    } else {
      transport.assertComplete();
    }
  },
);

same(
  'Realtime failNextCall: failures per method in order, attempts recorded and matched',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const first = new Error('first');
    const second = new Error('second');
    transport.failNextCall('mute', first);
    transport.failNextCall('mute', second);
    const outcomes: unknown[] = [];
    await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall }) => {
        await expectCall('mute');
        await expectCall('mute');
        await expectCall('mute');
      },
      exercise: () => {
        for (const muted of [true, false, true]) {
          try {
            transport.mute(muted);
            outcomes.push('ok');
          } catch (error) {
            outcomes.push(error);
          }
        }
      },
    });
    assert.deepEqual(outcomes, [first, second, 'ok']);
    assert.deepEqual(
      transport.calls.map((call) => field(call, 'muted')),
      [true, false, true],
    );
  },
);

same(
  'Realtime disconnect(error) ends the connection and emits the error',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'ek' });
    const seen = statuses(transport);
    const errors: unknown[] = [];
    transport.on('error', (event) => errors.push(event));
    const dropped = new Error('dropped');
    transport.disconnect(dropped);
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(seen, ['disconnected']);
    assert.equal(errors.length, 1);
    assert.equal(field(errors[0], 'type'), 'error');
    assert.equal(field(errors[0], 'error'), dropped);
    assert.deepEqual(transport.calls.map((call) => call.method), ['connect']);
  },
);

same(
  'Realtime status and muted are writable fields with SDK defaults',
  ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    assert.equal(transport.status, 'disconnected');
    assert.equal(transport.muted, false);
    transport.status = 'connected';
    transport.muted = null;
    assert.equal(transport.status, 'connected');
    assert.equal(transport.muted, null);
    transport.mute(true);
    assert.equal(transport.muted, true);
  },
);

same(
  'Realtime assertClosed() throws RealtimeTransportNotClosedError with the status',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    transport.assertClosed();
    await transport.connect({ apiKey: 'ek' });
    const error = caughtSync(() => transport.assertClosed());
    assert.ok(error instanceof r.RealtimeTransportNotClosedError);
    assert.equal(error.name, 'RealtimeTransportNotClosedError');
    assert.equal(error.status, 'connected');
  },
);

same(
  'Realtime emit() delivers an inbound event to the session synchronously',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const session = sessionOn(transport);
    const seen: string[] = [];
    session.on('audio_stopped', () => seen.push('audio_stopped'));
    await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall, emit }) => {
        await expectCall('connect');
        seen.push('before');
        emit('audio_done');
        seen.push('after');
      },
      exercise: () => session.connect({ apiKey: 'ek' }),
    });
    assert.deepEqual(seen, ['before', 'audio_stopped', 'after']);
    session.close();
  },
);

// --- Records ------------------------------------------------------------

same('Realtime records copy plain data at call time', ({ realtime: r }) => {
  const transport = new r.ScriptedRealtimeTransport();
  const data = { tags: ['a'] };
  transport.sendMessage('hi', data);
  data.tags.push('b');
  const call = transport.calls[0];
  assert.ok(Object.isFrozen(call));
  assert.deepEqual(field(call, 'otherEventData'), { tags: ['a'] });
  assert.equal(field(call, 'message'), 'hi');
});

same(
  'Realtime matcher may mutate the call it receives; the record stays intact',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    await transport.runScenario({
      signal: bound(),
      scenario: async ({ expectCall }) => {
        await expectCall('sendMessage', (call) => {
          (call.otherEventData as Record<string, unknown>).x = 'mutated';
        });
      },
      exercise: () => {
        transport.sendMessage('hi', { x: 'original' });
      },
    });
    assert.deepEqual(field(transport.calls[0], 'otherEventData'), {
      x: 'original',
    });
  },
);

same(
  'Realtime expectCall resolves with a writable copy, not the frozen record',
  async ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const first = transport.expectCall('sendMessage');
    const second = transport.expectCall('sendMessage');
    transport.sendMessage('hi', { tags: ['a'] });
    transport.sendMessage('hi', { tags: ['a'] });
    const call = await first;
    assert.notEqual(call, transport.calls[0]);
    assert.deepEqual({ ...call }, { ...transport.calls[0] });
    (call.otherEventData.tags as string[]).push('mine');
    (call.otherEventData as Record<string, unknown>).extra = true;
    assert.deepEqual(field(transport.calls[0], 'otherEventData'), {
      tags: ['a'],
    });
    assert.deepEqual((await second).otherEventData, { tags: ['a'] });
  },
);

same(
  'Realtime audio in a record is a fresh copy per read',
  ({ realtime: r }) => {
    const transport = new r.ScriptedRealtimeTransport();
    const audio = new Uint8Array([1, 2, 3]).buffer;
    transport.sendAudio(audio, { commit: true });
    const first = field(transport.calls[0], 'audio') as ArrayBuffer;
    assert.notEqual(first, audio);
    new Uint8Array(first)[0] = 99;
    const second = field(transport.calls[0], 'audio') as ArrayBuffer;
    assert.notEqual(second, first);
    assert.deepEqual([...new Uint8Array(second)], [1, 2, 3]);
    assert.deepEqual([...new Uint8Array(audio)], [1, 2, 3]);
  },
);

differs(
  'async-matcher-rejected',
  'Realtime async function as an expectCall matcher',
  async (impl) => {
    const r = impl.realtime;
    const transport = new r.ScriptedRealtimeTransport();
    // deno-lint-ignore require-await -- an async function on purpose
    const matcher = (async () => false) as never;
    if (impl.name === 'ours') {
      // Rejected where it is defined (a throw or a rejection); a double that
      // accepted it would resolve on the call below and fail here.
      const error = await caught(async () => {
        const expected = transport.expectCall('mute', matcher);
        transport.mute(true);
        await expected;
      });
      assert.ok(error instanceof Error);
      assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
    } else {
      // The promise is not `false`: the call matches.
      const expected = transport.expectCall('mute', matcher);
      transport.mute(true);
      assert.equal((await expected).muted, true);
    }
  },
);

// --- Proxy --------------------------------------------------------------

function spyOn<T extends object>(target: T, seen: string[]): T {
  return spy(target, { call: (key) => seen.push(String(key)) });
}

differs(
  'proxy-safe-doubles',
  'Realtime transport through a transparent Proxy and a spy in a RealtimeSession',
  async (impl) => {
    const r = impl.realtime;
    for (const wrap of ['transparent', 'spy'] as const) {
      const seen: string[] = [];
      const target = new r.ScriptedRealtimeTransport();
      const transport = wrap === 'spy'
        ? spyOn(target, seen)
        : new Proxy(target, {});
      const session = sessionOn(transport);
      const scenario = () =>
        transport.runScenario({
          signal: bound(),
          scenario: async ({ expectCall }) => {
            await expectCall('connect');
            await expectCall('close');
          },
          exercise: async () => {
            await session.connect({ apiKey: 'ek' });
            session.close();
          },
        });
      if (impl.name === 'ours') {
        await scenario();
        assert.equal(transport.calls.length, 2);
        transport.assertComplete();
        transport.assertClosed();
        if (wrap === 'spy') assert.ok(seen.includes('connect'));
      } else {
        assert.ok(await caught(scenario) instanceof TypeError, wrap);
      }
    }
  },
);

// --- Error constructors -------------------------------------------------

same(
  'Realtime errors are constructible in the SDK module forms',
  ({ realtime: r }) => {
    const unexpected = new r.UnexpectedRealtimeCallError('connect', {
      index: 3,
      method: 'close',
    });
    assert.ok(unexpected instanceof Error);
    assert.equal(unexpected.name, 'UnexpectedRealtimeCallError');
    assert.equal(unexpected.callIndex, 3);
    assert.equal(unexpected.expectedMethod, 'connect');
    assert.equal(unexpected.actualMethod, 'close');

    const matcher = new r.RealtimeCallMatcherError({
      index: 1,
      method: 'mute',
    });
    assert.equal(matcher.name, 'RealtimeCallMatcherError');
    assert.equal(matcher.callIndex, 1);
    assert.equal(matcher.actualMethod, 'mute');

    const incomplete = new r.IncompleteRealtimeScenarioError(
      [{ index: 0, method: 'mute' }],
      [{ order: 1, method: 'close' }],
      [{ method: 'sendEvent', count: 1 }],
    );
    assert.equal(incomplete.name, 'IncompleteRealtimeScenarioError');
    assert.deepEqual(
      incomplete.unconsumedCalls.map((call) => [call.index, call.method]),
      [[0, 'mute']],
    );
    assert.deepEqual(
      incomplete.pendingExpectations.map((pending) => ({ ...pending })),
      [{ order: 1, method: 'close' }],
    );
    assert.deepEqual(
      incomplete.pendingFailures.map((failure) => ({ ...failure })),
      [{ method: 'sendEvent', count: 1 }],
    );

    const cancelled = new r.ScriptedRealtimeScenarioCancelledError([
      { order: 2, method: 'mute' },
    ]);
    assert.equal(cancelled.name, 'AbortError');
    assert.deepEqual(
      cancelled.pendingExpectations.map((pending) => ({ ...pending })),
      [{ order: 2, method: 'mute' }],
    );

    const notClosed = new r.RealtimeTransportNotClosedError('connected');
    assert.equal(notClosed.name, 'RealtimeTransportNotClosedError');
    assert.equal(notClosed.status, 'connected');

    const superseded = new r.ScriptedRealtimeConnectionSupersededError();
    assert.equal(superseded.name, 'ScriptedRealtimeConnectionSupersededError');
    assert.equal(superseded.operation, 'connect');
    assert.ok(superseded.message.length > 0);
  },
);
