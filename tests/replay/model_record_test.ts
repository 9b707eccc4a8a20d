import assert from 'node:assert/strict';
import test from 'node:test';
import {
  Agent,
  type ModelRequest,
  type ModelRetryAdvice,
  Runner,
  tool,
} from '@openai/agents';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelError,
  modelStream,
  ScriptedModel,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import {
  InvalidRecordingError,
  type ModelFixture,
  recordModel,
  ReplayMismatchError,
  replayModel,
} from '@scripted/agents/replay';
import { at } from '../_support/at.ts';

const runner = new Runner({ tracingDisabled: true });

function request(
  input: string,
  extra: Partial<ModelRequest> = {},
): ModelRequest {
  return {
    input,
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    ...extra,
  };
}

class RateLimitError extends Error {
  readonly status = 429;
  readonly code = 'rate_limit_exceeded';
  constructor() {
    super('Rate limit reached: try again in 20ms');
    this.name = 'RateLimitError';
  }
}

test('recordModel replays a failed call with the same error fields and retry advice', async () => {
  const failure = new RateLimitError();
  const advice: ModelRetryAdvice = { suggested: true, retryAfterMs: 20 };
  const real = new ScriptedModel([
    modelError(failure, advice),
    [assistantMessage('Recovered.')],
  ]);
  const model = recordModel(real, { sdkVersion: 'test' });
  const first = request('Hi');
  await assert.rejects(model.getResponse(first), failure);
  assert.deepEqual(
    await model.getRetryAdvice({
      request: first,
      error: failure,
      stream: false,
      attempt: 1,
    }),
    advice,
  );
  await model.getResponse(request('Hi'));
  const fixture = model.fixture();
  assert.deepEqual(at(fixture.calls, 0).error, {
    code: 'rate_limit_exceeded',
    message: 'Rate limit reached: try again in 20ms',
    name: 'RateLimitError',
    status: 429,
  });
  assert.deepEqual(at(fixture.calls, 0).retryAdvice, {
    retryAfterMs: 20,
    suggested: true,
  });

  const replay = replayModel(fixture);
  const error = await replay.getResponse(request('Hi')).catch((e) => e);
  assert(error instanceof Error);
  assert.equal(error.name, 'RateLimitError');
  assert.equal(error.message, failure.message);
  assert.equal((error as unknown as { status: number }).status, 429);
  assert.equal((error as unknown as { code: string }).code, failure.code);
  assert.deepEqual(
    await replay.getRetryAdvice({
      request: request('Hi'),
      error,
      stream: false,
      attempt: 1,
    }),
    advice,
  );
  const answer = await replay.getResponse(request('Hi'));
  assert.equal(
    at((at(answer.output, 0) as { content: { text: string }[] }).content, 0)
      .text,
    'Recovered.',
  );
  replay.assertComplete();
});

test('recordModel keeps the exact stream events, including a failure mid-stream', async () => {
  const events = [
    { type: 'response_started' as const, providerData: { seq: 1 } },
    { type: 'output_text_delta' as const, delta: 'Hel' },
    { type: 'model' as const, event: { raw: 'x', bytes: [1, 2] } },
  ];
  const broken = new Error('stream reset');
  async function* failing() {
    yield* events;
    throw broken;
  }
  const real = new ScriptedModel([modelStream(failing())]);
  const model = recordModel(real);
  const seen: unknown[] = [];
  await assert.rejects(async () => {
    for await (const event of model.getStreamedResponse(request('Hi'))) {
      seen.push(event);
    }
  }, broken);
  const fixture = model.fixture();
  assert.equal(fixture.sdkVersion, 'unknown');
  assert.equal(at(fixture.calls, 0).streamed, true);
  assert.deepEqual(at(fixture.calls, 0).events, events);
  assert.deepEqual(at(fixture.calls, 0).error, {
    message: 'stream reset',
    name: 'Error',
  });

  const replay = replayModel(JSON.stringify(fixture));
  const replayed: unknown[] = [];
  const error = await (async () => {
    for await (const event of replay.getStreamedResponse(request('Hi'))) {
      replayed.push(event);
    }
  })().catch((e) => e);
  assert.deepEqual(replayed, seen);
  assert.equal((error as Error).message, 'stream reset');
  replay.assertComplete();
});

