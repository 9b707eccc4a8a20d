import { Agent, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  InvalidRunAssertionInputError,
  runSnapshot,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { modes, run } from './_run.ts';
import { snapshotWorkflow } from './_snapshot_workflow.ts';

for (const mode of modes) {
  test(`${mode}: the snapshot is the same whichever parallel tool finishes first`, async () => {
    const first = await snapshotWorkflow(mode, 'ab');
    const second = await snapshotWorkflow(mode, 'ba');
    assert.deepEqual(first.finished, ['a', 'b']);
    assert.deepEqual(second.finished, ['b', 'a']);
    assert.equal(
      JSON.stringify(first.snapshot, null, 2),
      JSON.stringify(second.snapshot, null, 2),
    );
    // Plain JSON: a runner's snapshot stores exactly this.
    assert.deepEqual(
      JSON.parse(JSON.stringify(first.snapshot)),
      first.snapshot,
    );
  });
}

test('The snapshot tokenizes ids, masks times, redacts secrets and sorts keys', async () => {
  const { snapshot } = await snapshotWorkflow('plain', 'ab');
  const text = JSON.stringify(snapshot);
  // The scripted call ids differ run to run; the tokens do not.
  assert.equal(text.includes('call_ab'), false);
  assert.deepEqual(
    snapshot.toolCalls.map((call) => [call.name, call.callId, call.arguments]),
    [['a', '<id 2>', { q: 'x' }], ['b', '<id 3>', { q: 'y' }]],
  );
  assert.equal(text.includes('sk-proj-'), false);
  assert.equal(text.includes('hunter2-password'), false);
  assert.match(text, /\[redacted\]/);
  assert.equal(text.includes('2026-'), false);
  assert.match(text, /<time>/);
  assert.deepEqual(Object.keys(snapshot), [
    'agent',
    'finalOutput',
    'guardrails',
    'handoffs',
    'interruptions',
    'items',
    'modelCalls',
    'toolCalls',
  ]);
  assert.equal(snapshot.agent, 'Support');
  assert.deepEqual(snapshot.handoffs, [{ from: 'Triage', to: 'Support' }]);
  assert.deepEqual(snapshot.guardrails, [{
    kind: 'input',
    name: 'fine',
    outputInfo: '[redacted]',
    tripped: false,
  }]);
  assert.equal(snapshot.modelCalls.length, 1);
  assert.equal(snapshot.modelCalls[0]!.length, 3);
  const last = snapshot.modelCalls[0]![2] as Record<string, unknown>;
  assert.deepEqual(Object.keys(last), [
    'handoffs',
    'index',
    'input',
    'modelSettings',
    'outputType',
    'streamed',
    'systemInstructions',
    'tools',
  ]);
  // The results stand in call order in the request too.
  const results = (last.input as { type: string; callId?: string }[])
    .filter((item) => item.type === 'function_call_result')
    .map((item) => item.callId);
  assert.deepEqual(results, ['<id 1>', '<id 2>', '<id 3>']);
});

test('The snapshot of an interrupted run lists its approvals', async () => {
  const model = new ScriptedModel([
    [functionCall('remove', { path: 'a' }, { callId: 'call_9' })],
  ]);
  const remove = tool({
    name: 'remove',
    description: 'Remove',
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: () => 'removed',
  });
  const agent = new Agent({ name: 'A', model, tools: [remove] });
  const result = await run(agent, 'go', 'plain');
  const snapshot = runSnapshot(result);
  assert.deepEqual(snapshot.interruptions, [{
    agent: 'A',
    arguments: { path: 'a' },
    callId: '<id 1>',
    toolName: 'remove',
  }]);
  assert.equal(snapshot.finalOutput, undefined);
  assert.deepEqual(snapshot.modelCalls, []);
});

test('runSnapshot rejects unusable input with a structured error', () => {
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  const cases: [() => unknown, string, string][] = [
    [() => runSnapshot(1), 'result', 'invalid_type'],
    [
      () => runSnapshot({ newItems: [cycle] }),
      'snapshot.items[0].self',
      'invalid_value',
    ],
    [
      () => runSnapshot({ newItems: [], finalOutput: 1n }),
      'snapshot.finalOutput',
      'invalid_type',
    ],
    [
      () => runSnapshot({ newItems: [] }, { secrets: ['short'] }),
      'options.secrets[0]',
      'invalid_value',
    ],
    [
      () => runSnapshot({ newItems: [] }, { secret: [] } as never),
      'options.secret',
      'unknown_key',
    ],
    [
      () => runSnapshot({ newItems: [] }, { models: [{}] } as never),
      'options.models[0].calls',
      'invalid_type',
    ],
    [
      () =>
        runSnapshot({ newItems: [] }, {
          models: [{ calls: [{ request: { input: cycle } }] }],
        } as never),
      'snapshot.modelCalls[0][0].input.self',
      'invalid_value',
    ],
  ];
  for (const [attempt, path, reason] of cases) {
    assert.throws(attempt, (error: unknown) => {
      assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
      assert.equal(error.path, path);
      assert.equal(error.reason, reason);
      return true;
    });
  }
  // A too-short secret is described by its length, never printed.
  assert.throws(() => runSnapshot({ newItems: [] }, { secrets: ['short'] }), {
    issue: 'a string of at least 8 characters',
    received: 'a string of 5 characters',
    message: 'Invalid runSnapshot input: expected "options.secrets[0]" to be ' +
      'a string of at least 8 characters, got a string of 5 characters',
  });
  assert.throws(
    () => runSnapshot({ newItems: [] }, { secrets: [7] } as never),
    {
      issue: 'a string of at least 8 characters',
      received: '7',
    },
  );
  // Under keys naming credentials, strings are redacted; numbers,
  // booleans and `null` stay, as fixtures store them.
  const plain = runSnapshot({
    newItems: [],
    finalOutput: {
      apiKey: 'abc',
      token: null,
      secret: 5,
      password: true,
      cookie: ['', 'c'],
      createdAt: 5,
      note: 'x',
    },
  });
  assert.deepEqual(plain.finalOutput, {
    apiKey: '[redacted]',
    cookie: ['', '[redacted]'],
    createdAt: '<time>',
    note: 'x',
    password: true,
    secret: 5,
    token: null,
  });
  assert.deepEqual(plain.guardrails, []);
  assert.equal(plain.agent, undefined);
});

test('The handoff workflow keeps its handoff items', async () => {
  const model = new ScriptedModel();
  const support = new Agent({ name: 'Support', model });
  const triage = new Agent({ name: 'Triage', model, handoffs: [support] });
  model.enqueue(
    [handoffCall(support, { callId: 'h1' })],
    [assistantMessage('Hi')],
  );
  const result = await run(triage, 'help', 'plain');
  const snapshot = runSnapshot(result, { models: [model] });
  assert.deepEqual(
    snapshot.items.map((item) => (item as { type: string }).type),
    ['handoff_call_item', 'handoff_output_item', 'message_output_item'],
  );
});
