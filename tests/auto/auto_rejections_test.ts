/**
 * Loud when a tool rejects its arguments, only what a model may do, and
 * handoffs across agents sharing one model (issue #25).
 *
 * @module
 */
import {
  Agent,
  applyPatchTool,
  computerTool,
  defineToolInputGuardrail,
  handoff,
  MaxTurnsExceededError,
  Runner,
  shellTool,
  tool,
  ToolGuardrailFunctionOutputFactory,
  webSearchTool,
} from '@openai/agents';
import {
  autoModel,
  type AutoModelTargetNotOfferedError,
  AutoModelToolRejectedError,
} from '@scripted/agents/auto';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { request } from '../model/_fixtures.ts';

const runner = new Runner({ tracingDisabled: true });
const sdkError = 'An error occurred while running the tool. Please try again.';

/** A tool whose hidden check nothing drawn passes. */
function impossible(calls: unknown[] = []) {
  return tool({
    name: 'impossible',
    description: 'Needs a secret code.',
    parameters: z.object({
      code: z.string().refine((code) => code === 'open sesame!'),
    }),
    execute: (args) => {
      calls.push(args);
      return 'never';
    },
  });
}

test('a tool that rejects every draw fails the run, naming the tool and what it tried', async () => {
  const model = autoModel({ seed: 3 });
  const agent = new Agent({ name: 'A', model, tools: [impossible()] });
  const error = await runner.run(agent, 'Go').then(
    () => assert.fail('the run should fail'),
    (thrown: unknown) => thrown,
  );
  assert(error instanceof AutoModelToolRejectedError);
  assert.equal(error.name, 'AutoModelToolRejectedError');
  assert.equal(error.toolName, 'impossible');
  assert.equal(error.callIndex, 3);
  assert.equal(error.attempts.length, 3);
  const args = error.attempts.map((attempt) => attempt.arguments);
  assert.equal(new Set(args).size, 3, 'fresh draws each time');
  for (const attempt of error.attempts) {
    assert.equal(attempt.output, sdkError);
    assert.match(attempt.arguments, /^\{"code":"[^"]+"\}$/);
  }
  assert.equal(
    error.message,
    `Auto model call 3: expected tool "impossible" to run, it rejected all 3 argument sets tried: ${
      error.attempts.map((a) => `${a.arguments} -> ${JSON.stringify(a.output)}`)
        .join('; ')
    }`,
  );
  assert(Object.isFrozen(error.attempts) && Object.isFrozen(error.attempts[0]));
  assert.equal(model.calls.length, 4);
  assert.throws(() => model.assertComplete(), (thrown) => thrown === error);
});

test('retries sets how many fresh draws follow a rejection', async () => {
  for (const retries of [0, 1, 4]) {
    const model = autoModel({ retries });
    const agent = new Agent({ name: 'A', model, tools: [impossible()] });
    await assert.rejects(
      runner.run(agent, 'Go'),
      (error: AutoModelToolRejectedError) =>
        error.attempts.length === retries + 1 &&
        error.callIndex === retries + 1,
    );
  }
});

test('a tool that fails once and then runs is retried and counts as run', async () => {
  let calls = 0;
  const flaky = tool({
    name: 'flaky',
    description: 'Fails the first time.',
    parameters: z.object({ n: z.number().int() }),
    execute: ({ n }) => {
      calls++;
      if (calls === 1) throw new Error('busy');
      return `ok ${n}`;
    },
  });
  const model = autoModel();
  const result = await runner.run(
    new Agent({ name: 'A', model, tools: [flaky] }),
    'Go',
  );
  assert.equal(calls, 2);
  assert.match(String(result.finalOutput), /"flaky":"ok \d+"/);
  model.assertComplete();
});

test('onRejected warn records the rejection, answers, and keeps assertComplete quiet', async () => {
  const model = autoModel({ onRejected: 'warn', retries: 1, text: 'Done.' });
  const agent = new Agent({ name: 'A', model, tools: [impossible()] });
  const result = await runner.run(agent, 'Go');
  assert.equal(result.finalOutput, 'Done.');
  assert.equal(model.warnings.length, 1);
  const [warning] = model.warnings;
  assert(warning instanceof AutoModelToolRejectedError);
  assert.equal(warning.toolName, 'impossible');
  assert.equal(warning.attempts.length, 2);
  assert(Object.isFrozen(model.warnings));
  model.assertComplete();
});

test('isRejection recognizes an input guardrail rejection', async () => {
  const guard = defineToolInputGuardrail({
    name: 'no_test_accounts',
    run: () =>
      Promise.resolve(
        ToolGuardrailFunctionOutputFactory.rejectContent(
          'Rejected: test account',
        ),
      ),
  });
  const ran: unknown[] = [];
  const guarded = tool({
    name: 'lookup',
    description: 'Looks up an account.',
    parameters: z.object({ account: z.string() }),
    inputGuardrails: [guard],
    execute: (args) => {
      ran.push(args);
      return 'found';
    },
  });
  const seen: [string, string][] = [];
  const model = autoModel({
    retries: 1,
    isRejection: (output, toolName) => {
      seen.push([output, toolName]);
      return output.startsWith('Rejected:');
    },
  });
  await assert.rejects(
    runner.run(new Agent({ name: 'A', model, tools: [guarded] }), 'Go'),
    (error: AutoModelToolRejectedError) =>
      error.toolName === 'lookup' &&
      error.attempts.every((a) => a.output === 'Rejected: test account'),
  );
  assert.deepEqual(ran, []);
  assert.deepEqual(seen[0], ['Rejected: test account', 'lookup']);
  // Without it, the message is an ordinary output.
  const plain = autoModel();
  await runner.run(
    new Agent({ name: 'A', model: plain, tools: [guarded] }),
    'Go',
  );
  plain.assertComplete();
});

test('assertComplete reports a tool that never succeeded when the run stopped early', async () => {
  const model = autoModel({ retries: 5 });
  const agent = new Agent({ name: 'A', model, tools: [impossible()] });
  await assert.rejects(
    runner.run(agent, 'Go', { maxTurns: 2 }),
    MaxTurnsExceededError,
  );
  assert.throws(
    () => model.assertComplete(),
    (error: AutoModelToolRejectedError) =>
      error instanceof AutoModelToolRejectedError &&
      error.toolName === 'impossible' && error.attempts.length === 1,
  );
});

test('the SDK error text and the output shapes are read as the SDK sends them', async () => {
  const fn = {
    type: 'function',
    name: 'count',
    description: '',
    strict: false,
    parameters: { type: 'object', properties: {} },
  };
  const turn = (output: unknown) => [
    { role: 'user', content: 'go' },
    {
      type: 'function_call',
      name: 'count',
      callId: 'c1',
      arguments: '{"a":1}',
    },
    {
      type: 'function_call_result',
      name: 'count',
      callId: 'c1',
      status: 'completed',
      output,
    },
  ];
  const outcome = async (output: unknown) => {
    const model = autoModel({ retries: 0, text: 'done' });
    try {
      const response = await model.getResponse(
        request({ input: turn(output), tools: [fn] } as never),
      );
      return response.output[0]!.type;
    } catch (error) {
      assert(error instanceof AutoModelToolRejectedError);
      return `rejected: ${error.attempts[0]!.output}`;
    }
  };
  assert.equal(await outcome(sdkError), `rejected: ${sdkError}`);
  assert.equal(
    await outcome({ type: 'text', text: `${sdkError} Error: x` }),
    `rejected: ${sdkError} Error: x`,
  );
  assert.equal(
    await outcome([{ type: 'input_text', text: sdkError }, { type: 'x' }]),
    `rejected: ${sdkError}`,
  );
  assert.equal(await outcome({ type: 'text', text: 'fine' }), 'message');
  assert.equal(await outcome({ type: 'image', image: 'x' }), 'message');
  assert.equal(await outcome('An error occurred elsewhere'), 'message');
});

test('a programmatic-only tool named in tools is not offered to a model', async () => {
  const inventory = tool({
    name: 'get_inventory',
    description: 'Reads stock.',
    parameters: z.object({}),
    allowedCallers: ['programmatic'],
    execute: () => 'never',
  });
  const both = tool({
    name: 'get_price',
    description: 'Reads a price.',
    parameters: z.object({}),
    allowedCallers: ['direct', 'programmatic'],
    execute: () => '3',
  });
  const model = autoModel({ tools: ['get_price', 'get_inventory'] });
  await assert.rejects(
    runner.run(new Agent({ name: 'A', model, tools: [inventory, both] }), 'Go'),
    (error: AutoModelTargetNotOfferedError) =>
      error.target === 'get_inventory' &&
      JSON.stringify(error.offered) === '["get_price"]',
  );
});

test('tools whose name runs commands or changes files wait for an opt-in', async () => {
  const ran: string[] = [];
  const make = (name: string, description: string) =>
    tool({
      name,
      description,
      parameters: z.object({}),
      execute: () => {
        ran.push(name);
        return 'ok';
      },
    });
  const tools = [
    make('exec_command', 'Runs a command.'),
    make('runScript', 'Starts a bash terminal.'),
    make('write_file', 'Saves text.'),
    make('save', 'Overwrites the file on disk.'),
    make('cleanup', 'Removes stale entries.'),
    make('rename_thing', 'Gives it a new name.'),
    make('mkdir', 'Makes a folder.'),
    make('edit_file', 'Changes lines.'),
    make('replaceText', 'Swaps text.'),
    make('update_record', 'Sets fields.'),
    make('append_log', 'Adds a line.'),
    make('insert_row', 'Adds a row.'),
    make('lookup', 'Looks a word up.'),
    // Words of a description do not skip a tool: only its name does.
    make(
      'research',
      'Writes a short write-up; deletes nothing, runs no shell.',
    ),
    make('weather', 'Tells the weather; the createdAt field is informative.'),
  ];
  let model = autoModel();
  await runner.run(new Agent({ name: 'A', model, tools }), 'Go');
  assert.deepEqual(ran, ['lookup', 'research', 'weather']);
  assert.deepEqual(model.skipped, [
    { name: 'exec_command', reason: 'runs_commands' },
    { name: 'runScript', reason: 'runs_commands' },
    { name: 'write_file', reason: 'changes_files' },
    { name: 'save', reason: 'changes_files' },
    { name: 'cleanup', reason: 'changes_files' },
    { name: 'rename_thing', reason: 'changes_files' },
    { name: 'mkdir', reason: 'changes_files' },
    { name: 'edit_file', reason: 'changes_files' },
    { name: 'replaceText', reason: 'changes_files' },
    { name: 'update_record', reason: 'changes_files' },
    { name: 'append_log', reason: 'changes_files' },
    { name: 'insert_row', reason: 'changes_files' },
  ]);
  assert(Object.isFrozen(model.skipped));
  ran.length = 0;
  model = autoModel({ allow: ['write_file', 'cleanup'] });
  await runner.run(new Agent({ name: 'A', model, tools }), 'Go');
  assert.deepEqual(ran.sort(), [
    'cleanup',
    'lookup',
    'research',
    'weather',
    'write_file',
  ]);
  assert.equal(model.skipped.length, 10);
  assert(!model.skipped.some((tool) => tool.name === 'write_file'));
  ran.length = 0;
  // Naming a tool in `tools` opts it in; nothing is skipped then.
  model = autoModel({ tools: ['mkdir'] });
  await runner.run(new Agent({ name: 'A', model, tools }), 'Go');
  assert.deepEqual(ran, ['mkdir']);
  assert.deepEqual(model.skipped, []);
});

test('a handoff function picks among the offered handoffs; undefined answers', async () => {
  const seen: string[][] = [];
  const model = autoModel({
    handoff: (offered, request) => {
      seen.push(offered.map((offer) => offer.toolName));
      assert.equal(typeof request.input, 'object');
      return offered.length > 0 ? 'Sales' : undefined;
    },
    text: 'answered',
  });
  const sales = new Agent({ name: 'Sales', model });
  const triage = new Agent({
    name: 'Triage',
    model,
    handoffs: [new Agent({ name: 'Billing', model }), sales],
  });
  const result = await runner.run(triage, 'Buy');
  assert.equal(result.lastAgent?.name, 'Sales');
  assert.equal(result.finalOutput, 'answered');
  assert.deepEqual(seen, [['transfer_to_Billing', 'transfer_to_Sales'], []]);
  model.assertComplete();
  for (const choice of ['Nobody', 7]) {
    const wrong = autoModel({ handoff: () => choice as string });
    await assert.rejects(
      runner.run(
        new Agent({ name: 'T', model: wrong, handoffs: [sales] }),
        'Buy',
      ),
      (error: AutoModelTargetNotOfferedError) =>
        error.kind === 'handoff' && error.target === String(choice) &&
        JSON.stringify(error.offered) === '["transfer_to_Sales"]',
    );
  }
});

test('maxHandoffs stops two agents handing back and forth', async () => {
  for (const [maxHandoffs, hops] of [[undefined, 3], [1, 1], [0, 0], [5, 5]]) {
    const model = autoModel({
      handoff: (offered) => offered[0]?.toolName,
      text: 'settled',
      ...(maxHandoffs === undefined ? {} : { maxHandoffs }),
    });
    const ping = new Agent({ name: 'Ping', model });
    const pong = new Agent({ name: 'Pong', model, handoffs: [ping] });
    ping.handoffs = [pong];
    const result = await runner.run(ping, 'Serve', { maxTurns: 20 });
    assert.equal(result.finalOutput, 'settled');
    const taken = result.rawResponses.filter((response) =>
      response.output.some((item) =>
        (item as { callId?: string }).callId?.endsWith('_handoff')
      )
    );
    assert.equal(taken.length, hops, `maxHandoffs ${maxHandoffs}`);
  }
});

test('shell, apply-patch, computer and hosted tools are called only when opted in', async () => {
  const ran: string[] = [];
  const shellRun = shellTool({
    shell: {
      run: (action) => {
        ran.push(`shell ${action.commands.join(';')}`);
        return Promise.resolve({
          output: [{
            stdout: 'ok',
            stderr: '',
            outcome: { type: 'exit', exitCode: 0 },
          }],
        });
      },
    },
  });
  const patch = applyPatchTool({
    editor: {
      createFile: (operation) => {
        ran.push(`create ${operation.path}`);
        return Promise.resolve();
      },
      updateFile: () => Promise.reject(new Error('no update')),
      deleteFile: () => Promise.reject(new Error('no delete')),
    },
  });
  const computer = {
    environment: 'browser' as const,
    dimensions: [800, 600] as [number, number],
    screenshot: () => 'iVBORw0KGgo=',
    click: (x: number, y: number) => {
      assert(x >= 0 && x < 800 && y >= 0 && y < 600);
      ran.push('click');
    },
    doubleClick: () => {},
    scroll: () => {},
    type: () => {
      ran.push('type');
    },
    wait: () => {},
    move: () => {},
    keypress: () => {},
    drag: () => {},
  };
  const tools = [shellRun, patch, computerTool({ computer }), webSearchTool()];
  const quiet = autoModel();
  await runner.run(new Agent({ name: 'A', model: quiet, tools }), 'Go');
  assert.equal(ran.length, 0);
  const kinds = new Set<string>();
  for (const seed of [0, 1, 2, 3, 4, 5]) {
    ran.length = 0;
    const model = autoModel({
      seed,
      allow: ['shell', 'apply_patch', 'computer', 'web_search'],
    });
    const result = await runner.run(
      new Agent({ name: 'A', model, tools }),
      'Go',
    );
    model.assertComplete();
    assert.equal(ran.filter((r) => r.startsWith('shell ')).length, 1);
    assert.equal(ran.filter((r) => r.startsWith('create auto_')).length, 1);
    const first = result.rawResponses[0]!.output.map((item) => item.type);
    assert.deepEqual(first, [
      'shell_call',
      'apply_patch_call',
      'computer_call',
      'hosted_tool_call',
    ]);
    for (const r of ran) kinds.add(r.split(' ')[0]!);
  }
  assert(kinds.has('click') || kinds.has('type'));
});

test('opted-in tools follow toolChoice and parallelToolCalls', async () => {
  const shellTools = [{ type: 'shell', name: 'shell' }, {
    type: 'hosted_tool',
    name: 'tool_search',
    providerData: { type: 'tool_search' },
  }, {
    type: 'hosted_tool',
    name: 'web',
    providerData: { type: 'web_search' },
  }, { type: 'shell', name: 'locked', allowedCallers: ['programmatic'] }];
  const respond = async (settings: Record<string, unknown>) => {
    const model = autoModel({
      allow: ['shell', 'tool_search', 'web', 'locked'],
    });
    const response = await model.getResponse(
      request({ tools: shellTools, modelSettings: settings } as never),
    );
    return response.output.map((item) => item.type);
  };
  assert.deepEqual(await respond({}), [
    'shell_call',
    'tool_search_call',
    'hosted_tool_call',
  ]);
  assert.deepEqual(await respond({ toolChoice: 'none' }), ['message']);
  assert.deepEqual(await respond({ toolChoice: 'web' }), ['hosted_tool_call']);
  assert.deepEqual(await respond({ parallelToolCalls: false }), ['shell_call']);
  const model = autoModel({ allow: ['tool_search'] });
  const [search] = (await model.getResponse(
    request({ tools: shellTools } as never),
  )).output as unknown as Record<string, unknown>[];
  assert.deepEqual(
    { ...search, arguments: undefined },
    {
      type: 'tool_search_call',
      id: 'call_auto_0_0',
      callId: 'call_auto_0_0',
      execution: 'server',
      arguments: undefined,
      status: 'completed',
    },
  );
});

test('handoff names, lists and the per-turn rule', async () => {
  const offers = [
    { toolName: 'transfer_to_Billing_agent', toolDescription: '' },
    { toolName: 'transfer_to_Sales', toolDescription: '' },
  ];
  const take = async (wanted: string | string[]) => {
    const response = await autoModel({ handoff: wanted, text: 'no' })
      .getResponse(request({ handoffs: offers } as never));
    const [item] = response.output as unknown as Record<string, unknown>[];
    return item!.type === 'function_call' ? item!.name : 'answered';
  };
  assert.equal(await take('Billing agent'), 'transfer_to_Billing_agent');
  assert.equal(await take(['Nobody', 'Sales']), 'transfer_to_Sales');
  assert.equal(
    await take(['transfer_to_Sales', 'Billing agent']),
    'transfer_to_Sales',
  );
  assert.equal(await take(['Nobody']), 'answered');
  // A handoff taken in this turn is not taken again.
  const response = await autoModel({ handoff: ['Sales', 'Billing agent'] })
    .getResponse(request({
      input: [
        { role: 'user', content: 'go' },
        {
          type: 'function_call',
          name: 'transfer_to_Sales',
          callId: 'x',
          arguments: '{}',
        },
        {
          type: 'function_call_result',
          name: 'transfer_to_Sales',
          callId: 'x',
          output: 'ok',
        },
      ],
      handoffs: offers,
    } as never));
  assert.equal(
    (response.output[0] as { name?: string }).name,
    'transfer_to_Billing_agent',
  );
  // handoff() objects are offered under their tool names too.
  assert.equal(typeof handoff, 'function');
});
