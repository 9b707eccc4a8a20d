import {
  Agent,
  handoff,
  type ModelRequest,
  type SerializedHandoff,
  type SerializedTool,
  tool,
  webSearchTool,
} from '@openai/agents';
import type { ScriptedModel } from '@scripted/agents';
import {
  autoModel,
  AutoModelSchemaError,
  AutoModelTargetNotOfferedError,
  autoStep,
  InvalidAutoModelOptionsError,
} from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { request, runner, runStreamed } from '../model/_fixtures.ts';

const counter = {
  type: 'object',
  properties: {
    n: { type: 'integer', minimum: 1, maximum: 1000 },
    word: { type: 'string', pattern: '^[a-z]{6}$' },
    pick: { enum: ['a', 'b', 'c', 'd', 'e'] },
  },
  required: ['n', 'word', 'pick'],
  additionalProperties: false,
};

/** A serialized function tool, as the SDK puts it in a request. */
function fn(name: unknown, more: Record<string, unknown> = {}): SerializedTool {
  return {
    type: 'function',
    name,
    description: '',
    strict: false,
    parameters: counter,
    ...more,
  } as unknown as SerializedTool;
}

/** A serialized handoff. */
function offer(
  toolName: string,
  inputJsonSchema?: unknown,
): SerializedHandoff {
  return {
    toolName,
    toolDescription: '',
    strictJsonSchema: true,
    ...(inputJsonSchema === undefined ? {} : { inputJsonSchema }),
  } as unknown as SerializedHandoff;
}

const user = (content: string) => ({ role: 'user', content });
const call = (name: string, callId: string) => ({
  type: 'function_call',
  name,
  callId,
  arguments: '{}',
});
const result = (name: unknown, callId: string, output: unknown) => ({
  type: 'function_call_result',
  name,
  callId,
  status: 'completed',
  output,
});

/** The answer's output items, for one direct call. */
async function answer(
  model: ScriptedModel,
  overrides: Record<string, unknown>,
): Promise<unknown[]> {
  const response = await model.getResponse(
    request(overrides as Partial<ModelRequest>),
  );
  return response.output.map((item) => ({ ...item }));
}

/** A function call item of an automatic answer. */
const autoCall = (
  name: string,
  args: string,
  i = 0,
  callIndex = 0,
): Record<string, unknown> => ({
  type: 'function_call',
  name,
  callId: `call_auto_${callIndex}_${i}`,
  id: `call_auto_${callIndex}_${i}`,
  status: 'completed',
  arguments: args,
});

/** A handoff call item of an automatic answer. */
const handoffCall = (
  name: string,
  args: string,
  callIndex = 0,
): Record<string, unknown> => ({
  ...autoCall(name, args, 0, callIndex),
  callId: `call_auto_${callIndex}_handoff`,
  id: `call_auto_${callIndex}_handoff`,
});

/** A final message item of an automatic answer. */
const text = (value: string): Record<string, unknown> => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: value }],
});

test('autoModel without options generates exactly what seed 0 generates', async () => {
  const generated = async (options?: { seed: number | string }) =>
    await answer(autoModel(options), { tools: [fn('count')] });
  const seed0 = [autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}')];
  assert.deepEqual(await generated(), seed0);
  assert.deepEqual(await generated({ seed: 0 }), seed0);
  assert.deepEqual(await generated({ seed: 1 }), [
    autoCall('count', '{"n":5,"word":"tdxhwj","pick":"d"}'),
  ]);
  assert.deepEqual(await generated({ seed: 'x' }), [
    autoCall('count', '{"n":7,"word":"wdowyl","pick":"e"}'),
  ]);
});

test('autoModel seeds tool, handoff and output values apart, each fixed per seed', async () => {
  assert.deepEqual(
    await answer(autoModel({ seed: 1, handoff: 'B' }), {
      handoffs: [offer('transfer_to_B', counter)],
    }),
    [handoffCall('transfer_to_B', '{"n":6,"word":"owhksx","pick":"d"}')],
  );
  assert.deepEqual(
    await answer(autoModel({ seed: 1 }), {
      outputType: {
        type: 'json_schema',
        name: 'o',
        strict: true,
        schema: counter,
      },
    }),
    [text('{"n":3,"word":"mbrdbc","pick":"c"}')],
  );
});

