import {
  Agent,
  defineToolInputGuardrail,
  type RunToolApprovalItem,
  tool,
  ToolGuardrailFunctionOutputFactory as behavior,
} from '@openai/agents';
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
  pendingApprovals,
  RunAssertionError,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { modes, run } from './_run.ts';

const key = 'sk-proj-abcdefghijklmnopqrstuvwx1234';

function deleteFile(ran: string[]) {
  return tool({
    name: 'delete_file',
    description: 'Delete a file',
    parameters: z.object({ path: z.string(), api_key: z.string() }),
    needsApproval: true,
    execute: ({ path }) => {
      ran.push(path);
      return `deleted ${path}`;
    },
  });
}

function twoDeletes() {
  return new ScriptedModel([
    [
      functionCall('delete_file', { path: 'a.txt', api_key: key }, {
        callId: 'call_1',
      }),
      functionCall('delete_file', { path: 'prod.db', api_key: key }, {
        callId: 'call_2',
      }),
    ],
    [assistantMessage('Done')],
  ]);
}

const one = { name: 'delete_file', callId: 'call_1' };
const two = { name: 'delete_file', callId: 'call_2' };
const argsOf = (path: string) => ({ path, api_key: '[redacted]' });

/** The failure of a name that means both calls, one of which ran. */
function namesBoth(error: unknown, wanted: 'rejected' | 'ran'): true {
  assert.ok(error instanceof RunAssertionError);
  const other = wanted === 'rejected' ? 'ran' : 'rejected';
  assert.equal(error.path, wanted === 'rejected' ? '[1].status' : '[0].status');
  assert.deepEqual(error.expected, [
    { ...one, status: wanted, arguments: argsOf('a.txt') },
    { ...two, status: wanted, arguments: argsOf('prod.db') },
  ]);
  assert.deepEqual(error.actual, [
    { ...one, status: 'rejected', arguments: argsOf('a.txt') },
    { ...two, status: 'ran', arguments: argsOf('prod.db') },
  ]);
  const differing = wanted === 'rejected' ? 'call_2' : 'call_1';
  assert.equal(
    error.message.split('\n')[0],
    `Unexpected approvals at "${error.path}": expected "${wanted}", got "${other}" (call "${differing}" of "delete_file")`,
  );
  // Every call is named with its arguments and what happened to it.
  for (const text of ['call_1', 'call_2', 'a.txt', 'prod.db', '"ran"']) {
    assert.ok(error.message.includes(text), text);
  }
  assert.ok(error.message.includes('"status": "rejected"'));
  assert.ok(!error.message.includes(key), 'the key is redacted');
  return true;
}

