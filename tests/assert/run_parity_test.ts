/**
 * assertRunParity through the real SDK: the guide's tool workflow, a
 * handoff and approvals pass on every path; a tool that answers otherwise
 * when streamed, or whose state does not survive the serialized resume,
 * fails naming the field and the two paths.
 */
import {
  Agent,
  handoff,
  type OutputGuardrail,
  type RunContext,
  Runner,
  RunState,
  tool,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelResponder,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import {
  assertRunParity,
  InvalidRunAssertionInputError,
  type RunAssertionError,
} from '@scripted/agents/assert';
import { failure } from './_parity.ts';
import fc from 'fast-check';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import {
  anyValue,
  asyncOutcomeOf,
  fuzzParameters,
  isHostileThrow,
  materialize,
} from '../_support/fuzz.ts';

/** The guide's tool workflow, built afresh; `answer` may look at the call's mode. */
function weatherAgent(
  answer: (city: string, streamed: boolean) => string = (city) =>
    `${city}: sunny`,
) {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Tokyo' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Tokyo.')],
  ]);
  const weather = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) => answer(city, model.lastCall?.streamed === true),
  });
  return new Agent({ name: 'Weather assistant', model, tools: [weather] });
}

function streamedRain(city: string, streamed: boolean): string {
  return streamed ? `${city}: rain` : `${city}: sunny`;
}

/** The input error, checked for its class, name and assertion. */
async function inputError(
  run: Promise<void>,
): Promise<InvalidRunAssertionInputError> {
  const error = await run.then(() => undefined, (e: unknown) => e);
  assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
  assert.equal(error.name, 'InvalidRunAssertionInputError');
  assert.equal(error.assertion, 'assertRunParity');
  return error;
}

/** The message from its headline to the timelines, without the diff. */
function timelines(message: string): string {
  return message.slice(message.indexOf('\n\nTimeline of ') + 2);
}

test('assertRunParity passes on the guide tool workflow, on every path', async () => {
  const built: string[] = [];
  await assertRunParity(() => {
    built.push('agent');
    return weatherAgent();
  }, 'What is the weather in Tokyo?');
  assert.deepEqual(built, ['agent', 'agent', 'agent']);
});

test('assertRunParity takes input items and an async factory giving the doubles', async () => {
  await assertRunParity(
    () => {
      const agent = weatherAgent();
      return Promise.resolve({
        agent,
        doubles: [agent.model as ScriptedModel],
      });
    },
    [{ role: 'user', content: 'What is the weather in Tokyo?' }],
  );
});

test('assertRunParity names the field and both paths of a tool that answers otherwise when streamed', async () => {
  const error = await failure(
    assertRunParity(() => weatherAgent(streamedRain), 'Weather?'),
  );
  assert.equal(error.path, 'newItems[1].output');
  assert.equal(
    (error.expected as { output: string }[])[1]!.output,
    'Tokyo: sunny',
  );
  assert.equal(
    (error.actual as { output: string }[])[1]!.output,
    'Tokyo: rain',
  );
  assert.equal(
    error.message.split('\n')[0],
    'Runs differ at "newItems[1].output": "run" gave "Tokyo: sunny", "stream" gave "Tokyo: rain" (expected: "run", actual: "stream")',
  );
  assert.equal(
    timelines(error.message),
    [
      'Timeline of "run" (4 events):',
      '  double 0 call 0 "getResponse"',
      '  tool "get_weather" ran for call "call_1"',
      '  double 0 call 1 "getResponse"',
      '  double 0 complete',
      'Timeline of "stream" (4 events):',
      '  double 0 call 0 "getStreamedResponse"',
      '  tool "get_weather" ran for call "call_1"',
      '  double 0 call 1 "getStreamedResponse"',
      '  double 0 complete',
    ].join('\n'),
  );
});

test('assertRunParity leaves out the paths and fields not chosen', async () => {
  await assertRunParity(() => weatherAgent(streamedRain), 'Weather?', {
    paths: ['run', 'resume'],
  });
  await assertRunParity(() => weatherAgent(streamedRain), 'Weather?', {
    fields: ['usage', 'finalOutput', 'toolExecutions', 'doubles'],
  });
  const error = await failure(
    assertRunParity(() => weatherAgent(streamedRain), 'Weather?', {
      paths: ['stream', 'run'],
      fields: ['newItems'],
    }),
  );
  assert.match(
    error.message,
    /^Runs differ at "newItems\[1\]\.output": "stream" gave "Tokyo: rain", "run" gave "Tokyo: sunny" \(expected: "stream", actual: "run"\)\n/,
  );
});

/** A tool that keeps a note per run context (a WeakMap no RunState carries). */
function memoryAgent() {
  const notes = new WeakMap<object, string>();
  const model = new ScriptedModel([
    [
      functionCall('remember', { note: 'blue' }, { callId: 'c1' }),
      functionCall('recall', {}, { callId: 'c2' }),
    ],
    [assistantMessage('Recalled.')],
  ]);
  const remember = tool({
    name: 'remember',
    description: 'Remember a note',
    parameters: z.object({ note: z.string() }),
    execute: ({ note }, context?: RunContext<unknown>) => {
      notes.set(context!.context as object, note);
      return 'noted';
    },
  });
  const recall = tool({
    name: 'recall',
    description: 'Recall the note',
    parameters: z.object({}),
    needsApproval: true,
    execute: (_args, context?: RunContext<unknown>) =>
      notes.get(context!.context as object) ?? 'nothing',
  });
  return new Agent({ name: 'Memory', model, tools: [remember, recall] });
}