test('autoModel rejects null options, odd tool names and unreadable tool lists', () => {
  const check = (
    options: unknown,
    want: Record<string, string>,
    message: string,
  ) => {
    for (const factory of [autoModel, autoStep]) {
      assert.throws(
        () => factory(options as never),
        (error: unknown) => {
          assert(error instanceof InvalidAutoModelOptionsError);
          assert.deepEqual(
            {
              reason: error.reason,
              issue: error.issue,
              received: error.received,
              path: error.path,
            },
            want,
          );
          assert.equal(error.message, message);
          return true;
        },
      );
    }
  };
  check(
    null,
    {
      reason: 'invalid_type',
      issue: 'an options object',
      received: 'null',
      path: 'options',
    },
    'Invalid auto model options: expected "options" to be an options object, got null',
  );
  const bad: [unknown[], string, string, string, string][] = [
    [[5], 'options.tools[0]', 'invalid_type', '5', 'a non-empty string'],
    [
      ['a', null],
      'options.tools[1]',
      'invalid_type',
      'null',
      'a non-empty string',
    ],
    [
      ['a', ''],
      'options.tools[1]',
      'invalid_value',
      '""',
      'a non-empty string',
    ],
    [
      new Array(10_001).fill('a'),
      'options.tools',
      'invalid_value',
      'an array of 10001',
      'a list of at most 10000',
    ],
  ];
  for (const [tools, path, reason, received, issue] of bad) {
    check(
      { tools },
      { reason, issue, received, path },
      `Invalid auto model options: expected "${path}" to be ${issue}, got ${received}`,
    );
  }
  const throwing = new Proxy(['a'], {
    get(target, key) {
      if (key === '0') throw new Error('unreadable name');
      return Reflect.get(target, key);
    },
  });
  check(
    { tools: throwing },
    {
      reason: 'unreadable',
      issue: 'readable',
      received: 'the error "unreadable name"',
      path: 'options.tools[0]',
    },
    'Invalid auto model options: expected "options.tools[0]" to be readable, got the error "unreadable name"',
  );
  const hostile = new Proxy({}, {
    ownKeys: () => {
      throw new Error('no keys');
    },
  });
  check(
    hostile,
    {
      reason: 'unreadable',
      issue: 'readable',
      received: 'the error "no keys"',
      path: 'options',
    },
    'Invalid auto model options: expected "options" to be readable, got the error "no keys"',
  );
  // The largest accepted list.
  assert.equal(
    autoModel({ tools: new Array(10_000).fill('a') }).remainingSteps,
    0,
  );
});

test('autoModel summarizes the tool results of the current turn by the calling tool name', async () => {
  const input = [
    user('before'),
    call('old_tool', 'c0'),
    result('old_tool', 'c0', 'stale'),
    user('now'),
    null,
    'stray',
    call('alpha', 'c1'),
    call('beta', 'c2'),
    result('beta', 'c2', { type: 'text', text: 'B' }),
    result('renamed', 'c1', 'A'),
    result('gamma', 'c9', { type: 'image', image: 'https://x/y.png' }),
    result('__proto__', 'c8', [{ type: 'input_text', text: 'L' }]),
    result(7, 'c7', null),
  ];
  assert.deepEqual(await answer(autoModel(), { input }), [
    text(
      // Integer-like keys come first in a JS object, as in JSON.parse.
      '{"7":null,"beta":"B","alpha":"A","gamma":{"type":"image","image":"https://x/y.png"},"__proto__":[{"type":"input_text","text":"L"}]}',
    ),
  ]);
  // Two results of one tool: the later one wins, in the first one's place.
  assert.deepEqual(
    await answer(autoModel(), {
      input: [
        user('now'),
        call('alpha', 'c1'),
        call('beta', 'c2'),
        call('alpha', 'c3'),
        result('alpha', 'c1', 'first'),
        result('beta', 'c2', 'B'),
        result('alpha', 'c3', 'second'),
      ],
    }),
    [text('{"alpha":"second","beta":"B"}')],
  );
  // A call without its result yet is no result.
  assert.deepEqual(
    await answer(autoModel(), { input: [user('now'), call('alpha', 'c1')] }),
    [text('success (no tool calls)')],
  );
  // The user message at index 0 starts the turn.
  assert.deepEqual(
    await answer(autoModel(), {
      input: [user('now'), call('alpha', 'c1'), result('alpha', 'c1', 'A')],
    }),
    [text('{"alpha":"A"}')],
  );
});

