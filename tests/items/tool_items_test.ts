import {
  Agent,
  applyPatchTool,
  computerTool,
  handoff,
  Runner,
  shellTool,
} from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  ScriptedModel,
} from '@scripted/agents';
import {
  applyPatchCall,
  computerCall,
  handoffCall,
  reasoning,
  shellCall,
} from '@scripted/agents/items';
import type { AgentInputItem } from '@openai/agents';
import assert from 'node:assert/strict';
import test from 'node:test';

const runner = new Runner({ tracingDisabled: true });

/** The input items of the model's call `index`. */
function inputOf(model: ScriptedModel, index: number): AgentInputItem[] {
  const input = model.calls[index]?.request.input;
  assert(Array.isArray(input));
  return input;
}

function assertInvalid(
  define: () => unknown,
  expected: {
    issue: InvalidScriptedModelStepError['issue'];
    path: string;
    received: string;
    suggestion?: string;
  },
): void {
  assert.throws(define, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.issue, expected.issue);
    assert.equal(error.path, expected.path);
    assert.equal(error.received, expected.received);
    assert.equal(error.suggestion, expected.suggestion);
    assert.match(error.message, /^Invalid model step: expected /);
    assert(error.message.includes(`, got ${expected.received}`));
    return true;
  });
}

test('reasoning lands in the run items and in the history the model sees next', async () => {
  const model = new ScriptedModel([
    [reasoning('Look it up first'), assistantMessage('Done')],
  ]);
  const result = await runner.run(new Agent({ name: 'A', model }), 'Hi');
  assert.deepEqual(result.newItems.map((item) => item.type), [
    'reasoning_item',
    'message_output_item',
  ]);
  assert.deepEqual(result.history[1], {
    type: 'reasoning',
    content: [{ type: 'input_text', text: 'Look it up first' }],
  });
  assert.deepEqual(
    reasoning(['a', 'b'], { id: 'rs_1', rawContent: 'raw' }),
    {
      type: 'reasoning',
      id: 'rs_1',
      content: [
        { type: 'input_text', text: 'a' },
        { type: 'input_text', text: 'b' },
      ],
      rawContent: [{ type: 'reasoning_text', text: 'raw' }],
    },
  );
});

test('handoffCall switches the run to the agent handed off to', async () => {
  const model = new ScriptedModel();
  const billing = new Agent({ name: 'Billing agent', model });
  const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
  model.enqueue(
    [handoffCall(billing, { callId: 'call_1' })],
    [assistantMessage('Billing here')],
  );
  const result = await runner.run(triage, 'Refund please');
  assert.equal(result.lastAgent, billing);
  assert.equal(result.finalOutput, 'Billing here');
  const handoffItem = result.newItems.find((item) =>
    item.type === 'handoff_output_item'
  );
  assert.equal(handoffItem?.type, 'handoff_output_item');
  // The second request is the billing agent's: no handoff tool offered.
  assert.deepEqual(model.calls[0]?.request.handoffs.map((h) => h.toolName), [
    'transfer_to_Billing_agent',
  ]);
  assert.deepEqual(model.calls[1]?.request.handoffs, []);
  model.assertComplete();
});

test('handoffCall takes the tool name of a Handoff and serializes arguments', async () => {
  const model = new ScriptedModel();
  const billing = new Agent({ name: 'Billing', model });
  const escalate = handoff(billing, { toolNameOverride: 'escalate' });
  const triage = new Agent({ name: 'Triage', model, handoffs: [escalate] });
  const call = handoffCall(escalate, {
    callId: 'call_1',
    arguments: { reason: 'refund' },
  });
  assert.equal(call.name, 'escalate');
  assert.equal(call.arguments, '{"reason":"refund"}');
  model.enqueue([call], [assistantMessage('Escalated')]);
  const result = await runner.run(triage, 'Refund');
  assert.equal(result.lastAgent, billing);
});

