import assert from 'node:assert/strict';
import test from 'node:test';
import {
  RealtimeCallMatcherError,
  ScriptedRealtimeConnectionSupersededError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { createSession } from './_helpers.ts';

/** The connection_change statuses a transport emits from now on. */
function statuses(transport: ScriptedRealtimeTransport): string[] {
  const seen: string[] = [];
  transport.on('connection_change', (status) => seen.push(status));
  return seen;
}

/** Runs `fn` once, on the first `status` notification. */
function onFirst(
  transport: ScriptedRealtimeTransport,
  status: 'connecting' | 'connected',
  fn: () => void,
): void {
  let done = false;
  transport.on('connection_change', (seen) => {
    if (seen !== status || done) return;
    done = true;
    fn();
  });
}

/** Closes in the first `status` notification; keeps what the close threw. */
function closeOnFirst(
  transport: ScriptedRealtimeTransport,
  status: 'connecting' | 'connected',
): { thrown: unknown } {
  const outcome: { thrown: unknown } = { thrown: undefined };
  onFirst(transport, status, () => {
    try {
      transport.close();
    } catch (error) {
      outcome.thrown = error;
    }
  });
  return outcome;
}

function isSuperseded(by: string): (error: unknown) => boolean {
  return (error) =>
    error instanceof ScriptedRealtimeConnectionSupersededError &&
    error.name === 'ScriptedRealtimeConnectionSupersededError' &&
    error.operation === 'connect' && error.supersededBy === by;
}

for (const during of ['connecting', 'connected'] as const) {
  test(`A failed session.close() in the ${during} notification supersedes RealtimeSession.connect()`, async () => {
    const { session, transport } = createSession();
    const seen = statuses(transport);
    const failure = new Error('close failed');
    transport.failNextCall('close', failure);
    const connected = transport.expectCall('connect');
    const closed = transport.expectCall('close');
    let thrown: unknown;
    onFirst(transport, during, () => {
      try {
        session.close();
      } catch (error) {
        thrown = error;
        // The connection already ended when the failure is thrown.
        assert.equal(transport.status, 'disconnected');
        assert.equal(seen.at(-1), 'disconnected');
      }
    });
    await assert.rejects(
      session.connect({ apiKey: 'test' }),
      isSuperseded('close'),
    );
    assert.equal(thrown, failure);
    assert.equal(transport.status, 'disconnected');
    assert.deepEqual(
      seen,
      during === 'connecting'
        ? ['connecting', 'disconnected']
        : ['connecting', 'connected', 'disconnected'],
    );
    assert.deepEqual(transport.calls.map((call) => call.method), [
      'connect',
      'close',
    ]);
    assert.equal((await connected).index, 0);
    assert.equal((await closed).index, 1);
    transport.assertComplete();
    transport.assertClosed();
  });
}

test('A failed close inside the connect matcher supersedes that connect and throws into the matcher', async () => {
  const transport = new ScriptedRealtimeTransport();
  const seen = statuses(transport);
  const failure = new Error('close failed');
  transport.failNextCall('close', failure);
  let thrown: unknown;
  const connected = transport.expectCall('connect', () => {
    try {
      transport.close();
    } catch (error) {
      thrown = error;
    }
  });
  const closed = transport.expectCall('close');
  await assert.rejects(
    transport.connect({ apiKey: 'test' }),
    isSuperseded('close'),
  );
  assert.equal(thrown, failure);
  assert.deepEqual(seen, ['disconnected']);
  await connected;
  await closed;
  transport.assertComplete();
  transport.assertClosed();
});

test('A mismatched close in the connecting notification still supersedes the connect', async () => {
  for (const kind of ['method', 'matcher'] as const) {
    const transport = new ScriptedRealtimeTransport();
    const seen = statuses(transport);
    void transport.expectCall('connect');
    const next = kind === 'method'
      ? transport.expectCall('mute')
      : transport.expectCall('close', () => false);
    const close = closeOnFirst(transport, 'connecting');
    await assert.rejects(
      transport.connect({ apiKey: 'test' }),
      isSuperseded('close'),
    );
    const thrown = close.thrown;
    assert.ok(
      kind === 'method'
        ? thrown instanceof UnexpectedRealtimeCallError
        : thrown instanceof RealtimeCallMatcherError,
    );
    await assert.rejects(next, (error) => error === thrown);
    assert.deepEqual(seen, ['connecting', 'disconnected']);
    transport.assertClosed();
    assert.throws(() => transport.assertComplete(), (e) => e === thrown);
  }
});

for (const failed of [true, false]) {
  test(`A ${failed ? 'failed' : 'successful'} close that supersedes a connect throws ${failed ? 'its failure over' : ''} a disconnected listener's failure`, async () => {
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('close failed');
    const listenerFailure = new Error('listener failed');
    if (failed) transport.failNextCall('close', failure);
    transport.on('connection_change', (status) => {
      if (status === 'disconnected') throw listenerFailure;
    });
    const close = closeOnFirst(transport, failed ? 'connecting' : 'connected');
    await assert.rejects(
      transport.connect({ apiKey: 'test' }),
      isSuperseded('close'),
    );
    assert.equal(close.thrown, failed ? failure : listenerFailure);
    assert.equal(transport.status, 'disconnected');
  });
}

test('A failed close whose matcher reconnects, inside a connect, leaves the reconnect connected', async () => {
  const transport = new ScriptedRealtimeTransport();
  const seen = statuses(transport);
  const failure = new Error('close failed');
  transport.failNextCall('close', failure);
  void transport.expectCall('connect');
  let reconnect: Promise<void> | undefined;
  void transport.expectCall('close', () => {
    reconnect = transport.connect({ apiKey: 'test' });
  });
  void transport.expectCall('connect');
  const close = closeOnFirst(transport, 'connecting');
  await assert.rejects(
    transport.connect({ apiKey: 'test' }),
    isSuperseded('connect'),
  );
  assert.equal(close.thrown, failure);
  await reconnect;
  assert.equal(transport.status, 'connected');
  // The close changed nothing: the reconnect's events are the last.
  assert.deepEqual(seen, ['connecting', 'connecting', 'connected']);
  transport.assertComplete();
  transport.close();
});

test('A failed close on an established connection keeps it connected and emits nothing', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test' });
  const seen = statuses(transport);
  const failure = new Error('stuck');
  transport.failNextCall('close', failure);
  assert.throws(() => session.close(), (error) => error === failure);
  assert.equal(transport.status, 'connected');
  assert.deepEqual(seen, []);
  transport.close();
  assert.deepEqual(seen, ['disconnected']);
  assert.deepEqual(transport.calls.map((call) => call.method), [
    'connect',
    'close',
    'close',
  ]);
});

test('disconnect(error) on a disconnected transport emits only the error, and a failing error listener throws', () => {
  const transport = new ScriptedRealtimeTransport();
  const seen = statuses(transport);
  const dropped = new Error('dropped');
  const listenerFailure = new Error('error listener');
  const errors: unknown[] = [];
  transport.on('error', (event) => {
    errors.push(event.error);
    throw listenerFailure;
  });
  assert.throws(
    () => transport.disconnect(dropped),
    (error) => error === listenerFailure,
  );
  assert.deepEqual(errors, [dropped]);
  assert.deepEqual(seen, []);
  assert.equal(transport.calls.length, 0);
  assert.equal(transport.status, 'disconnected');
  transport.assertComplete();
});