test('autoModel counts a tool as called only by a function call item of the turn', async () => {
  // A result with no call (a hand-built history) does not count as a call.
  assert.deepEqual(
    await answer(autoModel(), {
      input: [user('now'), result('count', 'c1', 'done')],
      tools: [fn('count')],
    }),
    [autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}')],
  );
  // A call before the last user message belongs to an older turn.
  assert.deepEqual(
    await answer(autoModel(), {
      input: [call('count', 'c1'), result('count', 'c1', 'x'), user('again')],
      tools: [fn('count')],
    }),
    [autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}')],
  );
  // Only the last user message starts the turn.
  assert.deepEqual(
    await answer(autoModel(), {
      input: [user('first'), call('count', 'c1'), user('again')],
      tools: [fn('count')],
    }),
    [autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}')],
  );
  // Without a user message, the whole input is the turn.
  assert.deepEqual(
    await answer(autoModel({ text: 'done' }), {
      input: [call('count', 'c1'), result('count', 'c1', 'x')],
      tools: [fn('count')],
    }),
    [text('done')],
  );
  // A tool named in options.tools and already called needs no offer.
  assert.deepEqual(
    await answer(autoModel({ tools: ['count'], text: 'done' }), {
      input: [user('now'), call('count', 'c1'), result('count', 'c1', '1')],
      tools: [],
    }),
    [text('done')],
  );
});

test('autoModel calls only function tools, skipping malformed and hosted entries', async () => {
  // A function is no tool entry, even one shaped like a tool.
  const impostor = Object.defineProperties(() => {}, {
    type: { value: 'function' },
    name: { value: 'impostor' },
    parameters: { value: counter },
  });
  assert.deepEqual(
    await answer(autoModel({ seed: 1 }), {
      input: [null, 'stray', user('now'), null],
      tools: [
        null,
        'count',
        impostor,
        { type: 'hosted_tool', name: 'web_search', providerData: {} },
        fn('count'),
      ],
      outputType: undefined,
    }),
    [autoCall('count', '{"n":5,"word":"tdxhwj","pick":"d"}')],
  );
  const model = autoModel();
  const agent = new Agent({
    name: 'Searcher',
    model,
    tools: [webSearchTool()],
  });
  const run = await runner.run(agent, 'Find it');
  assert.equal(run.finalOutput, 'success (no tool calls)');
  assert.deepEqual(model.calls.map((c) => c.request.tools.length), [1]);
  model.assertComplete();
});

test('autoModel leaves deferred tools alone unless options.tools names them', async () => {
  const tools = [fn('later', { deferLoading: true }), fn('count')];
  assert.deepEqual(await answer(autoModel(), { tools }), [
    autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}'),
  ]);
  const named = await answer(autoModel({ tools: ['later'] }), { tools });
  assert.equal(named.length, 1);
  assert.equal((named[0] as { name: string }).name, 'later');
});

test('autoModel names a non-string offered tool name in its not-offered error', async () => {
  const model = autoModel({ tools: ['count'] });
  const error = await model.getResponse(request({
    tools: [fn(7), fn('counter')],
  })).then(() => assert.fail('the call should fail'), (e: unknown) => e);
  assert(error instanceof AutoModelTargetNotOfferedError);
  // A non-string name is described, never passed on raw.
  assert.deepEqual(error.offered, ['7', 'counter']);
  assert.equal(
    error.message,
    'Auto model call 0: expected the request to offer the tool "count", it offers: "7", "counter"',
  );
});

test('autoModel honours toolChoice none, auto, required and a named tool', async () => {
  const tools = [fn('none'), fn('auto'), fn('count')];
  const names = async (toolChoice: string) =>
    (await answer(autoModel({ text: 'answered' }), {
      tools,
      modelSettings: { toolChoice },
    })).map((item) => (item as { name?: string }).name ?? 'text');
  assert.deepEqual(await names('none'), ['text']);
  assert.deepEqual(await names('auto'), ['none', 'auto', 'count']);
  assert.deepEqual(await names('required'), ['none', 'auto', 'count']);
  assert.deepEqual(await names('count'), ['count']);
  assert.deepEqual(await names('auto_'), ['text']);

  for (const toolChoice of ['auto', 'required'] as const) {
    const seen: string[] = [];
    const make = (name: string) =>
      tool({
        name,
        description: name,
        parameters: z.object({ city: z.enum(['Tokyo', 'Oslo']) }),
        execute: ({ city }) => {
          seen.push(name);
          return `${name} ${city}`;
        },
      });
    const model = autoModel({ seed: 2 });
    const run = await runner.run(
      new Agent({
        name: 'A',
        model,
        tools: [make('first'), make('second')],
        modelSettings: { toolChoice },
      }),
      'Go',
    );
    assert.deepEqual(seen, ['first', 'second'], toolChoice);
    assert.equal(model.calls.length, 2);
    assert.deepEqual(
      Object.keys(JSON.parse(String(run.finalOutput))),
      ['first', 'second'],
    );
  }
});

