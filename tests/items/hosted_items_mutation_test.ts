import { Agent, hostedMcpTool, Runner, webSearchTool } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  ScriptedModel,
} from '@scripted/agents';
import {
  codeInterpreterCall,
  fileSearchCall,
  imageGenerationCall,
  mcpApprovalRequest,
  mcpCall,
  webSearchCall,
} from '@scripted/agents/items';
import assert from 'node:assert/strict';
import test from 'node:test';
import { rejects } from '../_support/rejects.ts';

const runner = new Runner({ tracingDisabled: true });

test('Hosted call builders build the whole item, with only the options given', () => {
  assert.deepEqual(webSearchCall('q'), {
    type: 'hosted_tool_call',
    name: 'web_search_call',
    status: 'completed',
    providerData: {
      type: 'web_search_call',
      action: { type: 'search', query: 'q' },
    },
  });
  assert.deepEqual(
    webSearchCall('q', {
      id: 'ws_1',
      status: 'failed',
      providerData: { x: 1 },
    }),
    {
      type: 'hosted_tool_call',
      id: 'ws_1',
      name: 'web_search_call',
      status: 'failed',
      providerData: {
        type: 'web_search_call',
        id: 'ws_1',
        action: { type: 'search', query: 'q' },
        x: 1,
      },
    },
  );
  assert.deepEqual(fileSearchCall([]), {
    type: 'hosted_tool_call',
    name: 'file_search_call',
    status: 'completed',
    providerData: { type: 'file_search_call', queries: [] },
  });
  assert.deepEqual(
    fileSearchCall(['a', 'b'], {
      status: 'incomplete',
      results: [{ file: 'x', score: 1 }, { skip: undefined }],
    }),
    {
      type: 'hosted_tool_call',
      name: 'file_search_call',
      status: 'incomplete',
      providerData: {
        type: 'file_search_call',
        queries: ['a', 'b'],
        results: [{ file: 'x', score: 1 }, {}],
      },
    },
  );
  assert.deepEqual(codeInterpreterCall('x'), {
    type: 'hosted_tool_call',
    name: 'code_interpreter_call',
    status: 'completed',
    providerData: { type: 'code_interpreter_call', code: 'x' },
  });
  assert.deepEqual(
    codeInterpreterCall('print(1)', {
      containerId: 'cn',
      outputs: [{ type: 'logs', logs: '1' }],
      status: 'interpreting',
    }),
    {
      type: 'hosted_tool_call',
      name: 'code_interpreter_call',
      status: 'interpreting',
      providerData: {
        type: 'code_interpreter_call',
        code: 'print(1)',
        container_id: 'cn',
        outputs: [{ type: 'logs', logs: '1' }],
      },
    },
  );
  assert.deepEqual(imageGenerationCall(''), {
    type: 'hosted_tool_call',
    name: 'image_generation_call',
    status: 'completed',
    output: '',
    providerData: { type: 'image_generation_call' },
  });
});

