import { Agent, Runner, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  assertFinalOutput,
  assertHandoffs,
  assertToolCalls,
  handoffsTaken,
  InvalidRunAssertionInputError,
  modelRequest,
  RunAssertionError,
  toolCalls,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const runner = new Runner({ tracingDisabled: true });

const getWeather = tool({
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

const getTime = tool({
  name: 'get_time',
  description: 'Time in a city',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => ({ city, time: '09:00' }),
});

async function weatherRun() {
  const model = new ScriptedModel([
    [
      functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' }),
      functionCall('get_time', '{"city":"Paris"}', { callId: 'call_2' }),
    ],
    [assistantMessage('Sunny, 9 am')],
  ]);
  const agent = new Agent({ name: 'A', model, tools: [getWeather, getTime] });
  const result = await runner.run(agent, 'Weather and time?');
  return { model, result };
}

function assertFailure(
  check: () => void,
  expected: {
    assertion: RunAssertionError['assertion'];
    path: string | undefined;
    headline: string;
    expected: unknown;
    actual: unknown;
  },
): RunAssertionError {
  let caught: unknown;
  try {
    check();
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof RunAssertionError, 'a RunAssertionError');
  assert(caught instanceof Error);
  assert.equal(caught.name, 'RunAssertionError');
  assert.equal(caught.assertion, expected.assertion);
  assert.equal(caught.path, expected.path);
  assert.deepEqual(caught.expected, expected.expected);
  assert.deepEqual(caught.actual, expected.actual);
  assert.equal(caught.message.split('\n')[0], expected.headline);
  assert.match(caught.message, /\n\n- expected\n\+ actual\n\n/);
  return caught;
}

test('toolCalls lists the function calls of a run with parsed arguments and outputs', async () => {
  const { result } = await weatherRun();
  assert.deepEqual(toolCalls(result), [
    {
      name: 'get_weather',
      callId: 'call_1',
      arguments: { city: 'Tokyo' },
      output: 'Sunny in Tokyo',
    },
    {
      name: 'get_time',
      callId: 'call_2',
      arguments: { city: 'Paris' },
      output: { city: 'Paris', time: '09:00' },
    },
  ]);
});

test('assertToolCalls passes on the calls made and compares only the keys given', async () => {
  const { result } = await weatherRun();
  assertToolCalls(result, [
    { name: 'get_weather', arguments: { city: 'Tokyo' } },
    { name: 'get_time', output: { time: '09:00', city: 'Paris' } },
  ]);
  assertToolCalls(result, [{ name: 'get_weather' }, { name: 'get_time' }]);
});

test('assertToolCalls reports the first difference with a line diff', async () => {
  const { result } = await weatherRun();
  const error = assertFailure(
    () =>
      assertToolCalls(result, [
        { name: 'get_weather', arguments: { city: 'Osaka' } },
        { name: 'get_time' },
      ]),
    {
      assertion: 'assertToolCalls',
      path: '[0].arguments.city',
      headline:
        'Unexpected tool calls at "[0].arguments.city": expected "Osaka", got "Tokyo"',
      expected: [
        { name: 'get_weather', arguments: { city: 'Osaka' } },
        { name: 'get_time' },
      ],
      actual: [
        { name: 'get_weather', arguments: { city: 'Tokyo' } },
        { name: 'get_time' },
      ],
    },
  );
  assert(error.message.includes('-       "city": "Osaka"'));
  assert(error.message.includes('+       "city": "Tokyo"'));
  assert(error.message.includes('      "name": "get_weather",'));
});

test('assertToolCalls reports a missing or extra call with the names made', async () => {
  const { result } = await weatherRun();
  assertFailure(
    () => assertToolCalls(result, [{ name: 'get_weather' }]),
    {
      assertion: 'assertToolCalls',
      path: '[1]',
      headline:
        'Unexpected tool calls: expected 1, got 2 ("get_weather", "get_time")',
      expected: [{ name: 'get_weather' }],
      actual: [
        { name: 'get_weather' },
        { name: 'get_time', arguments: { city: 'Paris' } },
      ],
    },
  );
  const model = new ScriptedModel([[assistantMessage('No tools')]]);
  const plain = await runner.run(new Agent({ name: 'A', model }), 'Hi');
  assertToolCalls(plain, []);
  assertFailure(() => assertToolCalls(plain, [{ name: 'get_weather' }]), {
    assertion: 'assertToolCalls',
    path: '[0]',
    headline: 'Unexpected tool calls: expected 1, got 0 (none)',
    expected: [{ name: 'get_weather' }],
    actual: [],
  });
});

test('handoffsTaken and assertHandoffs read the handoffs of a run', async () => {
  const model = new ScriptedModel();
  const refunds = new Agent({ name: 'Refunds', model });
  const billing = new Agent({ name: 'Billing', model, handoffs: [refunds] });
  const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
  model.enqueue(
    [handoffCall(billing, { callId: 'call_1' })],
    [handoffCall(refunds, { callId: 'call_2' })],
    [assistantMessage('Refunded')],
  );
  const result = await runner.run(triage, 'Refund');
  assert.deepEqual(handoffsTaken(result), [
    { from: 'Triage', to: 'Billing' },
    { from: 'Billing', to: 'Refunds' },
  ]);
  assertHandoffs(result, ['Billing', refunds]);
  assertToolCalls(result, []);
  assertFailure(() => assertHandoffs(result, ['Billing']), {
    assertion: 'assertHandoffs',
    path: '[1]',
    headline: 'Unexpected handoffs: expected 1, got 2',
    expected: ['Billing'],
    actual: ['Billing', 'Refunds'],
  });
  assertFailure(() => assertHandoffs(result, ['Billing', 'Sales']), {
    assertion: 'assertHandoffs',
    path: '[1]',
    headline: 'Unexpected handoffs at "[1]": expected "Sales", got "Refunds"',
    expected: ['Billing', 'Sales'],
    actual: ['Billing', 'Refunds'],
  });
});

test('assertFinalOutput compares text and structured output', async () => {
  const { result } = await weatherRun();
  assertFinalOutput(result, 'Sunny, 9 am');
  assertFailure(() => assertFinalOutput(result, 'Rainy'), {
    assertion: 'assertFinalOutput',
    path: '',
    headline: 'Unexpected final output: expected "Rainy", got "Sunny, 9 am"',
    expected: 'Rainy',
    actual: 'Sunny, 9 am',
  });
  const model = new ScriptedModel([[
    assistantMessage('{"city":"Tokyo","temperature":21}'),
  ]]);
  const agent = new Agent({
    name: 'A',
    model,
    outputType: z.object({ city: z.string(), temperature: z.number() }),
  });
  const structured = await runner.run(agent, 'Weather?');
  assertFinalOutput(structured, { temperature: 21, city: 'Tokyo' });
  assertFailure(
    () => assertFinalOutput(structured, { city: 'Tokyo', temperature: 22 }),
    {
      assertion: 'assertFinalOutput',
      path: 'temperature',
      headline: 'Unexpected final output at "temperature": expected 22, got 21',
      expected: { city: 'Tokyo', temperature: 22 },
      actual: { city: 'Tokyo', temperature: 21 },
    },
  );
});

test('The assertions read a completed streamed run too', async () => {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('Sunny')],
  ]);
  const agent = new Agent({ name: 'A', model, tools: [getWeather] });
  const stream = await runner.run(agent, 'Weather?', { stream: true });
  await stream.completed;
  assertToolCalls(stream, [{ name: 'get_weather', output: 'Sunny in Tokyo' }]);
  assertFinalOutput(stream, 'Sunny');
});