test('autoModel passes a string tool namespace on to its call, and nothing else', async () => {
  assert.deepEqual(
    await answer(autoModel(), { tools: [fn('count', { namespace: 'ns' })] }),
    [{
      ...autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}'),
      namespace: 'ns',
    }],
  );
  for (const namespace of [5, null, undefined]) {
    const output = await answer(autoModel(), {
      tools: [fn('count', { namespace })],
    });
    assert.deepEqual(output, [
      autoCall('count', '{"n":6,"word":"tvjisw","pick":"e"}'),
    ]);
    assert.equal('namespace' in (output[0] as object), false);
  }
});

test('autoModel takes its handoff once per turn, with {} for a schemaless handoff', async () => {
  const handoffs = [offer('transfer_to_B', counter)];
  for (const taken of ['transfer_to_B', 'B']) {
    assert.deepEqual(
      await answer(autoModel({ handoff: 'B', text: 'stayed' }), {
        input: [user('now'), call(taken, 'c1'), result(taken, 'c1', 'ok')],
        handoffs,
      }),
      [text('stayed')],
      taken,
    );
  }
  for (const schema of [undefined, {}]) {
    assert.deepEqual(
      await answer(autoModel({ handoff: 'B' }), {
        handoffs: [
          null,
          offer('transfer_to_A', counter),
          offer('transfer_to_B', schema),
        ],
      }),
      [handoffCall('transfer_to_B', '{}')],
    );
  }
  // An agent name with spaces maps to its handoff tool name.
  assert.deepEqual(
    await answer(autoModel({ handoff: 'Billing agent' }), {
      handoffs: [offer('transfer_to_Billing_agent')],
    }),
    [handoffCall('transfer_to_Billing_agent', '{}')],
  );
});

test('autoModel answers where its handoff is not offered, and assertComplete names it', async () => {
  const model = autoModel({ handoff: 'B', text: 'stayed' });
  assert.deepEqual(
    await answer(model, { handoffs: undefined }),
    [text('stayed')],
  );
  assert.throws(() => model.assertComplete(), (error: unknown) => {
    assert(error instanceof AutoModelTargetNotOfferedError);
    assert.deepEqual(
      [error.callIndex, error.kind, error.target, error.offered],
      [0, 'handoff', 'B', []],
    );
    assert.equal(
      error.message,
      'Auto model call 0: expected the request to offer the handoff "B", it offers: none',
    );
    return true;
  });
  // No call, no report.
  autoModel({ handoff: 'B' }).assertComplete();
});

test('autoModel generates a typed handoff input the SDK parses, fixed per seed', async () => {
  const received: unknown[] = [];
  const billing = new Agent({
    name: 'Billing',
    model: autoModel({ text: 'Billing here.' }),
  });
  const model = autoModel({ handoff: 'Billing', seed: 5 });
  const triage = new Agent({
    name: 'Triage',
    model,
    handoffs: [
      handoff(billing, {
        inputType: z.object({ reason: z.string().min(2).max(6) }),
        onHandoff: (_context, input) => {
          received.push(input);
        },
      }),
    ],
  });
  const run = await runner.run(triage, 'Refund');
  assert.equal(run.finalOutput, 'Billing here.');
  assert.deepEqual(received, [{ reason: 'ceda' }]);
  assert.deepEqual(
    run.rawResponses[0]!.output.map((item) => ({ ...item })),
    [handoffCall('transfer_to_Billing', '{"reason":"ceda"}')],
  );
  model.assertComplete();
});