test('assertRunParity names the field and the resume path of a tool whose state does not survive it', async () => {
  const error = await failure(assertRunParity(memoryAgent, 'Remember', {
    approvals: { approve: ['recall'] },
  }));
  assert.equal(error.path, 'newItems[3].output');
  assert.match(
    error.message,
    /^Runs differ at "newItems\[3\]\.output": "run" gave "blue", "resume" gave "nothing" \(expected: "run", actual: "resume"\)\n/,
  );
  assert.equal(
    timelines(error.message),
    [
      'Timeline of "run" (7 events):',
      '  double 0 call 0 "getResponse"',
      '  tool "remember" ran for call "c1"',
      '  stopped for 1 approval',
      '  approved "recall" (call "c2")',
      '  tool "recall" ran for call "c2"',
      '  double 0 call 1 "getResponse"',
      '  double 0 complete',
      'Timeline of "resume" (9 events):',
      '  double 0 call 0 "getResponse"',
      '  tool "remember" ran for call "c1"',
      '  stopped for 1 approval',
      '  state serialized and restored',
      '  approved "recall" (call "c2")',
      '  state serialized and restored',
      '  tool "recall" ran for call "c2"',
      '  double 0 call 1 "getResponse"',
      '  double 0 complete',
    ].join('\n'),
  );
});

/** Two `needsApproval` tools; the model's second turn reads what came back. */
function filesAgent(ran: string[]) {
  const make = (name: string) =>
    tool({
      name,
      description: name,
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      execute: ({ path }) => {
        ran.push(`${name} ${path}`);
        return `${name} done: ${path}`;
      },
    });
  const model = new ScriptedModel([
    [
      functionCall('delete_file', { path: 'a.txt' }, { callId: 'c1' }),
      functionCall('write_file', { path: 'b.txt' }, { callId: 'c2' }),
    ],
    modelResponder((call) => {
      const results =
        (call.request.input as { type?: string; output?: unknown }[])
          .filter((item) => item.type === 'function_call_result')
          .map((item) => JSON.stringify(item.output));
      return [assistantMessage(results.join(' | '))];
    }),
  ]);
  return new Agent({
    name: 'Files',
    model,
    tools: [make('delete_file'), make('write_file')],
  });
}

test('assertRunParity passes on an approval workflow, approved and rejected (by tool name or call id)', async () => {
  const ran: string[] = [];
  await assertRunParity(() => filesAgent(ran), 'Clean up', {
    approvals: { approve: ['delete_file'], reject: ['c2'] },
  });
  assert.deepEqual(ran, [
    'delete_file a.txt',
    'delete_file a.txt',
    'delete_file a.txt',
  ]);
  ran.length = 0;
  await assertRunParity(() => filesAgent(ran), 'Clean up', {
    approvals: {
      reject: ['delete_file', 'write_file'],
      rejectionMessage: 'No.',
    },
  });
  assert.deepEqual(ran, []);
});

test('assertRunParity passes the rejection text to the model on every path', async () => {
  let answers: string[] = [];
  await assertRunParity(
    () => {
      const agent = filesAgent([]);
      agent.on('agent_end', (_context, output) => answers.push(output));
      return agent;
    },
    'Clean up',
    {
      approvals: { reject: ['c1', 'c2'], rejectionMessage: 'Not today.' },
    },
  );
  assert.equal(answers.length, 3);
  assert.ok(
    answers.every((answer) => answer.includes('Not today.')),
    answers[0],
  );
  answers = [];
  await assertRunParity(
    () => {
      const agent = filesAgent([]);
      agent.on('agent_end', (_context, output) => answers.push(output));
      return agent;
    },
    'Clean up',
    { approvals: { reject: ['c1', 'c2'] } },
  );
  assert.equal(answers.length, 3);
  assert.ok(
    answers.every((answer) =>
      answer.includes('Tool execution was not approved.')
    ),
    answers[0],
  );
});

test('assertRunParity fails when an interruption has no decision, or two', async () => {
  const none = await inputError(
    assertRunParity(() => filesAgent([]), 'Clean up', {
      approvals: { approve: ['delete_file'] },
    }),
  );
  assert.equal(none.reason, 'invalid_value');
  assert.equal(none.path, 'options.approvals');
  assert.equal(
    none.issue,
    'one decision for the call of tool "write_file" (call id "c2")',
  );
  assert.equal(none.received, 'no decision');
  const both = await inputError(
    assertRunParity(() => filesAgent([]), 'Clean up', {
      approvals: { approve: ['delete_file', 'c2'], reject: ['write_file'] },
    }),
  );
  assert.equal(both.path, 'options.approvals');
  assert.equal(both.received, 'both approve and reject');
  const unasked = await inputError(
    assertRunParity(() => filesAgent([]), 'Clean up'),
  );
  assert.equal(
    unasked.issue,
    'one decision for the call of tool "delete_file" (call id "c1")',
  );
});

