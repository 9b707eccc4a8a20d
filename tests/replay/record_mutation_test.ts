import assert from 'node:assert/strict';
import test from 'node:test';
import type {
  Model,
  ModelRequest,
  ModelResponse,
  ModelRetryAdviceRequest,
  StreamEvent,
} from '@openai/agents';
import { Usage } from '@openai/agents';
import { assistantMessage, modelError, ScriptedModel } from '@scripted/agents';
import {
  InvalidRecordingError,
  type ModelFixture,
  recordModel,
  ReplayMismatchError,
  replayModel,
} from '@scripted/agents/replay';

function request(input: string): ModelRequest {
  return {
    input,
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  };
}

function advise(error: unknown, input = 'x'): ModelRetryAdviceRequest {
  return { error, request: request(input), stream: false, attempt: 1 };
}

function catching(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  assert.fail('expected a throw');
}

// A real model that fails with the errors given, in order, then answers.
function failingModel(
  errors: Error[],
  advice: (args: ModelRetryAdviceRequest) => unknown,
  extra: Partial<Model> = {},
): Model {
  let i = 0;
  return {
    getResponse(): Promise<ModelResponse> {
      const error = errors[i++];
      if (error !== undefined) return Promise.reject(error);
      return Promise.resolve({ output: [], usage: new Usage() });
    },
    async *getStreamedResponse(): AsyncIterable<StreamEvent> {},
    getRetryAdvice: (args: ModelRetryAdviceRequest) =>
      Promise.resolve(advice(args)),
    ...extra,
  } as Model;
}

async function recordedCall(): Promise<ModelFixture> {
  const model = recordModel(
    new ScriptedModel([[assistantMessage('Hello')]]),
    { sdkVersion: 'pinned' },
  );
  await model.getResponse(request('Hi'));
  return model.fixture();
}

test('recordModel records the pinned SDK version, call count and the plain call flag', async () => {
  const model = recordModel(
    new ScriptedModel([[assistantMessage('Hello')]]),
    { sdkVersion: 'pinned' },
  );
  assert.equal(model.recordedCalls, 0);
  await model.getResponse(request('Hi'));
  assert.equal(model.recordedCalls, 1);
  const fixture = model.fixture();
  assert.equal(fixture.sdkVersion, 'pinned');
  assert.equal(fixture.calls[0]!.streamed, false);
});

test('recordModel keeps only the response fields the real model set', async () => {
  const real = failingModel([], () => undefined, {
    getResponse: () =>
      Promise.resolve({
        output: [],
        usage: new Usage(),
        responseId: 'resp_1',
        providerData: { region: 'eu' },
      } as ModelResponse),
  });
  const model = recordModel(real);
  await model.getResponse(request('Hi'));
  const response = model.fixture().calls[0]!.response as Record<
    string,
    unknown
  >;
  assert.deepEqual(Object.keys(response).sort(), [
    'output',
    'providerData',
    'responseId',
    'usage',
  ]);
  assert.equal(response.responseId, 'resp_1');
  assert.deepEqual(response.providerData, { region: 'eu' });
});

test('recordModel reports the real model prompt selection flag, false when absent', () => {
  const plain = recordModel(failingModel([], () => undefined));
  assert.equal(plain.supportsPromptModelSelection, false);
  const selecting = recordModel(
    failingModel([], () => undefined, {
      supportsPromptModelSelection: true,
    } as Partial<Model>),
  );
  assert.equal(selecting.supportsPromptModelSelection, true);
});

test('recordModel gives undefined advice when the real model has no getRetryAdvice', async () => {
  const real = failingModel([new Error('x')], () => undefined);
  delete (real as { getRetryAdvice?: unknown }).getRetryAdvice;
  const model = recordModel(real);
  await assert.rejects(model.getResponse(request('x')));
  assert.equal(await model.getRetryAdvice(advise(new Error('x'))), undefined);
  assert.equal(model.fixture().calls[0]!.retryAdvice, undefined);
});

