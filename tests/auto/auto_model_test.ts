import { spy } from '../_support/spy.ts';
import { Agent, type AgentOutputItem, tool } from '@openai/agents';
import {
  assistantMessage,
  modelResponse,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
} from '@scripted/agents';
import {
  AutoModel,
  autoModel,
  AutoModelSchemaError,
  AutoModelTargetNotOfferedError,
  autoStep,
  InvalidAutoModelOptionsError,
} from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { at } from '../_support/at.ts';
import { request, runner, runStreamed } from '../model/_fixtures.ts';

const bookingParameters = z.object({
  city: z.enum(['Tokyo', 'Paris', 'Lima']),
  guests: z.number().int().min(1).max(8),
  budget: z.number().gt(0).lte(500).multipleOf(0.5),
  checkIn: z.iso.date(),
  arrival: z.string().datetime(),
  email: z.string().email(),
  website: z.string().url(),
  requestId: z.string().uuid(),
  code: z.string().regex(/^[A-Z]{3}-\d{4}$/),
  note: z.string().min(3).max(10).nullable(),
  promo: z.string().nullish(),
  rooms: z.array(
    z.object({
      kind: z.literal('double').or(z.literal('single')),
      beds: z.number().int().nonnegative().max(3),
    }),
  ).min(1).max(4),
  tags: z.array(z.string().min(2).max(5)).max(2),
  contact: z.object({
    name: z.string().min(1),
    phone: z.string().regex(/^\+\d{7,12}$/).nullable(),
  }),
  payment: z.discriminatedUnion('method', [
    z.object({ method: z.literal('card'), last4: z.string().regex(/^\d{4}$/) }),
    z.object({ method: z.literal('cash') }),
  ]),
});

/** A zod tool that records the arguments it executed with. */
function bookingTool(seen: unknown[]) {
  return tool({
    name: 'book_hotel',
    description: 'Books a hotel.',
    parameters: bookingParameters,
    execute: (args) => {
      seen.push(args);
      return `booked ${args.city}`;
    },
  });
}

function weatherTool(seen: unknown[] = []) {
  return tool({
    name: 'get_weather',
    description: 'Gets the weather.',
    parameters: z.object({ city: z.enum(['Tokyo', 'Oslo']) }),
    execute: ({ city }) => {
      seen.push(city);
      return `${city}: sunny`;
    },
  });
}

function functionCalls(output: readonly AgentOutputItem[]) {
  return output.filter((item) => item.type === 'function_call') as {
    name: string;
    arguments: string;
    callId: string;
  }[];
}

test('autoModel calls every zod tool with arguments its schema accepts, then answers', async () => {
  for (const seed of [0, 1, 2, 3, 'booking']) {
    const seen: unknown[] = [];
    const weather: unknown[] = [];
    const model = autoModel({ seed });
    const agent = new Agent({
      name: 'Travel',
      model,
      tools: [bookingTool(seen), weatherTool(weather)],
    });
    const result = await runner.run(agent, 'Book a trip');
    assert.equal(seen.length, 1, `seed ${seed}: book_hotel ran once`);
    assert.equal(weather.length, 1, `seed ${seed}: get_weather ran once`);
    const parsed = bookingParameters.safeParse(seen[0]);
    assert(parsed.success, `seed ${seed}: ${JSON.stringify(parsed.error)}`);
    assert.equal(model.calls.length, 2);
    assert.deepEqual(
      JSON.parse(String(result.finalOutput)),
      {
        book_hotel: `booked ${(seen[0] as { city: string }).city}`,
        get_weather: `${weather[0]}: sunny`,
      },
    );
    model.assertComplete();
  }
});

test('autoModel works through a transparent Proxy and a spy that wraps functions', async () => {
  for (const wrap of ['proxy', 'spy'] as const) {
    const model = autoModel({ seed: 7 });
    const seen: string[] = [];
    const wrapped = wrap === 'proxy'
      ? new Proxy(model, {})
      : spy(model, { call: (key) => seen.push(String(key)) });
    const weather: unknown[] = [];
    const agent = new Agent({
      name: 'A',
      model: wrapped,
      tools: [weatherTool(weather)],
    });
    await runner.run(agent, 'Weather?');
    assert.equal(weather.length, 1, `${wrap}: the tool ran`);
    assert.equal(wrapped.calls.length, 2);
    assert.equal(wrapped.remainingSteps, 0);
    wrapped.assertComplete();
    if (wrap === 'spy') assert(seen.includes('getResponse'));
  }
});

