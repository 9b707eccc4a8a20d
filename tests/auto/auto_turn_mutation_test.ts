/**
 * The automatic answer read from hand-built requests: what a turn's items
 * say about each tool, the opted-in calls' exact items, and the handoff
 * limit's count.
 *
 * @module
 */
import type { ModelRequest } from '@openai/agents';
import { autoModel, AutoModelToolRejectedError } from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { request } from '../model/_fixtures.ts';

const sdkError = 'An error occurred while running the tool. Please try again.';
const count = {
  type: 'function',
  name: 'count',
  description: 'Counts.',
  strict: false,
  parameters: { type: 'object', properties: {} },
};
const user = { role: 'user', content: 'go' };
const call = (name: string, callId: string) => ({
  type: 'function_call',
  name,
  callId,
  arguments: '{}',
});
const result = (name: string, callId: string, output: unknown) => ({
  type: 'function_call_result',
  name,
  callId,
  status: 'completed',
  output,
});

type Model = ReturnType<typeof autoModel>;
async function items(
  model: Model,
  overrides: Record<string, unknown>,
): Promise<Record<string, unknown>[]> {
  const response = await model.getResponse(
    request(overrides as Partial<ModelRequest>),
  );
  return response.output as unknown as Record<string, unknown>[];
}
const types = (list: Record<string, unknown>[]) =>
  list.map((item) => item.type);

test('a call without its result is pending: not repeated, not a success', async () => {
  const pending = autoModel({ text: 'waiting' });
  assert.deepEqual(
    types(
      await items(pending, {
        input: [user, call('count', 'c1')],
        tools: [count],
      }),
    ),
    ['message'],
  );
  pending.assertComplete();
  // Rejected once, then pending: still a tool that has not run.
  const model = autoModel({ text: 'waiting' });
  await items(model, {
    input: [
      user,
      call('count', 'c1'),
      result('count', 'c1', sdkError),
      call('count', 'c2'),
    ],
    tools: [count],
  });
  assert.throws(
    () => model.assertComplete(),
    (error: AutoModelToolRejectedError) =>
      error instanceof AutoModelToolRejectedError &&
      error.attempts.length === 1,
  );
});

test('outputs are read as text whatever their shape', async () => {
  const outcome = async (output: unknown) => {
    const model = autoModel({ retries: 0, text: 'done' });
    try {
      await items(model, {
        input: [user, call('count', 'c1'), result('count', 'c1', output)],
        tools: [count],
      });
      return 'accepted';
    } catch (error) {
      assert(error instanceof AutoModelToolRejectedError);
      return error.attempts[0]!.output;
    }
  };
  assert.equal(
    await outcome([null, { text: 5 }, { type: 'input_text', text: sdkError }]),
    sdkError,
  );
  assert.equal(
    await outcome([{ text: 'An error' }, {
      text: ' occurred while running the tool',
    }]),
    'An error occurred while running the tool',
  );
  assert.equal(await outcome(undefined), 'accepted');
  assert.equal(await outcome({ type: 'text', text: 7 }), 'accepted');
});

test('warnings name each exhausted tool once', async () => {
  const other = { ...count, name: 'other' };
  const input = [
    user,
    ...['count', 'other'].flatMap((name) =>
      [1, 2].flatMap((i) => [
        call(name, `${name}${i}`),
        result(name, `${name}${i}`, sdkError),
      ])
    ),
  ];
  const model = autoModel({ retries: 1, onRejected: 'warn', text: 'gave up' });
  assert.deepEqual(
    types(await items(model, { input, tools: [count, other] })),
    ['message'],
  );
  await items(model, { input, tools: [count, other] });
  assert.deepEqual(model.warnings.map((w) => w.toolName), ['count', 'other']);
  model.assertComplete();
});

test('a non-schema error from generation passes through unchanged', async () => {
  const hostile = {
    ...count,
    parameters: {
      get type(): string {
        throw new SyntaxError('hostile schema');
      },
    },
  };
  await assert.rejects(
    autoModel().getResponse(request({ tools: [hostile] } as never)),
    (error: unknown) =>
      error instanceof SyntaxError && error.message === 'hostile schema',
  );
});