test('Hosted call builders accept exactly the statuses of their item type', () => {
  const builders: [
    string,
    (status: string) => { status?: string | undefined },
    readonly string[],
  ][] = [
    ['webSearchCall', (status) => webSearchCall('q', { status } as never), [
      'in_progress',
      'searching',
      'completed',
      'failed',
    ]],
    [
      'fileSearchCall',
      (status) => fileSearchCall('q', { status } as never),
      ['in_progress', 'searching', 'completed', 'incomplete', 'failed'],
    ],
    [
      'codeInterpreterCall',
      (status) => codeInterpreterCall('x', { status } as never),
      ['in_progress', 'completed', 'incomplete', 'interpreting', 'failed'],
    ],
    [
      'imageGenerationCall',
      (status) => imageGenerationCall('x', { status } as never),
      ['in_progress', 'completed', 'generating', 'failed'],
    ],
  ];
  const every = [
    'in_progress',
    'searching',
    'completed',
    'incomplete',
    'interpreting',
    'generating',
    'failed',
  ];
  for (const [name, build, allowed] of builders) {
    for (const status of every) {
      if (allowed.includes(status)) {
        assert.equal(build(status).status, status, `${name} ${status}`);
        continue;
      }
      assert.throws(
        () => build(status),
        (error: unknown) =>
          error instanceof InvalidScriptedModelStepError &&
          error.issue === 'invalid_option' &&
          error.path === 'options.status' &&
          error.received === `"${status}"`,
        `${name} ${status}`,
      );
    }
  }
  rejects(() => webSearchCall('q', { status: 'incomplete' as never }), {
    issue: 'invalid_option',
    path: 'options.status',
    received: '"incomplete"',
    suggestion: 'completed',
    message:
      'expected "options.status" to be a status the item type has, got "incomplete" (did you mean "completed"?)',
  });
  rejects(() => webSearchCall('q', { status: 5 as never }), {
    issue: 'invalid_option',
    path: 'options.status',
    received: '5',
    message:
      'expected "options.status" to be a status the item type has, got 5',
  });
  // The MCP items take no status at all.
  rejects(
    () => mcpCall('t', { serverLabel: 's', status: 'failed' } as never),
    {
      issue: 'invalid_option',
      path: 'options.status',
      received: '"failed"',
      message:
        'expected "options.status" to be a status the item type has, got "failed"',
    },
  );
  rejects(
    () =>
      mcpApprovalRequest('t', {
        id: 'mr',
        serverLabel: 's',
        status: 'completed',
      } as never),
    {
      issue: 'invalid_option',
      path: 'options.status',
      received: '"completed"',
      message:
        'expected "options.status" to be a status the item type has, got "completed"',
    },
  );
});

test('Hosted call builders reject each malformed argument exactly', () => {
  rejects(() => webSearchCall(5 as never), {
    issue: 'invalid_value',
    path: 'query',
    received: '5',
    message: 'expected "query" to be a string, got 5',
  });
  rejects(() => webSearchCall('q', { id: '' }), {
    issue: 'invalid_option',
    path: 'options.id',
    received: '""',
    message: 'expected "options.id" to be a non-empty string, got ""',
  });
  rejects(() => webSearchCall('q', { providerData: [] as never }), {
    issue: 'invalid_option',
    path: 'options.providerData',
    received: 'an array of 0',
    message:
      'expected "options.providerData" to be an object, got an array of 0',
  });
  rejects(() => imageGenerationCall(5 as never), {
    issue: 'invalid_value',
    path: 'result',
    received: '5',
    message: 'expected "result" to be a string (the base64 image), got 5',
  });
  rejects(() => codeInterpreterCall('x', { containerId: '' }), {
    issue: 'invalid_option',
    path: 'options.containerId',
    received: '""',
    message: 'expected "options.containerId" to be a non-empty string, got ""',
  });
  for (
    const [build, key] of [
      [
        (value: unknown) => fileSearchCall('a', { results: value as never }),
        'results',
      ],
      [
        (value: unknown) =>
          codeInterpreterCall('x', { outputs: value as never }),
        'outputs',
      ],
    ] as const
  ) {
    rejects(() => build(5), {
      issue: 'invalid_option',
      path: `options.${key}`,
      received: '5',
      message: `expected "options.${key}" to be an array of objects, got 5`,
    });
    rejects(() => build([{}, 5]), {
      issue: 'invalid_option',
      path: `options.${key}[1]`,
      received: '5',
      message: `expected "options.${key}[1]" to be an array of objects, got 5`,
    });
    // An array element is no record, though it serializes.
    rejects(() => build([[1]]), {
      issue: 'invalid_option',
      path: `options.${key}[0]`,
      received: 'an array of 1',
      message:
        `expected "options.${key}[0]" to be an array of objects, got an array of 1`,
    });
  }
});