function triage() {
  const model = new ScriptedModel();
  const billing = new Agent({ name: 'Billing', model });
  const agent = new Agent({ name: 'Triage', model, handoffs: [billing] });
  model.enqueue(
    [handoffCall(billing, { callId: 'h1' })],
    [assistantMessage('Billing here')],
  );
  return agent;
}

test('assertRunParity passes on a handoff', async () => {
  const built: string[] = [];
  await assertRunParity(() => {
    built.push('triage');
    return triage();
  }, 'Refund');
  assert.deepEqual(built, ['triage', 'triage', 'triage']);
});

test('assertRunParity checks the doubles of the agents handed off to, and of handoff objects', async () => {
  for (const wrap of [(a: Agent) => a, (a: Agent) => handoff(a)]) {
    await assert.rejects(
      assertRunParity(() => {
        const unused = new ScriptedModel([[assistantMessage('never')]]);
        const billing = new Agent({ name: 'Billing', model: unused });
        const model = new ScriptedModel([[assistantMessage('Triage here')]]);
        return new Agent({
          name: 'Triage',
          model,
          handoffs: [wrap(billing), wrap(billing)],
        });
      }, 'Hi'),
      (error: unknown) =>
        error instanceof UnconsumedModelStepsError &&
        error.remainingSteps === 1,
    );
  }
});

test('assertRunParity finds a script left unused on one path: a difference of "doubles"', async () => {
  let built = 0;
  const error = await failure(assertRunParity(() => {
    const agent = weatherAgent();
    // The second path's model has one step more than its run uses.
    if (++built === 2) {
      (agent.model as ScriptedModel).enqueue([assistantMessage('spare')]);
    }
    return agent;
  }, 'Weather?'));
  assert.equal(error.path, 'doubles[0]');
  assert.deepEqual(error.expected, ['complete']);
  assert.deepEqual(error.actual, ['UnconsumedModelStepsError']);
  assert.match(
    error.message,
    /^Runs differ at "doubles\[0\]": "run" gave "complete", "stream" gave "UnconsumedModelStepsError"/,
  );
  assert.match(
    error.message,
    /\n {2}double 0 incomplete: "UnconsumedModelStepsError"$/,
  );
  // Not compared when left out.
  built = 0;
  await assertRunParity(
    () => {
      const agent = weatherAgent();
      if (++built === 2) {
        (agent.model as ScriptedModel).enqueue([assistantMessage('spare')]);
      }
      return agent;
    },
    'Weather?',
    { fields: ['finalOutput', 'newItems', 'usage'] },
  );
});

test('assertRunParity checks only the doubles given, when given', async () => {
  await assertRunParity(() => {
    const agent = weatherAgent();
    (agent.model as ScriptedModel).enqueue([assistantMessage('spare')]);
    return { agent, doubles: [] };
  }, 'Weather?');
  const checked: string[] = [];
  await assertRunParity(() => ({
    agent: weatherAgent(),
    doubles: [{ assertComplete: () => void checked.push('checked') }],
  }), 'Weather?');
  assert.deepEqual(checked, ['checked', 'checked', 'checked']);
});

test('assertRunParity finds a run that throws on one path: a difference of "error"', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const model = new ScriptedModel(
        ++built === 3 ? [] : [[assistantMessage('Hi')]],
      );
      return new Agent({ name: 'A', model });
    },
    'Hi',
    { fields: ['finalOutput'] },
  ));
  assert.equal(error.path, 'error');
  assert.equal(error.expected, 'completed');
  assert.equal(error.actual, 'UnexpectedModelCallError');
  assert.match(
    error.message,
    /^Runs differ at "error": "run" gave "completed", "resume" gave "UnexpectedModelCallError" \(expected: "run", actual: "resume"\)\n/,
  );
  assert.match(
    error.message,
    /Timeline of "resume" \(3 events\):\n {2}double 0 call 0 "getResponse"\n {2}threw "UnexpectedModelCallError"\n {2}double 0 incomplete: "UnexpectedModelCallError"$/,
  );
});

test('assertRunParity rethrows what every path threw alike', async () => {
  const thrown: unknown[] = [];
  await assert.rejects(
    assertRunParity(() => {
      const model = new ScriptedModel([]);
      return new Agent({ name: 'A', model });
    }, 'Hi').catch((error: unknown) => {
      thrown.push(error);
      throw error;
    }),
    UnexpectedModelCallError,
  );
  assert.equal((thrown[0] as UnexpectedModelCallError).streamed, false);
});

