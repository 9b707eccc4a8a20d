import {
  Agent,
  defineToolInputGuardrail,
  defineToolOutputGuardrail,
  invalidateServerToolsCache,
  Runner,
  ToolGuardrailFunctionOutputFactory,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { autoModel } from '@scripted/agents/auto';
import {
  type McpToolDefinition,
  ScriptedMcpServer,
  UnexpectedMcpCallError,
} from '@scripted/agents/mcp';
import assert from 'node:assert/strict';
import test from 'node:test';

const runner = new Runner({ tracingDisabled: true });

const weather: McpToolDefinition = {
  name: 'get_weather',
  description: 'The weather in a city',
  inputSchema: {
    properties: { city: { type: 'string', enum: ['Oslo', 'Rome'] } },
    required: ['city'],
  },
};
const time: McpToolDefinition = {
  name: 'get_time',
  inputSchema: {
    properties: { zone: { type: 'string', enum: ['UTC'] } },
    required: ['zone'],
  },
};

function call(name: string, args: unknown, callId: string) {
  return functionCall(name, args as Record<string, unknown>, { callId });
}

/** The `function_call_result` outputs the model received, in order. */
function outputsSeen(model: ScriptedModel): unknown[] {
  const last = model.calls.at(-1)!.request.input;
  assert.ok(Array.isArray(last));
  return last
    .filter((item) => item.type === 'function_call_result')
    .map((item) => (item as { output: unknown }).output);
}

test('a tool call through the runner, listTools called per turn without cache', async () => {
  const server = new ScriptedMcpServer({
    name: 'weather',
    tools: [weather],
    calls: [{
      tool: 'get_weather',
      match: (args) => args?.city === 'Oslo',
      result: 'Sunny',
    }],
  });
  const model = new ScriptedModel([
    [call('get_weather', { city: 'Oslo' }, 'c1')],
    [assistantMessage('It is sunny.')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  const result = await runner.run(agent, 'Oslo?');
  assert.equal(result.finalOutput, 'It is sunny.');
  assert.deepEqual(server.calls, [{
    index: 0,
    name: 'get_weather',
    arguments: { city: 'Oslo' },
    meta: null,
    signalPassed: false,
    method: 'callTool',
  }]);
  assert.equal(server.listToolsCalls, 2);
  assert.deepEqual(outputsSeen(model), [[{
    type: 'input_text',
    text: 'Sunny',
  }]]);
  // The model was offered the listed tool with its schema.
  const offered = model.calls[0]!.request.tools;
  assert.deepEqual(offered.map((tool) => tool.name), ['get_weather']);
  server.assertComplete();
  model.assertComplete();
});

test('cacheToolsList: listed once across runs until the cache is invalidated', async () => {
  // The SDK keeps cached listings by server name, process-wide.
  await invalidateServerToolsCache('cached-weather');
  const server = new ScriptedMcpServer({
    name: 'cached-weather',
    tools: [weather],
    cacheToolsList: true,
    calls: [
      { tool: 'get_weather', result: 'Sunny' },
      { tool: 'get_weather', result: 'Rain' },
      { tool: 'get_weather', result: 'Snow' },
    ],
  });
  const runOnce = async (city: string, callId: string) => {
    const model = new ScriptedModel([
      [call('get_weather', { city }, callId)],
      [assistantMessage('done')],
    ]);
    await runner.run(
      new Agent({ name: 'A', model, mcpServers: [server] }),
      'go',
    );
  };
  await runOnce('Oslo', 'c1');
  assert.equal(server.listToolsCalls, 1);
  await runOnce('Rome', 'c2');
  assert.equal(server.listToolsCalls, 1);
  await invalidateServerToolsCache('cached-weather');
  await runOnce('Oslo', 'c3');
  assert.equal(server.listToolsCalls, 2);
  assert.equal(server.cacheToolsList, true);
  server.assertComplete();
});

test('streamed, cacheToolsList off: one listing per turn', async () => {
  const server = new ScriptedMcpServer({
    tools: [weather],
    calls: [{ tool: 'get_weather', result: 'Sunny' }],
  });
  const model = new ScriptedModel([
    [call('get_weather', { city: 'Rome' }, 'c1')],
    [assistantMessage('done')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  const result = await runner.run(agent, 'go', { stream: true });
  for await (const _ of result) { /* drain */ }
  await result.completed;
  assert.equal(result.finalOutput, 'done');
  assert.equal(server.listToolsCalls, 2);
  assert.equal(server.calls[0]!.arguments?.city, 'Rome');
  server.assertComplete();
});

test('toolFilter: the filtered tool is never offered to the model', async () => {
  const server = new ScriptedMcpServer({
    tools: [weather, time],
    toolFilter: { allowedToolNames: ['get_time'] },
    calls: [{ tool: 'get_time', result: '12:00' }],
  });
  const model = new ScriptedModel([
    [call('get_time', { zone: 'UTC' }, 'c1')],
    [assistantMessage('noon')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  await runner.run(agent, 'time?');
  assert.deepEqual(
    model.calls[0]!.request.tools.map((tool) => tool.name),
    ['get_time'],
  );
  server.assertComplete();
});

test('an unscripted call fails naming the tool; assertComplete rethrows it after the SDK caught it', async () => {
  const server = new ScriptedMcpServer({
    tools: [weather, time],
    calls: [{ tool: 'get_weather', result: 'Sunny' }],
  });
  const model = new ScriptedModel([
    [call('get_time', { zone: 'UTC' }, 'c1')],
    [assistantMessage('hm')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  await runner.run(agent, 'go');
  // The SDK's default errorFunction turned the failure into a message.
  assert.equal(outputsSeen(model).length, 1);
  assert.equal(server.calls[0]!.name, 'get_time');
  assert.throws(() => server.assertComplete(), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.equal(error.tool, 'get_time');
    assert.equal(error.expectedTool, 'get_weather');
    assert.match(
      error.message,
      /^Unexpected MCP call 0 to "get_time": expected "get_weather", 1 step left\n/,
    );
    return true;
  });
});

test('errorFunction null: the unscripted call fails the run itself', async () => {
  const server = new ScriptedMcpServer({
    tools: [weather],
    errorFunction: null,
  });
  const model = new ScriptedModel([
    [call('get_weather', { city: 'Oslo' }, 'c1')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  await assert.rejects(
    runner.run(agent, 'go'),
    /"get_weather": expected no more calls/,
  );
});

test('structuredContent and isError reach the model as the SDK converts them', async () => {
  const answers = {
    content: [{ type: 'text', text: '21' }],
    structuredContent: { celsius: 21 },
  };
  for (const useStructuredContent of [false, true]) {
    const server = new ScriptedMcpServer({
      tools: [weather],
      useStructuredContent,
      calls: [
        { tool: 'get_weather', result: answers },
        {
          tool: 'get_weather',
          result: {
            content: [{ type: 'text', text: 'no city' }],
            isError: true,
          },
        },
      ],
    });
    const model = new ScriptedModel([
      [call('get_weather', { city: 'Oslo' }, 'c1')],
      [call('get_weather', { city: 'Rome' }, 'c2')],
      [assistantMessage('ok')],
    ]);
    const agent = new Agent({ name: 'A', model, mcpServers: [server] });
    await runner.run(agent, 'go');
    const [first, second] = outputsSeen(model);
    if (useStructuredContent) {
      assert.match(JSON.stringify(first), /celsius/);
    } else {
      assert.deepEqual(first, [{ type: 'input_text', text: '21' }]);
    }
    assert.match(JSON.stringify(second), /no city/);
    server.assertComplete();
  }
});

test('abort reaches a pending call: it rejects with the signal reason', async () => {
  const controller = new AbortController();
  let seen: AbortSignal | undefined;
  const server = new ScriptedMcpServer({
    tools: [weather],
    calls: [{
      tool: 'get_weather',
      respond: (_call, { signal }) => {
        seen = signal;
        controller.abort(new Error('user cancelled'));
        return new Promise<never>(() => {});
      },
    }],
  });
  const model = new ScriptedModel([
    [call('get_weather', { city: 'Oslo' }, 'c1')],
    [assistantMessage('never')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  await assert.rejects(
    runner.run(agent, 'go', { signal: controller.signal }),
    /user cancelled/,
  );
  assert.equal(server.calls[0]!.signalPassed, true);
  assert.equal(seen?.aborted, true);
});

test('MCP tool guardrails run: an input guardrail rejects, an output guardrail rewrites', async () => {
  const blockRome = defineToolInputGuardrail({
    name: 'no_rome',
    run: ({ toolCall }) =>
      Promise.resolve(
        toolCall.arguments.includes('Rome')
          ? ToolGuardrailFunctionOutputFactory.rejectContent(
            'Rome is off limits',
          )
          : ToolGuardrailFunctionOutputFactory.allow(),
      ),
  });
  const redact = defineToolOutputGuardrail({
    name: 'redact',
    run: ({ output }) =>
      Promise.resolve(
        JSON.stringify(output).includes('secret')
          ? ToolGuardrailFunctionOutputFactory.rejectContent('[redacted]')
          : ToolGuardrailFunctionOutputFactory.allow(),
      ),
  });
  const server = new ScriptedMcpServer({
    tools: [weather],
    toolInputGuardrails: [blockRome],
    toolOutputGuardrails: [redact],
    calls: [{ tool: 'get_weather', result: 'secret sun' }],
  });
  const model = new ScriptedModel([
    [call('get_weather', { city: 'Rome' }, 'c1')],
    [call('get_weather', { city: 'Oslo' }, 'c2')],
    [assistantMessage('ok')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  await runner.run(agent, 'go');
  const outputs = JSON.stringify(outputsSeen(model));
  assert.match(outputs, /Rome is off limits/);
  assert.match(outputs, /\[redacted\]/);
  assert.doesNotMatch(outputs, /secret sun/);
  // The rejected input never reached the server.
  assert.deepEqual(server.calls.map((c) => c.arguments?.city), ['Oslo']);
  server.assertComplete();
});

test('autoModel calls the MCP tools from their listed schemas', async () => {
  const server = new ScriptedMcpServer({
    tools: [weather],
    calls: [{
      tool: 'get_weather',
      match: (args) => ['Oslo', 'Rome'].includes(String(args?.city)),
      respond: (recorded) => `sunny in ${recorded.arguments?.city}`,
    }],
  });
  const model = autoModel({ seed: 7 });
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  const result = await runner.run(agent, 'go');
  assert.equal(server.calls.length, 1);
  assert.match(String(result.finalOutput), /sunny in (Oslo|Rome)/);
  server.assertComplete();
});

test("the run connects nothing: connect and close are the test's", async () => {
  const server = new ScriptedMcpServer({ tools: [] });
  await server.connect();
  const model = new ScriptedModel([[assistantMessage('hi')]]);
  await runner.run(new Agent({ name: 'A', model, mcpServers: [server] }), 'x');
  await server.close();
  assert.equal(server.connectCalls, 1);
  assert.equal(server.closeCalls, 1);
  server.assertComplete();
});
