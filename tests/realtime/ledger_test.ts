import assert from 'node:assert/strict';
import test from 'node:test';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { cancelNow, createSession } from './_helpers.ts';

test('ScriptedRealtimeTransport expectCall resolves with the typed recorded call', async () => {
  const { session, transport } = createSession();
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  const call = await connected;
  assert.equal(call.method, 'connect');
  assert.equal(call.index, 0);
  assert.equal(call.options.apiKeyProvided, true);
  assert.deepEqual(call, transport.calls[0]);
  session.close();
});

test("ScriptedRealtimeTransport expectCall resolves with the caller's own writable copy", async () => {
  const transport = new ScriptedRealtimeTransport();
  const first = transport.expectCall('sendMessage');
  const again = transport.expectCall('sendMessage');
  const data = { tags: ['a'] };
  transport.sendMessage('hi', data);
  transport.sendMessage('hi', data);
  const call = await first;
  assert.notEqual(call, transport.calls[0]);
  assert.deepEqual(call, transport.calls[0]);
  assert.equal(Object.isFrozen(call), false);
  const tags = call.otherEventData.tags as string[];
  tags.push('mine');
  (call as { message: unknown }).message = 'edited';
  // Neither the record, the caller's data nor another copy changes.
  assert.deepEqual(transport.calls[0], {
    index: 0,
    method: 'sendMessage',
    message: 'hi',
    otherEventData: { tags: ['a'] },
    options: undefined,
  });
  assert.deepEqual(data.tags, ['a']);
  assert.deepEqual((await again).otherEventData, { tags: ['a'] });
});

test('ScriptedRealtimeTransport expectAnyOrder resolves with writable copies', async () => {
  const transport = new ScriptedRealtimeTransport();
  const both = transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'sendEvent' },
  );
  transport.sendEvent({ type: 'input_audio_buffer.clear' });
  transport.mute(true);
  const [muted, sent] = await both;
  assert.notEqual(sent, transport.calls[0]);
  assert.deepEqual(sent, transport.calls[0]);
  assert.deepEqual(muted, transport.calls[1]);
  (sent.event as { type: string }).type = 'edited';
  assert.equal(
    (transport.calls[0] as { event: { type: string } }).event.type,
    'input_audio_buffer.clear',
  );
});

test('ScriptedRealtimeTransport expectCall matches calls in one global order', async () => {
  const transport = new ScriptedRealtimeTransport();
  const first = transport.expectCall('mute');
  const second = transport.expectCall('interrupt');
  const third = transport.expectCall('mute', (call) => {
    assert.equal(call.muted, false);
  });
  transport.mute(true);
  transport.interrupt();
  transport.mute(false);
  assert.deepEqual(
    (await Promise.all([first, second, third])).map((call) => call.index),
    [0, 1, 2],
  );
  transport.assertComplete();
});

test('ScriptedRealtimeTransport holds a call made before its expectation', async () => {
  const { session, transport } = createSession();
  session.sendMessage('early');
  session.interrupt();
  const message = await transport.expectCall('sendMessage', (call) => {
    assert.equal(call.message, 'early');
  });
  assert.equal(message.index, 0);
  assert.equal((await transport.expectCall('interrupt')).index, 1);
  transport.assertComplete();
});

test('ScriptedRealtimeTransport throws a wrong method into the calling code and rejects the expectation', async () => {
  const { session, transport } = createSession();
  const expected = transport.expectCall('sendMessage');
  let thrown: unknown;
  try {
    session.interrupt();
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof UnexpectedRealtimeCallError);
  assert.equal(thrown.name, 'UnexpectedRealtimeCallError');
  assert.equal(thrown.callIndex, 0);
  assert.equal(thrown.expectedMethod, 'sendMessage');
  assert.equal(thrown.actualMethod, 'interrupt');
  assert.equal(
    thrown.message,
    [
      'Unexpected realtime call 0 to "interrupt": expected "sendMessage", 1 expectation left',
      'Timeline (1 expectation, 1 call; ">" marks the first divergence):',
      '> call 0 "interrupt": expected "sendMessage"',
      '  expectation 0 "sendMessage": pending',
    ].join('\n'),
  );
  await assert.rejects(expected, (error) => error === thrown);
  assert.equal(transport.calls.length, 1);
});