test('assertRunParity fails when a tool ran twice for one call (an SDK that ran it twice)', async () => {
  // The SDK answers a call id once; an SDK regression that runs a tool
  // twice is simulated by announcing the second path's run twice.
  const emit = Runner.prototype.emit;
  let runs = 0;
  const announce = emit as (this: Runner, ...all: unknown[]) => boolean;
  Runner.prototype.emit = function (this: Runner, ...all: unknown[]) {
    if (all[0] === 'agent_tool_start' && ++runs === 2) {
      announce.apply(this, all);
    }
    return announce.apply(this, all);
  } as typeof emit;
  let error: RunAssertionError;
  try {
    error = await failure(
      assertRunParity(() => weatherAgent(), 'Weather?', {
        fields: ['toolExecutions'],
      }),
    );
  } finally {
    Runner.prototype.emit = emit;
  }
  assert.equal(error.path, 'toolExecutions[0].runs');
  assert.equal(error.expected, 1);
  assert.equal(error.actual, 2);
  assert.match(
    error.message,
    /^Tool "get_weather" ran 2 times for call "call_1" on "stream": expected once\n/,
  );
  assert.match(
    error.message,
    /\n\nTimeline of "stream" \(5 events\):\n {2}double 0 call 0 "getStreamedResponse"\n {2}tool "get_weather" ran for call "call_1"\n {2}tool "get_weather" ran for call "call_1"\n/,
  );
  assert.doesNotMatch(error.message, /Timeline of "run"/);
});

/** An agent whose one answer is built by `respond`, per call. */
function answering(
  respond: (streamed: boolean) => unknown,
  config: Partial<ConstructorParameters<typeof Agent>[0]> = {},
) {
  const model = new ScriptedModel([
    modelResponder((call) => respond(call.streamed) as never),
  ]);
  return new Agent({ name: 'A', model, ...config });
}

test('assertRunParity compares usage', async () => {
  const error = await failure(assertRunParity(
    () =>
      answering((streamed) => ({
        output: [assistantMessage('Hi')],
        usage: { inputTokens: streamed ? 7 : 5, outputTokens: 2 },
      })),
    'Hi',
    { paths: ['run', 'stream'] },
  ));
  assert.equal(error.path, 'usage.inputTokens');
  assert.deepEqual(error.expected, {
    requests: 1,
    inputTokens: 5,
    outputTokens: 2,
    totalTokens: 7,
  });
  assert.deepEqual(error.actual, {
    requests: 1,
    inputTokens: 7,
    outputTokens: 2,
    totalTokens: 9,
  });
  assert.match(
    error.message,
    /^Runs differ at "usage\.inputTokens": "run" gave 5, "stream" gave 7 /,
  );
});

test('assertRunParity compares guardrail results', async () => {
  let built = 0;
  const error = await failure(assertRunParity(() => {
    const mode = ++built;
    const check: OutputGuardrail = {
      name: 'tone',
      execute: () =>
        Promise.resolve({ tripwireTriggered: false, outputInfo: { mode } }),
    };
    return answering(() => [assistantMessage('Hi')], {
      outputGuardrails: [check],
    });
  }, 'Hi'));
  assert.equal(error.path, 'guardrails[0].outputInfo.mode');
  assert.deepEqual(error.expected, [
    { kind: 'output', name: 'tone', tripped: false, outputInfo: { mode: 1 } },
  ]);
  assert.equal(
    (error.actual as { outputInfo: { mode: number } }[])[0]!.outputInfo.mode,
    2,
  );
});

test('assertRunParity compares handoffs', async () => {
  const error = await failure(assertRunParity(
    () => {
      const model = new ScriptedModel();
      const billing = new Agent({ name: 'Billing', model });
      const refunds = new Agent({ name: 'Refunds', model });
      model.enqueue(
        modelResponder((call) => [
          handoffCall(call.streamed ? refunds : billing, { callId: 'h1' }),
        ]),
        [assistantMessage('Here')],
      );
      return new Agent({ name: 'Triage', model, handoffs: [billing, refunds] });
    },
    'Refund',
    { fields: ['handoffs'] },
  ));
  assert.equal(error.path, 'handoffs[0].to');
  assert.deepEqual(error.expected, [{ from: 'Triage', to: 'Billing' }]);
  assert.deepEqual(error.actual, [{ from: 'Triage', to: 'Refunds' }]);
  assert.match(error.message, /\n {2}handoff "Triage" -> "Refunds"\n/);
});

test('assertRunParity compares the interruptions of each stop', async () => {
  const error = await failure(assertRunParity(
    () => {
      const model = new ScriptedModel([
        [functionCall('delete_file', { path: 'a.txt' }, { callId: 'c1' })],
        [assistantMessage('Done')],
      ]);
      const remove = tool({
        name: 'delete_file',
        description: 'Delete',
        parameters: z.object({ path: z.string() }),
        // Asks only when streamed.
        needsApproval: () => Promise.resolve(model.lastCall?.streamed === true),
        execute: ({ path }) => `deleted ${path}`,
      });
      return new Agent({ name: 'Files', model, tools: [remove] });
    },
    'Clean',
    { approvals: { approve: ['c1'] }, fields: ['interruptions'] },
  ));
  assert.equal(error.path, 'interruptions[0]');
  assert.deepEqual(error.expected, []);
  assert.deepEqual(error.actual, [[{
    toolName: 'delete_file',
    callId: '<id 1>',
    arguments: { path: 'a.txt' },
    agent: 'Files',
  }]]);
  assert.match(
    error.message,
    /^Runs differ at "interruptions\[0\]": "run" gave undefined, "stream" gave an array of 1 \(expected: "run", actual: "stream"\)\n/,
  );
});