for (const mode of modes) {
  test(`${mode}: two calls of one tool, one rejected and one run, fail a name`, async () => {
    const ran: string[] = [];
    const model = twoDeletes();
    const agent = new Agent({ name: 'Files', model, tools: [deleteFile(ran)] });
    const first = await run(agent, 'Clean up', mode);
    assert.deepEqual(pendingApprovals(first).map((r) => r.callId), [
      'call_1',
      'call_2',
    ]);
    // Both wait: a name means both.
    assert.throws(() => assertApprovals(first, { rejected: ['delete_file'] }), {
      name: 'RunAssertionError',
      path: '[0].status',
      actual: [
        {
          ...one,
          status: 'pending',
          arguments: { path: 'a.txt', api_key: key },
        },
        {
          ...two,
          status: 'pending',
          arguments: { path: 'prod.db', api_key: key },
        },
      ].map((row) => ({ ...row, arguments: argsOf(row.arguments.path) })),
    });
    const state = await decideApprovals(first, {
      agent,
      reject: ['call_1'],
      approve: ['call_2'],
      rejectionMessage: 'Not that one',
    });
    const resumed = await run(agent, state, mode);
    assert.deepEqual(ran, ['prod.db']);
    model.assertComplete();
    assert.throws(
      () => assertApprovals(resumed, { rejected: ['delete_file'] }),
      (error) => namesBoth(error, 'rejected'),
    );
    assert.throws(
      () => assertApprovals(resumed, { approved: ['delete_file'] }),
      (error) => namesBoth(error, 'ran'),
    );
    // By call id, each call is what it was; the message is checked too.
    assertApprovals(resumed, {
      rejected: ['call_1'],
      approved: [{
        name: 'call_2',
        arguments: { path: 'prod.db', api_key: key },
      }],
    });
    assertApprovals(resumed, {
      rejected: ['call_1'],
      rejectionMessage: 'Not that one',
    });
    // A wrong argument fails on the call it names, its key redacted.
    assert.throws(
      () =>
        assertApprovals(resumed, {
          approved: [{
            name: 'call_2',
            arguments: { path: 'prod.db', api_key: 'x' },
          }],
        }),
      (error: unknown) => {
        assert.ok(error instanceof RunAssertionError);
        assert.equal(error.path, '[0].arguments.api_key');
        assert.ok(!error.message.includes(key));
        assert.match(error.message, /\(call "call_2" of "delete_file"\)\n/);
        return true;
      },
    );
  });

  test(`${mode}: a user's own state.reject with a message is a rejection`, async () => {
    const ran: string[] = [];
    const model = twoDeletes();
    const agent = new Agent({ name: 'Files', model, tools: [deleteFile(ran)] });
    const first = await run(agent, 'Clean up', mode);
    const [a, b] = first.interruptions as RunToolApprovalItem[];
    first.state.reject(a!, { message: 'Policy: keep a.txt' });
    first.state.reject(b!, { message: 'deleted prod.db' });
    const resumed = await run(agent, first.state, mode);
    assert.deepEqual(ran, []);
    // Even a message that reads like the tool's output is a rejection.
    assertApprovals(resumed, { rejected: ['delete_file'] });
    assert.throws(() => assertApprovals(resumed, { approved: ['call_2'] }), {
      name: 'RunAssertionError',
      actual: [{ ...two, status: 'rejected', arguments: argsOf('prod.db') }],
    });
  });

  test(`${mode}: an approved call a tool input guardrail stopped did not run`, async () => {
    const ran: string[] = [];
    const guarded = tool({
      name: 'delete_file',
      description: 'Delete a file',
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      inputGuardrails: [defineToolInputGuardrail({
        name: 'no_prod',
        run: ({ toolCall }) =>
          Promise.resolve(
            toolCall.arguments.includes('prod')
              ? behavior.rejectContent('deleted prod.db')
              : behavior.allow(),
          ),
      })],
      execute: ({ path }) => {
        ran.push(path);
        return `deleted ${path}`;
      },
    });
    const model = new ScriptedModel([
      [
        functionCall('delete_file', { path: 'a.txt' }, { callId: 'call_1' }),
        functionCall('delete_file', { path: 'prod.db' }, { callId: 'call_2' }),
      ],
      [assistantMessage('Done')],
    ]);
    const agent = new Agent({ name: 'Files', model, tools: [guarded] });
    const first = await run(agent, 'Clean up', mode);
    const state = await decideApprovals(first, {
      agent,
      approve: ['delete_file'],
    });
    const resumed = await run(agent, state, mode);
    assert.deepEqual(ran, ['a.txt']);
    assert.throws(
      () => assertApprovals(resumed, { approved: ['delete_file'] }),
      {
        name: 'RunAssertionError',
        path: '[1].status',
        actual: [
          { ...one, status: 'ran', arguments: { path: 'a.txt' } },
          { ...two, status: 'not run', arguments: { path: 'prod.db' } },
        ],
      },
    );
    assertApprovals(resumed, { approved: ['call_1'] });
  });
}