test('recordModel never stores credentials, and the redact hook runs before storing', async () => {
  const key = `sk-proj-${crypto.randomUUID()}`;
  const real = new ScriptedModel([[assistantMessage('ok')]]);
  const model = recordModel(real, {
    redact: (call) => ({
      ...call,
      request: { ...call.request, input: '<redacted prompt>' },
    }),
  });
  await model.getResponse(request(`My card is 4111 and my key is ${key}`, {
    systemInstructions: `Use Bearer ${key}`,
    modelSettings: {
      providerData: { headers: { Authorization: `Bearer ${key}` } },
    },
    tools: [{
      type: 'hosted_tool',
      name: 'mcp',
      providerData: { type: 'mcp', authorization: key, api_key: key },
    }],
  }));
  const json = model.fixtureJson();
  assert.equal(json.includes(key), false, 'the key leaked');
  assert.equal(json.includes('4111'), false, 'the redact hook did not run');
  const fixture = JSON.parse(json) as ModelFixture;
  assert.equal(at(fixture.calls, 0).request.input, '<redacted prompt>');
  assert.equal(
    at(fixture.calls, 0).request.instructions,
    'Use Bearer [redacted]',
  );
  assert.deepEqual(at(fixture.calls, 0).request.tools[0], {
    name: 'mcp',
    providerData: {
      api_key: '[redacted]',
      authorization: '[redacted]',
      type: 'mcp',
    },
    type: 'hosted_tool',
  });
  // The same hook on replay makes the redacted request compare equal.
  const redact = (call: ModelFixture['calls'][number]) => ({
    ...call,
    request: { ...call.request, input: '<redacted prompt>' },
  });
  // Another key in the same places compares equal: both are redacted.
  const other = `sk-proj-${crypto.randomUUID()}`;
  const replay = replayModel(json, { redact });
  await replay.getResponse(request('Another prompt', {
    systemInstructions: `Use Bearer ${other}`,
    tools: [{
      type: 'hosted_tool',
      name: 'mcp',
      providerData: { type: 'mcp', authorization: other, api_key: other },
    }],
  }));
  replay.assertComplete();
});

test('recordModel rejects a redact hook that returns something else', async () => {
  const model = recordModel(new ScriptedModel([[assistantMessage('ok')]]), {
    redact: () => ({ nope: true }) as never,
  });
  await model.getResponse(request('Hi'));
  assert.throws(
    () => model.fixture(),
    (error: unknown) =>
      error instanceof InvalidRecordingError &&
      error.reason === 'invalid_call' && error.callIndex === 0 &&
      error.path === 'calls[0].index',
  );
});

async function recordedToolRun(): Promise<string> {
  const real = new ScriptedModel([
    [functionCall('lookup', { id: 7 }, { callId: 'call_1' })],
    [assistantMessage('Record 7 is blue.')],
  ]);
  const model = recordModel(real);
  await runner.run(agentWith(model), 'Look up record 7.');
  return model.fixtureJson();
}

function agentWith(
  model: ScriptedModel | ReturnType<typeof recordModel>,
  options: { toolName?: string; outputType?: boolean } = {},
): Agent<unknown, 'text'> {
  return new Agent({
    name: 'Clerk',
    instructions: 'Look things up.',
    model,
    tools: [tool({
      name: options.toolName ?? 'lookup',
      description: 'Looks up a record.',
      parameters: z.object({ id: z.number() }),
      execute: ({ id }) => `record ${id}: blue`,
    })],
  });
}