test('assertRunParity compares final outputs, ids excluded', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const text = ++built === 3 ? 'Bye' : 'Hi';
      // Each path's message has its own id: ids are not compared.
      return answering(() => [assistantMessage(text, { id: `msg_${built}` })]);
    },
    'Hi',
    { fields: ['finalOutput', 'newItems'] },
  ));
  assert.equal(error.path, 'finalOutput');
  assert.equal(error.expected, 'Hi');
  assert.equal(error.actual, 'Bye');
  assert.match(
    error.message,
    /^Runs differ at "finalOutput": "run" gave "Hi", "resume" gave "Bye" \(expected: "run", actual: "resume"\)\n/,
  );
});

test('assertRunParity prints values and timelines redacted', async () => {
  const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
  const error = await failure(
    assertRunParity(
      () =>
        weatherAgent((city, streamed) =>
          streamed ? `${city}: ${secret}` : `${city}: sunny`
        ),
      'Weather?',
    ),
  );
  assert.ok(!error.message.includes(secret), error.message);
  assert.ok(!JSON.stringify(error.actual).includes(secret));
  assert.match(error.message, /"stream" gave "Tokyo: \[redacted\]"/);
  // A call id shaped like a key is redacted in the timeline too.
  const timeline = await failure(assertRunParity(() => {
    const model = new ScriptedModel([
      [functionCall('get_weather', { city: 'Oslo' }, { callId: secret })],
      [assistantMessage('Done')],
    ]);
    const weather = tool({
      name: 'get_weather',
      description: 'Weather',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => (model.lastCall?.streamed ? 'rain' : city),
    });
    return new Agent({ name: 'A', model, tools: [weather] });
  }, 'Weather?'));
  assert.ok(!timeline.message.includes(secret), timeline.message);
  assert.match(
    timeline.message,
    /\n {2}tool "get_weather" ran for call "\[redacted\]"\n/,
  );
});

test('assertRunParity finds an MCP server double on the agent and shows its calls', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mode = ++built;
      const server = new ScriptedMcpServer({
        name: 'weather',
        tools: [{
          name: 'get_weather',
          description: 'The weather in a city',
          inputSchema: { properties: { city: { type: 'string' } } },
        }],
        calls: [{ tool: 'get_weather', result: mode === 2 ? 'Rain' : 'Sun' }],
      });
      const model = new ScriptedModel([
        [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
        [assistantMessage('Done')],
      ]);
      return new Agent({ name: 'Forecaster', model, mcpServers: [server] });
    },
    'Oslo?',
    { paths: ['run', 'stream'] },
  ));
  assert.equal(error.path, 'newItems[1].output');
  assert.match(
    error.message,
    /\n {2}double 1 call 0 "callTool" "get_weather"\n/,
  );
  assert.match(error.message, /\n {2}double 1 complete$/);
});

test('assertRunParity shows at most 20 lines of a timeline', async () => {
  const calls = Array.from(
    { length: 17 },
    (_, i) =>
      functionCall('get_weather', { city: `C${i}` }, { callId: `c${i}` }),
  );
  const error = await failure(assertRunParity(() => {
    const model = new ScriptedModel([calls, [assistantMessage('Done')]]);
    const weather = tool({
      name: 'get_weather',
      description: 'Weather',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => (model.lastCall?.streamed ? 'rain' : city),
    });
    return new Agent({ name: 'A', model, tools: [weather] });
  }, 'Weather?'));
  // 1 call, 17 tool runs, 1 call, complete: 20 events, all shown.
  const run = timelines(error.message).split('\nTimeline of "stream"')[0]!
    .split('\n');
  assert.equal(run[0], 'Timeline of "run" (20 events):');
  assert.equal(run.length, 21);
  assert.equal(run[20], '  double 0 complete');
  await failure(assertRunParity(() => {
    const many = Array.from(
      { length: 18 },
      (_, i) =>
        functionCall('get_weather', { city: `C${i}` }, { callId: `c${i}` }),
    );
    const model = new ScriptedModel([many, [assistantMessage('Done')]]);
    const weather = tool({
      name: 'get_weather',
      description: 'Weather',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => (model.lastCall?.streamed ? 'rain' : city),
    });
    return new Agent({ name: 'A', model, tools: [weather] });
  }, 'Weather?')).then((error) => {
    // 21 events: 19 shown, then how many more.
    const lines = timelines(error.message).split('\nTimeline of "stream"')[0]!
      .split('\n');
    assert.equal(lines[0], 'Timeline of "run" (21 events):');
    assert.equal(lines.length, 21);
    assert.equal(lines[19], '  tool "get_weather" ran for call "c17"');
    assert.equal(lines[20], '  … 2 more');
  });
});

const plain = () => answering(() => [assistantMessage('Hi')]);