test('ScriptedRealtimeTransport assertComplete rethrows the first mismatch after everything else matched', async () => {
  const transport = new ScriptedRealtimeTransport();
  const rejected = transport.expectCall('close');
  let caught: unknown;
  try {
    transport.interrupt();
  } catch (error) {
    // Application code that swallows the failure must not hide the drift.
    caught = error;
  }
  assert(caught instanceof UnexpectedRealtimeCallError);
  await assert.rejects(rejected, (error) => error === caught);
  const secondMismatch = transport.expectCall('mute');
  assert.throws(() => transport.interrupt(), UnexpectedRealtimeCallError);
  await assert.rejects(secondMismatch, UnexpectedRealtimeCallError);
  const interrupted = transport.expectCall('interrupt');
  transport.interrupt();
  await interrupted;
  assert.throws(() => transport.assertComplete(), (error) => error === caught);
});

test('ScriptedRealtimeTransport rejects a call whose matcher returns false', async () => {
  const { session, transport } = createSession();
  const expected = transport.expectCall(
    'sendMessage',
    (call) => call.message === 'Hello',
  );
  assert.throws(() => session.sendMessage('Goodbye'), (error) => {
    assert(error instanceof RealtimeCallMatcherError);
    assert.equal(error.name, 'RealtimeCallMatcherError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.actualMethod, 'sendMessage');
    assert.equal(error.matcherResult, 'false');
    assert.equal(
      error.message,
      [
        'Realtime call 0 to "sendMessage" rejected: the matcher of its expectation returned false',
        'Timeline (1 expectation, 1 call; ">" marks the first divergence):',
        '> call 0 "sendMessage" "Goodbye": matcher returned false',
        '  expectation 0 "sendMessage": pending',
      ].join('\n'),
    );
    return true;
  });
  await assert.rejects(expected, RealtimeCallMatcherError);
  assert.throws(() => transport.assertComplete(), RealtimeCallMatcherError);
});

test('ScriptedRealtimeTransport passes a throwing matcher error through unchanged', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('wrong muted flag');
  const expected = transport.expectCall('mute', () => {
    throw failure;
  });
  assert.throws(() => transport.mute(true), (error) => error === failure);
  await assert.rejects(expected, (error) => error === failure);
  assert.throws(() => transport.assertComplete(), (error) => error === failure);
});

test('ScriptedRealtimeTransport rejects a native async matcher where expectCall is called', () => {
  const transport = new ScriptedRealtimeTransport();
  const matchers = [
    // deno-lint-ignore require-await
    async () => true,
    async function* () {},
  ];
  for (const matcher of matchers) {
    assert.throws(
      () => transport.expectCall('mute', matcher as never),
      (error) => {
        assert(error instanceof InvalidRealtimeScenarioInputError);
        assert.equal(error.reason, 'invalid_matcher');
        assert.equal(error.issue, 'async_matcher');
        assert.equal(error.path, 'matcher');
        assert.equal(error.received, 'an async function');
        assert.match(
          error.message,
          /^Invalid realtime input \("expectCall"\): expected "matcher" to be a synchronous function/,
        );
        return true;
      },
    );
  }
  // Nothing was registered: the next call is simply held.
  transport.mute(true);
  assert.throws(
    () => transport.assertComplete(),
    IncompleteRealtimeScenarioError,
  );
});

