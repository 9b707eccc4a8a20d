import type { RetryPolicyContext } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelError,
  modelResponder,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { agentWith, request, runner, runStreamed } from './_fixtures.ts';

function assertInvalid(
  define: () => unknown,
  reason: string,
  stepType: string | undefined,
  finer: {
    issue?: string;
    path?: string;
    received?: string | undefined;
  } = {},
): void {
  assert.throws(define, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, reason);
    assert.equal(error.stepType, stepType);
    assert.equal(error.inputIndex, undefined);
    assert.equal(error.callIndex, undefined);
    assert.equal(error.issue, finer.issue ?? reason);
    if ('path' in finer) assert.equal(error.path, finer.path);
    if ('received' in finer) assert.equal(error.received, finer.received);
    assert.match(error.message, /^Invalid model step[ :]/);
    return true;
  });
}

/** Retry settings whose policy follows the model's advice, without delay. */
function followAdvice(maxRetries: number, seen: RetryPolicyContext[]) {
  return {
    retry: {
      maxRetries,
      policy: (context: RetryPolicyContext) => {
        seen.push(context);
        return context.providerAdvice?.suggested === true
          ? { retry: true, delayMs: 0 }
          : false;
      },
    },
  };
}

test('Step factories build plain, frozen envelopes', () => {
  const respond = () => [assistantMessage('x')];
  const error = new Error('boom');
  assert.deepEqual(modelResponse([assistantMessage('x')]), {
    type: 'response',
    response: [assistantMessage('x')],
  });
  assert.deepEqual(modelResponder(respond), { type: 'responder', respond });
  assert.deepEqual(modelError(error), { type: 'error', error });
  assert.deepEqual(modelError(error, { suggested: true }), {
    type: 'error',
    error,
    retryAdvice: { suggested: true },
  });
  assert.deepEqual(modelStream([]), { type: 'stream', events: [] });
  assert.deepEqual(modelStreamResponder(respond as never), {
    type: 'stream_responder',
    respond,
  });
  assert(Object.isFrozen(modelResponder(respond)));
});

test('Step factories reject malformed arguments where they are written', () => {
  assertInvalid(
    () => modelResponse(undefined as never),
    'missing_response',
    'response',
    { path: 'response' },
  );
  assertInvalid(
    () => modelResponse(5 as never),
    'invalid_response',
    undefined,
    { path: 'response', received: '5' },
  );
  assertInvalid(
    () => modelResponse({ output: [null] } as never),
    'invalid_response',
    undefined,
    { issue: 'invalid_item', path: 'response.output[0]', received: 'null' },
  );
  assertInvalid(
    () => modelResponse({ output: [], responseId: 3 } as never),
    'invalid_response',
    undefined,
    { issue: 'invalid_field', path: 'response.responseId', received: '3' },
  );
  assertInvalid(
    () =>
      modelResponse({
        get output(): never {
          throw new Error('getter');
        },
      } as never),
    'invalid_input',
    undefined,
    { issue: 'unreadable', path: 'response.output', received: undefined },
  );
  assertInvalid(
    () => modelResponder('x' as never),
    'missing_responder',
    'responder',
    { issue: 'invalid_responder', path: 'respond', received: '"x"' },
  );
  assertInvalid(
    () => modelStreamResponder(undefined as never),
    'missing_responder',
    'stream_responder',
    { path: 'respond' },
  );
  assertInvalid(() => modelError(undefined), 'missing_error', 'error', {
    path: 'error',
  });
  assertInvalid(
    () => modelError(new Error('x'), 'soon' as never),
    'invalid_input',
    'error',
    { issue: 'invalid_retry_advice', path: 'retryAdvice', received: '"soon"' },
  );
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assertInvalid(
    () => modelResponder(proxy as never),
    'missing_responder',
    'responder',
    { issue: 'invalid_responder', received: 'an unreadable value' },
  );
  assertInvalid(() => modelStream(proxy as never), 'invalid_input', 'stream', {
    issue: 'unreadable',
    path: 'events',
  });
  assertInvalid(
    () => modelError(new Error('x'), proxy as never),
    'invalid_input',
    'error',
    { issue: 'unreadable', path: 'retryAdvice' },
  );
  assertInvalid(
    () => modelResponse(proxy as never),
    'invalid_input',
    undefined,
    { issue: 'unreadable', path: 'response' },
  );
  assertInvalid(() => modelStream(3 as never), 'invalid_stream', 'stream', {
    path: 'events',
    received: '3',
  });
  assertInvalid(
    () => modelStream('abc' as never),
    'invalid_stream',
    'stream',
    { path: 'events', received: '"abc"' },
  );
  assertInvalid(
    () => modelStream([{ type: 'response_started' }, 'x'] as never),
    'invalid_stream',
    'stream',
    { issue: 'invalid_event', path: 'events[1]', received: '"x"' },
  );
});