test('recordModel stores retry advice on the call that threw that error', async () => {
  const first = new Error('first');
  const second = new Error('second');
  const real = failingModel(
    [first, second],
    (args) =>
      args?.error === first ? { suggested: true, retryAfterMs: 5 } : undefined,
  );
  const model = recordModel(real);
  await assert.rejects(model.getResponse(request('a')), first);
  await assert.rejects(model.getResponse(request('b')), second);
  await model.getResponse(request('c'));
  assert.deepEqual(await model.getRetryAdvice(advise(first)), {
    suggested: true,
    retryAfterMs: 5,
  });
  assert.equal(await model.getRetryAdvice(advise(second)), undefined);
  assert.equal(
    await model.getRetryAdvice(undefined as unknown as ModelRetryAdviceRequest),
    undefined,
  );
  const calls = model.fixture().calls;
  assert.deepEqual(calls[0]!.retryAdvice, { suggested: true, retryAfterMs: 5 });
  assert.equal('retryAdvice' in calls[1]!, false);
  assert.equal('retryAdvice' in calls[2]!, false);
});

test('recordModel stores no advice for an error no call threw, nor for no arguments', async () => {
  const real = failingModel([], () => ({ suggested: false }));
  const model = recordModel(real);
  await model.getResponse(request('a'));
  assert.deepEqual(await model.getRetryAdvice(advise(undefined)), {
    suggested: false,
  });
  assert.deepEqual(
    await model.getRetryAdvice(undefined as unknown as ModelRetryAdviceRequest),
    { suggested: false },
  );
  assert.deepEqual(await model.getRetryAdvice(advise(new Error('other'))), {
    suggested: false,
  });
  assert.equal('retryAdvice' in model.fixture().calls[0]!, false);
  // No calls at all.
  const empty = recordModel(real);
  assert.deepEqual(await empty.getRetryAdvice(advise(new Error('other'))), {
    suggested: false,
  });
});

test('replayModel rejects aspects that are not an array or not known', async () => {
  const fixture = await recordedCall();
  const notArray = catching(() =>
    replayModel(fixture, {
      aspects: 'input' as never,
    })
  );
  assert(notArray instanceof InvalidRecordingError);
  assert.equal(notArray.reason, 'invalid_options');
  assert.equal(notArray.path, 'options.aspects');
  assert.equal(notArray.expected, 'an array of aspects');
  assert.equal(notArray.received, '"input"');
  assert.equal(
    notArray.message,
    'Invalid recording: expected "options.aspects" to be an array of aspects, got "input" (reason "invalid_options")',
  );
  const unknown = catching(() =>
    replayModel(fixture, { aspects: ['input', 'bogus' as never] })
  );
  assert(unknown instanceof InvalidRecordingError);
  assert.equal(unknown.reason, 'invalid_options');
  assert.equal(unknown.path, 'options.aspects[1]');
  assert.equal(unknown.received, '"bogus"');
  assert.equal(
    unknown.expected,
    'one of "toolSchemas", "tools", "handoffs", "instructions", "outputType", "modelSettings", "prompt", "previousResponseId", "conversationId" or "input"',
  );
});

