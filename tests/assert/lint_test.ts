import { Agent, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelStream,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  assertScriptMatches,
  InvalidRunAssertionInputError,
  lintScript,
  ScriptDriftError,
  type ScriptProblem,
} from '@scripted/agents/assert';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import test from 'node:test';
import { z } from 'zod';
import { run } from './_run.ts';

// Recorded with recordModel() from the weather agent as it was then:
// get_weather({ city }), output { summary, tempC }.
const fixtureFile = 'tests/assert/data/weather_model.json';

function weatherAgent(
  parameters: z.ZodObject = z.object({ city: z.string() }),
  outputType: z.ZodObject = z.object({
    summary: z.string(),
    tempC: z.number(),
  }),
  name = 'get_weather',
) {
  const getWeather = tool({
    name,
    description: 'Weather for a city',
    parameters,
    execute: () => 'Cold',
  });
  return new Agent({ name: 'Weather', tools: [getWeather], outputType });
}

function handScript() {
  return [
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
    [assistantMessage('{"summary":"Cold","tempC":-3}')],
  ];
}

function short(problems: readonly ScriptProblem[]) {
  return problems.map((p) => [p.kind, p.step, p.item, p.name, p.path]);
}

test('The agent as recorded matches its fixture and its script', async () => {
  const fixture = await readFile(fixtureFile, 'utf8');
  const agent = weatherAgent();
  for (const script of [fixture, JSON.parse(fixture), handScript()]) {
    assert.deepEqual(lintScript(agent, script), {
      ok: true,
      problems: [],
      skipped: [],
    });
    assertScriptMatches(agent, script);
  }
  // And the script runs as linted, through the real Runner.
  const model = new ScriptedModel(handScript());
  const result = await run(agent.clone({ model }), 'Weather?', 'plain');
  assert.deepEqual(result.finalOutput, { summary: 'Cold', tempC: -3 });
});

test('A changed tool schema is caught against the committed fixture and a hand-written script', async () => {
  const fixture = await readFile(fixtureFile, 'utf8');
  const changed = weatherAgent(
    z.object({ location: z.string(), unit: z.enum(['C', 'F']) }),
  );
  for (const script of [fixture, handScript()]) {
    const report = lintScript(changed, script);
    assert.equal(report.ok, false);
    assert.deepEqual(short(report.problems), [
      ['invalid_arguments', 0, 0, 'get_weather', 'location'],
      ['invalid_arguments', 0, 0, 'get_weather', 'unit'],
      ['invalid_arguments', 0, 0, 'get_weather', 'city'],
    ]);
    assert.deepEqual(report.problems[0], {
      kind: 'invalid_arguments',
      step: 0,
      item: 0,
      agent: 'Weather',
      name: 'get_weather',
      path: 'location',
      expected: 'a required property',
      received: 'undefined',
    });
    assert.equal(report.problems[2]!.expected, 'no such property');
    assert.throws(
      () => assertScriptMatches(changed, script),
      (error: unknown) => {
        assert.ok(error instanceof ScriptDriftError);
        assert.equal(error.name, 'ScriptDriftError');
        assert.deepEqual(error.problems, report.problems);
        assert.equal(
          error.message,
          [
            'Script drift: 3 problems against the agent as it is now',
            '- step 0, item 0 ("get_weather" of "Weather") at "location": expected a required property, got undefined',
            '- step 0, item 0 ("get_weather" of "Weather") at "unit": expected a required property, got undefined',
            '- step 0, item 0 ("get_weather" of "Weather") at "city": expected no such property, got "Oslo"',
          ].join('\n'),
        );
        return true;
      },
    );
  }
  // A changed type names the path and both sides.
  const typed = lintScript(
    weatherAgent(z.object({ city: z.number() })),
    handScript(),
  );
  assert.deepEqual(
    typed.problems.map((p) => [p.path, p.expected, p.received]),
    [
      ['city', 'a value of type number', '"Oslo"'],
    ],
  );
});