test('An input a factory rejects early gets the same reason from the constructor, with its inputIndex', () => {
  const ok = [assistantMessage('ok')];
  const cases: [() => unknown, Record<string, unknown>][] = [
    [() => modelResponse(undefined as never), { type: 'response' }],
    [() => modelResponse(5 as never), { type: 'response', response: 5 }],
    [
      () => modelResponse({ output: 'x' } as never),
      { type: 'response', response: { output: 'x' } },
    ],
    [() => modelResponder(3 as never), { type: 'responder', respond: 3 }],
    [() => modelStreamResponder(3 as never), {
      type: 'stream_responder',
      respond: 3,
    }],
    [() => modelError(undefined), { type: 'error' }],
    [() => modelStream(3 as never), { type: 'stream', events: 3 }],
    [() => modelStream([3] as never), { type: 'stream', events: [3] }],
  ];
  for (const [factory, envelope] of cases) {
    let early: InvalidScriptedModelStepError | undefined;
    try {
      factory();
    } catch (error) {
      if (error instanceof InvalidScriptedModelStepError) early = error;
    }
    assert(early, `the factory rejects ${JSON.stringify(envelope)}`);
    assert.equal(early.inputIndex, undefined);
    assert.throws(
      () => new ScriptedModel([ok, envelope as never]),
      (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, early.reason);
        assert.equal(error.issue, early.issue);
        assert.equal(error.stepType, early.stepType);
        assert.equal(error.inputIndex, 1);
        return true;
      },
    );
  }
});

test('modelResponder may answer asynchronously', async () => {
  const model = new ScriptedModel([
    modelResponder(async (call) => {
      await Promise.resolve();
      return {
        output: [assistantMessage(`async ${call.index}`)],
        usage: undefined as never,
      };
    }),
  ]);
  const result = await runner.run(agentWith(model), 'Hi');
  assert.equal(result.finalOutput, 'async 0');
});

test('modelResponder returning a non-response fails with invalid_response', async () => {
  const model = new ScriptedModel([modelResponder(() => 'text' as never)]);
  const error = await runner.run(agentWith(model), 'Hi').catch((e) => e);
  assert(error instanceof InvalidScriptedModelStepError);
  assert.equal(error.reason, 'invalid_response');
  assert.equal(error.callIndex, 0);
  // As in the SDK module, an invalid response names no step type.
  assert.equal(error.stepType, undefined);
  assert.equal(error.path, 'respond()');
  assert.equal(error.received, '"text"');
  assert.equal(error.inputIndex, undefined);
  assert.match(
    error.message,
    /^Invalid model step for call 0: expected "respond\(\)" to be an output array or a ModelResponse, got "text"$/,
  );
  assert.throws(() => model.assertComplete(), (e: unknown) => e === error);
});

test('A responder result is detached from the response handed to the runner', async () => {
  const items = [assistantMessage('original')];
  const model = new ScriptedModel([modelResponder(() => items)]);
  const response = await model.getResponse(request());
  (items[0]!.content[0] as { text: string }).text = 'mutated';
  assert.deepEqual(response.output, [assistantMessage('original')]);
  assert.notEqual(response.output[0], items[0]);
});

test('modelError fails the call with its error, non-streamed and streamed', async () => {
  const error = new Error('provider down');
  const model = new ScriptedModel([modelError(error), modelError(error)]);
  await assert.rejects(runner.run(agentWith(model), 'Hi'), (e) => e === error);
  await assert.rejects(runStreamed(agentWith(model), 'Hi'), (e) => e === error);
  assert.equal(model.calls.length, 2);
  model.assertComplete();
});

test('modelError advice makes the runner retry, and the retry consumes the next step', async () => {
  for (const stream of [false, true]) {
    const error = new Error('overloaded');
    const seen: RetryPolicyContext[] = [];
    const model = new ScriptedModel([
      modelError(error, { suggested: true, replaySafety: 'safe' }),
      [assistantMessage('Recovered.')],
    ]);
    const agent = agentWith(model, followAdvice(1, seen));
    const finalOutput = stream
      ? (await runStreamed(agent, 'Hi')).finalOutput
      : (await runner.run(agent, 'Hi')).finalOutput;
    assert.equal(finalOutput, 'Recovered.');
    assert.equal(model.calls.length, 2);
    assert.deepEqual(model.calls.map((call) => call.streamed), [
      stream,
      stream,
    ]);
    assert.equal(seen.length, 1);
    assert.equal(seen[0]!.error, error);
    assert.deepEqual(seen[0]!.providerAdvice, {
      suggested: true,
      replaySafety: 'safe',
    });
    model.assertComplete();
  }
});