test('autoModel records calls like ScriptedModel', async () => {
  const model = autoModel();
  assert(model instanceof ScriptedModel);
  assert.equal(model.calls.length, 0);
  const agent = new Agent({ name: 'A', model, tools: [weatherTool()] });
  await runner.run(agent, 'Weather?');
  assert.equal(model.calls.length, 2);
  assert.equal(model.firstCall, model.calls[0]);
  assert.equal(model.lastCall, model.calls[1]);
  assert.deepEqual(model.calls.map((call) => call.index), [0, 1]);
  assert.equal(model.firstCall?.streamed, false);
  assert(Object.isFrozen(model.lastCall!.request));
  const results = (model.lastCall!.request.input as { type: string }[])
    .filter((item) => item.type === 'function_call_result');
  assert.equal(results.length, 1);
  assert.equal(model.remainingSteps, 0);
});

test('autoModel generates the same calls for the same seed, other calls for another', async () => {
  async function callsFor(seed: number): Promise<string[]> {
    const model = autoModel({ seed });
    const agent = new Agent({
      name: 'Travel',
      model,
      tools: [bookingTool([])],
    });
    const result = await runner.run(agent, 'Book');
    return functionCalls(at(result.rawResponses, 0).output).map((call) =>
      call.arguments
    );
  }
  const first = await callsFor(11);
  assert.deepEqual(await callsFor(11), first);
  assert.notDeepEqual(await callsFor(12), first);
  assert.notDeepEqual(await callsFor(13), first);
});

test('autoModel answers with a value of the output type that the SDK parses', async () => {
  const outputType = z.object({
    verdict: z.enum(['approve', 'reject']),
    score: z.number().min(0).max(1),
    reasons: z.array(z.string().min(1)).min(1).max(3),
    reviewer: z.object({ email: z.string().email(), id: z.string().uuid() }),
    followUp: z.string().datetime().nullable(),
  });
  const seen: unknown[] = [];
  const model = autoModel({ seed: 5 });
  const agent = new Agent({
    name: 'Reviewer',
    model,
    tools: [weatherTool(seen)],
    outputType,
  });
  const result = await runner.run(agent, 'Review');
  assert.equal(seen.length, 1);
  assert.equal(typeof result.finalOutput, 'object');
  assert(outputType.safeParse(result.finalOutput).success);
  assert.equal(model.lastCall?.request.outputType !== 'text', true);
  model.assertComplete();
});

test('autoModel calls raw JSON-schema tools, strict and not, with valid arguments', async () => {
  const strictSchema = {
    type: 'object',
    properties: {
      sku: { type: 'string', pattern: '^SKU-[0-9]{5}$' },
      quantity: { type: 'integer', minimum: 1, maximum: 99 },
      gift: { type: ['boolean', 'null'] },
      address: {
        type: 'object',
        properties: {
          line: { type: 'string', minLength: 5, maxLength: 40 },
          country: { type: 'string', enum: ['JP', 'FR', 'PE'] },
        },
        required: ['line', 'country'],
        additionalProperties: false,
      },
    },
    required: ['sku', 'quantity', 'gift', 'address'],
    additionalProperties: false,
  } as const;
  const looseSchema = {
    type: 'object',
    $defs: {
      money: {
        type: 'object',
        properties: {
          amount: { type: 'number', exclusiveMinimum: 0, maximum: 1000 },
          currency: { const: 'EUR' },
        },
        required: ['amount', 'currency'],
      },
    },
    properties: {
      total: { $ref: '#/$defs/money' },
      discount: { anyOf: [{ $ref: '#/$defs/money' }, { type: 'null' }] },
      lines: {
        type: 'array',
        items: { type: 'string', format: 'uuid' },
        minItems: 2,
        maxItems: 3,
        uniqueItems: true,
      },
      memo: { type: 'string', maxLength: 8 },
      rush: { allOf: [{ type: 'integer' }, { minimum: 10, multipleOf: 5 }] },
    },
    required: ['total', 'lines', 'rush'],
    additionalProperties: true,
  };
  const seen: { order: unknown[]; invoice: unknown[] } = {
    order: [],
    invoice: [],
  };
  const order = tool({
    name: 'order',
    description: 'Orders.',
    strict: true,
    parameters: strictSchema as never,
    execute: (args) => {
      seen.order.push(args);
      return 'ordered';
    },
  });
  const invoice = tool({
    name: 'invoice',
    description: 'Invoices.',
    strict: false,
    parameters: looseSchema as never,
    execute: (args) => {
      seen.invoice.push(args);
      return 'invoiced';
    },
  });
  const strictValidator = z.fromJSONSchema(strictSchema as never);
  const looseValidator = z.fromJSONSchema(looseSchema as never);
  for (let seed = 0; seed < 8; seed++) {
    const model = autoModel({ seed });
    const agent = new Agent({ name: 'Shop', model, tools: [order, invoice] });
    await runner.run(agent, 'Order and invoice');
    const orderArgs = seen.order.at(-1);
    const invoiceArgs = seen.invoice.at(-1);
    assert(
      strictValidator.safeParse(orderArgs).success,
      JSON.stringify(orderArgs),
    );
    assert(
      looseValidator.safeParse(invoiceArgs).success,
      JSON.stringify(invoiceArgs),
    );
    const lines = (invoiceArgs as { lines: string[] }).lines;
    assert.equal(new Set(lines).size, lines.length);
    assert.equal((invoiceArgs as { rush: number }).rush % 5, 0);
  }
  assert.equal(seen.order.length, 8);
  assert.equal(seen.invoice.length, 8);
});

