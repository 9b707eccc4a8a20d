import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  type RealtimeExpectation,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { createGate } from './_helpers.ts';

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((
      rest,
    ) => [item, ...rest])
  );
}

test('expectAnyOrder takes the calls of a group in any order and resolves in expectation order', async () => {
  const make: Record<string, (t: ScriptedRealtimeTransport) => void> = {
    mute: (t) => t.mute(true),
    interrupt: (t) => t.interrupt(),
    resetHistory: (t) => t.resetHistory([], []),
  };
  for (const order of permutations(Object.keys(make))) {
    const transport = new ScriptedRealtimeTransport();
    const first = transport.expectCall('sendEvent');
    const group = transport.expectAnyOrder(
      { method: 'mute', matcher: (call) => call.muted },
      { method: 'interrupt' },
      { method: 'resetHistory' },
    );
    const last = transport.expectCall('requestResponse');
    transport.sendEvent({ type: 'x' });
    for (const method of order) make[method]!(transport);
    transport.requestResponse();
    const [muted, interrupted, reset] = await group;
    assert.equal(muted.method, 'mute');
    assert.equal(muted.muted, true);
    assert.equal(interrupted.method, 'interrupt');
    assert.equal(reset.method, 'resetHistory');
    assert.deepEqual(
      [muted, interrupted, reset].map((call) => call.index),
      ['mute', 'interrupt', 'resetHistory'].map((m) => order.indexOf(m) + 1),
    );
    assert.equal((await first).index, 0);
    assert.equal((await last).index, 4);
    transport.assertComplete();
  }
});

test('expectAnyOrder holds the expectations after it back until the group is used up', async () => {
  const transport = new ScriptedRealtimeTransport();
  const group = transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'interrupt' },
  );
  const after = transport.expectCall('requestResponse');
  transport.mute(true);
  assert.throws(
    () => transport.requestResponse(),
    (error) =>
      error instanceof UnexpectedRealtimeCallError &&
      error.expectedMethod === 'interrupt' &&
      error.remainingExpectations === 2,
  );
  await assert.rejects(group, UnexpectedRealtimeCallError);
  void after.catch(() => undefined);
});

test('expectAnyOrder takes calls made before it was registered', async () => {
  const transport = new ScriptedRealtimeTransport();
  transport.interrupt();
  transport.mute(false);
  const [muted, interrupted] = await transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'interrupt' },
  );
  assert.equal(muted.index, 1);
  assert.equal(interrupted.index, 0);
  transport.assertComplete();
});

test('expectAnyOrder fails a call of a method no member left expects, listing the candidates', async () => {
  const transport = new ScriptedRealtimeTransport();
  const group = transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'interrupt' },
  );
  transport.mute(true);
  let thrown: unknown;
  try {
    transport.sendEvent({ type: 'stray' });
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof UnexpectedRealtimeCallError);
  assert.equal(thrown.name, 'UnexpectedRealtimeCallError');
  assert.equal(thrown.callIndex, 1);
  assert.equal(thrown.actualMethod, 'sendEvent');
  assert.equal(thrown.expectedMethod, 'interrupt');
  assert.equal(thrown.remainingExpectations, 1);
  assert.deepEqual(thrown.candidates, [
    { position: 1, method: 'interrupt', rejection: 'method' },
  ]);
  assert.equal(
    thrown.message,
    [
      'Unexpected realtime call 1 to "sendEvent": expected one of "interrupt" (in any order), 1 expectation left',
      'Timeline (2 expectations, 2 calls; ">" marks the first divergence):',
      '  call 0 "mute" muted -> expectation 0 "mute"',
      '> call 1 "sendEvent" stray: no anyOrder candidate accepts it',
      '  expectation 1 "interrupt": anyOrder candidate',
    ].join('\n'),
  );
  await assert.rejects(group, (error) => error === thrown);
  assert.throws(() => transport.assertComplete(), (error) => error === thrown);
});