test('the handoff limit counts only the handoff calls of the turn', async () => {
  const handoffs = [
    { toolName: 'transfer_to_A', toolDescription: '' },
    { toolName: 'transfer_to_B', toolDescription: '' },
  ];
  // One handoff taken (its result not in yet), two ordinary tool calls.
  const input = [
    user,
    call('count', 'call_auto_0_0'),
    result('count', 'call_auto_0_0', 'one'),
    call('count', 'x'),
    result('count', 'x', 'two'),
    call('transfer_to_A', 'call_auto_1_handoff'),
  ];
  const take = async (maxHandoffs: number) => {
    const [item] = await items(
      autoModel({ handoff: ['A', 'B'], maxHandoffs, text: 'stop' }),
      { input, handoffs },
    );
    return item!.type === 'function_call' ? item!.name : 'answered';
  };
  assert.equal(await take(1), 'answered');
  assert.equal(await take(2), 'transfer_to_B');
});

test('opted-in calls have exact items and callIds after the function calls', async () => {
  const tools = [
    count,
    { type: 'shell', name: 'shell', environment: { type: 'local' } },
    { type: 'apply_patch', name: 'apply_patch' },
    {
      type: 'hosted_tool',
      name: 'web',
      providerData: { type: 'web_search', x: 1 },
    },
  ];
  const list = await items(
    autoModel({ seed: 2, allow: ['shell', 'apply_patch', 'web_search'] }),
    { tools },
  );
  assert.deepEqual(list.map((item) => [item.type, item.callId ?? item.id]), [
    ['function_call', 'call_auto_0_0'],
    ['shell_call', 'call_auto_0_1'],
    ['apply_patch_call', 'call_auto_0_2'],
    ['hosted_tool_call', 'call_auto_0_3'],
  ]);
  const [, shell, patch, web] = list;
  assert.deepEqual(Object.keys(shell!), [
    'type',
    'callId',
    'id',
    'status',
    'action',
  ]);
  assert.equal(shell!.status, 'completed');
  assert.equal((shell!.action as { commands: string[] }).commands.length, 1);
  const op = patch!.operation as Record<string, string>;
  assert.equal(patch!.status, 'completed');
  assert.equal(op.type, 'create_file');
  assert.match(op.path!, /^auto_[a-z]+\.txt$/);
  assert.equal(op.diff, `+${op.path!.slice(5, -4)}\n`);
  assert.deepEqual(web, {
    type: 'hosted_tool_call',
    id: 'call_auto_0_3',
    name: 'web',
    status: 'completed',
    providerData: { type: 'web_search', x: 1, id: 'call_auto_0_3' },
  });
  // Other seeds draw other commands.
  const commands = new Set<string>();
  for (let seed = 0; seed < 12; seed++) {
    const [first] = await items(autoModel({ seed, allow: ['shell'] }), {
      tools: [tools[1]],
    });
    commands.add((first!.action as { commands: string[] }).commands[0]!);
  }
  assert.deepEqual([...commands].sort(), ['date', 'echo hello', 'ls', 'pwd']);
});

test('an opted-in tool is not called again in the turn', async () => {
  const tools = [
    { type: 'shell', name: 'shell' },
    { type: 'apply_patch', name: 'apply_patch' },
    { type: 'computer', name: 'computer', dimensions: [10, 10] },
    {
      type: 'hosted_tool',
      name: 'finder',
      providerData: { type: 'tool_search' },
    },
    { type: 'hosted_tool', name: 'web', providerData: { type: 'web_search' } },
    { type: 'hosted_tool', name: 'news' },
  ];
  const allow = [
    'shell',
    'apply_patch',
    'computer',
    'tool_search',
    'web',
    'news',
  ];
  const after = async (done: Record<string, unknown>) =>
    types(
      await items(autoModel({ allow }), { input: [user, done], tools }),
    );
  const all = [
    'shell_call',
    'apply_patch_call',
    'computer_call',
    'tool_search_call',
    'hosted_tool_call',
    'hosted_tool_call',
  ];
  const without = (index: number) => all.filter((_, i) => i !== index);
  assert.deepEqual(
    await after({ type: 'shell_call', callId: 's' }),
    without(0),
  );
  assert.deepEqual(
    await after({ type: 'apply_patch_call', callId: 'p' }),
    without(1),
  );
  assert.deepEqual(
    await after({ type: 'computer_call', callId: 'c' }),
    without(2),
  );
  assert.deepEqual(
    await after({ type: 'tool_search_call', callId: 't' }),
    without(3),
  );
  assert.deepEqual(
    await after({ type: 'hosted_tool_call', name: 'web' }),
    without(4),
  );
  assert.deepEqual(
    await after({ type: 'hosted_tool_call', name: 'other' }),
    all,
  );
});

