import {
  Agent,
  codeInterpreterTool,
  fileSearchTool,
  hostedMcpTool,
  imageGenerationTool,
  Runner,
  webSearchTool,
} from '@openai/agents';
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

test('Hosted calls pass through the Runner to newItems and the history', async () => {
  const calls = [
    webSearchCall('weather Tokyo', { id: 'ws_1' }),
    fileSearchCall(['refunds'], {
      id: 'fs_1',
      results: [{ file_id: 'file_1', text: '5 days' }],
    }),
    codeInterpreterCall('print(2 + 2)', {
      id: 'ci_1',
      containerId: 'cntr_1',
      outputs: [{ type: 'logs', logs: '4' }],
    }),
    imageGenerationCall('iVBORw0KGgo=', { id: 'ig_1' }),
  ];
  const model = new ScriptedModel([[...calls, assistantMessage('All done')]]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [
      webSearchTool(),
      fileSearchTool(['vs_1']),
      codeInterpreterTool(),
      imageGenerationTool(),
    ],
  });
  const result = await runner.run(agent, 'Go');
  assert.equal(result.finalOutput, 'All done');
  const items = result.newItems.filter((item) =>
    item.type === 'tool_call_item'
  );
  assert.deepEqual(items.map((item) => item.rawItem), calls);
  assert.deepEqual(result.history.slice(1, 5), calls);
  assert.deepEqual(calls.map((call) => call.name), [
    'web_search_call',
    'file_search_call',
    'code_interpreter_call',
    'image_generation_call',
  ]);
  assert.deepEqual(calls[2]?.providerData, {
    type: 'code_interpreter_call',
    id: 'ci_1',
    code: 'print(2 + 2)',
    container_id: 'cntr_1',
    outputs: [{ type: 'logs', logs: '4' }],
  });
  assert.equal(calls[3]?.output, 'iVBORw0KGgo=');
});

test('mcpApprovalRequest is answered by the onApproval of a hostedMcpTool', async () => {
  const asked: string[] = [];
  const model = new ScriptedModel([
    [mcpApprovalRequest('search_docs', {
      id: 'mcpr_1',
      serverLabel: 'docs',
      arguments: { query: 'refunds' },
    })],
    [
      mcpCall('search_docs', { serverLabel: 'docs', output: '3 pages' }),
      assistantMessage('Found 3 pages'),
    ],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [hostedMcpTool({
      serverLabel: 'docs',
      serverUrl: 'https://docs.example/mcp',
      requireApproval: 'always',
      onApproval: (_context, item) => {
        asked.push(item.name ?? '');
        return Promise.resolve({ approve: true });
      },
    })],
  });
  const result = await runner.run(agent, 'Search');
  assert.deepEqual(asked, ['search_docs']);
  assert.equal(result.finalOutput, 'Found 3 pages');
  const response = inputOf(model, 1).at(-1);
  assert.deepEqual(response, {
    type: 'hosted_tool_call',
    name: 'mcp_approval_response',
    providerData: {
      approve: true,
      approval_request_id: 'mcpr_1',
      reason: undefined,
    },
  });
  model.assertComplete();
});

test('mcpApprovalRequest without onApproval interrupts the run until approved', async () => {
  const model = new ScriptedModel([
    [mcpApprovalRequest('drop_table', { id: 'mcpr_2', serverLabel: 'db' })],
    [assistantMessage('Dropped')],
  ]);
  const agent = new Agent({
    name: 'A',
    model,
    tools: [hostedMcpTool({
      serverLabel: 'db',
      serverUrl: 'https://db.example/mcp',
      requireApproval: 'always',
    })],
  });
  const first = await runner.run(agent, 'Drop it');
  assert.equal(first.interruptions.length, 1);
  assert.equal(first.interruptions[0]?.name, 'drop_table');
  first.state.reject(first.interruptions[0]!);
  const second = await runner.run(agent, first.state);
  assert.equal(second.finalOutput, 'Dropped');
  const response = inputOf(model, 1).at(-1);
  assert.equal(
    response?.type === 'hosted_tool_call' && response.providerData?.approve,
    false,
  );
});

test('Hosted call builders reject malformed input where they are called', () => {
  const cases: [() => unknown, string, string, string?][] = [
    [() => webSearchCall(1 as never), 'query', '1'],
    [
      () => webSearchCall('q', { status: 'complete' as never }),
      'options.status',
      '"complete"',
      'completed',
    ],
    [() => fileSearchCall(['a', null] as never), 'queries[1]', 'null'],
    [
      () => fileSearchCall('a', { results: [1] as never }),
      'options.results[0]',
      '1',
    ],
    [() => codeInterpreterCall(undefined as never), 'code', 'undefined'],
    [
      () => codeInterpreterCall('x', { containerId: '' }),
      'options.containerId',
      '""',
    ],
    [() => imageGenerationCall({} as never), 'result', 'an object'],
    [() => mcpApprovalRequest('', { id: 'a', serverLabel: 'b' }), 'name', '""'],
    [
      () => mcpApprovalRequest('t', { serverLabel: 'b' } as never),
      'options.id',
      'undefined',
    ],
    [
      () => mcpApprovalRequest('t', { id: 'a' } as never),
      'options.serverLabel',
      'undefined',
    ],
    [
      () => mcpCall('t', { serverLabel: 'b', output: 3 as never }),
      'options.output',
      '3',
    ],
    [
      () => mcpCall('t', undefined as never),
      'options.serverLabel',
      'undefined',
    ],
  ];
  for (const [build, path, received, suggestion] of cases) {
    assert.throws(build, (error: unknown) => {
      assert(error instanceof InvalidScriptedModelStepError);
      assert.equal(error.name, 'InvalidScriptedModelStepError');
      assert.equal(error.reason, 'invalid_input');
      assert.equal(error.path, path);
      assert.equal(error.received, received);
      assert.equal(error.suggestion, suggestion);
      assert(error.message.includes(`expected ${JSON.stringify(path)} to be`));
      return true;
    });
  }
});