const inputCases: [
  string,
  () => Promise<void>,
  {
    reason: string;
    path: string;
    issue: string;
    received: string;
    suggestion?: string;
  },
][] = [
  [
    'a factory that is not a function',
    () => assertRunParity(42 as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory',
      issue: 'a function that builds the agent and its doubles',
      received: '42',
    },
  ],
  [
    'an input that is neither text nor items',
    () => assertRunParity(plain, 42 as never),
    {
      reason: 'invalid_type',
      path: 'input',
      issue: 'a string or an array of input items',
      received: '42',
    },
  ],
  [
    'an input item that is not an object',
    () =>
      assertRunParity(plain, [{ role: 'user', content: 'x' }, 'x'] as never),
    {
      reason: 'invalid_type',
      path: 'input[1]',
      issue: 'an input item (an object such as { role: "user", content })',
      received: '"x"',
    },
  ],
  [
    'options that are not an object',
    () => assertRunParity(plain, 'x', 5 as never),
    {
      reason: 'invalid_type',
      path: 'options',
      issue: 'an object',
      received: '5',
    },
  ],
  [
    'a misspelt option',
    () => assertRunParity(plain, 'x', { path: [] } as never),
    {
      reason: 'unknown_key',
      path: 'options.path',
      issue: 'only "approvals", "paths" and "fields"',
      received: '"path"',
      suggestion: 'paths',
    },
  ],
  ['one path', () => assertRunParity(plain, 'x', { paths: ['run'] }), {
    reason: 'invalid_value',
    path: 'options.paths',
    issue: 'at least 2 of 3 names',
    received: '1 name',
  }],
  [
    'a path twice',
    () => assertRunParity(plain, 'x', { paths: ['run', 'stream', 'run'] }),
    {
      reason: 'invalid_value',
      path: 'options.paths[2]',
      issue: 'a name not given before',
      received: '"run"',
    },
  ],
  [
    'an unknown path',
    () => assertRunParity(plain, 'x', { paths: ['run', 'steam'] as never }),
    {
      reason: 'invalid_value',
      path: 'options.paths[1]',
      issue: 'one of "run", "stream" or "resume"',
      received: '"steam"',
      suggestion: 'stream',
    },
  ],
  [
    'paths that are not a list',
    () => assertRunParity(plain, 'x', { paths: 'run' as never }),
    {
      reason: 'invalid_type',
      path: 'options.paths',
      issue: 'an array of at least 2 names',
      received: '"run"',
    },
  ],
  ['no field', () => assertRunParity(plain, 'x', { fields: [] }), {
    reason: 'invalid_value',
    path: 'options.fields',
    issue: 'at least 1 of 8 names',
    received: '0 names',
  }],
  [
    'fields that are not a list',
    () => assertRunParity(plain, 'x', { fields: 'usage' as never }),
    {
      reason: 'invalid_type',
      path: 'options.fields',
      issue: 'an array of names',
      received: '"usage"',
    },
  ],
  [
    'an unknown field',
    () =>
      assertRunParity(plain, 'x', {
        fields: ['usage', 'finalOutputs'] as never,
      }),
    {
      reason: 'invalid_value',
      path: 'options.fields[1]',
      issue:
        'one of "finalOutput", "newItems", "interruptions", "toolExecutions", "handoffs", "guardrails", "usage" or "doubles"',
      received: '"finalOutputs"',
      suggestion: 'finalOutput',
    },
  ],
  [
    'approvals that are not an object',
    () => assertRunParity(plain, 'x', { approvals: 3 as never }),
    {
      reason: 'invalid_type',
      path: 'options.approvals',
      issue: 'an object',
      received: '3',
    },
  ],
  [
    'a misspelt decision',
    () => assertRunParity(plain, 'x', { approvals: { aprove: [] } as never }),
    {
      reason: 'unknown_key',
      path: 'options.approvals.aprove',
      issue: 'only "approve", "reject" and "rejectionMessage"',
      received: '"aprove"',
      suggestion: 'approve',
    },
  ],
  [
    'approvals that are not a list',
    () => assertRunParity(plain, 'x', { approvals: { approve: 'a' as never } }),
    {
      reason: 'invalid_type',
      path: 'options.approvals.approve',
      issue: 'an array of tool names or call ids',
      received: '"a"',
    },
  ],
  [
    'an empty name to reject',
    () => assertRunParity(plain, 'x', { approvals: { reject: [''] } }),
    {
      reason: 'invalid_value',
      path: 'options.approvals.reject[0]',
      issue: 'a non-empty string',
      received: '""',
    },
  ],
  [
    'a rejection text that is not text',
    () =>
      assertRunParity(plain, 'x', {
        approvals: { rejectionMessage: 1 as never },
      }),
    {
      reason: 'invalid_type',
      path: 'options.approvals.rejectionMessage',
      issue: 'a string',
      received: '1',
    },
  ],
  [
    'a factory that returns no agent',
    () => assertRunParity(() => 42 as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory()',
      issue: 'an Agent, or an object with "agent" and "doubles"',
      received: '42',
    },
  ],
  [
    'a factory that returns an object that is no Agent',
    () => assertRunParity(() => ({ name: 'A' }) as never, 'x'),
    {
      reason: 'unknown_key',
      path: 'factory().name',
      issue: 'only "agent" and "doubles"',
      received: '"name"',
    },
  ],
  [
    'a factory that returns an empty object',
    () => assertRunParity(() => ({}) as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory().agent',
      issue: 'an Agent',
      received: 'undefined',
    },
  ],
  [
    'a factory whose agent is not one',
    () => assertRunParity(() => ({ agent: 1 }) as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory().agent',
      issue: 'an Agent',
      received: '1',
    },
  ],
  [
    'a misspelt "doubles"',
    () => assertRunParity(() => ({ agent: plain(), double: [] }) as never, 'x'),
    {
      reason: 'unknown_key',
      path: 'factory().double',
      issue: 'only "agent" and "doubles"',
      received: '"double"',
      suggestion: 'doubles',
    },
  ],
  [
    'doubles that are not a list',
    () => assertRunParity(() => ({ agent: plain(), doubles: 1 }) as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory().doubles',
      issue: 'an array of doubles (each with "assertComplete")',
      received: '1',
    },
  ],
  [
    'a double without assertComplete',
    () =>
      assertRunParity(() => ({ agent: plain(), doubles: [{}] }) as never, 'x'),
    {
      reason: 'invalid_type',
      path: 'factory().doubles[0].assertComplete',
      issue: 'a function',
      received: 'undefined',
    },
  ],
];