test('modelError callback advice sees the attempt and can stop the retries', async () => {
  const first = new Error('first');
  const second = new Error('second');
  const attempts: number[] = [];
  const advise = ({ attempt }: { attempt: number }) => {
    attempts.push(attempt);
    return { suggested: attempt === 1 };
  };
  const model = new ScriptedModel([
    modelError(first, advise),
    modelError(second, advise),
    [assistantMessage('never reached')],
  ]);
  const agent = agentWith(model, followAdvice(3, []));
  await assert.rejects(runner.run(agent, 'Hi'), (e) => e === second);
  assert.deepEqual(attempts, [1, 2]);
  assert.equal(model.calls.length, 2);
  assert.equal(model.remainingSteps, 1);
});

test('getRetryAdvice answers undefined for errors no step threw, always as a promise', async () => {
  const model = new ScriptedModel([
    modelError(new Error('x'), { suggested: true }),
  ]);
  const before = model.getRetryAdvice({
    request: request(),
    error: new Error('x'),
    stream: false,
    attempt: 1,
  });
  assert(before instanceof Promise);
  assert.equal(await before, undefined);
  await model.getResponse(request()).catch(() => undefined);
  const other = model.getRetryAdvice({
    request: request(),
    error: new Error('other'),
    stream: false,
    attempt: 1,
  });
  assert(other instanceof Promise);
  assert.equal(await other, undefined);
});

test('getRetryAdvice keeps advice per failed request: the same error step reused answers each request with its own advice', async () => {
  const error = new Error('overloaded');
  const advise = ({ attempt }: { attempt: number }) => ({
    suggested: true,
    retryAfterMs: attempt * 10,
  });
  const shared = modelError(error, advise);
  const model = new ScriptedModel([
    shared,
    shared,
    modelError(error, { suggested: false }),
  ]);
  const first = request({ input: 'first' });
  const second = request({ input: 'second' });
  const third = request({ input: 'third' });
  for (const failing of [first, second, third]) {
    await assert.rejects(model.getResponse(failing), (e) => e === error);
  }
  // Asked out of order: each request gets the advice of its own failure.
  assert.deepEqual(
    await model.getRetryAdvice({
      request: third,
      error,
      stream: false,
      attempt: 3,
    }),
    { suggested: false },
  );
  assert.deepEqual(
    await model.getRetryAdvice({
      request: second,
      error,
      stream: false,
      attempt: 2,
    }),
    { suggested: true, retryAfterMs: 20 },
  );
  // A failure is answered once; an unknown request takes the oldest left.
  assert.deepEqual(
    await model.getRetryAdvice({
      request: request({ input: 'a copy' }),
      error,
      stream: false,
      attempt: 1,
    }),
    { suggested: true, retryAfterMs: 10 },
  );
  assert.equal(
    await model.getRetryAdvice({
      request: first,
      error,
      stream: false,
      attempt: 1,
    }),
    undefined,
  );
});

test('getRetryAdvice answers a streamed failure only for a streamed request, and rejects when the callback throws', async () => {
  const error = new Error('overloaded');
  const model = new ScriptedModel([
    modelError(error, { suggested: true }),
    modelError(error, () => {
      throw new Error('advice failed');
    }),
  ]);
  const streamed = request();
  await assert.rejects(
    (async () => {
      for await (const _ of model.getStreamedResponse(streamed));
    })(),
    (e) => e === error,
  );
  assert.equal(
    await model.getRetryAdvice({
      request: streamed,
      error,
      stream: false,
      attempt: 1,
    }),
    undefined,
  );
  assert.deepEqual(
    await model.getRetryAdvice({
      request: streamed,
      error,
      stream: true,
      attempt: 1,
    }),
    { suggested: true },
  );
  await assert.rejects(model.getResponse(request()), (e) => e === error);
  await assert.rejects(
    model.getRetryAdvice({
      request: request(),
      error,
      stream: false,
      attempt: 1,
    }),
    /advice failed/,
  );
});

test('Step factories check without copying: the step holds its argument, the model snapshots it once when the step is added', async () => {
  const output = [assistantMessage('first')];
  const step = modelResponse(output);
  assert.equal(step.response, output);
  const events = [{ type: 'response_started' as const }];
  const stream = modelStream(events);
  assert.equal(stream.events, events);
  const advice = { suggested: true };
  assert.equal(modelError(new Error('x'), advice).retryAdvice, advice);
  const model = new ScriptedModel([step]);
  // Written after the step was added: the model's copy does not change.
  output.push(assistantMessage('second'));
  const response = await model.getResponse(request());
  assert.equal(response.output.length, 1);
  model.assertComplete();
});