test('replayModel and recordModel reject secrets that are not strings of 8 characters, never printing them', async () => {
  const fixture = await recordedCall();
  const cases: [unknown, string, string, string][] = [
    [
      'hunter2-password',
      'options.secrets',
      'an array of strings',
      'a string of 16 characters',
    ],
    [{}, 'options.secrets', 'an array of strings', 'an object'],
    [
      ['12345678', 'short'],
      'options.secrets[1]',
      'a string of at least 8 characters that "[redacted]" does not contain',
      'a string of 5 characters',
    ],
    [
      ['redacted'],
      'options.secrets[0]',
      'a string of at least 8 characters that "[redacted]" does not contain',
      'a string of 8 characters',
    ],
    [
      [12345678],
      'options.secrets[0]',
      'a string of at least 8 characters that "[redacted]" does not contain',
      '12345678',
    ],
  ];
  for (const [secrets, path, expected, received] of cases) {
    for (
      const run of [
        () => replayModel(fixture, { secrets: secrets as never }),
        () => recordModel(new ScriptedModel([]), { secrets: secrets as never }),
      ]
    ) {
      const error = catching(run);
      assert(error instanceof InvalidRecordingError, String(error));
      assert.equal(error.reason, 'invalid_options');
      assert.equal(error.path, path);
      assert.equal(error.expected, expected);
      assert.equal(error.received, received);
      assert.equal(error.message.includes('hunter2'), false);
      assert.equal(error.message.includes('short'), false);
    }
  }
  // Valid secrets: recorded away, and compared alike.
  const real = new ScriptedModel([[
    assistantMessage('Your code is abcd-1234-efgh'),
  ]]);
  const recording = recordModel(real, { secrets: ['abcd-1234-efgh'] });
  await recording.getResponse(request('Send abcd-1234-efgh'));
  const json = recording.fixtureJson();
  assert.equal(json.includes('abcd-1234-efgh'), false);
  const replay = replayModel(json, { secrets: ['abcd-1234-efgh'] });
  const response = await replay.getResponse(request('Send abcd-1234-efgh'));
  assert.deepEqual(
    (response.output[0] as { content: { text: string }[] }).content[0]!.text,
    'Your code is [redacted]',
  );
  replay.assertComplete();
  // Without them, the replayed request differs, and the message shows
  // only what the redaction leaves.
  const bare = replayModel(json);
  const drift = await bare.getResponse(request('Send abcd-1234-efgh'))
    .catch((e: unknown) => e);
  assert(drift instanceof ReplayMismatchError);
  assert.equal(drift.recorded, 'Send [redacted]');
  assert.equal(drift.actual, 'Send abcd-1234-efgh');
});

test('replayModel rejects recorded events and responses the model cannot replay', async () => {
  const fixture = await recordedCall();
  const call = fixture.calls[0]!;
  const bad = {
    ...fixture,
    calls: [{
      index: 0,
      streamed: true,
      request: call.request,
      events: [{ type: 5 }],
    }],
  } as unknown as ModelFixture;
  const error = catching(() => replayModel(bad));
  assert(error instanceof InvalidRecordingError, String(error));
  assert.equal(error.reason, 'invalid_call');
  assert.equal(error.path, 'calls[0].events[0].type');
  assert.equal(
    error.expected,
    'one of "output_text_delta", "response_done", "response_started" or "model"',
  );
  assert.equal(error.received, '5');
  assert.equal(error.callIndex, 0);
  const usage = catching(() =>
    replayModel({
      ...fixture,
      calls: [{
        ...call,
        response: {
          output: [],
          usage: { inputTokens: 'sk-0123456789abcdefgh' },
        },
      }],
    } as unknown as ModelFixture)
  );
  assert(usage instanceof InvalidRecordingError, String(usage));
  assert.equal(usage.path, 'calls[0].response.usage.inputTokens');
  assert.equal(usage.expected, 'a replayable response');
  assert.equal(
    usage.received,
    'one the model rejects (Invalid model step: expected "response.usage.inputTokens" to be a finite number, got "[redacted]")',
  );
  assert.equal(usage.callIndex, 0);
  const whole = catching(() =>
    replayModel({
      ...fixture,
      calls: [{ ...call, response: { output: [], responseId: 5 } }],
    } as unknown as ModelFixture)
  );
  assert(whole instanceof InvalidRecordingError, String(whole));
  assert.equal(whole.path, 'calls[0].response.responseId');
});