test('Hosted record options report an unserializable or unreadable element where it is', () => {
  let thrown: unknown;
  try {
    fileSearchCall('a', { results: [{}, { big: 1n }] as never });
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof InvalidScriptedModelStepError);
  assert.deepEqual(
    [thrown.reason, thrown.issue, thrown.path, thrown.received],
    ['invalid_input', 'invalid_option', 'options.results[1]', 'an object'],
  );
  assert(thrown.cause instanceof TypeError);
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  thrown = undefined;
  try {
    codeInterpreterCall('x', { outputs: [{}, proxy] as never });
  } catch (error) {
    thrown = error;
  }
  assert(thrown instanceof InvalidScriptedModelStepError);
  assert.deepEqual(
    [thrown.reason, thrown.issue, thrown.path, thrown.received],
    ['invalid_input', 'unreadable', 'options.outputs[1]', undefined],
  );
  assert(thrown.cause instanceof TypeError);
});

test('mcpApprovalRequest builds the request with its id, label and arguments', () => {
  assert.deepEqual(
    mcpApprovalRequest('tool', { id: 'mr', serverLabel: 'srv' }),
    {
      type: 'hosted_tool_call',
      id: 'mr',
      name: 'mcp_approval_request',
      status: 'completed',
      providerData: {
        type: 'mcp_approval_request',
        id: 'mr',
        server_label: 'srv',
        name: 'tool',
        arguments: '{}',
      },
    },
  );
  assert.deepEqual(
    mcpApprovalRequest('tool', {
      id: 'mr',
      serverLabel: 'srv',
      arguments: { a: 1 },
      providerData: { p: 1 },
    }).providerData,
    {
      type: 'mcp_approval_request',
      id: 'mr',
      server_label: 'srv',
      name: 'tool',
      arguments: '{"a":1}',
      p: 1,
    },
  );
  for (
    const [options, path, received] of [
      [undefined, 'options.id', 'undefined'],
      [{ serverLabel: 's' }, 'options.id', 'undefined'],
      [{ id: '', serverLabel: 's' }, 'options.id', '""'],
      [{ id: 'mr' }, 'options.serverLabel', 'undefined'],
      [{ id: 'mr', serverLabel: '' }, 'options.serverLabel', '""'],
    ] as const
  ) {
    rejects(() => mcpApprovalRequest('tool', options as never), {
      issue: 'invalid_option',
      path,
      received,
      message: `expected "${path}" to be a non-empty string, got ${received}`,
    });
  }
  rejects(
    () =>
      mcpApprovalRequest('tool', {
        id: 'mr',
        serverLabel: 's',
        arguments: 5 as never,
      }),
    {
      issue: 'invalid_option',
      path: 'options.arguments',
      received: '5',
      message:
        'expected "options.arguments" to be a JSON string or a serializable object, got 5',
    },
  );
  rejects(() => mcpApprovalRequest('', { id: 'mr', serverLabel: 's' }), {
    issue: 'invalid_value',
    path: 'name',
    received: '""',
    message: 'expected "name" to be a non-empty string, got ""',
  });
});

test('mcpCall builds the call with its output and error only when given', () => {
  assert.deepEqual(mcpCall('tool', { serverLabel: 'srv' }), {
    type: 'hosted_tool_call',
    name: 'mcp_call',
    status: 'completed',
    providerData: {
      type: 'mcp_call',
      server_label: 'srv',
      name: 'tool',
      arguments: '{}',
    },
  });
  assert.deepEqual(
    mcpCall('tool', {
      serverLabel: 'srv',
      id: 'mc',
      arguments: '{"x":1}',
      output: 'out',
      error: 'err',
      providerData: { p: 1 },
    }),
    {
      type: 'hosted_tool_call',
      id: 'mc',
      name: 'mcp_call',
      status: 'completed',
      output: 'out',
      providerData: {
        type: 'mcp_call',
        id: 'mc',
        server_label: 'srv',
        name: 'tool',
        arguments: '{"x":1}',
        error: 'err',
        p: 1,
      },
    },
  );
  assert.deepEqual(mcpCall('t', { serverLabel: 's', output: '', error: '' }), {
    type: 'hosted_tool_call',
    name: 'mcp_call',
    status: 'completed',
    output: '',
    providerData: {
      type: 'mcp_call',
      server_label: 's',
      name: 't',
      arguments: '{}',
      error: '',
    },
  });
});