test('autoModel takes the named handoff once the tool results are in', async () => {
  const billingModel = autoModel({ text: 'Billing here.' });
  const billing = new Agent({ name: 'Billing agent', model: billingModel });
  const seen: unknown[] = [];
  const model = autoModel({ handoff: 'Billing agent' });
  const triage = Agent.create({
    name: 'Triage',
    model,
    tools: [weatherTool(seen)],
    handoffs: [billing],
  });
  const result = await runner.run(triage, 'I have a billing question');
  assert.equal(result.finalOutput, 'Billing here.');
  assert.equal(result.lastAgent?.name, 'Billing agent');
  assert.equal(seen.length, 1);
  assert.equal(model.calls.length, 2);
  const handoff = functionCalls(at(result.rawResponses, 1).output);
  assert.deepEqual(handoff.map((call) => call.name), [
    'transfer_to_Billing_agent',
  ]);
  assert.equal(billingModel.calls.length, 1);
  model.assertComplete();
  billingModel.assertComplete();
});

test('autoModel fails a call when a named tool or handoff is not offered, and remembers it', async () => {
  const model = autoModel({ tools: ['get_weather', 'book_taxi'] });
  const agent = new Agent({ name: 'A', model, tools: [weatherTool()] });
  const error = await runner.run(agent, 'Go').then(
    () => assert.fail('the run should fail'),
    (thrown: unknown) => thrown,
  );
  assert(error instanceof AutoModelTargetNotOfferedError);
  assert.equal(error.name, 'AutoModelTargetNotOfferedError');
  assert.equal(error.callIndex, 0);
  assert.equal(error.kind, 'tool');
  assert.equal(error.target, 'book_taxi');
  assert.deepEqual(error.offered, ['get_weather']);
  assert.equal(
    error.message,
    'Auto model call 0: expected the request to offer the tool "book_taxi", it offers: "get_weather"',
  );
  assert.equal(model.calls.length, 1);
  assert.throws(() => model.assertComplete(), (thrown) => thrown === error);

  // A handoff nobody offers: the agent answers; assertComplete names it.
  const handoffModel = autoModel({ handoff: 'Nobody' });
  await runner.run(new Agent({ name: 'B', model: handoffModel }), 'Go');
  assert.throws(
    () => handoffModel.assertComplete(),
    (thrown: AutoModelTargetNotOfferedError) =>
      thrown.kind === 'handoff' && thrown.target === 'Nobody' &&
      thrown.offered.length === 0,
  );
});

test('autoModel calls only the tools named in options.tools', async () => {
  const weather: unknown[] = [];
  const booked: unknown[] = [];
  const model = autoModel({ tools: ['get_weather'] });
  const agent = new Agent({
    name: 'A',
    model,
    tools: [weatherTool(weather), bookingTool(booked)],
  });
  await runner.run(agent, 'Go');
  assert.equal(weather.length, 1);
  assert.equal(booked.length, 0);
});

