/**
 * A 20-call MCP run: a real `Runner` loop of 20 tool turns (one call each)
 * then a final answer, the tool served by a `ScriptedMcpServer` (its tools
 * listed every turn, or once with `cacheToolsList`), against the same tool
 * as a function tool. The model is the same `ScriptedModel` script in each.
 *
 * Every iteration builds a fresh model, server and agent outside the
 * measured part.
 *
 * @module
 */
import { Agent, Runner, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import { warmUpRow } from './_fixtures.ts';

const calls = 20;
const group = `MCP run, ${calls} tool calls + final answer`;
const sampling = { warmup: 10, n: 60 };
const runner = new Runner({ tracingDisabled: true });
const schema = {
  type: 'object' as const,
  properties: { n: { type: 'integer' } },
  required: ['n'],
  additionalProperties: false as const,
};

function model(): ScriptedModel {
  return new ScriptedModel([
    ...Array.from({ length: calls }, (_, n) => [
      functionCall('count', { n }, { callId: `call_${n}` }),
    ]),
    [assistantMessage('done')],
  ]);
}

function mcpAgent(cacheToolsList: boolean): Agent {
  const server = new ScriptedMcpServer({
    name: `bench-${cacheToolsList}`,
    cacheToolsList,
    tools: [{ name: 'count', inputSchema: schema }],
    calls: Array.from({ length: calls }, (_, n) => ({
      tool: 'count',
      result: String(n),
    })),
  });
  return new Agent({ name: 'A', model: model(), mcpServers: [server] });
}

function functionAgent(): Agent {
  const count = tool({
    name: 'count',
    description: '',
    parameters: schema,
    strict: true,
    execute: (input) => String((input as { n: number }).n),
  });
  return new Agent({ name: 'A', model: model(), tools: [count] });
}

const variants = {
  'function: function tool': functionAgent,
  'mcp: ScriptedMcpServer': () => mcpAgent(false),
  'mcp cached: ScriptedMcpServer, cacheToolsList': () => mcpAgent(true),
};

warmUpRow(async () => {
  await runner.run(functionAgent(), 'go', { maxTurns: calls + 1 });
});

for (const [name, make] of Object.entries(variants)) {
  Deno.bench({
    name,
    group,
    ...sampling,
    baseline: name.startsWith('function'),
    async fn(b) {
      const agent = make();
      b.start();
      const result = await runner.run(agent, 'go', { maxTurns: calls + 1 });
      b.end();
      if (result.finalOutput !== 'done') throw new Error('Run did not finish');
    },
  });
}
