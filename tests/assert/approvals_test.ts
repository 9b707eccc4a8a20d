import { Agent, type RunToolApprovalItem, tool } from '@openai/agents';
import {
  RealtimeAgent,
  RealtimeSession,
  tool as realtimeTool,
} from '@openai/agents/realtime';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { functionCallTurn } from '@scripted/agents/realtime/sim';
import {
  assertApprovals,
  decideApprovals,
  decideRealtimeApprovals,
  InvalidRunAssertionInputError,
  pendingApprovals,
  RunAssertionError,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { modes, run } from './_run.ts';

function files(ran: string[]) {
  const make = (name: string) =>
    tool({
      name,
      description: name,
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => {
        ran.push(`${name} ${path}`);
        return `${name} done: ${path}`;
      },
    });
  return [make('delete_file'), make('write_file')];
}

function script() {
  return new ScriptedModel([
    [
      functionCall('delete_file', { path: 'a.txt' }, { callId: 'c1' }),
      functionCall('write_file', { path: 'b.txt' }, { callId: 'c2' }),
    ],
    [assistantMessage('Done')],
  ]);
}

for (const mode of modes) {
  test(`${mode}: approve one, reject one, serialize, restore, resume`, async () => {
    const ran: string[] = [];
    const model = script();
    const agent = new Agent({ name: 'Files', model, tools: files(ran) });
    const first = await run(agent, 'Clean up', mode);
    assert.deepEqual(pendingApprovals(first), [
      {
        toolName: 'delete_file',
        callId: 'c1',
        arguments: { path: 'a.txt' },
        agent: 'Files',
      },
      {
        toolName: 'write_file',
        callId: 'c2',
        arguments: { path: 'b.txt' },
        agent: 'Files',
      },
    ]);
    assert.deepEqual(ran, []);
    // Before resuming, both calls wait.
    assert.throws(
      () => assertApprovals(first, { approved: ['delete_file'] }),
      (error: unknown) =>
        error instanceof RunAssertionError && error.path === '[0].status' &&
        (error.actual as { status: string }[])[0]!.status === 'pending',
    );
    const state = await decideApprovals(first, {
      agent,
      approve: ['delete_file'],
      reject: ['c2'],
    });
    const resumed = await run(agent, state, mode);
    assert.deepEqual(ran, ['delete_file a.txt']);
    assert.equal(resumed.finalOutput, 'Done');
    assert.equal(model.calls.length, 2);
    assert.equal(model.calls[1]!.streamed, mode === 'streamed');
    assertApprovals(resumed, {
      approved: [{ name: 'delete_file', arguments: { path: 'a.txt' } }],
      rejected: ['write_file'],
    });
    assertApprovals(resumed, { approved: ['c1'], rejected: ['c2'] });
    model.assertComplete();
    // The wrong expectation names the call and what happened to it.
    assert.throws(
      () =>
        assertApprovals(resumed, {
          approved: [{ name: 'delete_file', arguments: { path: 'z.txt' } }],
          rejected: ['delete_file'],
        }),
      (error: unknown) => {
        assert.ok(error instanceof RunAssertionError);
        assert.equal(error.assertion, 'assertApprovals');
        assert.equal(error.path, '[0].arguments.path');
        const call = { name: 'delete_file', callId: 'c1' };
        assert.deepEqual(error.expected, [
          { ...call, status: 'ran', arguments: { path: 'z.txt' } },
          { ...call, status: 'rejected', arguments: { path: 'a.txt' } },
        ]);
        assert.deepEqual(error.actual, [
          { ...call, status: 'ran', arguments: { path: 'a.txt' } },
          { ...call, status: 'ran', arguments: { path: 'a.txt' } },
        ]);
        assert.equal(
          error.message.split('\n')[0],
          'Unexpected approvals at "[0].arguments.path": expected "z.txt", got "a.txt" (call "c1" of "delete_file")',
        );
        return true;
      },
    );
    assert.throws(() => assertApprovals(resumed, { rejected: ['read_file'] }), {
      name: 'RunAssertionError',
      path: '[0].status',
      actual: [{ name: 'read_file', status: 'missing' }],
    });
  });

  test(`${mode}: a custom rejection text is sent and recognized`, async () => {
    const ran: string[] = [];
    const model = script();
    const agent = new Agent({ name: 'Files', model, tools: files(ran) });
    const first = await run(agent, 'Clean up', mode);
    const state = await decideApprovals(first, {
      agent,
      reject: ['delete_file', 'write_file'],
      rejectionMessage: 'Denied by policy',
    });
    const resumed = await run(agent, state, mode);
    assert.deepEqual(ran, []);
    const input = model.calls[1]!.request.input as { output?: unknown }[];
    assert.ok(JSON.stringify(input).includes('Denied by policy'));
    assertApprovals(resumed, {
      rejected: ['delete_file', 'write_file'],
      rejectionMessage: 'Denied by policy',
    });
    // The decision is read from the state, not the text: without the
    // text, the calls still read as rejected; another text differs.
    assertApprovals(resumed, { rejected: ['delete_file', 'write_file'] });
    assert.throws(
      () =>
        assertApprovals(resumed, {
          rejected: ['write_file'],
          rejectionMessage: 'Tool execution was not approved.',
        }),
      {
        name: 'RunAssertionError',
        path: '[0].output',
        actual: [{
          name: 'write_file',
          callId: 'c2',
          status: 'rejected',
          arguments: { path: 'b.txt' },
          output: 'Denied by policy',
        }],
      },
    );
    assert.throws(() => assertApprovals(resumed, { approved: ['c1'] }), {
      name: 'RunAssertionError',
      path: '[0].status',
      message:
        /^Unexpected approvals at "\[0\]\.status": expected "ran", got "rejected" \(call "c1" of "delete_file"\)\n/,
    });
  });
}

test('decideApprovals names an undecided, doubly decided or unknown call', async () => {
  const model = script();
  const agent = new Agent({ name: 'Files', model, tools: files([]) });
  const first = await run(agent, 'Clean up', 'plain');
  const cases: [unknown, string, string, string?][] = [
    [
      { agent, approve: ['delete_file'] },
      'result.interruptions[1]',
      'no decision',
    ],
    [
      { agent, approve: ['delete_file', 'c2'], reject: ['write_file'] },
      'result.interruptions[1]',
      'both approve and reject',
    ],
    [
      { agent, approve: ['delete_fil'], reject: ['write_file'] },
      'decisions.approve[0]',
      '"delete_fil"',
      'delete_file',
    ],
    [{ agent, aprove: [] }, 'decisions.aprove', '"aprove"', 'approve'],
    [{ approve: [], reject: [] }, 'decisions.agent', 'undefined'],
    [{ agent, approve: 'x' }, 'decisions.approve', '"x"'],
    [{ agent, approve: [''] }, 'decisions.approve[0]', '""'],
  ];
  for (const [decisions, path, received, suggestion] of cases) {
    await assert.rejects(
      decideApprovals(first, decisions as never),
      (error: unknown) => {
        assert.ok(
          error instanceof InvalidRunAssertionInputError,
          String(error),
        );
        assert.equal(error.assertion, 'decideApprovals');
        assert.equal(error.path, path);
        assert.equal(error.received, received);
        assert.equal(error.suggestion, suggestion);
        return true;
      },
    );
  }
  await assert.rejects(
    decideApprovals({ interruptions: [] } as never, { agent }),
    { name: 'InvalidRunAssertionInputError', path: 'result.state' },
  );
  assert.throws(() => pendingApprovals(7), {
    name: 'InvalidRunAssertionInputError',
    path: 'result',
  });
  assert.throws(() => pendingApprovals([{ rawItem: {} }]), {
    name: 'InvalidRunAssertionInputError',
    path: 'interruptions[0].toolName',
  });
  assert.deepEqual(pendingApprovals({ interruptions: undefined }), []);
  assert.throws(
    () =>
      assertApprovals({ newItems: [] }, { approved: [{ nam: 'x' }] } as never),
    {
      name: 'InvalidRunAssertionInputError',
      path: 'expected.approved[0].nam',
    },
  );
});

for (const decision of ['approve', 'reject'] as const) {
  test(`realtime: ${decision} a needsApproval tool through a RealtimeSession`, async () => {
    const ran: string[] = [];
    const remove = realtimeTool({
      name: 'delete_file',
      description: 'Delete a file',
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => {
        ran.push(path);
        return `deleted ${path}`;
      },
    });
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(
      new RealtimeAgent({ name: 'Files', tools: [remove] }),
      { transport },
    );
    const asked: RunToolApprovalItem[] = [];
    const decided: Promise<void>[] = [];
    session.on('tool_approval_requested', (_context, _agent, request) => {
      if (request.type !== 'function_approval') return;
      asked.push(request.approvalItem);
      assert.deepEqual(pendingApprovals([request.approvalItem]), [{
        toolName: 'delete_file',
        callId: 'call_1',
        arguments: { path: 'a.txt' },
        agent: 'Files',
      }]);
      decided.push(decideRealtimeApprovals(session, {
        interruptions: [request.approvalItem],
        [decision]: ['call_1'],
      }));
    });
    let answered!: () => void;
    const done = new Promise<void>((resolve) => (answered = resolve));
    let output: unknown;
    await transport.runScenario({
      signal: AbortSignal.timeout(10_000),
      scenario: async (ctx) => {
        await ctx.expectCall('connect');
        await ctx.expectCall('sendMessage');
        const turn = await functionCallTurn(ctx, {
          name: 'delete_file',
          arguments: { path: 'a.txt' },
          callId: 'call_1',
        });
        output = turn.output?.output;
        answered();
        await ctx.expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('Clean up');
        await done;
        await Promise.all(decided);
        session.close();
      },
    });
    assert.equal(asked.length, 1);
    if (decision === 'approve') {
      assert.deepEqual(ran, ['a.txt']);
      assert.equal(output, 'deleted a.txt');
      assertApprovals(session, {
        approved: [{ name: 'delete_file', arguments: { path: 'a.txt' } }],
      });
      assert.throws(
        () => assertApprovals(session, { rejected: ['delete_file'] }),
        { name: 'RunAssertionError', path: '[0].status' },
      );
    } else {
      assert.deepEqual(ran, []);
      assert.equal(output, 'Tool execution was not approved.');
      assertApprovals(session, { rejected: ['call_1'] });
    }
    // The history alone records no decision for an answered call.
    assert.throws(
      () => assertApprovals(session.history, { rejected: ['delete_file'] }),
      {
        name: 'InvalidRunAssertionInputError',
        path: 'result[0]',
        issue:
          'the RealtimeSession itself (a history records no approval decision)',
        received: `the answered call "${
          (session.history[0] as { itemId: string }).itemId
        }" of "delete_file"`,
      },
    );
  });
}

test('decideRealtimeApprovals rejects unusable input with a structured error', async () => {
  await assert.rejects(
    decideRealtimeApprovals(null as never, { interruptions: [] }),
    { name: 'InvalidRunAssertionInputError', path: 'session' },
  );
  const session = {
    approve: () => Promise.resolve(),
    reject: () => Promise.resolve(),
  };
  await assert.rejects(
    decideRealtimeApprovals(session, { interruptions: 'x' } as never),
    { name: 'InvalidRunAssertionInputError', path: 'decisions.interruptions' },
  );
  await assert.rejects(
    decideRealtimeApprovals(session, { interruptions: [], approve: ['x'] }),
    { name: 'InvalidRunAssertionInputError', path: 'decisions.approve[0]' },
  );
  // Nothing asked, nothing decided.
  await decideRealtimeApprovals(session, { interruptions: [] });
});

test('Approval items and realtime history read field by field', async () => {
  assert.deepEqual(
    pendingApprovals([
      { toolName: 'explicit', rawItem: { name: 'raw', arguments: 'not json' } },
      { rawItem: { name: 'raw', callId: 7, arguments: '[1]' }, agent: {} },
    ]),
    [
      {
        toolName: 'explicit',
        callId: undefined,
        arguments: 'not json',
        agent: 'undefined',
      },
      {
        toolName: 'raw',
        callId: undefined,
        arguments: [1],
        agent: 'undefined',
      },
    ],
  );
  const history = [
    { type: 'message', name: 'speak', output: 'x' },
    {
      type: 'function_call',
      name: 'a',
      itemId: 'item_1',
      arguments: '{}',
      output: null,
    },
    {
      type: 'function_call',
      name: 'b',
      callId: 'call_b',
      itemId: 'item_2',
      arguments: '{"k":1}',
      output: 'done',
    },
    {
      type: 'function_call',
      name: 'c',
      itemId: 'item_3',
      arguments: 'not json',
      output: 'Nope',
    },
  ];
  // A history alone: a call waiting for its output reads as pending.
  assert.throws(() => assertApprovals(history, { approved: ['item_1'] }), {
    name: 'RunAssertionError',
    actual: [{
      name: 'a',
      callId: undefined,
      status: 'pending',
      arguments: {},
    }],
    message:
      /^Unexpected approvals at "\[0\]\.status": expected "ran", got "pending"\n/,
  });
  assert.throws(() => assertApprovals(history, { rejected: ['call_b'] }), {
    name: 'InvalidRunAssertionInputError',
    path: 'result[2]',
  });
  // A session: the context decides, the transport's calls give call ids.
  const asked: unknown[] = [];
  const session = {
    history,
    context: {
      isToolApproved(this: unknown, call: { callId: string }) {
        asked.push([this === session.context, call]);
        return call.callId === 'call_b' ? true : false;
      },
    },
    transport: {
      calls: [
        { method: 'sendMessage' },
        {
          method: 'sendFunctionCallOutput',
          toolCall: { id: 'item_3', callId: 'call_c' },
        },
        // Another method's call id is no call's.
        { method: 'sendMessage', toolCall: { id: 'item_3', callId: 'x' } },
      ],
    },
  };
  assertApprovals(session, {
    approved: [{ name: 'call_b', arguments: { k: 1 } }],
    rejected: ['call_c', 'item_3'],
  });
  assert.deepEqual(asked.slice(0, 2), [
    [true, { toolName: 'b', callId: 'call_b' }],
    [true, { toolName: 'c', callId: 'call_c' }],
  ]);
  assert.throws(() => assertApprovals(session, { rejected: ['speak'] }), {
    actual: [{ name: 'speak', status: 'missing' }],
  });
  assert.throws(
    () =>
      assertApprovals(session, { approved: [{ name: 'gone', arguments: 1 }] }),
    {
      expected: [{ name: 'gone', status: 'ran' }],
      actual: [{ name: 'gone', status: 'missing' }],
      message:
        /^Unexpected approvals at "\[0\]\.status": expected "ran", got "missing"\n/,
    },
  );
  // No recorded call id for an answered call; no approval records.
  for (
    const [broken, path, received] of [
      [
        { ...session, transport: { calls: 'none' } },
        'result.history[3]',
        'the answered call "item_3" of "c"',
      ],
      [{ ...session, transport: undefined }, 'result.history[3]'],
      [{ ...session, context: {} }, 'result.context', 'no approval records'],
      [
        { ...session, context: { isToolApproved: 5 } },
        'result.context',
        'number',
      ],
    ] as const
  ) {
    assert.throws(() => assertApprovals(broken, { rejected: ['c'] }), {
      name: 'InvalidRunAssertionInputError',
      path,
      ...(received === undefined ? {} : { received }),
    });
  }
  assert.throws(
    () =>
      assertApprovals({ ...session, transport: { calls: 'none' } }, {
        rejected: ['c'],
      }),
    {
      issue:
        'a RealtimeSession on the scripted transport (its recorded calls give each answered call its call id)',
    },
  );
  assert.throws(
    () =>
      assertApprovals({
        ...session,
        context: {
          isToolApproved() {
            throw new Error('boom');
          },
        },
      }, { rejected: ['c'] }),
    { name: 'InvalidRunAssertionInputError', path: 'result.context' },
  );
  // Realtime decisions: the rejection text reaches the session; an item
  // without a call id is matched (and suggested) by its tool name.
  const seen: unknown[] = [];
  const deciding = {
    approve: (item: unknown) => {
      seen.push(['approve', item]);
      return Promise.resolve();
    },
    reject: (item: unknown, options?: unknown) => {
      seen.push(['reject', item, options]);
      return Promise.resolve();
    },
  };
  const one = { rawItem: { name: 'one' } } as never;
  const two = { rawItem: { name: 'two', callId: 'c2' } } as never;
  await decideRealtimeApprovals(deciding, {
    interruptions: [one, two],
    approve: ['one'],
    reject: ['c2'],
    rejectionMessage: 'No.',
  });
  assert.deepEqual(seen, [['approve', one], ['reject', two, {
    message: 'No.',
  }]]);
  await assert.rejects(
    decideRealtimeApprovals(deciding, {
      interruptions: [one, two],
      approve: ['on'],
    }),
    {
      name: 'InvalidRunAssertionInputError',
      path: 'decisions.approve[0]',
      suggestion: 'one',
      issue: 'the tool name or call id of an interruption',
      reason: 'invalid_value',
    },
  );
  await assert.rejects(
    decideRealtimeApprovals(deciding, { interruptions: [two], reject: ['c'] }),
    { suggestion: 'c2' },
  );
  await assert.rejects(
    decideRealtimeApprovals(deciding, { interruptions: [one] }),
    {
      path: 'decisions.interruptions[0]',
      issue: 'exactly one decision (approve or reject)',
      received: 'no decision',
      reason: 'invalid_value',
    },
  );
});