test('autoModel follows toolChoice and parallelToolCalls from the model settings', async () => {
  const weather: unknown[] = [];
  const booked: unknown[] = [];
  const tools = [weatherTool(weather), bookingTool(booked)];
  const oneAtATime = autoModel();
  await runner.run(
    new Agent({
      name: 'A',
      model: oneAtATime,
      tools,
      modelSettings: { parallelToolCalls: false },
    }),
    'Go',
  );
  assert.equal(oneAtATime.calls.length, 3);
  assert.deepEqual([weather.length, booked.length], [1, 1]);

  const none = autoModel({ text: 'no tools' });
  const result = await runner.run(
    new Agent({
      name: 'B',
      model: none,
      tools,
      modelSettings: { toolChoice: 'none' },
    }),
    'Go',
  );
  assert.equal(result.finalOutput, 'no tools');
  assert.deepEqual([weather.length, booked.length], [1, 1]);

  const named = autoModel();
  const namedResult = await runner.run(
    new Agent({
      name: 'C',
      model: named,
      tools,
      modelSettings: { toolChoice: 'book_hotel' },
    }),
    'Go',
  );
  // The SDK resets the tool choice after a tool call: then "auto" again.
  assert.deepEqual(
    namedResult.rawResponses.map((response) =>
      functionCalls(response.output).map((call) => call.name)
    ),
    [['book_hotel'], ['get_weather'], []],
  );
  assert.deepEqual([weather.length, booked.length], [2, 2]);
});

test('autoModel serves streamed runs with the normalized events', async () => {
  const seen: unknown[] = [];
  const model = autoModel({ seed: 3 });
  const agent = new Agent({ name: 'A', model, tools: [bookingTool(seen)] });
  const { finalOutput, raw } = await runStreamed(agent, 'Book');
  assert.equal(seen.length, 1);
  assert(bookingParameters.safeParse(seen[0]).success);
  assert.deepEqual(JSON.parse(String(finalOutput)), {
    book_hotel: `booked ${(seen[0] as { city: string }).city}`,
  });
  assert.deepEqual(model.calls.map((call) => call.streamed), [true, true]);
  const done = raw.filter((event) => event.type === 'response_done');
  assert.equal(done.length, 2);
  assert.deepEqual(raw.at(-3)?.type, 'response_started');
  assert.deepEqual(raw.at(-2)?.type, 'output_text_delta');
  model.assertComplete();
});

test('autoModel streams the same calls as a plain run with the same seed', async () => {
  const plain = autoModel({ seed: 9 });
  const streamed = autoModel({ seed: 9 });
  const plainSeen: unknown[] = [];
  const streamedSeen: unknown[] = [];
  await runner.run(
    new Agent({ name: 'A', model: plain, tools: [bookingTool(plainSeen)] }),
    'Book',
  );
  await runStreamed(
    new Agent({
      name: 'A',
      model: streamed,
      tools: [bookingTool(streamedSeen)],
    }),
    'Book',
  );
  assert.deepEqual(streamedSeen, plainSeen);
});