test('modelRequest returns the request of a call and fails past the last one', async () => {
  const { model } = await weatherRun();
  const second = modelRequest(model, 1);
  assert.equal(second, model.calls[1]?.request);
  assert.equal(modelRequest(model, -1), second);
  assert.equal(modelRequest(model, -2), model.calls[0]?.request);
  assertFailure(() => modelRequest(model, 2), {
    assertion: 'modelRequest',
    path: undefined,
    headline: 'Unexpected model calls: expected a call at index 2, got 2 calls',
    expected: 3,
    actual: 2,
  });
  assertFailure(() => modelRequest(model, -3), {
    assertion: 'modelRequest',
    path: undefined,
    headline:
      'Unexpected model calls: expected a call at index -3, got 2 calls',
    expected: 3,
    actual: 2,
  });
});

test('The assertions reject unusable input with structured errors', async () => {
  const { model, result } = await weatherRun();
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const cases: [() => unknown, string, string, string, string?][] = [
    [
      () => toolCalls(undefined as never),
      'invalid_type',
      'result',
      'undefined',
    ],
    [
      () => handoffsTaken({ newItems: 'x' } as never),
      'invalid_type',
      'result.newItems',
      '"x"',
    ],
    [
      () => toolCalls(proxy as never),
      'unreadable',
      'result.newItems',
      'undefined',
    ],
    [
      () => assertToolCalls(result, {} as never),
      'invalid_type',
      'expected',
      'an object',
    ],
    [
      () =>
        assertToolCalls(
          result,
          [{ name: 'get_weather', argumnts: {} }] as never,
        ),
      'unknown_key',
      'expected[0].argumnts',
      '"argumnts"',
      'arguments',
    ],
    [
      () => assertToolCalls(result, [{ name: '' }]),
      'invalid_value',
      'expected[0].name',
      '""',
    ],
    [
      () => assertHandoffs(result, [{}] as never),
      'invalid_value',
      'expected[0]',
      'an object',
    ],
    [() => modelRequest(model, 1.5), 'invalid_value', 'index', '1.5'],
    [
      () => modelRequest({} as never, 0),
      'invalid_type',
      'model.calls',
      'undefined',
    ],
  ];
  for (const [check, reason, path, received, suggestion] of cases) {
    assert.throws(check, (error: unknown) => {
      assert(error instanceof InvalidRunAssertionInputError);
      assert.equal(error.name, 'InvalidRunAssertionInputError');
      assert.equal(error.reason, reason);
      assert.equal(error.path, path);
      assert.equal(error.received, received);
      assert.equal(error.suggestion, suggestion);
      assert.match(error.message, /^Invalid \w+ input: expected /);
      return true;
    });
  }
});
