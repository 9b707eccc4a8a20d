/**
 * assertRunParity, the branches a run reaches only now and then: an
 * input error on the first path (the other paths not run), a call id
 * present or absent in each message and timeline line, a streamed result
 * whose error is set (or `undefined`), a thrown value with no name, and
 * the agent graph's doubles (functions and unreadable agents).
 */
import { Agent, handoff, Runner, RunState, tool } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  assertRunParity,
  InvalidRunAssertionInputError,
  type RunAssertionError,
} from '@scripted/agents/assert';
import { failure } from './_parity.ts';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';

/** Weather for `calls` (one turn), then an answer; rain when streamed. */
function weather(calls: { city: string; callId: string }[]) {
  const model = new ScriptedModel([
    calls.map(({ city, callId }) =>
      functionCall('get_weather', { city }, { callId })
    ),
    [assistantMessage('Done.')],
  ]);
  const get = tool({
    name: 'get_weather',
    description: 'Gets the weather for a city.',
    parameters: z.object({ city: z.string() }),
    execute: ({ city }) =>
      model.lastCall?.streamed === true ? `${city}: rain` : `${city}: sunny`,
  });
  return new Agent({ name: 'Weather', model, tools: [get] });
}

/** Two tools needing approval; the first answers otherwise when streamed. */
function files() {
  const model = new ScriptedModel([
    [
      functionCall('delete_file', { path: 'a' }, { callId: 'c1' }),
      functionCall('write_file', { path: 'b' }, { callId: 'c2' }),
    ],
    [assistantMessage('Done.')],
  ]);
  const make = (name: string) =>
    tool({
      name,
      description: name,
      parameters: z.object({ path: z.string() }),
      needsApproval: true,
      execute: () => model.lastCall?.streamed === true ? 'streamed' : 'plain',
    });
  return new Agent({
    name: 'Files',
    model,
    tools: [make('delete_file'), make('write_file')],
  });
}

/** Runs `body` with each `agent_tool_start` announced as `rewrite` says. */
async function announcing<T>(
  rewrite: (details: Record<string, unknown>) => Record<string, unknown>[],
  body: () => Promise<T>,
): Promise<T> {
  const emit = Runner.prototype.emit;
  const announce = emit as (this: Runner, ...all: unknown[]) => boolean;
  Runner.prototype.emit = function (this: Runner, ...all: unknown[]) {
    if (all[0] !== 'agent_tool_start') return announce.apply(this, all);
    let last = false;
    for (const details of rewrite(all[4] as Record<string, unknown>)) {
      last = announce.apply(this, [...all.slice(0, 4), details]);
    }
    return last;
  } as typeof emit;
  try {
    return await body();
  } finally {
    Runner.prototype.emit = emit;
  }
}

/** The timeline lines of the tool runs, in the message's order. */
function toolLines(message: string): string[] {
  return message.split('\n').filter((line) => line.startsWith('  tool '));
}

test('assertRunParity stops at an input error of the first path: the other paths are not built', async () => {
  let built = 0;
  const error = await assertRunParity(
    () => {
      built++;
      return files();
    },
    'Clean',
    { approvals: { approve: ['delete_file'] } },
  ).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
  assert.equal(
    error.issue,
    'one decision for the call of tool "write_file" (call id "c2")',
  );
  assert.equal(built, 1);
});

test('assertRunParity redacts the call id and tool name of a call with no decision', async () => {
  const secret = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
  const error = await assertRunParity(() => deleting(secret), 'Clean').then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
  assert.equal(
    error.issue,
    'one decision for the call of tool "delete_file" (call id "[redacted]")',
  );
  assert.equal(error.message.includes(secret), false);
  assert.equal(JSON.stringify(error).includes(secret), false);
});

test('assertRunParity shows each decision in the timeline with its call id', async () => {
  const error = await failure(
    assertRunParity(files, 'Clean', {
      approvals: { approve: ['delete_file'], reject: ['write_file'] },
      paths: ['run', 'stream'],
      fields: ['newItems'],
    }),
  );
  const lines = error.message.split('\n');
  assert.ok(lines.includes('  approved "delete_file" (call "c1")'));
  assert.ok(lines.includes('  rejected "write_file" (call "c2")'));
});