test('ScriptedRealtimeTransport rejects a promise returned by a plain matcher as an async matcher', async () => {
  const matchers = [
    () => Promise.resolve(true),
    () => Promise.reject(new Error('checked later')),
  ];
  for (const matcher of matchers) {
    const transport = new ScriptedRealtimeTransport();
    const expected = transport.expectCall('mute', matcher as never);
    let thrown: unknown;
    assert.throws(() => transport.mute(true), (error) => {
      thrown = error;
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'invalid_matcher');
      assert.equal(error.issue, 'async_matcher');
      assert.equal(error.operation, 'expectCall');
      assert.equal(error.path, 'matcher');
      assert.equal(error.received, 'a promise');
      assert.equal(
        error.message,
        'Invalid realtime input ("expectCall"): expected "matcher" to be a ' +
          "synchronous function (it runs inside the application's call), " +
          'got a promise',
      );
      return true;
    });
    await assert.rejects(expected, (error) => error === thrown);
    // Remembered as drift, even after a later call matches.
    const next = transport.expectCall('interrupt');
    transport.interrupt();
    await next;
    assert.throws(() => transport.assertComplete(), (e) => e === thrown);
  }
  // The rejected promise was observed: the unhandled-rejection guard of the
  // suite would fail this file otherwise.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

test('ScriptedRealtimeTransport wraps a thrown undefined in a matcher error with the value as cause', async () => {
  const thrownValues = [undefined, 'wrong call', 42, { reason: 'no' }];
  const rendered = ['undefined', '"wrong call"', '42', 'an object'];
  for (const [i, value] of thrownValues.entries()) {
    const transport = new ScriptedRealtimeTransport();
    const expected = transport.expectCall('mute', () => {
      throw value;
    });
    let thrown: unknown;
    assert.throws(() => transport.mute(true), (error) => {
      thrown = error;
      assert(error instanceof RealtimeCallMatcherError);
      assert.equal(error.matcherResult, 'threw');
      assert.equal(error.callIndex, 0);
      assert.equal(error.actualMethod, 'mute');
      assert.equal('cause' in error, true);
      assert.equal(error.cause, value);
      assert.equal(
        error.message,
        [
          `Realtime call 0 to "mute" rejected: the matcher of its expectation threw ${
            rendered[i]
          }`,
          'Timeline (1 expectation, 1 call; ">" marks the first divergence):',
          '> call 0 "mute" muted: matcher threw',
          '  expectation 0 "mute": pending',
        ].join('\n'),
      );
      return true;
    });
    await assert.rejects(expected, (error) => error === thrown);
    assert.throws(() => transport.assertComplete(), (e) => e === thrown);
  }
});

test('ScriptedRealtimeTransport gives each matcher its own mutable copy of the call', async () => {
  const transport = new ScriptedRealtimeTransport();
  const seen: unknown[] = [];
  const expected = transport.expectCall('sendMessage', (call) => {
    seen.push(call);
    assert.equal(Object.isFrozen(call), false);
    const writable = call as { message: unknown; otherEventData: unknown };
    writable.message = 'changed';
    (writable.otherEventData as { nested: { list: number[] } }).nested.list
      .push(3);
  });
  const extra = { nested: { list: [1, 2] } };
  transport.sendMessage('Hi', extra);
  const call = await expected;
  assert.notEqual(seen[0], call);
  assert.equal(call.message, 'Hi');
  assert.deepEqual(call.otherEventData, { nested: { list: [1, 2] } });
  assert.deepEqual(extra, { nested: { list: [1, 2] } });
  assert(Object.isFrozen(transport.calls[0]));
  transport.assertComplete();
});

test('ScriptedRealtimeTransport rejects a thenable matcher result as an async matcher', async () => {
  const transport = new ScriptedRealtimeTransport();
  const thenable = {
    then: (resolve: (value: boolean) => void) => resolve(true),
  };
  const expected = transport.expectCall('mute', (() => thenable) as never);
  assert.throws(() => transport.mute(true), (error) => {
    assert(error instanceof InvalidRealtimeScenarioInputError);
    assert.equal(error.issue, 'async_matcher');
    assert.equal(error.received, 'a promise');
    return true;
  });
  await assert.rejects(expected, InvalidRealtimeScenarioInputError);
});

test('ScriptedRealtimeTransport rejects the expectation when a held call mismatches', async () => {
  const transport = new ScriptedRealtimeTransport();
  transport.interrupt();
  const expected = transport.expectCall('close');
  await assert.rejects(expected, (error) => {
    assert(error instanceof UnexpectedRealtimeCallError);
    assert.equal(error.callIndex, 0);
    assert.equal(error.expectedMethod, 'close');
    assert.equal(error.actualMethod, 'interrupt');
    return true;
  });
  assert.throws(() => transport.assertComplete(), UnexpectedRealtimeCallError);
});

test('ScriptedRealtimeTransport assertComplete lists unconsumed calls and pending expectations', () => {
  const transport = new ScriptedRealtimeTransport();
  transport.interrupt();
  transport.mute(true);
  assert.throws(() => transport.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.equal(error.name, 'IncompleteRealtimeScenarioError');
    // The SDK module's summary: no payload (`muted` is in calls[1]).
    assert.deepEqual(error.unconsumedCalls, [
      { index: 0, method: 'interrupt' },
      { index: 1, method: 'mute' },
    ]);
    assert.ok(Object.isFrozen(error.unconsumedCalls[1]));
    assert.deepEqual(error.pendingExpectations, []);
    assert.deepEqual(error.pendingFailures, []);
    return true;
  });
  const other = new ScriptedRealtimeTransport();
  void other.expectCall('close');
  void other.expectCall('mute');
  assert.throws(() => other.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.deepEqual(error.pendingExpectations, [
      { order: 1, method: 'close' },
      { order: 2, method: 'mute' },
    ]);
    assert.deepEqual(error.unconsumedCalls, []);
    return true;
  });
});