test('replayModel compares only the chosen aspects, causes first', async () => {
  const json = await recordedToolRun();
  // A renamed tool fails on the tool schemas by default…
  const strict = replayModel(json);
  const error = await runner.run(
    agentWith(strict, { toolName: 'find' }),
    'Look up record 7.',
  ).catch((e) => e);
  assert(error instanceof ReplayMismatchError);
  assert.equal(error.aspect, 'toolSchemas');
  assert.equal(error.path, 'tools[0].name');
  assert.equal(error.recorded, 'lookup');
  assert.equal(error.actual, 'find');
  assert.match(
    error.message,
    /^Replay mismatch at model call 0: expected "tools\[0\]\.name" to be "lookup" as recorded, got "find"/,
  );
  // …and on the names alone when asked, before the input whatever the order.
  const named = replayModel(json, { aspects: ['input', 'tools'] });
  const byName = await runner.run(
    agentWith(named, { toolName: 'find' }),
    'Look up record 7 please.',
  ).catch((e) => e);
  assert(byName instanceof ReplayMismatchError);
  assert.equal(byName.aspect, 'tools');
  assert.equal(byName.path, 'tools[0].name');
  // …and replays when only the input is compared (the model then calls a
  // tool the agent no longer has, which the runner reports).
  const loose = replayModel(json, { aspects: ['input'] });
  await assert.rejects(
    runner.run(agentWith(loose, { toolName: 'find' }), 'Look up record 7.'),
    (thrown: unknown) => !(thrown instanceof ReplayMismatchError),
  );
  // The second call's input holds the tool result: the path goes inside it.
  const changed = replayModel(json);
  const agent = new Agent({
    name: 'Clerk',
    instructions: 'Look things up.',
    model: changed,
    tools: [tool({
      name: 'lookup',
      description: 'Looks up a record.',
      parameters: z.object({ id: z.number() }),
      execute: ({ id }) => `record ${id}: red`,
    })],
  });
  const drift = await runner.run(agent, 'Look up record 7.').catch((e) => e);
  assert(drift instanceof ReplayMismatchError);
  assert.equal(drift.callIndex, 1);
  assert.equal(drift.path, 'input[2].output.text');
  assert.equal(drift.recorded, 'record 7: blue');
  assert.equal(drift.actual, 'record 7: red');
  assert.throws(() => changed.assertComplete(), (e) => e === drift);
});

test('replayModel fails at the changed tool schema on the first call', async () => {
  const json = await recordedToolRun();
  const changedTool = (
    fields: { description?: string; parameters?: z.ZodObject },
  ) =>
    new Agent({
      name: 'Clerk',
      instructions: 'Look things up.',
      model: replayModel(json),
      tools: [tool({
        name: 'lookup',
        description: fields.description ?? 'Looks up a record.',
        parameters: fields.parameters ?? z.object({ id: z.number() }),
        execute: () => 'record 7: blue',
      })],
    });
  const cases = [
    {
      agent: changedTool({ parameters: z.object({ id: z.string() }) }),
      path: 'tools[0].parameters.properties.id.type',
      recorded: 'number',
      actual: 'string',
    },
    {
      agent: changedTool({
        parameters: z.object({ id: z.number(), api_key: z.string() }),
      }),
      path: 'tools[0].parameters.properties.api_key',
      recorded: undefined,
      actual: { type: 'string' },
    },
    {
      agent: changedTool({ description: 'Finds a record.' }),
      path: 'tools[0].description',
      recorded: 'Looks up a record.',
      actual: 'Finds a record.',
    },
  ];
  for (const expected of cases) {
    const error = await runner.run(expected.agent, 'Look up record 7.')
      .catch((e: unknown) => e);
    assert(error instanceof ReplayMismatchError, String(error));
    assert.equal(error.callIndex, 0);
    assert.equal(error.aspect, 'toolSchemas');
    assert.equal(error.path, expected.path);
    assert.deepEqual(error.recorded, expected.recorded);
    assert.deepEqual(error.actual, expected.actual);
  }
});

test("replayModel keeps the double's other drift rules", async () => {
  const json = await recordedToolRun();
  // One call too many.
  const extra = replayModel(json, { compare: false });
  await extra.getResponse(request('a'));
  await extra.getResponse(request('b'));
  await assert.rejects(
    extra.getResponse(request('c')),
    UnexpectedModelCallError,
  );
  // Calls left over.
  const short = replayModel(json, { compare: false });
  await short.getResponse(request('a'));
  assert.throws(() => short.assertComplete(), UnconsumedModelStepsError);
  // A recorded stream replayed by a plain call.
  const real = new ScriptedModel([[assistantMessage('hi')]]);
  const streamed = recordModel(real);
  for await (const _ of streamed.getStreamedResponse(request('x'))) { /* */ }
  const replay = replayModel(streamed.fixture());
  await assert.rejects(
    replay.getResponse(request('x')),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.reason === 'incompatible_call',
  );
});