test('assertRunParity reads a tool call id from "callId", else "id", and only when it is text', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ id: 'item_1' }, '  tool "get_weather" ran for call "item_1"'],
    [
      { callId: 'call_9', id: 'item_1' },
      '  tool "get_weather" ran for call "call_9"',
    ],
    [{ callId: 'call_9' }, '  tool "get_weather" ran for call "call_9"'],
    [{ callId: 7, id: 8 }, '  tool "get_weather" ran'],
    [{}, '  tool "get_weather" ran'],
  ];
  for (const [toolCall, line] of cases) {
    const error = await announcing(
      (details) => [{ ...details, toolCall }],
      () =>
        failure(assertRunParity(
          () => weather([{ city: 'Oslo', callId: 'c1' }]),
          'Weather?',
          { paths: ['run', 'stream'], fields: ['newItems'] },
        )),
    );
    assert.deepEqual(toolLines(error.message), [line, line]);
  }
});

test('assertRunParity counts the runs of calls without an id apart', async () => {
  await announcing(
    (details) => [{ ...details, toolCall: {} }],
    () =>
      assertRunParity(
        () =>
          weather([
            { city: 'Oslo', callId: 'c1' },
            { city: 'Rome', callId: 'c2' },
          ]),
        'Weather?',
        { paths: ['run', 'resume'] },
      ),
  );
});

test('assertRunParity names the call of a tool that ran twice only when it has an id', async () => {
  const twice = await announcing(
    (details) => [details, details],
    () =>
      failure(assertRunParity(
        () => weather([{ city: 'Oslo', callId: 'c1' }]),
        'Weather?',
        { paths: ['run', 'resume'], fields: ['toolExecutions'] },
      )),
  );
  assert.equal(
    twice.message.split('\n')[0],
    'Tool "get_weather" ran 2 times for call "c1" on "run": expected once',
  );
  // A run without an id, then one whose id is the key of that run.
  const anonymous = await announcing(
    (details) => [
      { ...details, toolCall: {} },
      { ...details, toolCall: { callId: 'get_weather #0' } },
    ],
    () =>
      failure(assertRunParity(
        () => weather([{ city: 'Oslo', callId: 'c1' }]),
        'Weather?',
        { paths: ['run', 'resume'], fields: ['toolExecutions'] },
      )),
  );
  assert.equal(anonymous.path, 'toolExecutions[0].runs');
  assert.equal(
    anonymous.message.split('\n')[0],
    'Tool "get_weather" ran 2 times on "run": expected once',
  );
});

/** Runs `body` with each streamed result's `error` read as `error`. */
async function streamError<T>(
  error: unknown,
  body: () => Promise<T>,
): Promise<T> {
  const run = Runner.prototype.run;
  const real = run as (this: Runner, ...all: unknown[]) => Promise<object>;
  Runner.prototype.run = async function (this: Runner, ...all: unknown[]) {
    const result = await real.apply(this, all);
    if ((all[2] as { stream?: boolean } | undefined)?.stream !== true) {
      return result;
    }
    return new Proxy(result, {
      get(target, key) {
        if (key === 'error') return error;
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  } as typeof run;
  try {
    return await body();
  } finally {
    Runner.prototype.run = run;
  }
}

test('assertRunParity throws the error a streamed result holds once read, and only then', async () => {
  const agent = () => weather([{ city: 'Oslo', callId: 'c1' }]);
  const options = { fields: ['finalOutput' as const] };
  await streamError(undefined, () => assertRunParity(agent, 'Hi', options));
  await streamError(null, () => assertRunParity(agent, 'Hi', options));
  const late = Object.assign(new Error('late'), { name: 'LateStreamError' });
  const error = await streamError(
    late,
    () => failure(assertRunParity(agent, 'Hi', options)),
  );
  assert.equal(error.path, 'error');
  assert.equal(error.expected, 'completed');
  assert.equal(error.actual, 'LateStreamError');
});

test('assertRunParity shows a thrown value with no name as "a value"', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mine = ++built;
      return new Agent({
        name: 'A',
        model: {
          getResponse: () =>
            mine === 2 ? Promise.reject(42) : Promise.resolve({
              output: [assistantMessage('Hi')],
              usage: {
                requests: 1,
                inputTokens: 0,
                outputTokens: 0,
                totalTokens: 0,
              },
            }),
        } as never,
      });
    },
    'Hi',
    { paths: ['run', 'resume'] },
  ));
  assert.equal(error.path, 'error');
  assert.match(
    error.message,
    /\nTimeline of "resume" \(1 event\):\n {2}threw "a value"$/,
  );
});