test('handoffCall rejects a target that is no agent, and a missing callId', () => {
  for (const target of [undefined, 'Billing', {}, { name: '' }]) {
    assert.throws(
      () => handoffCall(target as never, { callId: 'c' }),
      (error: unknown) =>
        error instanceof InvalidScriptedModelStepError &&
        error.issue === 'invalid_value' && error.path === 'agent' &&
        error.message.includes('expected "agent" to be an Agent or a Handoff'),
    );
  }
  assertInvalid(
    () => handoffCall(new Agent({ name: 'B' }), {} as never),
    { issue: 'missing_call_id', path: 'options.callId', received: 'undefined' },
  );
});

test('computerCall actions run on the fake Computer of a computerTool', async () => {
  const performed: string[] = [];
  const computer = {
    environment: 'browser' as const,
    dimensions: [800, 600] as [number, number],
    screenshot: () => {
      performed.push('screenshot');
      return 'iVBORw0KGgo=';
    },
    click: (x: number, y: number, button: string) => {
      performed.push(`click ${x},${y} ${button}`);
    },
    doubleClick: () => {},
    scroll: () => {},
    type: (text: string) => {
      performed.push(`type ${text}`);
    },
    wait: () => {},
    move: () => {},
    keypress: (keys: string[]) => {
      performed.push(`keypress ${keys.join('+')}`);
    },
    drag: () => {},
  };
  const model = new ScriptedModel([
    [computerCall({ type: 'click', x: 5, y: 6, button: 'left' }, {
      callId: 'c1',
    })],
    [computerCall([{ type: 'type', text: 'hi' }, {
      type: 'keypress',
      keys: ['ctrl', 'a'],
    }], { callId: 'c2' })],
    [assistantMessage('Typed')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [computerTool({ computer })],
  });
  const result = await runner.run(agent, 'Go');
  assert.deepEqual(performed, [
    'click 5,6 left',
    'screenshot',
    'type hi',
    'keypress ctrl+a',
    'screenshot',
  ]);
  assert.equal(result.finalOutput, 'Typed');
  const answer = inputOf(model, 1).at(-1);
  assert.deepEqual(answer, {
    type: 'computer_call_result',
    callId: 'c1',
    output: {
      type: 'computer_screenshot',
      data: 'data:image/png;base64,iVBORw0KGgo=',
    },
  });
  model.assertComplete();
});

test('computerCall rejects a malformed action with a suggestion', () => {
  assertInvalid(
    () => computerCall({ type: 'clik' } as never, { callId: 'c' }),
    {
      issue: 'invalid_value',
      path: 'action.type',
      received: '"clik"',
      suggestion: 'click',
    },
  );
  assertInvalid(
    () =>
      computerCall(
        { type: 'click', x: 1, y: 2, button: 'rght' } as never,
        { callId: 'c' },
      ),
    {
      issue: 'invalid_value',
      path: 'action.button',
      received: '"rght"',
      suggestion: 'right',
    },
  );
  assertInvalid(
    () =>
      computerCall([{ type: 'wait' }, { type: 'move', x: NaN, y: 1 }], {
        callId: 'c',
      }),
    { issue: 'invalid_value', path: 'action[1].x', received: 'NaN' },
  );
  assertInvalid(
    () => computerCall([], { callId: 'c' }),
    { issue: 'invalid_value', path: 'action', received: 'an array of 0' },
  );
  assertInvalid(
    () =>
      computerCall({ type: 'drag', path: [{ x: 1 }] } as never, {
        callId: 'c',
      }),
    { issue: 'invalid_value', path: 'action.path[0].y', received: 'undefined' },
  );
});

test('shellCall commands run on the Shell of a local shellTool', async () => {
  const ran: string[][] = [];
  const shell = {
    run: (action: { commands: string[] }) => {
      ran.push(action.commands);
      return Promise.resolve({
        output: action.commands.map((command) => ({
          stdout: `ran ${command}`,
          stderr: '',
          outcome: { type: 'exit' as const, exitCode: 0 },
        })),
      });
    },
  };
  const model = new ScriptedModel([
    [shellCall(['ls', 'pwd'], { callId: 's1', timeoutMs: 1000 })],
    [assistantMessage('Listed')],
  ]);
  const agent = new Agent({ name: 'A', model, tools: [shellTool({ shell })] });
  const result = await runner.run(agent, 'List');
  assert.deepEqual(ran, [['ls', 'pwd']]);
  assert.equal(result.finalOutput, 'Listed');
  const answer = inputOf(model, 1).at(-1);
  assert.equal(answer?.type, 'shell_call_output');
  assert.deepEqual(
    answer?.type === 'shell_call_output' ? answer.output[1] : undefined,
    { stdout: 'ran pwd', stderr: '', outcome: { type: 'exit', exitCode: 0 } },
  );
});

test('shellCall rejects empty commands and bad limits', () => {
  assertInvalid(() => shellCall([], { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'commands',
    received: 'an array of 0',
  });
  assertInvalid(() => shellCall(['ls', 1] as never, { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'commands[1]',
    received: '1',
  });
  assertInvalid(() => shellCall('ls', { callId: 'c', timeoutMs: -1 }), {
    issue: 'invalid_option',
    path: 'options.timeoutMs',
    received: '-1',
  });
});

test('applyPatchCall operations reach the Editor of an applyPatchTool', async () => {
  const edits: string[] = [];
  const editor = {
    createFile: (op: { path: string; diff: string }) => {
      edits.push(`create ${op.path} ${op.diff}`);
      return Promise.resolve({ status: 'completed' as const, output: 'ok' });
    },
    updateFile: (op: { path: string; moveTo?: string | undefined }) => {
      edits.push(`update ${op.path} -> ${op.moveTo}`);
      return Promise.resolve();
    },
    deleteFile: (op: { path: string }) => {
      edits.push(`delete ${op.path}`);
      return Promise.resolve();
    },
  };
  const model = new ScriptedModel([
    [
      applyPatchCall({ type: 'create_file', path: 'a.md', diff: '+a' }, {
        callId: 'p1',
      }),
      applyPatchCall(
        { type: 'update_file', path: 'b.md', diff: '-b', moveTo: 'c.md' },
        { callId: 'p2' },
      ),
      applyPatchCall({ type: 'delete_file', path: 'd.md' }, { callId: 'p3' }),
    ],
    [assistantMessage('Patched')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [applyPatchTool({ editor })],
  });
  const result = await runner.run(agent, 'Patch');
  assert.deepEqual(edits.sort(), [
    'create a.md +a',
    'delete d.md',
    'update b.md -> c.md',
  ]);
  assert.equal(result.finalOutput, 'Patched');
  assert.deepEqual(
    inputOf(model, 1).filter((item) => item.type === 'apply_patch_call_output')
      .map((item) => item.type === 'apply_patch_call_output' && item.callId),
    ['p1', 'p2', 'p3'],
  );
});

test('applyPatchCall rejects a malformed operation with a suggestion', () => {
  assertInvalid(
    () =>
      applyPatchCall({ type: 'createfile', path: 'a' } as never, {
        callId: 'c',
      }),
    {
      issue: 'invalid_value',
      path: 'operation.type',
      received: '"createfile"',
      suggestion: 'create_file',
    },
  );
  assertInvalid(
    () =>
      applyPatchCall({ type: 'create_file', path: 'a' } as never, {
        callId: 'c',
      }),
    { issue: 'invalid_value', path: 'operation.diff', received: 'undefined' },
  );
  assertInvalid(
    () => applyPatchCall({ type: 'delete_file', path: '' }, { callId: 'c' }),
    { issue: 'invalid_value', path: 'operation.path', received: '""' },
  );
});

test('Builders report a hostile argument as invalid_input, never a TypeError', () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  for (
    const build of [
      () => reasoning(proxy as never),
      () => handoffCall(proxy as never, { callId: 'c' }),
      () => computerCall(proxy as never, { callId: 'c' }),
      () => shellCall(proxy as never, { callId: 'c' }),
      () => applyPatchCall(proxy as never, { callId: 'c' }),
      () => shellCall('ls', proxy as never),
    ]
  ) {
    assert.throws(
      build,
      (error: unknown) =>
        error instanceof InvalidScriptedModelStepError &&
        error.reason === 'invalid_input' &&
        error.issue === 'unreadable',
    );
  }
});