test('fromRecording reads null options as none and skips redact when not comparing', async () => {
  const fixture = await recordedCall();
  const replay = replayModel(
    fixture,
    null as unknown as undefined,
  );
  await assert.rejects(
    replay.getResponse(request('Other')),
    ReplayMismatchError,
  );
  let redacted = 0;
  const loose = replayModel(fixture, {
    compare: false,
    redact: (call) => {
      redacted++;
      return call;
    },
  });
  await loose.getResponse(request('Other'));
  assert.equal(redacted, 0);
  loose.assertComplete();
});

test('fromRecording assertComplete rethrows a mismatch the caller swallowed', async () => {
  const fixture = await recordedCall();
  const replay = replayModel(fixture);
  const mismatch = await replay.getResponse(request('Other')).catch((e) => e);
  assert(mismatch instanceof ReplayMismatchError);
  assert.throws(() => replay.assertComplete(), (e) => e === mismatch);
});

test('fromRecording replays recorded advice, and none for other errors or no arguments', async () => {
  const failure = new Error('busy');
  const real = new ScriptedModel([
    modelError(failure, { suggested: true, retryAfterMs: 7 }),
    modelError(new Error('plain')),
  ]);
  const model = recordModel(real);
  await assert.rejects(model.getResponse(request('a')));
  await model.getRetryAdvice(advise(failure, 'a'));
  const plain = await model.getResponse(request('b')).catch((e) => e);
  assert.equal(await model.getRetryAdvice(advise(plain, 'b')), undefined);
  const replay = replayModel(model.fixture());
  const again = await replay.getResponse(request('a')).catch((e) => e);
  assert.deepEqual(await replay.getRetryAdvice(advise(again, 'a')), {
    suggested: true,
    retryAfterMs: 7,
  });
  const second = await replay.getResponse(request('b')).catch((e) => e);
  assert.equal((second as Error).message, 'plain');
  assert.equal(await replay.getRetryAdvice(advise(second, 'b')), undefined);
  assert.equal(await replay.getRetryAdvice(advise(new Error('x'))), undefined);
  assert.equal(
    await replay.getRetryAdvice(
      undefined as unknown as ModelRetryAdviceRequest,
    ),
    undefined,
  );
  replay.assertComplete();
});

test('fromRecording replays a clean recorded stream to its end', async () => {
  const real = new ScriptedModel([[assistantMessage('streamed')]]);
  const model = recordModel(real);
  const live: unknown[] = [];
  for await (const event of model.getStreamedResponse(request('s'))) {
    live.push(event);
  }
  const replay = replayModel(model.fixtureJson());
  const replayed: unknown[] = [];
  for await (const event of replay.getStreamedResponse(request('s'))) {
    replayed.push(event);
  }
  assert.deepEqual(replayed, JSON.parse(JSON.stringify(live)));
  assert(replayed.length > 0);
  replay.assertComplete();
});

test('ReplayMismatchError shows absent and long values short', () => {
  const long = 'x'.repeat(100);
  const error = new ReplayMismatchError({
    double: 'model',
    callIndex: 2,
    aspect: 'input',
    path: 'input[1]',
    recorded: undefined,
    actual: { text: long },
  });
  assert.equal(error.name, 'ReplayMismatchError');
  assert.equal(
    error.message,
    `Replay mismatch at model call 2: expected "input[1]" to be nothing as recorded, got {"text":"${
      'x'.repeat(68)
    }... (aspect "input"; re-record the fixture, or stop comparing the aspect)`,
  );
  const exact = new ReplayMismatchError({
    double: 'realtime',
    callIndex: 0,
    aspect: 'close',
    path: '',
    recorded: 'y'.repeat(78),
    actual: 10n,
  });
  assert.equal(
    exact.message,
    `Replay mismatch at realtime call 0: expected "" to be "${
      'y'.repeat(78)
    }" as recorded, got 10n (aspect "close"; re-record the fixture, or stop comparing the aspect)`,
  );
});