test('assertRunParity reports an agent whose MCP servers cannot be read at "factory()"', async () => {
  const agent = new Agent({
    name: 'A',
    model: new ScriptedModel([[assistantMessage('Hi')]]),
  });
  Object.defineProperty(agent, 'mcpServers', {
    get() {
      throw new Error('no servers');
    },
  });
  const error = await assertRunParity(() => agent, 'Hi').then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
  assert.equal(error.reason, 'unreadable');
  assert.equal(error.path, 'factory()');
});

/**
 * A call of `delete_file` (needing approval) with `callId`, or none when it
 * is `undefined`, then `answer`.
 */
function deleting(callId: string | undefined, answer = 'Done.') {
  const call = functionCall('delete_file', { path: 'a' }, {
    callId: callId ?? 'c1',
  });
  if (callId === undefined) delete (call as { callId?: string }).callId;
  const model = new ScriptedModel([
    [call],
    [assistantMessage(answer)],
  ]);
  const remove = tool({
    name: 'delete_file',
    description: 'Deletes a file.',
    parameters: z.object({ path: z.string() }),
    needsApproval: true,
    execute: () => 'deleted',
  });
  return new Agent({ name: 'Files', model, tools: [remove] });
}

test('assertRunParity words the decision of a call without a call id without one', async () => {
  const error = await assertRunParity(() => deleting(undefined), 'Clean').then(
    () => undefined,
    (e: unknown) => e,
  );
  assert.ok(error instanceof InvalidRunAssertionInputError, String(error));
  assert.equal(error.issue, 'one decision for the call of tool "delete_file"');
  let built = 0;
  const differ = await failure(
    assertRunParity(() => deleting(undefined, `Done ${++built}.`), 'Clean', {
      approvals: { approve: ['delete_file'] },
      paths: ['run', 'resume'],
      fields: ['finalOutput'],
    }),
  );
  // The resume path differs (its answer; an SDK may not restore the call).
  const run = differ.message.slice(
    differ.message.indexOf('Timeline of "run"'),
    differ.message.indexOf('\nTimeline of "resume"'),
  );
  assert.equal(
    run,
    [
      'Timeline of "run" (5 events):',
      '  double 0 call 0 "getResponse"',
      '  stopped for 1 approval',
      '  approved "delete_file"',
      '  double 0 call 1 "getResponse"',
      '  double 0 complete',
    ].join('\n'),
  );
});

test('assertRunParity fails when every path is left waiting, and reads no final output of it (the SDK warns when read)', async () => {
  // An SDK that loses every rejection: each path stops until the limit,
  // alike, so no field differs; the run never finished, which fails.
  const reject = RunState.prototype.reject;
  RunState.prototype.reject = function () {} as typeof reject;
  const warn = console.warn;
  const warned: unknown[][] = [];
  console.warn = (...all: unknown[]) => void warned.push(all);
  let error: RunAssertionError;
  try {
    error = await failure(assertRunParity(files, 'Clean', {
      approvals: { reject: ['delete_file', 'write_file'] },
      paths: ['run', 'stream'],
      fields: ['finalOutput', 'interruptions'],
    }));
  } finally {
    RunState.prototype.reject = reject;
    console.warn = warn;
  }
  assert.deepEqual(warned, []);
  assert.equal(error.name, 'RunAssertionError');
  assert.equal(error.assertion, 'assertRunParity');
  assert.equal(error.path, 'interruptions');
  assert.equal(error.expected, 0);
  assert.equal(error.actual, 2);
  assert.equal(
    error.message.split('\n')[0],
    'Run "run" still waits for 2 approvals after 100 stops: the approvals given never let it finish (expected no interruption left)',
  );
  assert.match(error.message, /\nTimeline of "run" \(302 events\):\n/);
});

test('assertRunParity visits an agent graph with a cycle once, and a shared double once', async () => {
  let built = 0;
  const error = await failure(assertRunParity(
    () => {
      const mine = ++built;
      const model = new ScriptedModel();
      const billing = new Agent({ name: 'Billing', model });
      const triage = new Agent({
        name: 'Triage',
        model,
        handoffs: [handoff(billing)],
      });
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
  assert.equal(
    error.message.slice(error.message.indexOf('Timeline of "run"')),
    [
      'Timeline of "run" (4 events):',
      '  double 0 call 0 "getResponse"',
      '  handoff "Triage" -> "Billing"',
      '  double 0 call 1 "getResponse"',
      '  double 0 complete',
      'Timeline of "stream" (4 events):',
      '  double 0 call 0 "getStreamedResponse"',
      '  handoff "Triage" -> "Billing"',
      '  double 0 call 1 "getStreamedResponse"',
      '  double 0 complete',
    ].join('\n'),
  );
});