test('expectAnyOrder fails a call every matcher rejects, with each candidate and why', async () => {
  const transport = new ScriptedRealtimeTransport();
  const cause = 'not a string error';
  const group = transport.expectAnyOrder(
    { method: 'sendMessage', matcher: () => false },
    { method: 'mute' },
    {
      method: 'sendMessage',
      matcher: () => {
        throw cause;
      },
    },
  );
  assert.throws(
    () => transport.sendMessage('Hi', {}),
    (error) => {
      assert(error instanceof RealtimeCallMatcherError);
      assert.equal(error.name, 'RealtimeCallMatcherError');
      assert.equal(error.callIndex, 0);
      assert.equal(error.actualMethod, 'sendMessage');
      assert.equal(error.matcherResult, 'threw');
      assert.equal(error.cause, cause);
      assert.deepEqual(error.candidates, [
        { position: 0, method: 'sendMessage', rejection: 'false' },
        { position: 1, method: 'mute', rejection: 'method' },
        { position: 2, method: 'sendMessage', rejection: 'threw' },
      ]);
      assert.equal(
        error.message,
        [
          'Realtime call 0 to "sendMessage" rejected: no unused expectation of its anyOrder group accepts it, expectation 0 "sendMessage" (matcher returned false), expectation 1 "mute" (another method), expectation 2 "sendMessage" (matcher threw)',
          'Timeline (3 expectations, 1 call; ">" marks the first divergence):',
          '> call 0 "sendMessage" "Hi": no anyOrder candidate accepts it',
          '  expectation 0 "sendMessage": anyOrder candidate',
          '  expectation 1 "mute": anyOrder candidate',
          '  expectation 2 "sendMessage": anyOrder candidate',
        ].join('\n'),
      );
      return true;
    },
  );
  await assert.rejects(group, RealtimeCallMatcherError);
  assert.throws(() => transport.assertComplete(), RealtimeCallMatcherError);
});

test('expectAnyOrder lists the members still waiting as pending expectations', () => {
  const transport = new ScriptedRealtimeTransport();
  void transport.expectCall('connect').catch(() => undefined);
  void transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'interrupt' },
    { method: 'close' },
  ).catch(() => undefined);
  void transport.connect({ apiKey: 'k' });
  transport.interrupt();
  assert.throws(
    () => transport.assertComplete(),
    (error) =>
      error instanceof IncompleteRealtimeScenarioError &&
      JSON.stringify(error.pendingExpectations) ===
        JSON.stringify([
          { order: 2, method: 'mute' },
          { order: 4, method: 'close' },
        ]),
  );
});