test('ScriptedRealtimeTransport injected failure and expectation apply to the same call', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('send failed');
  transport.failNextCall('sendEvent', failure);
  const expected = transport.expectCall('sendEvent', (call) => {
    assert.equal(call.event.type, 'response.create');
  });
  assert.throws(
    () => transport.sendEvent({ type: 'response.create' }),
    (error) => error === failure,
  );
  assert.equal((await expected).index, 0);
  transport.assertComplete();
});

test('ScriptedRealtimeTransport expectCall and failNextCall reject malformed input where it is given', () => {
  const transport = new ScriptedRealtimeTransport();
  const cases: [
    () => unknown,
    Partial<InvalidRealtimeScenarioInputError>,
  ][] = [
    [
      // @ts-expect-error: unknown method
      () => transport.expectCall('hangUp'),
      {
        reason: 'unknown_method',
        issue: 'unknown_method',
        operation: 'expectCall',
        path: 'method',
        received: '"hangUp"',
        suggestion: 'close',
      },
    ],
    [
      // @ts-expect-error: a typo
      () => transport.expectCall('sendMesage'),
      { reason: 'unknown_method', suggestion: 'sendMessage' },
    ],
    [
      // @ts-expect-error: emitter member, not an outbound method
      () => transport.expectCall('on'),
      { reason: 'unknown_method', path: 'method', received: '"on"' },
    ],
    [
      // @ts-expect-error: not a function
      () => transport.expectCall('close', 42),
      {
        reason: 'invalid_matcher',
        issue: 'not_a_function',
        path: 'matcher',
        received: '42',
      },
    ],
    [
      () => transport.failNextCall(null as never, new Error('x')),
      {
        reason: 'unknown_method',
        issue: 'not_a_string',
        operation: 'failNextCall',
        path: 'method',
        received: 'null',
        suggestion: undefined,
      },
    ],
    [
      () => transport.failNextCall('close', undefined),
      {
        reason: 'invalid_error',
        operation: 'failNextCall',
        path: 'error',
        received: 'undefined',
      },
    ],
  ];
  for (const [run, fields] of cases) {
    assert.throws(run, (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
      for (const [key, value] of Object.entries(fields)) {
        assert.equal(error[key as keyof typeof error], value, key);
      }
      return true;
    });
  }
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  assert.throws(
    () => transport.expectCall(revoked.proxy as never),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'unknown_method');
      assert.equal(error.received, 'an unreadable value');
      assert.match(
        error.message,
        /expected "method" to be a realtime transport method name, got an unreadable value$/,
      );
      return true;
    },
  );
  transport.assertComplete();
});

test('ScriptedRealtimeTransport counts the expectations pending at a wrong-method call', async () => {
  const transport = new ScriptedRealtimeTransport();
  const first = transport.expectCall('mute');
  const second = transport.expectCall('close');
  const third = transport.expectCall('interrupt');
  assert.throws(() => transport.interrupt(), (error) => {
    assert(error instanceof UnexpectedRealtimeCallError);
    assert.equal(error.remainingExpectations, 3);
    assert.equal(
      error.message,
      [
        'Unexpected realtime call 0 to "interrupt": expected "mute", 3 expectations left',
        'Timeline (3 expectations, 1 call; ">" marks the first divergence):',
        '> call 0 "interrupt": expected "mute"',
        '  expectation 0 "mute": pending',
        '  expectation 1 "close": pending',
        '  expectation 2 "interrupt": pending',
      ].join('\n'),
    );
    return true;
  });
  await assert.rejects(first, UnexpectedRealtimeCallError);
  transport.status = 'connected';
  transport.close();
  transport.interrupt();
  await Promise.all([second, third]);
});

test('An expectation a mismatch used up is no longer pending, while the next one still is', async () => {
  const transport = new ScriptedRealtimeTransport();
  const muted = transport.expectCall('mute');
  const next = transport.expectCall('mute');
  assert.throws(() => transport.interrupt(), UnexpectedRealtimeCallError);
  await assert.rejects(muted, UnexpectedRealtimeCallError);
  await assert.rejects(
    cancelNow(transport),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.deepEqual(error.pendingExpectations, [
        { order: 2, method: 'mute' },
      ]);
      return true;
    },
  );
  transport.mute(false);
  assert.equal((await next).index, 1);
});
