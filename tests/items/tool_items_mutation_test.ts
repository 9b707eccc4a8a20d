import {
  Agent,
  applyPatchTool,
  computerTool,
  Handoff,
  Runner,
  shellTool,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
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
import assert from 'node:assert/strict';
import test from 'node:test';
import { type Rejection, rejects } from '../_support/rejects.ts';

const runner = new Runner({ tracingDisabled: true });

const billing = new Agent({ name: 'Billing agent' });

test('reasoning builds every part and option it is given, and nothing else', () => {
  assert.deepEqual(
    reasoning(['Plan', 'Act'], {
      id: 'rs_1',
      rawContent: ['step 1', 'step 2'],
      providerData: { effort: 'low' },
    }),
    {
      type: 'reasoning',
      id: 'rs_1',
      content: [
        { type: 'input_text', text: 'Plan' },
        { type: 'input_text', text: 'Act' },
      ],
      rawContent: [
        { type: 'reasoning_text', text: 'step 1' },
        { type: 'reasoning_text', text: 'step 2' },
      ],
      providerData: { effort: 'low' },
    },
  );
  // Empty arrays are allowed for both the summary and the raw content.
  assert.deepEqual(reasoning([], { rawContent: [] }), {
    type: 'reasoning',
    content: [],
    rawContent: [],
  });
  assert.deepEqual(reasoning('One', { rawContent: 'raw' }), {
    type: 'reasoning',
    content: [{ type: 'input_text', text: 'One' }],
    rawContent: [{ type: 'reasoning_text', text: 'raw' }],
  });
});

test('reasoning rejects malformed text and options with the path of each', () => {
  rejects(() => reasoning(5 as never), {
    issue: 'invalid_value',
    path: 'text',
    received: '5',
    message: 'expected "text" to be a string or an array of strings, got 5',
  });
  rejects(() => reasoning(['a', 3] as never), {
    issue: 'invalid_value',
    path: 'text[1]',
    received: '3',
    message: 'expected "text[1]" to be a string, got 3',
  });
  rejects(() => reasoning('t', { id: '' }), {
    issue: 'invalid_option',
    path: 'options.id',
    received: '""',
    message: 'expected "options.id" to be a non-empty string, got ""',
  });
  rejects(() => reasoning('t', { rawContent: 5 as never }), {
    issue: 'invalid_option',
    path: 'options.rawContent',
    received: '5',
    message:
      'expected "options.rawContent" to be a string or an array of strings, got 5',
  });
  rejects(() => reasoning('t', { rawContent: ['a', 3] as never }), {
    issue: 'invalid_option',
    path: 'options.rawContent[1]',
    received: '3',
    message:
      'expected "options.rawContent[1]" to be a string or an array of strings, got 3',
  });
  rejects(() => reasoning('t', { providerData: 5 as never }), {
    issue: 'invalid_option',
    path: 'options.providerData',
    received: '5',
    message: 'expected "options.providerData" to be an object, got 5',
  });
  for (
    const [options, received] of [
      [null, 'null'],
      ['x', '"x"'],
      [[], 'an array of 0'],
    ] as const
  ) {
    rejects(() => reasoning('t', options as never), {
      issue: 'invalid_option',
      path: 'options',
      received,
      message: `expected "options" to be an object, got ${received}`,
    });
  }
});

test('Builders bound the arrays they copy at 65,536 elements', () => {
  rejects(() => reasoning(new Array(65_537) as never), {
    issue: 'invalid_value',
    path: 'text',
    received: 'an array of 65537',
    message:
      'expected "text" to be a string or an array of strings, got an array of 65537',
  });
  // At the bound the array is copied, and its first hole reported.
  rejects(() => reasoning(new Array(65_536) as never), {
    issue: 'invalid_value',
    path: 'text[0]',
    received: 'undefined',
    message: 'expected "text[0]" to be a string, got undefined',
  });
  rejects(() => reasoning('t', { rawContent: new Array(65_537) as never }), {
    issue: 'invalid_option',
    path: 'options.rawContent',
    received: 'an array of 65537',
    message:
      'expected "options.rawContent" to be a string or an array of strings, got an array of 65537',
  });
});

test('Builders report the first throwing read of an argument as unreadable', () => {
  let reads = 0;
  const badLength = new Proxy(['a'], {
    get(target, key, receiver) {
      if (key === 'length') throw new Error(`read ${++reads}`);
      return Reflect.get(target, key, receiver);
    },
  });
  rejects(() => reasoning(badLength as never), {
    issue: 'unreadable',
    path: 'text',
    received: undefined,
    message: 'expected "text" to be readable, got the error "read 1"',
    cause: 'read 1',
  });
  const badElement = new Proxy(['a'], {
    get(target, key, receiver) {
      if (key === '0') throw new Error('element');
      return Reflect.get(target, key, receiver);
    },
  });
  rejects(() => reasoning(badElement as never), {
    issue: 'unreadable',
    path: 'text',
    received: undefined,
    message: 'expected "text" to be readable, got the error "element"',
    cause: 'element',
  });
  const badKeys = new Proxy({}, {
    ownKeys() {
      throw new Error('keys');
    },
  });
  rejects(() => reasoning('t', badKeys as never), {
    issue: 'unreadable',
    path: 'options',
    received: undefined,
    message: 'expected "options" to be readable, got the error "keys"',
    cause: 'keys',
  });
  const badName = {
    name: 'Some name',
    get toolName(): string {
      throw new Error('boom');
    },
  };
  rejects(() => handoffCall(badName as never, { callId: 'c' }), {
    issue: 'unreadable',
    path: 'agent.toolName',
    received: undefined,
    message: 'expected "agent.toolName" to be readable, got the error "boom"',
    cause: 'boom',
  });
});

test('handoffCall builds the whole call, with the options given', () => {
  assert.deepEqual(handoffCall(billing, { callId: 'call_1' }), {
    type: 'function_call',
    name: 'transfer_to_Billing_agent',
    callId: 'call_1',
    id: 'call_1',
    status: 'completed',
    arguments: '{}',
  });
  assert.deepEqual(
    handoffCall(billing, {
      callId: 'call_2',
      id: 'fc_2',
      arguments: '{"reason":"refund"}',
      providerData: { p: 1 },
    }),
    {
      type: 'function_call',
      name: 'transfer_to_Billing_agent',
      callId: 'call_2',
      id: 'fc_2',
      status: 'completed',
      arguments: '{"reason":"refund"}',
      providerData: { p: 1 },
    },
  );
  assert.equal(
    handoffCall(billing, { callId: 'c', arguments: { a: [1] } }).arguments,
    '{"a":[1]}',
  );
});

test('handoffCall names a look-alike by the SDK rule unless it is a whole Handoff', () => {
  // A tool name without onInvokeHandoff is no Handoff: the name derives.
  assert.equal(
    handoffCall({ name: 'x', toolName: 'tn' } as never, { callId: 'c' }).name,
    'transfer_to_x',
  );
  assert.equal(
    handoffCall({ name: 'x', onInvokeHandoff() {} } as never, {
      callId: 'c',
    }).name,
    'transfer_to_x',
  );
  assert.equal(
    handoffCall(
      { name: 'Some name', toolName: 'tn', onInvokeHandoff: 1 } as never,
      { callId: 'c' },
    ).name,
    'transfer_to_Some_name',
  );
  assert.equal(
    handoffCall({ toolName: 'tn', onInvokeHandoff() {} } as never, {
      callId: 'c',
    }).name,
    'tn',
  );
});

test('handoffCall rejects a bad target, call id or option exactly', () => {
  for (
    const [target, received] of [
      [null, 'null'],
      [{ toolName: 5, onInvokeHandoff() {} }, 'an object'],
    ] as const
  ) {
    rejects(() => handoffCall(target as never, { callId: 'c' }), {
      issue: 'invalid_value',
      path: 'agent',
      received,
      message: `expected "agent" to be an Agent or a Handoff, got ${received}`,
    });
  }
  // A Handoff whose own tool name is empty or not a string.
  for (const toolName of ['', 5]) {
    const broken = Object.create(Handoff.prototype);
    broken.name = 'x';
    broken.toolName = toolName;
    rejects(() => handoffCall(broken, { callId: 'c' }), {
      issue: 'invalid_value',
      path: 'agent',
      received: 'a class instance (Handoff)',
      message:
        'expected "agent" to be an Agent or a Handoff, got a class instance (Handoff)',
    });
  }
  rejects(() => handoffCall(billing, undefined as never), {
    issue: 'missing_call_id',
    path: 'options',
    received: 'undefined',
    message: 'expected options with a "callId" string, got undefined',
  });
  for (const [callId, received] of [['', '""'], [5, '5']] as const) {
    rejects(() => handoffCall(billing, { callId } as never), {
      issue: 'missing_call_id',
      path: 'options.callId',
      received,
      message: `expected options with a "callId" string, got ${received}`,
    });
  }
  rejects(() => handoffCall(billing, { callId: 'c', id: '' }), {
    issue: 'invalid_option',
    path: 'options.id',
    received: '""',
    message: 'expected "options.id" to be a non-empty string, got ""',
  });
  rejects(
    () => handoffCall(billing, { callId: 'c', providerData: 3 as never }),
    {
      issue: 'invalid_option',
      path: 'options.providerData',
      received: '3',
      message: 'expected "options.providerData" to be an object, got 3',
    },
  );
  for (const [args, received] of [[5, '5'], [null, 'null']] as const) {
    rejects(
      () => handoffCall(billing, { callId: 'c', arguments: args as never }),
      {
        issue: 'invalid_option',
        path: 'options.arguments',
        received,
        message:
          `expected "options.arguments" to be a JSON string or a serializable object, got ${received}`,
      },
    );
  }
});

test('computerCall builds every action type with exactly its fields', () => {
  assert.deepEqual(
    computerCall(
      {
        type: 'scroll',
        x: 1,
        y: 2,
        scroll_x: 3,
        scroll_y: 4,
        extra: 1,
      } as never,
      { callId: 'c', id: 'cu_1', providerData: { z: 1 } },
    ),
    {
      type: 'computer_call',
      callId: 'c',
      id: 'cu_1',
      status: 'completed',
      action: { type: 'scroll', x: 1, y: 2, scroll_x: 3, scroll_y: 4 },
      providerData: { z: 1 },
    },
  );
  assert.deepEqual(
    computerCall([
      { type: 'drag', path: [{ x: 1, y: 2 }, { x: 3, y: 4 }] },
      { type: 'wait' },
      { type: 'screenshot' },
      { type: 'double_click', x: 1, y: 2 },
      { type: 'move', x: 3, y: 4 },
      { type: 'keypress', keys: [] },
      { type: 'type', text: '' },
      { type: 'click', x: 0, y: 0, button: 'wheel' },
    ], { callId: 'c' }),
    {
      type: 'computer_call',
      callId: 'c',
      id: 'c',
      status: 'completed',
      actions: [
        { type: 'drag', path: [{ x: 1, y: 2 }, { x: 3, y: 4 }] },
        { type: 'wait' },
        { type: 'screenshot' },
        { type: 'double_click', x: 1, y: 2 },
        { type: 'move', x: 3, y: 4 },
        { type: 'keypress', keys: [] },
        { type: 'type', text: '' },
        { type: 'click', x: 0, y: 0, button: 'wheel' },
      ],
    },
  );
});

test('computerCall rejects each malformed action field exactly', () => {
  const types =
    '"click", "double_click", "drag", "keypress", "move", "screenshot", "scroll", "type" or "wait"';
  const cases: [unknown, Rejection][] = [
    [5, {
      issue: 'invalid_value',
      path: 'action',
      received: '5',
      message:
        'expected "action" to be a computer action or a non-empty array of them, got 5',
    }],
    [null, {
      issue: 'invalid_value',
      path: 'action',
      received: 'null',
      message:
        'expected "action" to be a computer action or a non-empty array of them, got null',
    }],
    [[], {
      issue: 'invalid_value',
      path: 'action',
      received: 'an array of 0',
      message:
        'expected "action" to be a computer action or a non-empty array of them, got an array of 0',
    }],
    [[{ type: 'wait' }, 5], {
      issue: 'invalid_value',
      path: 'action[1]',
      received: '5',
      message:
        'expected "action[1]" to be a computer action (an object with a "type"), got 5',
    }],
    [{ type: 5 }, {
      issue: 'invalid_value',
      path: 'action.type',
      received: '5',
      message:
        `expected "action.type" to be a computer action type of ${types}, got 5`,
    }],
    [{ type: 'toString' }, {
      issue: 'invalid_value',
      path: 'action.type',
      received: '"toString"',
      message:
        `expected "action.type" to be a computer action type of ${types}, got "toString"`,
    }],
    [{ type: 'type', text: 5 }, {
      issue: 'invalid_value',
      path: 'action.text',
      received: '5',
      message: 'expected "action.text" to be a string, got 5',
    }],
    [{ type: 'keypress', keys: 'a' }, {
      issue: 'invalid_value',
      path: 'action.keys',
      received: '"a"',
      message: 'expected "action.keys" to be an array of strings, got "a"',
    }],
    [{ type: 'keypress', keys: ['a', 1] }, {
      issue: 'invalid_value',
      path: 'action.keys[1]',
      received: '1',
      message: 'expected "action.keys[1]" to be a string, got 1',
    }],
    [{ type: 'drag', path: 'a' }, {
      issue: 'invalid_value',
      path: 'action.path',
      received: '"a"',
      message:
        'expected "action.path" to be an array of points ({ x, y }), got "a"',
    }],
    [{ type: 'drag', path: [{ x: 1, y: 1 }, 5] }, {
      issue: 'invalid_value',
      path: 'action.path[1]',
      received: '5',
      message: 'expected "action.path[1]" to be a point ({ x, y }), got 5',
    }],
    [{ type: 'drag', path: [null] }, {
      issue: 'invalid_value',
      path: 'action.path[0]',
      received: 'null',
      message: 'expected "action.path[0]" to be a point ({ x, y }), got null',
    }],
    [{ type: 'drag', path: [{ x: 1 }] }, {
      issue: 'invalid_value',
      path: 'action.path[0].y',
      received: 'undefined',
      message:
        'expected "action.path[0].y" to be a finite number, got undefined',
    }],
    [{ type: 'drag', path: [{ y: 1 }] }, {
      issue: 'invalid_value',
      path: 'action.path[0].x',
      received: 'undefined',
      message:
        'expected "action.path[0].x" to be a finite number, got undefined',
    }],
    [{ type: 'click', x: 1, y: 2, button: 'lft' }, {
      issue: 'invalid_value',
      path: 'action.button',
      received: '"lft"',
      suggestion: 'left',
      message:
        'expected "action.button" to be "left", "right", "wheel", "back" or "forward", got "lft" (did you mean "left"?)',
    }],
    [{ type: 'move', x: '1', y: 2 }, {
      issue: 'invalid_value',
      path: 'action.x',
      received: '"1"',
      message: 'expected "action.x" to be a finite number, got "1"',
    }],
    [{ type: 'scroll', x: 1, y: 2, scroll_x: 3, scroll_y: Infinity }, {
      issue: 'invalid_value',
      path: 'action.scroll_y',
      received: 'Infinity',
      message: 'expected "action.scroll_y" to be a finite number, got Infinity',
    }],
  ];
  for (const [action, expected] of cases) {
    rejects(() => computerCall(action as never, { callId: 'c' }), expected);
  }
  rejects(() => computerCall({ type: 'wait' }, undefined as never), {
    issue: 'missing_call_id',
    path: 'options',
    received: 'undefined',
    message: 'expected options with a "callId" string, got undefined',
  });
  // Only the common options are read: `timeoutMs` is no option of it.
  assert.deepEqual(
    computerCall({ type: 'wait' }, { callId: 'c', timeoutMs: -1 } as never),
    {
      type: 'computer_call',
      callId: 'c',
      id: 'c',
      status: 'completed',
      action: { type: 'wait' },
    },
  );
});

test('shellCall builds its action with the limits given, zero included', () => {
  assert.deepEqual(shellCall('ls', { callId: 'c' }), {
    type: 'shell_call',
    callId: 'c',
    id: 'c',
    status: 'completed',
    action: { commands: ['ls'] },
  });
  assert.deepEqual(
    shellCall('ls', { callId: 'c', timeoutMs: 0, maxOutputLength: 0 }),
    {
      type: 'shell_call',
      callId: 'c',
      id: 'c',
      status: 'completed',
      action: { commands: ['ls'], timeoutMs: 0, maxOutputLength: 0 },
    },
  );
  assert.deepEqual(
    shellCall(['ls', 'pwd'], {
      callId: 'c',
      id: 'sh_1',
      maxOutputLength: 20,
      providerData: { a: 1 },
    }),
    {
      type: 'shell_call',
      callId: 'c',
      id: 'sh_1',
      status: 'completed',
      action: { commands: ['ls', 'pwd'], maxOutputLength: 20 },
      providerData: { a: 1 },
    },
  );
});

test('shellCall rejects each bad limit exactly', () => {
  for (const key of ['timeoutMs', 'maxOutputLength']) {
    for (
      const [value, received] of [
        [-1, '-1'],
        ['5', '"5"'],
        [Infinity, 'Infinity'],
        [NaN, 'NaN'],
      ] as const
    ) {
      rejects(() => shellCall('ls', { callId: 'c', [key]: value } as never), {
        issue: 'invalid_option',
        path: `options.${key}`,
        received,
        message:
          `expected "options.${key}" to be a non-negative finite number, got ${received}`,
      });
    }
  }
  rejects(() => shellCall(['ls', 5] as never, { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'commands[1]',
    received: '5',
    message: 'expected "commands[1]" to be a string, got 5',
  });
  rejects(() => shellCall([], { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'commands',
    received: 'an array of 0',
    message:
      'expected "commands" to be a command string or a non-empty array of them, got an array of 0',
  });
});

test('applyPatchCall builds each operation with exactly its fields', () => {
  assert.deepEqual(
    applyPatchCall({ type: 'update_file', path: 'a.md', diff: '-x' }, {
      callId: 'c',
    }),
    {
      type: 'apply_patch_call',
      callId: 'c',
      id: 'c',
      status: 'completed',
      operation: { type: 'update_file', path: 'a.md', diff: '-x' },
    },
  );
  assert.deepEqual(
    applyPatchCall(
      { type: 'update_file', path: 'a.md', diff: '-x', moveTo: 'b.md' },
      { callId: 'c', id: 'ap_1', providerData: { q: 1 } },
    ),
    {
      type: 'apply_patch_call',
      callId: 'c',
      id: 'ap_1',
      status: 'completed',
      operation: {
        type: 'update_file',
        path: 'a.md',
        diff: '-x',
        moveTo: 'b.md',
      },
      providerData: { q: 1 },
    },
  );
  // A delete ignores a diff, however malformed; a create drops moveTo.
  assert.deepEqual(
    applyPatchCall({ type: 'delete_file', path: 'x', diff: 5 } as never, {
      callId: 'c',
    }).operation,
    { type: 'delete_file', path: 'x' },
  );
  assert.deepEqual(
    applyPatchCall(
      { type: 'create_file', path: 'x', diff: '+', moveTo: 5 } as never,
      { callId: 'c' },
    ).operation,
    { type: 'create_file', path: 'x', diff: '+' },
  );
});

test('applyPatchCall rejects each malformed operation field exactly', () => {
  const object = 'an apply-patch operation (an object with a "type")';
  const cases: [unknown, Rejection][] = [
    [5, {
      issue: 'invalid_value',
      path: 'operation',
      received: '5',
      message: `expected "operation" to be ${object}, got 5`,
    }],
    [null, {
      issue: 'invalid_value',
      path: 'operation',
      received: 'null',
      message: `expected "operation" to be ${object}, got null`,
    }],
    [[], {
      issue: 'invalid_value',
      path: 'operation',
      received: 'an array of 0',
      message: `expected "operation" to be ${object}, got an array of 0`,
    }],
    [{ type: 'remove_file', path: 'a' }, {
      issue: 'invalid_value',
      path: 'operation.type',
      received: '"remove_file"',
      message:
        'expected "operation.type" to be "create_file", "update_file" or "delete_file", got "remove_file"',
    }],
    [{ type: 'create_file', path: 5, diff: 'd' }, {
      issue: 'invalid_value',
      path: 'operation.path',
      received: '5',
      message: 'expected "operation.path" to be a non-empty string, got 5',
    }],
    [{ type: 'delete_file', path: '' }, {
      issue: 'invalid_value',
      path: 'operation.path',
      received: '""',
      message: 'expected "operation.path" to be a non-empty string, got ""',
    }],
    [{ type: 'create_file', path: 'x', diff: 5 }, {
      issue: 'invalid_value',
      path: 'operation.diff',
      received: '5',
      message: 'expected "operation.diff" to be a string, got 5',
    }],
    [{ type: 'update_file', path: 'a', diff: 'd', moveTo: '' }, {
      issue: 'invalid_value',
      path: 'operation.moveTo',
      received: '""',
      message: 'expected "operation.moveTo" to be a non-empty string, got ""',
    }],
    [{ type: 'update_file', path: 'a', diff: 'd', moveTo: 5 }, {
      issue: 'invalid_value',
      path: 'operation.moveTo',
      received: '5',
      message: 'expected "operation.moveTo" to be a non-empty string, got 5',
    }],
  ];
  for (const [operation, expected] of cases) {
    rejects(
      () => applyPatchCall(operation as never, { callId: 'c' }),
      expected,
    );
  }
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  let thrown: unknown;
  try {
    applyPatchCall(revoked.proxy as never, { callId: 'c' });
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof InvalidScriptedModelStepError);
  assert.equal(thrown.issue, 'unreadable');
  assert.equal(thrown.path, 'operation');
});

test('Runner answers the built calls with their limits, ids and provider data intact', async () => {
  const actions: unknown[] = [];
  const shell = {
    run: (action: unknown) => {
      actions.push(action);
      return Promise.resolve({
        output: [{
          stdout: 'ok',
          stderr: '',
          outcome: { type: 'exit' as const, exitCode: 0 },
        }],
      });
    },
  };
  const ops: unknown[] = [];
  const editor = {
    createFile: (op: unknown) => {
      ops.push(op);
      return Promise.resolve();
    },
    updateFile: (op: unknown) => {
      ops.push(op);
      return Promise.resolve();
    },
    deleteFile: (op: unknown) => {
      ops.push(op);
      return Promise.resolve();
    },
  };
  const shellItem = shellCall('ls', {
    callId: 's1',
    id: 'sh_1',
    timeoutMs: 500,
    maxOutputLength: 64,
    providerData: { origin: 'test' },
  });
  const patchItem = applyPatchCall(
    { type: 'update_file', path: 'a.md', diff: '-x', moveTo: 'b.md' },
    { callId: 'p1', providerData: { origin: 'test' } },
  );
  const thought = reasoning('Think', { id: 'rs_1', providerData: { k: 1 } });
  const model = new ScriptedModel([
    [thought, shellItem, patchItem],
    [assistantMessage('Done')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [shellTool({ shell }), applyPatchTool({ editor })],
  });
  const result = await runner.run(agent, 'Go');
  assert.equal(result.finalOutput, 'Done');
  assert.deepEqual(actions.map((action) => ({ ...action as object })), [
    { commands: ['ls'], timeoutMs: 500, maxOutputLength: 64 },
  ]);
  assert.deepEqual(ops.map((op) => ({ ...op as object })), [
    { type: 'update_file', path: 'a.md', diff: '-x', moveTo: 'b.md' },
  ]);
  const raw = result.newItems.slice(0, 3).map((item) => item.rawItem);
  assert.deepEqual(raw, [thought, shellItem, patchItem]);
  model.assertComplete();
});

test('Runner performs a computer call built with provider data', async () => {
  const performed: string[] = [];
  const computer = {
    environment: 'browser' as const,
    dimensions: [800, 600] as [number, number],
    screenshot: () => 'iVBORw0KGgo=',
    click: () => {},
    doubleClick: (x: number, y: number) => {
      performed.push(`double ${x},${y}`);
    },
    scroll: (x: number, y: number, sx: number, sy: number) => {
      performed.push(`scroll ${x},${y} ${sx},${sy}`);
    },
    type: () => {},
    wait: () => {},
    move: () => {},
    keypress: () => {},
    drag: (path: [number, number][]) => {
      performed.push(`drag ${JSON.stringify(path)}`);
    },
  };
  const call = computerCall([
    { type: 'double_click', x: 1, y: 2 },
    { type: 'scroll', x: 3, y: 4, scroll_x: 0, scroll_y: -5 },
    { type: 'drag', path: [{ x: 1, y: 1 }, { x: 2, y: 2 }] },
  ], { callId: 'cu', providerData: { p: true } });
  const model = new ScriptedModel([[call], [assistantMessage('Done')]]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [computerTool({ computer })],
  });
  const result = await runner.run(agent, 'Go');
  assert.deepEqual(performed, [
    'double 1,2',
    'scroll 3,4 0,-5',
    'drag [[1,1],[2,2]]',
  ]);
  assert.deepEqual(result.newItems[0]?.rawItem, call);
});

test('computerCall rejects a type that is no string even when it names an action', () => {
  rejects(() => computerCall({ type: ['wait'] } as never, { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'action.type',
    received: 'an array of 1',
    message:
      'expected "action.type" to be a computer action type of "click", "double_click", "drag", "keypress", "move", "screenshot", "scroll", "type" or "wait", got an array of 1',
  });
});

test('Call builders report an unreadable argument at its own path', () => {
  rejects(() => computerCall(new Array(65_537) as never, { callId: 'c' }), {
    issue: 'invalid_value',
    path: 'action',
    received: 'an array of 65537',
    message:
      'expected "action" to be a computer action or a non-empty array of them, got an array of 65537',
  });
  const operation = {
    get type(): string {
      throw new Error('no type');
    },
  };
  rejects(() => applyPatchCall(operation as never, { callId: 'c' }), {
    issue: 'unreadable',
    path: 'operation.type',
    received: undefined,
    message:
      'expected "operation.type" to be readable, got the error "no type"',
    cause: 'no type',
  });
});

test('Call builders read each of their options once, and no other key', () => {
  const builds: [string, (options: object) => unknown, string[]][] = [
    [
      'handoffCall',
      (options) => handoffCall(billing, options as never),
      ['callId', 'id', 'providerData', 'arguments'],
    ],
    [
      'computerCall',
      (options) => computerCall({ type: 'wait' }, options as never),
      ['callId', 'id', 'providerData'],
    ],
    [
      'shellCall',
      (options) => shellCall('ls', options as never),
      ['callId', 'id', 'providerData', 'timeoutMs', 'maxOutputLength'],
    ],
    [
      'applyPatchCall',
      (options) =>
        applyPatchCall({ type: 'delete_file', path: 'x' }, options as never),
      ['callId', 'id', 'providerData'],
    ],
  ];
  for (const [name, build, keys] of builds) {
    const reads: PropertyKey[] = [];
    const options = new Proxy({ callId: 'c' }, {
      get(target, key, receiver) {
        reads.push(key);
        return Reflect.get(target, key, receiver);
      },
    });
    build(options);
    assert.deepEqual(reads, keys, name);
  }
});

test('functionCall rejects a name that is no string and bad options at their path', () => {
  rejects(() => functionCall(5 as never, {}, { callId: 'c' }), {
    issue: 'invalid_name',
    path: 'name',
    received: '5',
    message: 'expected the function name to be a non-empty string, got 5',
  });
  rejects(() => functionCall('f', {}, { callId: 'c', id: '' }), {
    issue: 'invalid_option',
    path: 'options.id',
    received: '""',
    message: 'expected "options.id" to be a non-empty string, got ""',
  });
  rejects(
    () => functionCall('f', {}, { callId: 'c', namespace: 5 as never }),
    {
      issue: 'invalid_option',
      path: 'options.namespace',
      received: '5',
      message: 'expected "options.namespace" to be a non-empty string, got 5',
    },
  );
});