test('expectAnyOrder rejects malformed expectations where they are written', () => {
  const transport = new ScriptedRealtimeTransport();
  const cases: [unknown[], Record<string, unknown>, string][] = [
    [
      [],
      {
        reason: 'invalid_expectation',
        issue: 'empty_group',
        path: 'expectations',
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations" to be a list of at least one expectation, got none',
    ],
    [
      [{ method: 'mute' }, 'close'],
      {
        reason: 'invalid_expectation',
        issue: 'not_an_object',
        path: 'expectations[1]',
        received: '"close"',
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations[1]" to be an expectation { method, matcher? }, got "close"',
    ],
    [
      [{ method: 'mute', match: () => true }],
      {
        reason: 'invalid_expectation',
        issue: 'unknown_property',
        path: 'expectations[0].match',
        expected: 'only "method" and "matcher"',
        received: '"match"',
        suggestion: undefined,
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations[0].match" to be only "method" and "matcher", got "match"',
    ],
    [
      [{ mehtod: 'mute' }],
      {
        reason: 'invalid_expectation',
        issue: 'unknown_property',
        path: 'expectations[0].mehtod',
        suggestion: 'method',
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations[0].mehtod" to be only "method" and "matcher", got "mehtod" (did you mean "method"?)',
    ],
    [
      [{ method: 'hangup' }],
      {
        reason: 'unknown_method',
        path: 'expectations[0].method',
        suggestion: 'close',
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations[0].method" to be a realtime transport method name, got "hangup" (did you mean "close"?)',
    ],
    [
      [{ method: 'mute' }, {
        method: 'close',
        matcher: async () => await Promise.resolve(true),
      }],
      {
        reason: 'invalid_matcher',
        issue: 'async_matcher',
        path: 'expectations[1].matcher',
      },
      'Invalid realtime input ("expectAnyOrder"): expected "expectations[1].matcher" to be a synchronous function (it runs inside the application\'s call), got an async function',
    ],
  ];
  for (const [expectations, fields, message] of cases) {
    assert.throws(
      () =>
        transport.expectAnyOrder(
          ...expectations as RealtimeExpectation[],
        ),
      (error) => {
        assert(error instanceof InvalidRealtimeScenarioInputError);
        assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
        assert.equal(error.operation, 'expectAnyOrder');
        for (const [key, value] of Object.entries(fields)) {
          assert.equal(error[key as keyof typeof error], value, key);
        }
        assert.equal(error.message, message);
        return true;
      },
    );
  }
  // Nothing was registered by the rejected groups.
  transport.assertComplete();
});

// A RealtimeSession runs the tools of function calls concurrently; each
// tool here finishes only after the one before it in `order`, so their
// outputs reach the transport in exactly that order.
async function runParallelTools(
  order: readonly string[],
  options: { readonly ordered?: boolean } = {},
): Promise<{
  outputs: string[];
  transport: ScriptedRealtimeTransport;
}> {
  const signal = AbortSignal.timeout(5_000);
  const done = new Map<string, () => void>();
  const finished = new Map<string, Promise<void>>();
  for (const key of order) {
    finished.set(key, new Promise((resolve) => done.set(key, resolve)));
  }
  const lookup = tool({
    name: 'lookup',
    description: 'Looks a key up.',
    parameters: z.object({ key: z.string() }),
    execute: async ({ key }) => {
      const rank = order.indexOf(key);
      if (rank > 0) {
        await Promise.race([
          finished.get(order[rank - 1]!),
          new Promise((_, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason))
          ),
        ]);
      }
      queueMicrotask(() => done.get(key)!());
      return `value of ${key}`;
    },
  });
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Parallel', tools: [lookup] }),
    { transport },
  );
  // A mismatch thrown into the session's tool handler comes back as an
  // `error` event; the scenario reports it.
  session.on('error', () => undefined);
  const answered = createGate();
  await transport.runScenario({
    signal,
    scenario: async ({ expectCall, expectAnyOrder, emit }) => {
      try {
        await expectCall('connect');
        // Sent once the session is connected and its tools are resolved.
        await expectCall('sendMessage');
        emit('turn_started', {
          type: 'response_started',
          providerData: { response: { id: 'response_1' } },
        });
        for (const key of ['a', 'b', 'c']) {
          emit('function_call', {
            type: 'function_call',
            name: 'lookup',
            callId: `call_${key}`,
            arguments: JSON.stringify({ key }),
            responseId: 'response_1',
          });
        }
        const expectations = ['a', 'b', 'c'].map((key) => ({
          method: 'sendFunctionCallOutput' as const,
          matcher: (call: { toolCall: { callId: string } }) =>
            call.toolCall.callId === `call_${key}`,
        }));
        const outputs = options.ordered
          ? [
            await expectCall(
              'sendFunctionCallOutput',
              expectations[0]!.matcher,
            ),
            await expectCall(
              'sendFunctionCallOutput',
              expectations[1]!.matcher,
            ),
            await expectCall(
              'sendFunctionCallOutput',
              expectations[2]!.matcher,
            ),
          ]
          : await expectAnyOrder(...expectations);
        outputs.forEach((call, i) => {
          assert.equal(call.output, `value of ${'abc'[i]}`);
        });
        answered.release();
        await expectCall('close');
      } catch (error) {
        answered.fail(error);
        throw error;
      }
    },
    exercise: async () => {
      try {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('Look up a, b and c.');
        await answered.promise;
      } finally {
        session.close();
      }
    },
  });
  const outputs = transport.calls.flatMap((call) =>
    call.method === 'sendFunctionCallOutput' ? [call.toolCall.callId] : []
  );
  return { outputs, transport };
}

test('expectAnyOrder passes parallel RealtimeSession tool outputs in every completion order', async () => {
  for (const order of permutations(['a', 'b', 'c'])) {
    const { outputs, transport } = await runParallelTools(order);
    // The outputs really arrived in this order.
    assert.deepEqual(outputs, order.map((key) => `call_${key}`));
    transport.assertComplete();
    transport.assertClosed();
  }
});

test('ordered expectations fail the same parallel tool outputs when they arrive out of order', async () => {
  await assert.rejects(
    runParallelTools(['c', 'b', 'a'], { ordered: true }),
    (error) =>
      error instanceof RealtimeCallMatcherError &&
      error.candidates === undefined,
  );
});