for (const [name, call, expected] of inputCases) {
  test(`assertRunParity rejects ${name} with an input error`, async () => {
    const error = await inputError(call());
    assert.deepEqual({
      reason: error.reason,
      path: error.path,
      issue: error.issue,
      received: error.received,
      ...error.suggestion === undefined ? {} : { suggestion: error.suggestion },
    }, expected);
  });
}

test('assertRunParity input errors read as the other assertions word theirs', async () => {
  const error = await inputError(
    assertRunParity(plain, 'x', { paths: ['run', 'steam'] as never }),
  );
  assert.equal(
    error.message,
    'Invalid assertRunParity input: expected "options.paths[1]" to be one of "run", "stream" or "resume", got "steam" (did you mean "stream"?)',
  );
  // Nothing ran: the options are read before any path.
  let built = 0;
  await inputError(assertRunParity(
    () => {
      built++;
      return plain();
    },
    'x',
    { fields: [] },
  ));
  assert.equal(built, 0);
  // What the factory throws passes through.
  await assert.rejects(
    assertRunParity(() => {
      throw new Error('no agent today');
    }, 'x'),
    { message: 'no agent today' },
  );
});

test('assertRunParity resumes at most 100 stops: a decision the state loses does not hang it', async () => {
  // An SDK regression that loses every decision is simulated on the
  // second path: its run stops on the same approvals each time it resumes.
  const reject = RunState.prototype.reject;
  let built = 0;
  RunState.prototype.reject = function (this: RunState<never, never>, ...args) {
    if (built !== 2) reject.apply(this, args);
  } as typeof reject;
  let error: RunAssertionError;
  try {
    error = await failure(assertRunParity(
      () => {
        built++;
        return filesAgent([]);
      },
      'Clean',
      {
        paths: ['run', 'stream'],
        approvals: { reject: ['delete_file', 'write_file'] },
        fields: ['interruptions', 'doubles'],
      },
    ));
  } finally {
    RunState.prototype.reject = reject;
  }
  assert.equal(error.path, 'interruptions[1]');
  assert.equal((error.expected as unknown[]).length, 1);
  assert.equal((error.actual as unknown[]).length, 100);
  assert.match(error.message, /\nTimeline of "stream" \(302 events\):\n/);
  // Left interrupted, the run has no final output.
  built = 0;
  RunState.prototype.reject = function (this: RunState<never, never>, ...args) {
    if (built !== 2) reject.apply(this, args);
  } as typeof reject;
  try {
    error = await failure(assertRunParity(
      () => {
        built++;
        return filesAgent([]);
      },
      'Clean',
      {
        paths: ['run', 'stream'],
        approvals: { reject: ['delete_file', 'write_file'] },
        fields: ['finalOutput'],
      },
    ));
  } finally {
    RunState.prototype.reject = reject;
  }
  assert.equal(error.path, 'finalOutput');
  assert.equal(error.actual, undefined);
});

test('assertRunParity compares the fields in the documented order, whatever order they are given in', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mine = ++built;
      return answering(() => ({
        output: [assistantMessage(`Hi ${mine}`)],
        usage: { inputTokens: mine, outputTokens: 1 },
      }));
    },
    'Hi',
    { fields: ['usage', 'finalOutput'] },
  ));
  assert.equal(error.path, 'finalOutput');
});

test('assertRunParity finds the doubles of an agent given as { agent }', async () => {
  await assert.rejects(
    assertRunParity(() => {
      const agent = weatherAgent();
      (agent.model as ScriptedModel).enqueue([assistantMessage('spare')]);
      return { agent };
    }, 'Weather?'),
    UnconsumedModelStepsError,
  );
  // Left on every path, but not compared: passes.
  await assertRunParity(
    () => {
      const agent = weatherAgent();
      (agent.model as ScriptedModel).enqueue([assistantMessage('spare')]);
      return { agent };
    },
    'Weather?',
    { fields: ['finalOutput', 'newItems'] },
  );
});

test('assertRunParity visits agents that hand off to each other once, and their shared model once', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mine = ++built;
      const model = new ScriptedModel();
      const billing = new Agent({ name: 'Billing', model });
      const triage = new Agent({ name: 'Triage', model, handoffs: [billing] });
      billing.handoffs = [triage];
      model.enqueue(
        [handoffCall(billing, { callId: 'h1' })],
        [assistantMessage(`Billing ${mine}`)],
      );
      return triage;
    },
    'Refund',
    { paths: ['run', 'stream'] },
  ));
  assert.equal(error.path, 'finalOutput');
  assert.doesNotMatch(error.message, /double 1/);
  assert.match(
    error.message,
    /\n {2}double 0 call 0 "getResponse"\n {2}handoff "Triage" -> "Billing"\n {2}double 0 call 1 "getResponse"\n {2}double 0 complete\n/,
  );
});

