/**
 * The drift lint's report in detail: the error message's lines and cut,
 * what a final output is, how zod paths read, handoff input schemas, MCP
 * agents and hosted tools.
 */
import { Agent, handoff, tool, webSearchTool } from '@openai/agents';
import { assistantMessage, functionCall, modelStream } from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  assertScriptMatches,
  lintScript,
  ScriptDriftError,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

const add = tool({
  name: 'add',
  description: 'Add',
  parameters: z.object({ n: z.number() }),
  execute: () => 'ok',
});
const agent = new Agent({ name: 'Calc', tools: [add] });

function drift(script: unknown): ScriptDriftError {
  try {
    assertScriptMatches(agent, script);
  } catch (error) {
    assert.ok(error instanceof ScriptDriftError);
    return error;
  }
  throw new Error('no drift');
}

test('The message lists at most 10 problems, then how many more', () => {
  const calls = (count: number) => [
    Array.from(
      { length: count },
      (_, i) => functionCall('add', { n: 'x' }, { callId: `c${i}` }),
    ),
  ];
  const one = drift(calls(1));
  assert.equal(
    one.message,
    'Script drift: 1 problem against the agent as it is now\n' +
      '- step 0, item 0 ("add" of "Calc") at "n": expected a value of type number, got "x"',
  );
  const ten = drift(calls(10)).message.split('\n');
  assert.equal(ten.length, 11);
  assert.equal(ten.at(-1)!.startsWith('- step 0, item 9 '), true);
  const twelve = drift(calls(12));
  const lines = twelve.message.split('\n');
  assert.equal(twelve.problems.length, 12);
  assert.equal(lines.length, 12);
  assert.equal(
    lines[0],
    'Script drift: 12 problems against the agent as it is now',
  );
  assert.equal(lines.at(-1), '- and 2 more');
  // A final output and a whole-value problem read without a path.
  const typed = new Agent({
    name: 'T',
    outputType: z.object({ a: z.string() }),
  });
  assert.throws(() => assertScriptMatches(typed, [[assistantMessage('no')]]), {
    message: 'Script drift: 1 problem against the agent as it is now\n' +
      '- step 0, item 0 (final output of "T"): expected JSON text, got "no"',
  });
});

test('A final output is the last assistant message of a step without calls', () => {
  const typed = new Agent({
    name: 'T',
    outputType: z.object({ list: z.array(z.string()) }),
  });
  const user = {
    type: 'message',
    role: 'user',
    content: [{ type: 'output_text', text: 'not JSON' }],
  };
  const refusal = {
    ...assistantMessage('{"list":["a"'),
    content: [
      { type: 'output_text', text: '{"list":["a",' },
      { type: 'refusal', refusal: 'ignored' },
      { type: 'output_text', text: '2]}' },
    ],
  };
  const report = lintScript(typed, [[user, refusal, user]]);
  assert.deepEqual(
    report.problems.map((p) => [p.item, p.path, p.expected, p.received]),
    [[1, 'list[1]', 'Invalid input: expected string, received number', '2']],
  );
  // A step with a call is not final; a text agent's output is never checked.
  assert.deepEqual(
    lintScript(typed, [[
      functionCall('x', {}, { callId: 'c' }),
      assistantMessage('no'),
    ]]).problems.map((p) => p.kind),
    ['unknown_tool'],
  );
  assert.equal(lintScript(agent, [[assistantMessage('{')]]).ok, true);
  // Zod success passes; a step with no message has no output to check.
  assert.equal(
    lintScript(typed, [[assistantMessage('{"list":["a"]}')], []]).ok,
    true,
  );
});

