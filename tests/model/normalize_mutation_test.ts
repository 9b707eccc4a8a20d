import assert from 'node:assert/strict';
import test from 'node:test';
import type { ModelRequest, ModelRetryAdviceRequest } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  ScriptedModel,
} from '@scripted/agents';
import {
  InvalidRecordingError,
  ReplayMismatchError,
} from '@scripted/agents/replay';

function request(input: unknown): ModelRequest {
  return {
    input,
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  } as unknown as ModelRequest;
}

/** The fields of a rejected step or option, message in full. */
interface StepRejection {
  reason: InvalidScriptedModelStepError['reason'];
  issue: InvalidScriptedModelStepError['issue'];
  inputIndex?: number;
  stepType?: string;
  path?: string;
  received?: string;
  suggestion?: string;
  message: string;
  cause?: unknown;
}

/** Asserts that `build` throws exactly the step error described. */
function rejectsStep(build: () => unknown, expected: StepRejection): void {
  let thrown: unknown;
  try {
    build();
  } catch (error) {
    thrown = error;
  }
  assert(
    thrown instanceof InvalidScriptedModelStepError,
    `Expected an InvalidScriptedModelStepError, got ${String(thrown)}`,
  );
  assert.deepEqual({
    name: thrown.name,
    reason: thrown.reason,
    issue: thrown.issue,
    inputIndex: thrown.inputIndex,
    callIndex: thrown.callIndex,
    stepType: thrown.stepType,
    path: thrown.path,
    received: thrown.received,
    suggestion: thrown.suggestion,
    message: thrown.message,
    cause: thrown.cause,
  }, {
    name: 'InvalidScriptedModelStepError',
    inputIndex: undefined,
    callIndex: undefined,
    stepType: undefined,
    path: undefined,
    received: undefined,
    suggestion: undefined,
    cause: undefined,
    ...expected,
  });
}

const model = (steps: unknown[], options?: unknown) =>
  new ScriptedModel(steps as never, options as never);

test('A ModelResponse step checks each optional field for its own kind', () => {
  for (const name of ['responseId', 'requestId']) {
    for (const [value, received] of [[5, '5'], [{}, 'an object']] as const) {
      rejectsStep(() => model([{ output: [], [name]: value }]), {
        reason: 'invalid_response',
        issue: 'invalid_field',
        inputIndex: 0,
        path: name,
        received,
        message:
          `Invalid model step 0: expected "${name}" to be a string, got ${received}`,
      });
    }
  }
  for (const name of ['providerData']) {
    for (const [value, received] of [[5, '5'], ['x', '"x"']] as const) {
      rejectsStep(() => model([{ output: [], [name]: value }]), {
        reason: 'invalid_response',
        issue: 'invalid_field',
        inputIndex: 0,
        path: name,
        received,
        message:
          `Invalid model step 0: expected "${name}" to be an object, got ${received}`,
      });
    }
  }
});

test('A ModelResponse step leaves rawUsage unread until a call preserves it', async () => {
  let reads = 0;
  const response = {
    output: [],
    get rawUsage(): unknown {
      reads++;
      return 5;
    },
  };
  const steps = model([response, response]);
  assert.equal(reads, 0);
  const call = {
    input: 'Hi',
    modelSettings: { preserveRawUsage: true },
    tools: [],
    handoffs: [],
    outputType: 'text' as const,
    tracing: false as const,
  };
  // Not an object: left out, as the SDK module leaves it out.
  assert.equal((await steps.getResponse(call)).rawUsage, undefined);
  assert.equal(reads, 1);
  await steps.getResponse({ ...call, modelSettings: {} });
  assert.equal(reads, 1);
});

test('A step whose keys cannot be listed is unreadable where it is', () => {
  const inner = new Error('k');
  rejectsStep(
    () =>
      model([{
        type: 'response',
        response: new Proxy({}, {
          ownKeys() {
            throw inner;
          },
        }),
      }]),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 0,
      path: 'response',
      message:
        'Invalid model step 0: expected "response" to be readable, got the error "k"',
      cause: inner,
    },
  );
  const top = new Error('top');
  rejectsStep(
    () =>
      model([
        [assistantMessage('a')],
        [],
        new Proxy({}, {
          ownKeys() {
            throw top;
          },
        }),
      ]),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 2,
      message:
        'Invalid model step 2: expected the input to be readable, got the error "top"',
      cause: top,
    },
  );
});