test('computer actions stay inside the declared display', async () => {
  const actions = async (dimensions: unknown, seeds = 40) => {
    const out: Record<string, unknown>[] = [];
    for (let seed = 0; seed < seeds; seed++) {
      const [item] = await items(autoModel({ seed, allow: ['computer'] }), {
        tools: [{ type: 'computer', name: 'computer', dimensions }],
      });
      out.push(item!.action as Record<string, unknown>);
    }
    return out;
  };
  const wide = await actions([800, 600]);
  assert.deepEqual(
    [...new Set(wide.map((action) => action.type))].sort(),
    ['click', 'screenshot', 'type'],
  );
  for (const action of wide) {
    if (action.type === 'click') {
      assert.equal(action.button, 'left');
      assert(Number(action.x) >= 0 && Number(action.x) < 800);
      assert(Number(action.y) >= 0 && Number(action.y) < 600);
    } else if (action.type === 'type') {
      assert.match(String(action.text), /^[a-z]+$/);
    } else assert.deepEqual(action, { type: 'screenshot' });
  }
  assert(wide.some((action) => Number(action.x) > 1));
  for (const dimensions of [[1, 1], [0, -3], [0.5, 'x']]) {
    for (const action of await actions(dimensions, 20)) {
      if (action.type === 'click') {
        assert.deepEqual([action.x, action.y], [0, 0], String(dimensions));
      }
    }
  }
  const loose = await actions(undefined);
  const clicks = loose.filter((action) => action.type === 'click');
  assert(clicks.some((action) => Number(action.x) > 799));
  for (const action of clicks) {
    assert(Number(action.x) < 1024 && Number(action.y) < 768);
  }
});

test('what is offered is read as the SDK may send it', async () => {
  // No tool list, a tool without a description, a function tool opted in.
  assert.deepEqual(
    types(await items(autoModel(), { tools: undefined })),
    ['message'],
  );
  const bare = { ...count, description: undefined };
  assert.deepEqual(types(await items(autoModel(), { tools: [bare] })), [
    'function_call',
  ]);
  const remove = { ...count, name: 'remove_item' };
  assert.deepEqual(
    types(
      await items(autoModel({ allow: ['remove_item'] }), { tools: [remove] }),
    ),
    ['function_call'],
  );
  // A hosted tool is opted in by its kind, or by its name when it has none.
  const hosted = (providerData: unknown) => ({
    type: 'hosted_tool',
    name: 'lookup',
    providerData,
  });
  for (
    const [data, allow, called] of [
      [{ type: 'web_search' }, 'web_search', true],
      [{ type: 'web_search' }, 'lookup', true],
      [{ type: 'web_search' }, 'hosted_tool', false],
      [undefined, 'lookup', true],
      [{ type: 7 }, 'lookup', true],
      [{ type: 7 }, '7', false],
    ] as const
  ) {
    const [item] = await items(autoModel({ allow: [allow] }), {
      tools: [hosted(data)],
    });
    assert.equal(item!.type === 'hosted_tool_call', called, `${allow}`);
  }
});

test('one call per response puts function calls before opted-in ones', async () => {
  const tools = [count, { type: 'shell', name: 'shell' }];
  const settings = { parallelToolCalls: false };
  assert.deepEqual(
    types(
      await items(autoModel({ allow: ['shell'] }), {
        tools,
        modelSettings: settings,
      }),
    ),
    ['function_call'],
  );
  assert.deepEqual(
    types(
      await items(autoModel({ allow: ['shell'] }), {
        tools,
        modelSettings: settings,
        input: [user, call('count', 'c1'), result('count', 'c1', 'ok')],
      }),
    ),
    ['shell_call'],
  );
});

test('a hosted call carries the kind its provider data names, else its name', async () => {
  for (
    const [data, kind] of [[{ type: 'web_search' }, 'web_search'], [
      { type: 7 },
      'lookup',
    ], [undefined, 'lookup']] as const
  ) {
    const [item] = await items(autoModel({ allow: ['lookup'] }), {
      tools: [{ type: 'hosted_tool', name: 'lookup', providerData: data }],
    });
    assert.equal((item!.providerData as { type: unknown }).type, kind);
  }
});