test('Arguments: JSON text, an empty text, an object, and a stream', () => {
  const raw = (args: unknown) => ({
    ...functionCall('add', { n: 1 }, { callId: 'c' }),
    arguments: args,
  });
  assert.equal(lintScript(agent, [[raw('{"n":1}')]]).ok, true);
  assert.deepEqual(
    lintScript(agent, [[raw('')]]).problems.map((p) => p.path),
    ['n'],
  );
  assert.deepEqual(
    lintScript(agent, [[raw({ n: 'x' })]]).problems.map((p) => p.received),
    ['"x"'],
  );
  const stream = modelStream([
    { type: 'response_started' },
    {
      type: 'output_text_delta',
      delta: 'x',
    },
    {
      type: 'response_done',
      response: {
        id: 'r',
        usage: {
          requests: 1,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
        },
        output: [functionCall('add', { n: 'x' }, { callId: 'c' })],
      },
    },
  ] as never);
  assert.deepEqual(
    lintScript(agent, [stream]).problems.map((p) => [p.step, p.path]),
    [[0, 'n']],
  );
  assert.deepEqual(lintScript(agent, [modelStream([])]).skipped, [0]);
});

test('Handoffs: input schemas, known names listed, the first handoff followed', () => {
  const billing = new Agent({ name: 'Billing', tools: [add] });
  const refunds = new Agent({ name: 'Refunds' });
  const withInput = handoff(billing, {
    inputType: z.object({ reason: z.string() }),
    onHandoff: () => {},
  });
  const triage = Agent.create({
    name: 'Triage',
    handoffs: [withInput, refunds],
  });
  const report = lintScript(triage, [
    [
      { ...handoffCall(billing, { callId: 'h1' }), arguments: '{"reason":1}' },
      handoffCall(refunds, { callId: 'h2' }),
    ],
    [functionCall('add', { n: 1 }, { callId: 'a1' })],
    [{ ...handoffCall(billing, { callId: 'h3' }), name: 'transfer_to_Nobody' }],
  ]);
  assert.deepEqual(
    report.problems.map((p) => [p.kind, p.step, p.agent, p.path, p.expected]),
    [
      ['invalid_arguments', 0, 'Triage', 'reason', 'a value of type string'],
      ['unknown_handoff', 2, 'Billing', '', 'no handoff (the agent has none)'],
    ],
  );
  const unknown = lintScript(triage, [[
    { ...handoffCall(billing, { callId: 'h' }), name: 'transfer_to_Sales' },
  ]]);
  assert.equal(
    unknown.problems[0]!.expected,
    'one of "transfer_to_Billing", "transfer_to_Refunds"',
  );
});

test('Hosted tools are known but not validated; an MCP agent may call any name', () => {
  const hosted = new Agent({ name: 'H', tools: [webSearchTool(), add] });
  assert.equal(
    lintScript(hosted, [[
      functionCall('web_search', { anything: 1 }, { callId: 'w' }),
    ]]).ok,
    true,
  );
  const mcp = new Agent({
    name: 'M',
    tools: [add],
    mcpServers: [{ name: 'files' } as never],
  });
  const report = lintScript(mcp, [[
    functionCall('read_file', { path: 'a' }, { callId: 'r' }),
    functionCall('add', { n: 'x' }, { callId: 'a' }),
  ]]);
  assert.deepEqual(report.problems.map((p) => [p.item, p.kind]), [
    [1, 'invalid_arguments'],
  ]);
  assert.throws(() => lintScript(3, []), {
    name: 'InvalidRunAssertionInputError',
    path: 'agent',
    issue: 'an Agent',
  });
});

test('Agents read as plain objects: no MCP list, hosted tools with parameters, no output type', () => {
  const plain = {
    name: 'P',
    tools: [{
      type: 'hosted_tool',
      name: 'h',
      parameters: { type: 'object', additionalProperties: false },
    }],
    handoffs: [],
  };
  const report = lintScript(plain, [
    [
      functionCall('h', { a: 1 }, { callId: 'h1' }),
      functionCall('nope', {}, { callId: 'n1' }),
    ],
    [assistantMessage('not JSON')],
  ]);
  assert.deepEqual(report.problems.map((p) => [p.kind, p.step, p.name]), [
    ['unknown_tool', 0, 'nope'],
  ]);
  // A fixture of another kind names what it holds.
  assert.throws(() => lintScript(plain, { kind: 'realtime' }), {
    name: 'InvalidRunAssertionInputError',
    received: '"realtime"',
  });
});