test('autoModel lists the offered handoffs when its handoff is never offered', async () => {
  const model = autoModel({ handoff: ['Nobody', 'Noone'], text: 'Triage.' });
  const agent = new Agent({
    name: 'Triage',
    model,
    handoffs: [
      new Agent({ name: 'Billing agent' }),
      new Agent({ name: 'Sales' }),
    ],
  });
  const run = await runner.run(agent, 'Go');
  assert.equal(run.finalOutput, 'Triage.');
  assert.throws(() => model.assertComplete(), (error: unknown) => {
    assert(error instanceof AutoModelTargetNotOfferedError);
    assert.deepEqual(
      {
        callIndex: error.callIndex,
        kind: error.kind,
        target: error.target,
        offered: error.offered,
      },
      {
        callIndex: 0,
        kind: 'handoff',
        target: 'Nobody, Noone',
        offered: ['transfer_to_Billing_agent', 'transfer_to_Sales'],
      },
    );
    assert.equal(
      error.message,
      'Auto model call 0: expected the request to offer the handoff "Nobody, Noone", it offers: "transfer_to_Billing_agent", "transfer_to_Sales"',
    );
    return true;
  });
});

test('autoModel fails an unsatisfiable handoff schema at its inputJsonSchema path', async () => {
  const model = autoModel({ handoff: 'B' });
  const error = await model.getResponse(request({
    handoffs: [
      offer('transfer_to_B', { type: 'string', minLength: 5, maxLength: 2 }),
    ],
  })).then(() => assert.fail('the call should fail'), (e: unknown) => e);
  assert(error instanceof AutoModelSchemaError);
  assert.deepEqual(
    {
      toolName: error.toolName,
      path: error.path,
      reason: error.reason,
      detail: error.detail,
      callIndex: error.callIndex,
    },
    {
      toolName: 'transfer_to_B',
      path: 'inputJsonSchema.minLength',
      reason: 'contradictory_bounds',
      detail: 'minLength 5 is above maxLength 2',
      callIndex: 0,
    },
  );
  assert.equal(
    error.message,
    'Auto model cannot satisfy the schema of tool "transfer_to_B" (call 0) at "inputJsonSchema.minLength": contradictory_bounds: minLength 5 is above maxLength 2',
  );
  assert.throws(() => model.assertComplete(), (thrown) => thrown === error);
});

test('autoModel answers text unless the output type is a JSON schema', async () => {
  for (const outputType of [undefined, null, 'text', { type: 'text' }]) {
    assert.deepEqual(
      await answer(autoModel({ text: 'plain' }), { outputType }),
      [text('plain')],
      JSON.stringify(outputType),
    );
  }
  const model = autoModel({ seed: 1 });
  const run = await runner.run(
    new Agent({
      name: 'Typed',
      model,
      outputType: z.object({
        n: z.number().int().min(1).max(1000),
        word: z.string().regex(/^[a-z]{6}$/),
        pick: z.enum(['a', 'b', 'c', 'd', 'e']),
      }),
    }),
    'Go',
  );
  assert.deepEqual(run.finalOutput, { n: 3, word: 'mbrdbc', pick: 'c' });
});

test('autoModel remembers the first failed call, not a later one', async () => {
  const model = autoModel({ tools: ['missing'] });
  const agent = new Agent({ name: 'A', model });
  const first = await runner.run(agent, 'Go').catch((e: unknown) => e);
  const second = await runner.run(agent, 'Again').catch((e: unknown) => e);
  assert(first instanceof AutoModelTargetNotOfferedError);
  assert(second instanceof AutoModelTargetNotOfferedError);
  assert.notEqual(first, second);
  assert.equal(second.callIndex, 1);
  assert.throws(() => model.assertComplete(), (thrown) => thrown === first);
});

test('autoModel streams a typed handoff with the same seeded input as a plain run', async () => {
  const make = () => {
    const received: unknown[] = [];
    const billing = new Agent({
      name: 'Billing',
      model: autoModel({ text: 'b' }),
    });
    const model = autoModel({ handoff: 'Billing', seed: 5 });
    const agent = new Agent({
      name: 'Triage',
      model,
      handoffs: [
        handoff(billing, {
          inputType: z.object({ reason: z.string().min(2).max(6) }),
          onHandoff: (_c, input) => {
            received.push(input);
          },
        }),
      ],
    });
    return { agent, model, received };
  };
  const streamed = make();
  const { finalOutput } = await runStreamed(streamed.agent, 'Refund');
  assert.equal(finalOutput, 'b');
  assert.deepEqual(streamed.received, [{ reason: 'ceda' }]);
  assert.deepEqual(streamed.model.calls.map((c) => c.streamed), [true]);
});