test('realtime: two calls of one tool with mixed decisions fail a name', async () => {
  const ran: string[] = [];
  const remove = realtimeTool({
    name: 'delete_file',
    description: 'Delete a file',
    parameters: z.object({ path: z.string(), api_key: z.string() }),
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
  const decided: Promise<void>[] = [];
  session.on('tool_approval_requested', (_context, _agent, request) => {
    if (request.type !== 'function_approval') return;
    decided.push(decideRealtimeApprovals(session, {
      interruptions: [request.approvalItem],
      ...(decided.length === 0
        ? { reject: ['call_1'], rejectionMessage: 'deleted a.txt' }
        : { approve: ['call_2'] }),
    }));
  });
  await transport.runScenario({
    signal: AbortSignal.timeout(10_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      for (
        const [callId, path] of [['call_1', 'a.txt'], ['call_2', 'prod.db']]
      ) {
        await functionCallTurn(ctx, {
          name: 'delete_file',
          arguments: { path, api_key: key },
          callId: callId!,
        });
      }
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('Clean up');
      while (decided.length < 2) {
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await Promise.all(decided);
      session.close();
    },
  });
  assert.deepEqual(ran, ['prod.db']);
  const ids = session.history.map((item) =>
    (item as { itemId: string }).itemId
  );
  const rows = (first: string, second: string) => [
    { ...one, status: first, arguments: argsOf('a.txt') },
    { ...two, status: second, arguments: argsOf('prod.db') },
  ];
  assert.throws(() => assertApprovals(session, { rejected: ['delete_file'] }), {
    name: 'RunAssertionError',
    path: '[1].status',
    expected: rows('rejected', 'rejected'),
    actual: rows('rejected', 'ran'),
    message:
      /^Unexpected approvals at "\[1\]\.status": expected "rejected", got "ran" \(call "call_2" of "delete_file"\)\n/,
  });
  assert.throws(() => assertApprovals(session, { approved: ['delete_file'] }), {
    path: '[0].status',
    actual: rows('rejected', 'ran'),
  });
  assertApprovals(session, {
    rejected: ['call_1'],
    approved: [ids[1]!],
  });
  assertApprovals(session, { rejected: [ids[0]!] });
});

test('A run result read field by field: records, executions, interruptions', () => {
  const call = (callId: string, args: unknown = {}) => ({
    type: 'tool_call_item',
    rawItem: {
      type: 'function_call',
      name: 't',
      callId,
      arguments: JSON.stringify(args),
    },
  });
  const answer = (callId: string, extra: Record<string, unknown> = {}) => ({
    type: 'tool_call_output_item',
    rawItem: { type: 'function_call_result', callId },
    output: `out ${callId}`,
    ...extra,
  });
  const asked: unknown[] = [];
  const context = {
    isToolApproved(this: unknown, record: { callId: string }) {
      asked.push([this === context, record]);
      return record.callId === 'c2' ? false : undefined;
    },
  };
  const result = {
    newItems: [
      { type: 'message_output_item', rawItem: { name: 't' } },
      {
        type: 'tool_call_item',
        rawItem: { type: 'hosted_tool_call', name: 't' },
      },
      call('c1'),
      call('c2'),
      call('c3'),
      call('c4'),
      call('c5'),
      answer('c1'), // an SDK without executionStatus: answered, ran
      answer('c2'), // rejected by the record, whatever the SDK
      answer('c3', { executionStatus: undefined }), // answered, not executed
      answer('c4', { executionStatus: 'executed' }),
      {
        type: 'tool_call_output_item',
        rawItem: { type: 'shell_call_output', callId: 'c5' },
      },
    ],
    interruptions: [{ rawItem: { callId: 'c6' } }],
    state: { _context: context },
  };
  const rows = (status: string[]) =>
    status.map((s, i) => ({
      name: 't',
      callId: `c${i + 1}`,
      status: s,
      arguments: {},
    }));
  assert.throws(() => assertApprovals(result, { approved: ['t'] }), {
    name: 'RunAssertionError',
    path: '[1].status',
    actual: rows(['ran', 'rejected', 'not run', 'ran', 'not run']),
  });
  assert.deepEqual(asked, [
    [true, { toolName: 't', callId: 'c1' }],
    [true, { toolName: 't', callId: 'c2' }],
    [true, { toolName: 't', callId: 'c3' }],
  ]);
  // A call the run stopped on is pending; one never answered did not run.
  const waiting = {
    ...result,
    newItems: [call('c6'), call('c7'), {
      // Not an output item, though its raw item reads like one.
      type: 'message_output_item',
      rawItem: { type: 'function_call_result', callId: 'c7' },
      output: 'x',
    }],
  };
  assert.throws(() => assertApprovals(waiting, { rejected: ['t'] }), {
    actual: [
      { name: 't', callId: 'c6', status: 'pending', arguments: {} },
      { name: 't', callId: 'c7', status: 'not run', arguments: {} },
    ],
  });
  // The records are read only for an answer without an execution.
  const executed = {
    newItems: [call('c4'), answer('c4', { executionStatus: 'executed' })],
  };
  assertApprovals(executed, { approved: ['c4'] });
  for (
    const [state, received] of [
      [undefined, 'no approval records'],
      [{ _context: { isToolApproved: 'yes' } }, 'string'],
    ] as const
  ) {
    assert.throws(
      () =>
        assertApprovals({ newItems: [call('c1'), answer('c1')], state }, {
          approved: ['c1'],
        }),
      {
        name: 'InvalidRunAssertionInputError',
        path: 'result.state',
        issue: 'a context that records approvals (isToolApproved)',
        received,
      },
    );
  }
  const failing = {
    _context: {
      isToolApproved() {
        throw new Error('boom');
      },
    },
  };
  assert.throws(
    () =>
      assertApprovals(
        { newItems: [call('c1'), answer('c1')], state: failing },
        {
          approved: ['c1'],
        },
      ),
    {
      name: 'InvalidRunAssertionInputError',
      path: 'result.state',
      reason: 'unreadable',
    },
  );
  const unreadable = answer('c1');
  Object.defineProperty(unreadable, 'executionStatus', {
    get() {
      throw new Error('boom');
    },
  });
  assert.throws(
    () =>
      assertApprovals({ newItems: [call('c1'), unreadable] }, {
        approved: ['c1'],
      }),
    {
      name: 'InvalidRunAssertionInputError',
      path: 'result.newItems',
      reason: 'unreadable',
    },
  );
  assert.throws(
    () => assertApprovals({ newItems: [], interruptions: 5 }, { approved: [] }),
    { name: 'InvalidRunAssertionInputError', path: 'result.interruptions' },
  );
  assertApprovals({ newItems: [] }, {});
  // A result with a history is still a run result; neither is neither.
  assert.throws(
    () => assertApprovals({ newItems: [], history: [] }, { rejected: ['x'] }),
    { name: 'RunAssertionError', actual: [{ name: 'x', status: 'missing' }] },
  );
  assert.throws(() => assertApprovals({}, {}), {
    name: 'InvalidRunAssertionInputError',
    path: 'result.newItems',
  });
  // The call a difference is in is named, past the tenth row too.
  const many = Array.from({ length: 11 }, (_, i) => `c${i + 1}`);
  const eleven = {
    newItems: [
      ...many.map((id) => call(id)),
      ...many.map((id) =>
        answer(id, { executionStatus: id === 'c11' ? undefined : 'executed' })
      ),
    ],
    state: { _context: { isToolApproved: () => undefined } },
  };
  assert.throws(() => assertApprovals(eleven, { approved: ['t'] }), {
    path: '[10].status',
    message:
      /^Unexpected approvals at "\[10\]\.status": expected "ran", got "not run" \(call "c11" of "t"\)\n/,
  });
});

test('Failures print arguments and outputs redacted, key by key and by shape', () => {
  const args = {
    list: ['Authorization: Bearer abcdefghijklmnop1234567890', 3],
    n: 1,
    z: null,
    nested: { password: 'hunter2hunter2', path: 'a.txt' },
  };
  const result = {
    newItems: [
      {
        type: 'tool_call_item',
        rawItem: {
          type: 'function_call',
          name: 't',
          callId: 'c1',
          arguments: JSON.stringify(args),
        },
      },
      {
        type: 'tool_call_output_item',
        rawItem: { type: 'function_call_result', callId: 'c1' },
        output: `token ${key}`,
      },
    ],
    state: { _context: { isToolApproved: () => false } },
  };
  assert.throws(
    () => assertApprovals(result, { rejected: ['t'], rejectionMessage: 'no' }),
    (error: unknown) => {
      assert.ok(error instanceof RunAssertionError);
      assert.equal(error.path, '[0].output');
      const shown = {
        name: 't',
        callId: 'c1',
        status: 'rejected',
        arguments: {
          list: ['Authorization: Bearer [redacted]', 3],
          n: 1,
          z: null,
          nested: { password: '[redacted]', path: 'a.txt' },
        },
      };
      assert.deepEqual(error.expected, [{ ...shown, output: 'no' }]);
      assert.deepEqual(error.actual, [{
        ...shown,
        output: 'token [redacted]',
      }]);
      assert.ok(!error.message.includes('hunter2'));
      assert.ok(!error.message.includes('abcdefghijklmnop'));
      assert.ok(!error.message.includes(key));
      assert.equal(
        error.message.split('\n')[0],
        'Unexpected approvals at "[0].output": expected "no", got "token [redacted]" (call "c1" of "t")',
      );
      return true;
    },
  );
});