test('An unrecognized step suggests the first key that looks misspelled', () => {
  rejectsStep(() => model([{ zzzzzzzz: 1, outptu: [] }]), {
    reason: 'invalid_input',
    issue: 'invalid_input',
    inputIndex: 0,
    received: 'an object',
    suggestion: 'output',
    message:
      'Invalid model step 0: expected a step (an object with a "type"), a ModelResponse (an object with "output") or an output array, got an object (did you mean "output"?)',
  });
});

test('A step type that is no string is unknown, with no stepType', () => {
  const types =
    '"response", "responder", "error", "stream" or "stream_responder"';
  for (const [type, received] of [[5, '5'], [['response'], 'an array of 1']]) {
    rejectsStep(() => model([{ type, response: [] }]), {
      reason: 'unknown_step_type',
      issue: 'unknown_step_type',
      inputIndex: 0,
      path: 'type',
      received: received as string,
      message:
        `Invalid model step 0: expected a step type of ${types}, got ${received}`,
    });
  }
});

test('A responder step without respond is missing its responder, whatever respond would be', () => {
  for (const type of ['responder', 'stream_responder']) {
    rejectsStep(() => model([{ type }]), {
      reason: 'missing_responder',
      issue: 'missing_responder',
      inputIndex: 0,
      stepType: type,
      path: 'respond',
      message:
        `Invalid model step 0 ("${type}"): expected a "respond" function`,
    });
  }
  rejectsStep(() => model([{ type: 'responder', respnd: () => [] }]), {
    reason: 'missing_responder',
    issue: 'missing_responder',
    inputIndex: 0,
    stepType: 'responder',
    path: 'respond',
    received: '"respnd"',
    suggestion: 'respond',
    message:
      'Invalid model step 0 ("responder"): expected a "respond" function, got "respnd" (did you mean "respond"?)',
  });
});

test('A responder answers a plain call; a stream responder only a streamed one', async () => {
  let streamResponderCalls = 0;
  const scripted = model([
    { type: 'responder', respond: () => [assistantMessage('plain')] },
    {
      type: 'stream_responder',
      respond: () => {
        streamResponderCalls++;
        return [];
      },
    },
  ]);
  const answer = await scripted.getResponse(request('Hi'));
  assert.deepEqual(
    answer.output.map((item) => item.type),
    ['message'],
  );
  await assert.rejects(
    scripted.getResponse(request('Again')),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.reason === 'incompatible_call' &&
      error.stepType === 'stream_responder' && error.callIndex === 1,
  );
  assert.equal(streamResponderCalls, 0);
});

test('An error step keeps a snapshot of its advice object, not the object', async () => {
  const error = new Error('busy');
  const advice = { suggested: true, retryAfterMs: 5 };
  const scripted = model([{ type: 'error', error, retryAdvice: advice }]);
  advice.suggested = false;
  advice.retryAfterMs = 99;
  const req = request('Hi');
  await assert.rejects(scripted.getResponse(req), (thrown) => thrown === error);
  assert.deepEqual(
    await scripted.getRetryAdvice(
      {
        error,
        request: req,
        stream: false,
        attempt: 1,
      } as ModelRetryAdviceRequest,
    ),
    { suggested: true, retryAfterMs: 5 },
  );
});

test('Step members that throw while copied are unreadable at their key', () => {
  const adviceError = new Error('adv');
  rejectsStep(
    () =>
      model([{
        type: 'error',
        error: new Error('x'),
        retryAdvice: {
          get suggested(): boolean {
            throw adviceError;
          },
        },
      }]),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 0,
      stepType: 'error',
      path: 'retryAdvice',
      message:
        'Invalid model step 0 ("error"): expected "retryAdvice" to be readable, got the error "adv"',
      cause: adviceError,
    },
  );
  const deepError = new Error('deep');
  rejectsStep(
    () =>
      model([{
        type: 'stream',
        events: [{
          type: 'output_text_delta',
          delta: 'x',
          extra: {
            get a(): number {
              throw deepError;
            },
          },
        }],
      }]),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 0,
      stepType: 'stream',
      path: 'events',
      message:
        'Invalid model step 0 ("stream"): expected "events" to be readable, got the error "deep"',
      cause: deepError,
    },
  );
  const eventError = new Error('ev');
  rejectsStep(
    () =>
      model([{
        type: 'stream',
        events: [{
          get type(): string {
            throw eventError;
          },
        }],
      }]),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      inputIndex: 0,
      stepType: 'stream',
      path: 'events',
      message:
        'Invalid model step 0 ("stream"): expected "events" to be readable, got the error "ev"',
      cause: eventError,
    },
  );
});