test('assertRunParity shows the calls of a double of your own, and takes a model that is not a double', async () => {
  const checked: string[] = [];
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mine = ++built;
      // A hand-written model: no assertComplete, so no double.
      const model = {
        getResponse: () =>
          Promise.resolve({
            output: [assistantMessage(`Hi ${mine}`)],
            usage: {
              requests: 1,
              inputTokens: 0,
              outputTokens: 0,
              totalTokens: 0,
            },
          }),
        getStreamedResponse: () => {
          throw new Error('not streamed');
        },
      };
      return {
        agent: new Agent({ name: 'A', model: model as never }),
        doubles: [
          {
            assertComplete: () => void checked.push('mine'),
            calls: [{}, { name: 'lookup' }],
          },
          {
            assertComplete: () => {},
            get calls(): unknown[] {
              throw new Error('unreadable');
            },
          },
          { assertComplete: () => {}, calls: 'none' as never },
        ],
      };
    },
    'Hi',
    { paths: ['run', 'resume'] },
  ));
  assert.equal(error.path, 'finalOutput');
  assert.match(
    error.message,
    /\nTimeline of "run" \(5 events\):\n {2}double 0 call 0 "call"\n {2}double 0 call 1 "call" "lookup"\n {2}double 0 complete\n {2}double 1 complete\n {2}double 2 complete\n/,
  );
  assert.deepEqual(checked, ['mine', 'mine']);
  // A hand-written model alone: no doubles, an empty timeline but the end.
  await assertRunParity(
    () =>
      new Agent({
        name: 'A',
        model: {
          getResponse: () =>
            Promise.resolve({
              output: [assistantMessage('Hi')],
              usage: {
                requests: 1,
                inputTokens: 0,
                outputTokens: 0,
                totalTokens: 0,
              },
            }),
        } as never,
      }),
    'Hi',
    { paths: ['run', 'resume'] },
  );
});

test('assertRunParity checks tool runs only when "toolExecutions" is compared', async () => {
  const emit = Runner.prototype.emit;
  const announce = emit as (this: Runner, ...all: unknown[]) => boolean;
  Runner.prototype.emit = function (this: Runner, ...all: unknown[]) {
    if (all[0] === 'agent_tool_start') announce.apply(this, all);
    return announce.apply(this, all);
  } as typeof emit;
  try {
    await assertRunParity(() => weatherAgent(), 'Weather?', {
      fields: ['finalOutput', 'newItems'],
    });
    // Twice on every path alike: not a difference, but not once either.
    const error = await failure(
      assertRunParity(() => weatherAgent(), 'Weather?'),
    );
    assert.match(
      error.message,
      /^Tool "get_weather" ran 2 times for call "call_1" on "run": expected once\n/,
    );
  } finally {
    Runner.prototype.emit = emit;
  }
});

test('assertRunParity accepts or throws its structured errors, whatever it is given', async () => {
  const names = ['InvalidRunAssertionInputError', 'RunAssertionError'];
  const optionsValue = fc.oneof(
    anyValue,
    fc.record({
      approvals: fc.oneof(
        anyValue,
        fc.record({
          approve: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), anyValue),
          reject: fc.oneof(fc.array(fc.string(), { maxLength: 2 }), anyValue),
          rejectionMessage: anyValue,
        }, { requiredKeys: [] }),
      ),
      paths: fc.oneof(
        fc.subarray(['run', 'stream', 'resume']),
        fc.array(fc.string(), { maxLength: 3 }),
        anyValue,
      ),
      fields: fc.oneof(
        fc.subarray(['finalOutput', 'usage', 'doubles']),
        anyValue,
      ),
    }, { requiredKeys: [] }),
  );
  await fc.assert(
    fc.asyncProperty(anyValue, optionsValue, async (built, options) => {
      await asyncOutcomeOf(
        () => assertRunParity(() => materialize(built) as never, 'Hi'),
        names,
        isHostileThrow,
      );
      await asyncOutcomeOf(
        () => assertRunParity(plain, 'Hi', materialize(options) as never),
        names,
        isHostileThrow,
      );
    }),
    { ...fuzzParameters(), numRuns: Math.min(fuzzParameters().numRuns!, 60) },
  );
});

test('assertRunParity reports a factory value that cannot be read as unreadable', async () => {
  const revoked = Proxy.revocable({}, {});
  revoked.revoke();
  const noPrototype = new Proxy({}, {
    getPrototypeOf() {
      throw new Error('hostile prototype');
    },
  });
  const noAgent = new Proxy({}, {
    getPrototypeOf() {
      throw new Error('hostile prototype');
    },
  });
  for (
    const [value, path] of [
      [revoked.proxy, 'factory()'],
      [noPrototype, 'factory()'],
      [{ agent: noAgent }, 'factory().agent'],
    ] as const
  ) {
    const error = await inputError(
      assertRunParity(() => value as never, 'x'),
    );
    assert.equal(error.reason, 'unreadable');
    assert.equal(error.path, path);
  }
});