test('autoStep mixes automatic turns with a hand-written answer in one script', async () => {
  const weather: unknown[] = [];
  const booked: unknown[] = [];
  const model = new ScriptedModel([
    autoStep({ tools: ['get_weather'] }),
    autoStep({ tools: ['book_hotel'], seed: 4 }),
    [assistantMessage('Booked, and the weather is fine.')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [weatherTool(weather), bookingTool(booked)],
  });
  const result = await runner.run(agent, 'Plan');
  assert.equal(result.finalOutput, 'Booked, and the weather is fine.');
  assert.equal(weather.length, 1);
  assert.equal(booked.length, 1);
  assert(bookingParameters.safeParse(booked[0]).success);
  assert.equal(model.calls.length, 3);
  model.assertComplete();
});

test('autoStep counts as one step: an unused auto step is left over', async () => {
  const model = new ScriptedModel([autoStep(), autoStep()]);
  const agent = new Agent({ name: 'A', model, tools: [weatherTool()] });
  await runner.run(agent, 'Go');
  assert.equal(model.remainingSteps, 0);
  const short = new ScriptedModel([autoStep({ text: 'hi' }), autoStep()]);
  await runner.run(new Agent({ name: 'B', model: short }), 'Go');
  assert.throws(() => short.assertComplete(), UnconsumedModelStepsError);
});

test('autoModel uses enqueued steps first, then answers automatically', async () => {
  const model = autoModel();
  model.enqueue(modelResponse([assistantMessage('scripted')]));
  const agent = new Agent({ name: 'A', model, tools: [weatherTool()] });
  const first = await runner.run(agent, 'One');
  assert.equal(first.finalOutput, 'scripted');
  const second = await runner.run(agent, 'Two');
  assert.equal(second.finalOutput, '{"get_weather":"Oslo: sunny"}');
  assert.equal(model.calls.length, 3);
  model.assertComplete();
});

test('autoModel calls the tools again in the next user turn', async () => {
  const seen: unknown[] = [];
  const model = autoModel({ text: 'ok' });
  const agent = new Agent({ name: 'A', model, tools: [weatherTool(seen)] });
  const first = await runner.run(agent, 'One');
  await runner.run(agent, [
    ...first.history,
    { role: 'user', content: 'Two' },
  ]);
  assert.equal(seen.length, 2);
  assert.equal(model.calls.length, 4);
});

test('autoModel leaves no step behind for an already-aborted request', async () => {
  const model = autoModel();
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(
    model.getResponse(request({ signal: controller.signal })),
    ScriptedModelRequestAbortedError,
  );
  assert.equal(model.remainingSteps, 0);
  assert.equal(model.calls.length, 0);
  model.assertComplete();
  const response = await model.getResponse(request());
  assert.deepEqual(response.output, [
    assistantMessage('success (no tool calls)'),
  ]);
});

test('autoModel fails a schema it cannot satisfy with AutoModelSchemaError, remembered', async () => {
  const model = autoModel();
  const agent = new Agent({
    name: 'A',
    model,
    tools: [
      tool({
        name: 'pack',
        description: 'Packs items.',
        strict: false,
        parameters: {
          type: 'object',
          properties: {
            items: { type: 'array', minItems: 3, maxItems: 2 },
          },
          required: ['items'],
          additionalProperties: true,
        },
        execute: () => 'never',
      }),
    ],
  });
  let caught: unknown;
  try {
    await runner.run(agent, 'Pack');
  } catch (error) {
    caught = error; // the application swallows it
  }
  assert(caught instanceof AutoModelSchemaError);
  assert.equal(caught.name, 'AutoModelSchemaError');
  assert.equal(caught.toolName, 'pack');
  assert.equal(caught.path, 'parameters.properties.items.minItems');
  assert.equal(caught.reason, 'contradictory_bounds');
  assert.equal(caught.detail, 'minItems 3 is above the 2 items allowed');
  assert.equal(caught.callIndex, 0);
  assert.equal(
    caught.message,
    'Auto model cannot satisfy the schema of tool "pack" (call 0) at "parameters.properties.items.minItems": contradictory_bounds: minItems 3 is above the 2 items allowed',
  );
  assert.equal(model.calls.length, 1);
  assert.throws(() => model.assertComplete(), (error) => error === caught);
});

test('autoModel names the output type when its schema cannot be satisfied', async () => {
  const model = autoModel();
  const response = model.getResponse(request({
    outputType: {
      type: 'json_schema',
      name: 'output',
      strict: true,
      schema: {
        type: 'object',
        properties: { code: { type: 'string', pattern: '^(?=a)b$' } },
        required: ['code'],
        additionalProperties: false,
      },
    },
  }));
  await assert.rejects(response, (error: AutoModelSchemaError) => {
    assert.equal(error.name, 'AutoModelSchemaError');
    assert.equal(error.toolName, undefined);
    assert.equal(error.path, 'outputType.schema.properties.code.pattern');
    assert.equal(error.reason, 'unsupported_pattern');
    assert.match(
      error.message,
      /^Auto model cannot satisfy the schema of the output type/,
    );
    return true;
  });
});

test('autoModel and autoStep reject malformed options where they are given', () => {
  const unknownKey =
    'only "seed", "tools", "allow", "handoff", "maxHandoffs", "retries", "onRejected", "isRejection", "text", "schemas" and "outputSchema"';
  const checkIssue = 'a schema with a safeParse method, such as a zod schema';
  const handoffIssue =
    'an agent or handoff tool name, a list of them or a function';
  const count = 'an integer >= 0 <= 100';
  const cases: [unknown, string, string, string, string | undefined][] = [
    [42, 'options', 'an options object', 'invalid_type', undefined],
    [[], 'options', 'an options object', 'invalid_type', undefined],
    [
      { seed: {} },
      'options.seed',
      'a finite number or a string',
      'invalid_type',
      undefined,
    ],
    [
      { seed: Number.NaN },
      'options.seed',
      'a finite number or a string',
      'invalid_value',
      undefined,
    ],
    [
      { tools: 'get_weather' },
      'options.tools',
      'an array',
      'invalid_type',
      undefined,
    ],
    [
      { tools: [''] },
      'options.tools[0]',
      'a non-empty string',
      'invalid_value',
      undefined,
    ],
    [
      { tools: ['a', 3] },
      'options.tools[1]',
      'a non-empty string',
      'invalid_type',
      undefined,
    ],
    [
      { handoff: 3 },
      'options.handoff',
      handoffIssue,
      'invalid_type',
      undefined,
    ],
    [
      { handoff: '' },
      'options.handoff',
      handoffIssue,
      'invalid_value',
      undefined,
    ],
    [
      { handoff: ['a', 7] },
      'options.handoff[1]',
      'a non-empty string',
      'invalid_type',
      undefined,
    ],
    [
      { allow: 'shell' },
      'options.allow',
      'an array',
      'invalid_type',
      undefined,
    ],
    [
      { allow: [''] },
      'options.allow[0]',
      'a non-empty string',
      'invalid_value',
      undefined,
    ],
    [{ retries: '2' }, 'options.retries', count, 'invalid_type', undefined],
    [{ retries: -1 }, 'options.retries', count, 'invalid_value', undefined],
    [{ retries: 1.5 }, 'options.retries', count, 'invalid_value', undefined],
    [
      { maxHandoffs: 101 },
      'options.maxHandoffs',
      count,
      'invalid_value',
      undefined,
    ],
    [
      { onRejected: 'warm' },
      'options.onRejected',
      'one of "fail" or "warn"',
      'invalid_value',
      'warn',
    ],
    [
      { onRejected: true },
      'options.onRejected',
      'one of "fail" or "warn"',
      'invalid_type',
      undefined,
    ],
    [
      { isRejection: 'x' },
      'options.isRejection',
      'a function',
      'invalid_type',
      undefined,
    ],
    [{ text: null }, 'options.text', 'a string', 'invalid_type', undefined],
    [
      { schemas: [] },
      'options.schemas',
      'an object of schemas by tool name',
      'invalid_type',
      undefined,
    ],
    [
      { schemas: { lookup: undefined } },
      'options.schemas.lookup',
      checkIssue,
      'invalid_type',
      undefined,
    ],
    [
      { schemas: { lookup: () => true } },
      'options.schemas.lookup',
      checkIssue,
      'invalid_type',
      undefined,
    ],
    [
      { schemas: { lookup: { parse: () => 1 } } },
      'options.schemas.lookup.safeParse',
      'a function',
      'invalid_type',
      undefined,
    ],
    [
      { outputSchema: null },
      'options.outputSchema',
      checkIssue,
      'invalid_type',
      undefined,
    ],
    [
      { outputSchema: { safeParse: 'yes' } },
      'options.outputSchema.safeParse',
      'a function',
      'invalid_type',
      undefined,
    ],
    [{ sead: 1 }, 'options.sead', unknownKey, 'unknown_key', 'seed'],
    [{ zzzzzz: 1 }, 'options.zzzzzz', unknownKey, 'unknown_key', undefined],
    // An unknown key named like the bag itself is still a key of it.
    [{ options: 1 }, 'options.options', unknownKey, 'unknown_key', undefined],
  ];
  for (const [options, path, expected, reason, suggestion] of cases) {
    for (const factory of [autoModel, autoStep]) {
      assert.throws(
        () => factory(options as never),
        (error: InvalidAutoModelOptionsError) => {
          assert(error instanceof InvalidAutoModelOptionsError);
          assert.equal(error.name, 'InvalidAutoModelOptionsError');
          assert.equal(error.reason, reason, path);
          assert.equal(error.path, path);
          assert.equal('option' in error, false);
          assert.equal('expected' in error, false);
          assert.equal(error.issue, expected);
          assert.equal(error.suggestion, suggestion);
          assert.equal(typeof error.received, 'string');
          assert.equal(
            error.message,
            `Invalid auto model options: expected "${path}" to be ${expected}, got ${error.received}${
              suggestion === undefined ? '' : ` (did you mean "${suggestion}"?)`
            }`,
          );
          return true;
        },
      );
    }
  }
  const hostile = new Proxy({}, {
    ownKeys: () => {
      throw new Error('no keys');
    },
  });
  assert.throws(
    () => autoModel(hostile as never),
    (error: InvalidAutoModelOptionsError) => {
      assert(error instanceof InvalidAutoModelOptionsError);
      assert.equal(error.reason, 'unreadable');
      assert.equal(error.path, 'options');
      assert.equal(error.received, 'the error "no keys"');
      return true;
    },
  );
  assert.throws(
    () => autoModel({ seed: {} } as never),
    (error: InvalidAutoModelOptionsError) => {
      assert.equal(error.received, 'an object');
      return true;
    },
  );
  assert(
    new AutoModel({ seed: 'x', tools: [], text: '' }) instanceof AutoModel,
  );
});
