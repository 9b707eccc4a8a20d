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
): void {
  assert.throws(define, (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.name, 'InvalidScriptedModelStepError');
    assert.equal(error.reason, reason);
    assert.equal(error.stepType, stepType);
    assert.equal(error.inputIndex, undefined);
    assert.equal(error.callIndex, undefined);
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
  );
  assertInvalid(
    () => modelResponse(5 as never),
    'invalid_response',
    'response',
  );
  assertInvalid(
    () => modelResponse({ output: [null] } as never),
    'invalid_response',
    'response',
  );
  assertInvalid(
    () => modelResponse({ output: [], responseId: 3 } as never),
    'invalid_response',
    'response',
  );
  assertInvalid(
    () =>
      modelResponse({
        get output(): never {
          throw new Error('getter');
        },
      } as never),
    'invalid_input',
    'response',
  );
  assertInvalid(
    () => modelResponder('x' as never),
    'missing_responder',
    'responder',
  );
  assertInvalid(
    () => modelStreamResponder(undefined as never),
    'missing_responder',
    'stream_responder',
  );
  assertInvalid(() => modelError(undefined), 'missing_error', 'error');
  assertInvalid(
    () => modelError(new Error('x'), 'soon' as never),
    'invalid_input',
    'error',
  );
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assertInvalid(
    () => modelResponder(proxy as never),
    'missing_responder',
    'responder',
  );
  assertInvalid(() => modelStream(proxy as never), 'invalid_input', 'stream');
  assertInvalid(
    () => modelResponse(proxy as never),
    'invalid_input',
    'response',
  );
  assertInvalid(() => modelStream(3 as never), 'invalid_stream', 'stream');
  assertInvalid(() => modelStream('abc' as never), 'invalid_stream', 'stream');
  assertInvalid(
    () => modelStream([{ type: 'response_started' }, 'x'] as never),
    'invalid_stream',
    'stream',
  );
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
  assert.equal(error.stepType, 'responder');
  assert.equal(error.inputIndex, undefined);
  assert.throws(() => model.assertComplete(), (e: unknown) => e === error);
});

test('A responder result is detached from the response handed to the runner', async () => {
  const items = [assistantMessage('original')];
  const model = new ScriptedModel([modelResponder(() => items)]);
  const response = await model.getResponse(request());
  (items[0].content[0] as { text: string }).text = 'mutated';
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
    assert.equal(seen[0].error, error);
    assert.deepEqual(seen[0].providerAdvice, {
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

test('getRetryAdvice answers undefined for errors no step threw', async () => {
  const model = new ScriptedModel([
    modelError(new Error('x'), { suggested: true }),
  ]);
  await model.getResponse(request()).catch(() => undefined);
  assert.equal(
    model.getRetryAdvice({
      request: request(),
      error: new Error('other'),
      stream: false,
      attempt: 1,
    }),
    undefined,
  );
});