test('mcpCall rejects each malformed argument exactly', () => {
  for (const [name, received] of [['', '""'], [5, '5']] as const) {
    rejects(() => mcpCall(name as never, { serverLabel: 's' }), {
      issue: 'invalid_value',
      path: 'name',
      received,
      message: `expected "name" to be a non-empty string, got ${received}`,
    });
  }
  for (
    const [options, received] of [
      [undefined, 'undefined'],
      [{}, 'undefined'],
      [{ serverLabel: 5 }, '5'],
    ] as const
  ) {
    rejects(() => mcpCall('t', options as never), {
      issue: 'invalid_option',
      path: 'options.serverLabel',
      received,
      message:
        `expected "options.serverLabel" to be a non-empty string, got ${received}`,
    });
  }
  rejects(() => mcpCall('t', { serverLabel: 's', arguments: null as never }), {
    issue: 'invalid_option',
    path: 'options.arguments',
    received: 'null',
    message:
      'expected "options.arguments" to be a JSON string or a serializable object, got null',
  });
  for (const key of ['output', 'error']) {
    rejects(() => mcpCall('t', { serverLabel: 's', [key]: 5 } as never), {
      issue: 'invalid_option',
      path: `options.${key}`,
      received: '5',
      message: `expected "options.${key}" to be a string, got 5`,
    });
  }
});

test('Runner keeps built MCP and web search items as their run items', async () => {
  const items = [
    webSearchCall('tokyo', { id: 'ws_1', providerData: { extra: true } }),
    mcpCall('lookup', {
      serverLabel: 'docs',
      id: 'mc_1',
      arguments: { q: 'x' },
      output: 'found',
    }),
  ];
  const model = new ScriptedModel([[...items, assistantMessage('Done')]]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [
      webSearchTool(),
      hostedMcpTool({ serverLabel: 'docs', serverUrl: 'https://example.test' }),
    ],
  });
  const result = await runner.run(agent, 'Go');
  assert.equal(result.finalOutput, 'Done');
  assert.deepEqual(
    result.newItems.map((item) => [item.type, item.rawItem]),
    [
      ['tool_call_item', items[0]],
      ['tool_call_item', items[1]],
      ['message_output_item', result.newItems[2]?.rawItem],
    ],
  );
  assert.deepEqual(result.history.slice(1, 3), items);
});

test('Hosted call builders read each of their options once, and no other key', () => {
  const builds: [string, (options: never) => unknown, object, string[]][] = [
    ['webSearchCall', (options) => webSearchCall('q', options), {}, [
      'id',
      'providerData',
      'status',
    ]],
    ['fileSearchCall', (options) => fileSearchCall('q', options), {}, [
      'id',
      'providerData',
      'status',
      'results',
    ]],
    [
      'codeInterpreterCall',
      (options) => codeInterpreterCall('x', options),
      {},
      ['id', 'providerData', 'status', 'outputs', 'containerId'],
    ],
    [
      'imageGenerationCall',
      (options) => imageGenerationCall('x', options),
      {},
      [
        'id',
        'providerData',
        'status',
      ],
    ],
    [
      'mcpApprovalRequest',
      (options) => mcpApprovalRequest('t', options),
      { id: 'mr', serverLabel: 's' },
      ['id', 'providerData', 'status', 'serverLabel', 'arguments'],
    ],
    [
      'mcpCall',
      (options) => mcpCall('t', options),
      { serverLabel: 's' },
      [
        'id',
        'providerData',
        'status',
        'serverLabel',
        'arguments',
        'output',
        'error',
      ],
    ],
  ];
  for (const [name, build, target, keys] of builds) {
    const reads: PropertyKey[] = [];
    build(
      new Proxy(target, {
        get(inner, key, receiver) {
          reads.push(key);
          return Reflect.get(inner, key, receiver);
        },
      }) as never,
    );
    assert.deepEqual(reads, keys, name);
  }
});