test('A changed output type, a renamed tool and a removed handoff are reported', async () => {
  const fixture = await readFile(fixtureFile, 'utf8');
  const output = lintScript(
    weatherAgent(
      undefined,
      z.object({ summary: z.string(), temperature: z.number() }),
    ),
    fixture,
  );
  assert.deepEqual(short(output.problems), [
    ['invalid_final_output', 1, 0, undefined, 'temperature'],
  ]);
  assert.equal(output.problems[0]!.received, 'undefined');
  const renamed = lintScript(
    weatherAgent(undefined, undefined, 'weather'),
    fixture,
  );
  assert.deepEqual(renamed.problems, [{
    kind: 'unknown_tool',
    step: 0,
    item: 0,
    agent: 'Weather',
    name: 'get_weather',
    path: '',
    expected: 'one of "weather"',
    received: '"get_weather"',
  }]);
  const billing = new Agent({ name: 'Billing' });
  const triage = new Agent({ name: 'Triage' });
  const gone = lintScript(triage, [[handoffCall(billing, { callId: 'h1' })]]);
  assert.deepEqual(gone.problems.map((p) => [p.kind, p.name, p.expected]), [
    [
      'unknown_handoff',
      'transfer_to_Billing',
      'no handoff (the agent has none)',
    ],
  ]);
  const bare = lintScript(new Agent({ name: 'A' }), [[
    functionCall('x', {}, { callId: 'c' }),
  ]]);
  assert.equal(bare.problems[0]!.expected, 'no tool (the agent has none)');
  // Not JSON where the output type wants JSON.
  const text = lintScript(weatherAgent(), [[assistantMessage('Cold')]]);
  assert.deepEqual(text.problems.map((p) => [p.kind, p.path, p.expected]), [
    ['invalid_final_output', '', 'JSON text'],
  ]);
});

test('Handoffs in the script are followed: later steps answer the new agent', () => {
  const refund = tool({
    name: 'refund',
    description: 'Refund',
    parameters: z.object({ amount: z.number().min(1) }),
    execute: () => 'ok',
  });
  const billing = new Agent({
    name: 'Billing',
    tools: [refund],
    outputType: z.object({ done: z.boolean() }),
  });
  const triage = Agent.create({ name: 'Triage', handoffs: [billing] });
  const report = lintScript(triage, [
    [handoffCall(billing, { callId: 'h1' })],
    [functionCall('refund', { amount: 0 }, { callId: 'r1' })],
    modelResponder(() => [assistantMessage('x')]),
    modelError(new Error('boom')),
    [assistantMessage('{"done":"yes"}')],
  ]);
  assert.deepEqual(report.skipped, [2, 3]);
  assert.deepEqual(
    report.problems.map((p) => [p.kind, p.step, p.agent, p.path, p.expected]),
    [
      ['invalid_arguments', 1, 'Billing', 'amount', 'at least 1'],
      [
        'invalid_final_output',
        4,
        'Billing',
        'done',
        'Invalid input: expected boolean, received string',
      ],
    ],
  );
  // A refund called before the handoff is unknown to the triage agent.
  const early = lintScript(triage, [
    [functionCall('refund', { amount: 5 }, { callId: 'r1' })],
  ]);
  assert.deepEqual(short(early.problems), [
    ['unknown_tool', 0, 0, 'refund', ''],
  ]);
});

test('Streams, model responses and JSON schema output types are read', () => {
  const agent = new Agent({
    name: 'A',
    outputType: {
      type: 'json_schema',
      name: 'answer',
      strict: true,
      schema: {
        type: 'object',
        properties: { n: { type: 'integer' } },
        required: ['n'],
        additionalProperties: false,
      },
    },
  });
  const good = '{"n":1}';
  const bad = '{"n":1.5}';
  const stream = (text: string) =>
    modelStream([{
      type: 'response_done',
      response: {
        id: 'r',
        usage: {
          requests: 1,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
        },
        output: [assistantMessage(text)],
      },
    }] as never);
  assert.equal(lintScript(agent, [stream(good)]).ok, true);
  assert.deepEqual(short(lintScript(agent, [stream(bad)]).problems), [
    ['invalid_final_output', 0, 0, undefined, 'n'],
  ]);
  assert.deepEqual(
    lintScript(agent, [{ output: [assistantMessage(bad)] } as never]).problems
      .map((p) => p.expected),
    ['a value of type integer'],
  );
  assert.deepEqual(
    lintScript(agent, [{
      type: 'response',
      response: [assistantMessage(good)],
    } as never]).ok,
    true,
  );
  // A stream given as a generator cannot be read before running.
  assert.deepEqual(
    lintScript(agent, [modelStream((function* () {})())]).skipped,
    [0],
  );
});

test('The lint rejects an unusable agent or script with a structured error', () => {
  const agent = weatherAgent();
  const cases: [unknown, unknown, string, string][] = [
    [null, [], 'agent', 'invalid_type'],
    [agent, 'not json', 'script', 'invalid_value'],
    [agent, 5, 'script', 'invalid_type'],
    [agent, { kind: 'realtime', log: [] }, 'script.kind', 'invalid_value'],
    [agent, { kind: 'model', calls: 'x' }, 'script.calls', 'invalid_type'],
    [{ name: 'x', tools: 'no' }, [[]], 'agent.tools', 'invalid_type'],
  ];
  for (const [a, script, path, reason] of cases) {
    for (const check of [lintScript, assertScriptMatches]) {
      assert.throws(() => check(a, script), (error: unknown) => {
        assert.ok(
          error instanceof InvalidRunAssertionInputError,
          String(error),
        );
        assert.equal(error.path, path);
        assert.equal(error.reason, reason);
        return true;
      });
    }
  }
});
