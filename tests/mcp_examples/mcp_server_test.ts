import { Agent, invalidateServerToolsCache, Runner } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  ScriptedMcpServer,
  UnexpectedMcpCallError,
} from '@scripted/agents/mcp';
import assert from 'node:assert/strict';
import test from 'node:test';

// The MCP examples every SDK minor of the matrix runs: an agent with a
// scripted MCP server, offline, through the real Runner.

const weather = {
  name: 'get_weather',
  description: 'The weather in a city',
  inputSchema: {
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

// The SDK keeps cached tool lists by server name, process-wide: each server
// here has a name of its own, its cache emptied first (a test may run twice
// in one process).
function weatherServer(name: string, cacheToolsList: boolean) {
  return new ScriptedMcpServer({
    name,
    cacheToolsList,
    tools: [weather],
    calls: [
      {
        tool: 'get_weather',
        match: (args) => args?.city === 'Oslo',
        result: 'Sunny, 21°C',
      },
      { tool: 'get_weather', result: 'Rain, 12°C' },
    ],
  });
}

function twoCallModel(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
    [functionCall('get_weather', { city: 'Rome' }, { callId: 'call_2' })],
    [assistantMessage('Oslo is sunny, Rome is rainy.')],
  ]);
}

for (const stream of [false, true]) {
  for (const cacheToolsList of [false, true]) {
    test(`MCP tools through the runner (${stream ? 'streamed' : 'plain'}, cacheToolsList ${cacheToolsList})`, async () => {
      const name = `weather-${stream}-${cacheToolsList}`;
      await invalidateServerToolsCache(name);
      const server = weatherServer(name, cacheToolsList);
      const model = twoCallModel();
      const agent = new Agent({
        name: 'Forecaster',
        model,
        mcpServers: [server],
      });
      const runner = new Runner({ tracingDisabled: true });
      let finalOutput: unknown;
      if (stream) {
        const result = await runner.run(agent, 'Weather?', { stream: true });
        for await (const _event of result) { /* drain */ }
        await result.completed;
        finalOutput = result.finalOutput;
      } else {
        finalOutput = (await runner.run(agent, 'Weather?')).finalOutput;
      }
      assert.equal(finalOutput, 'Oslo is sunny, Rome is rainy.');
      assert.deepEqual(
        server.calls.map((call) => call.arguments),
        [{ city: 'Oslo' }, { city: 'Rome' }],
      );
      // Three model turns: listed once per turn, or once with the cache.
      assert.equal(server.listToolsCalls, cacheToolsList ? 1 : 3);
      const input = model.calls[1]!.request.input;
      assert.ok(Array.isArray(input));
      assert.match(JSON.stringify(input), /Sunny, 21°C/);
      server.assertComplete();
      model.assertComplete();
    });
  }
}

test('an unscripted MCP tool call fails naming the tool', async () => {
  const server = new ScriptedMcpServer({ tools: [weather], calls: [] });
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
    [assistantMessage('Sorry.')],
  ]);
  const agent = new Agent({ name: 'Forecaster', model, mcpServers: [server] });
  await new Runner({ tracingDisabled: true }).run(agent, 'Weather?');
  // The SDK turned the failure into a tool output; the server remembers it.
  assert.throws(() => server.assertComplete(), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.equal(error.tool, 'get_weather');
    assert.match(error.message, /"get_weather": expected no more calls/);
    return true;
  });
});