test('ScriptedModel rejects each malformed options object exactly', () => {
  for (const [options, received] of [[null, 'null'], ['x', '"x"']] as const) {
    rejectsStep(() => model([], options), {
      reason: 'invalid_input',
      issue: 'invalid_option',
      path: 'modelOptions',
      received,
      message:
        `Invalid model option: expected "modelOptions" to be an object, got ${received}`,
    });
  }
  const keysError = new Error('ok');
  rejectsStep(
    () =>
      model(
        [],
        new Proxy({}, {
          ownKeys() {
            throw keysError;
          },
        }),
      ),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      path: 'modelOptions',
      message:
        'Invalid model option: expected "modelOptions" to be readable, got the error "ok"',
      cause: keysError,
    },
  );
  const usageError = new Error('du');
  rejectsStep(
    () =>
      model([], {
        get defaultUsage(): never {
          throw usageError;
        },
      }),
    {
      reason: 'invalid_input',
      issue: 'unreadable',
      path: 'modelOptions.defaultUsage',
      message:
        'Invalid model option: expected "modelOptions.defaultUsage" to be readable, got the error "du"',
      cause: usageError,
    },
  );
  rejectsStep(() => model([], { defaultUsge: {} }), {
    reason: 'invalid_input',
    issue: 'unknown_property',
    path: 'modelOptions.defaultUsge',
    received: '"defaultUsge"',
    suggestion: 'defaultUsage',
    message:
      'Invalid model option: expected only "defaultUsage", got "defaultUsge" (did you mean "defaultUsage"?)',
  });
});

test('ReplayMismatchError shows absent, long and unserializable values shortly', () => {
  const long = new ReplayMismatchError({
    double: 'model',
    callIndex: 2,
    aspect: 'input',
    path: 'input[0]',
    recorded: undefined,
    actual: 'x'.repeat(81),
  });
  assert.equal(long.name, 'ReplayMismatchError');
  assert.equal(
    long.message,
    `Replay mismatch at model call 2: expected "input[0]" to be nothing as recorded, got "${
      'x'.repeat(76)
    }... (aspect "input"; re-record the fixture, or stop comparing the aspect)`,
  );
  // 78 characters and two quotes: exactly 80, shown whole.
  const exact = new ReplayMismatchError({
    double: 'realtime',
    callIndex: 0,
    aspect: 'tools',
    path: 'tools',
    recorded: 'y'.repeat(78),
    actual: 10n,
  });
  assert.equal(
    exact.message,
    `Replay mismatch at realtime call 0: expected "tools" to be "${
      'y'.repeat(78)
    }" as recorded, got 10n (aspect "tools"; re-record the fixture, or stop comparing the aspect)`,
  );
  assert.deepEqual(
    [
      exact.double,
      exact.callIndex,
      exact.aspect,
      exact.path,
      exact.recorded,
      exact.actual,
    ],
    ['realtime', 0, 'tools', 'tools', 'y'.repeat(78), 10n],
  );
});

test('InvalidRecordingError says where the fixture is wrong and why', () => {
  const error = new InvalidRecordingError({
    reason: 'invalid_call',
    path: 'calls[1]',
    expected: 'an object',
    received: '5',
    callIndex: 1,
  });
  assert.deepEqual(
    [
      error.name,
      error.reason,
      error.path,
      error.expected,
      error.received,
      error.callIndex,
    ],
    ['InvalidRecordingError', 'invalid_call', 'calls[1]', 'an object', '5', 1],
  );
  assert.equal(
    error.message,
    'Invalid recording: expected "calls[1]" to be an object, got 5 (reason "invalid_call"); re-record the fixture',
  );
});

test('A stream step takes any iterable, even a function object, and nothing else', async () => {
  for (
    const [events, received] of [
      [null, 'null'],
      [{}, 'an object'],
      [() => {}, 'a function'],
    ] as const
  ) {
    rejectsStep(() => model([{ type: 'stream', events }]), {
      reason: 'invalid_stream',
      issue: 'invalid_stream',
      inputIndex: 0,
      stepType: 'stream',
      path: 'events',
      received,
      message:
        `Invalid model step 0 ("stream"): expected "events" to be a sync or async iterable of stream events, got ${received}`,
    });
  }
  const done = {
    type: 'response_done',
    response: {
      id: 'resp_1',
      usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      output: [assistantMessage('from a function')],
    },
  };
  const events = Object.assign(function events() {}, {
    *[Symbol.iterator]() {
      yield done;
    },
  });
  const scripted = model([{ type: 'stream', events }]);
  const seen: string[] = [];
  for await (const event of scripted.getStreamedResponse(request('Hi'))) {
    seen.push(event.type);
  }
  assert.deepEqual(seen, ['response_done']);
  scripted.assertComplete();
});