test('replayModel rejects malformed fixtures with InvalidRecordingError', () => {
  const valid = {
    version: 1,
    kind: 'model',
    sdkVersion: 'x',
    calls: [{
      index: 0,
      streamed: false,
      request: { input: 'Hi', tools: [], handoffs: [] },
      response: { output: [] },
    }],
  };
  const cases: [unknown, string, string][] = [
    [
      { ...valid, calls: [{ ...at(valid.calls, 0), response: undefined }] },
      'invalid_fixture',
      'calls[0].response',
    ],
    ['{', 'invalid_json', ''],
    ['[]', 'invalid_fixture', ''],
    [{ ...valid, version: 2 }, 'newer_version', 'version'],
    [{ ...valid, kind: 'realtime' }, 'wrong_kind', 'kind'],
    [{ ...valid, calls: {} }, 'invalid_fixture', 'calls'],
    [
      { ...valid, calls: [{ ...at(valid.calls, 0), index: 3 }] },
      'invalid_call',
      'calls[0].index',
    ],
    [
      {
        ...valid,
        calls: [{ ...at(valid.calls, 0), request: { input: 'Hi' } }],
      },
      'invalid_call',
      'calls[0].request.tools',
    ],
    [
      {
        ...valid,
        calls: [{
          index: 0,
          streamed: false,
          request: at(valid.calls, 0).request,
        }],
      },
      'invalid_call',
      'calls[0]',
    ],
    [
      {
        ...valid,
        calls: [{ ...at(valid.calls, 0), response: { output: [7] } }],
      },
      'invalid_call',
      'calls[0].response.output[0]',
    ],
    [
      {
        ...valid,
        calls: [{
          ...at(valid.calls, 0),
          response: { output: [], usage: { inputTokens: 'x' } },
        }],
      },
      'invalid_call',
      'calls[0].response.usage.inputTokens',
    ],
    [
      { ...valid, calls: [{ ...at(valid.calls, 0), events: [] }] },
      'invalid_call',
      'calls[0]',
    ],
    [{ ...valid, sdkVersion: () => {} }, 'invalid_fixture', 'sdkVersion'],
    [{ ...valid, calls: [new Date()] }, 'invalid_fixture', 'calls[0]'],
  ];
  for (const [fixture, reason, path] of cases) {
    assert.throws(
      () => replayModel(fixture as never),
      (error: unknown) => {
        assert(error instanceof InvalidRecordingError, String(error));
        assert.equal(error.name, 'InvalidRecordingError');
        assert.equal(error.reason, reason, JSON.stringify(fixture));
        assert.equal(error.path, path, JSON.stringify(fixture));
        assert.equal(typeof error.expected, 'string');
        assert.equal(typeof error.received, 'string');
        return true;
      },
    );
  }
  assert.throws(
    () =>
      replayModel(valid as never, {
        aspects: ['nope' as never],
      }),
    (error: unknown) =>
      error instanceof InvalidRecordingError &&
      error.path === 'options.aspects[0]',
  );
  // The valid one replays.
  replayModel(valid as never);
});

test('recordModel blames the redact hook for a call it made unreadable, and passes its other errors through', async () => {
  const recorded = async (redact: (call: never) => unknown) => {
    const model = recordModel(
      new ScriptedModel([[assistantMessage('ok')], [assistantMessage('ok')]]),
      { redact: redact as never },
    );
    await model.getResponse(request('Hi'));
    await model.getResponse(request('Hi again'));
    return model;
  };
  let seen = 0;
  const broken = await recorded((call: ModelFixture['calls'][number]) =>
    seen++ === 0 ? call : { ...call, response: 7 }
  );
  assert.throws(
    () => broken.fixture(),
    (error: unknown) => {
      assert(error instanceof InvalidRecordingError);
      assert.equal(error.reason, 'invalid_call');
      assert.equal(error.callIndex, 1);
      assert.match(error.expected, / from the redact hook$/);
      assert.match(error.path, /^calls\[1\]\.response/);
      return true;
    },
  );
  const hookError = new RangeError('hook failed');
  const throwing = await recorded(() => {
    throw hookError;
  });
  assert.throws(() => throwing.fixture(), (error) => error === hookError);
});
