import { Agent, tool, Usage } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelResponder,
  modelResponse,
  modelStream,
  ScriptedModel,
  type ScriptedModelInput,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { agentWith, request, runner, runStreamed } from './_fixtures.ts';

test('ScriptedModel answers each call with the next step, in order', async () => {
  const echo = tool({
    name: 'echo',
    description: 'Echoes.',
    parameters: z.object({ text: z.string() }),
    execute: ({ text }) => `echo: ${text}`,
  });
  const model = new ScriptedModel([
    [functionCall('echo', { text: 'a' }, { callId: 'call_a' })],
    [functionCall('echo', { text: 'b' }, { callId: 'call_b' })],
    [assistantMessage('done')],
  ]);
  const agent = new Agent({ name: 'Echo', model, tools: [echo] });
  const result = await runner.run(agent, 'go');
  assert.equal(result.finalOutput, 'done');
  assert.equal(model.calls.length, 3);
  const outputs = (model.lastCall!.request.input as { type: string }[])
    .filter((item) => item.type === 'function_call_result')
    .map((item) => (item as unknown as { output: { text: string } }).output);
  assert.deepEqual(outputs.map((output) => output.text), [
    'echo: a',
    'echo: b',
  ]);
  model.assertComplete();
});

test('ScriptedModel gives the output-array shorthand a deterministic id and usage', async () => {
  const model = new ScriptedModel([
    [assistantMessage('one')],
    [assistantMessage('two')],
  ]);
  const first = await model.getResponse(request());
  const second = await model.getResponse(request());
  assert.equal(first.responseId, 'resp_scripted_0');
  assert.equal(second.responseId, 'resp_scripted_1');
  assert(first.usage instanceof Usage);
  assert.deepEqual(
    [first.usage.requests, first.usage.inputTokens, first.usage.totalTokens],
    [1, 0, 0],
  );
  assert.deepEqual(first.output, [assistantMessage('one')]);
});

test('ScriptedModel keeps the id and usage of a complete ModelResponse', async () => {
  const usage = new Usage({ requests: 1, inputTokens: 7, outputTokens: 3 });
  const model = new ScriptedModel([
    { output: [assistantMessage('a')], usage, responseId: 'resp_a' },
    modelResponse({ output: [assistantMessage('b')], usage }),
  ]);
  const result = await runner.run(agentWith(model), 'Hi');
  assert.equal(result.finalOutput, 'a');
  assert.equal(result.rawResponses[0].responseId, 'resp_a');
  assert.equal(result.rawResponses[0].usage.totalTokens, 10);
  const second = await model.getResponse(request());
  assert.equal(second.responseId, undefined);
  assert.equal(second.usage.inputTokens, 7);
  assert.notEqual(second.usage, usage);
});

test('ScriptedModel serves plain steps to streamed runs consumed to completion', async () => {
  const model = new ScriptedModel([
    [assistantMessage('Streamed answer.', { id: 'msg_1' })],
  ]);
  const { finalOutput, raw } = await runStreamed(agentWith(model), 'Hi');
  assert.equal(finalOutput, 'Streamed answer.');
  assert.deepEqual(raw.map((event) => event.type), [
    'response_started',
    'output_text_delta',
    'response_done',
  ]);
  assert.deepEqual(raw[1], {
    type: 'output_text_delta',
    delta: 'Streamed answer.',
    itemId: 'msg_1',
  });
  const done = raw[2] as unknown as {
    response: { id: string; output: unknown[]; usage: { requests: number } };
  };
  assert.equal(done.response.id, 'resp_scripted_0');
  assert.deepEqual(done.response.output, [
    assistantMessage('Streamed answer.', { id: 'msg_1' }),
  ]);
  assert.equal(done.response.usage.requests, 1);
  assert.equal(model.firstCall?.streamed, true);
  model.assertComplete();
});

test('ScriptedModel records each call before its step is handled', async () => {
  const model = new ScriptedModel();
  const seen: boolean[] = [];
  model.enqueue(modelResponder((call) => {
    seen.push(model.lastCall === call, model.calls.length === call.index + 1);
    return [assistantMessage('ok')];
  }));
  await runner.run(agentWith(model), 'Hi');
  assert.deepEqual(seen, [true, true]);
  await assert.rejects(model.getResponse(request()), UnexpectedModelCallError);
  assert.equal(model.calls.length, 2);
  assert.equal(model.calls[1].index, 1);
});

test('ScriptedModel records frozen requests detached at call time', async () => {
  const signal = new AbortController().signal;
  const policy = () => false;
  class Marker {}
  const marker = new Marker();
  const original = request({
    input: [{ type: 'message', role: 'user', content: 'first' }],
    modelSettings: { temperature: 0.5, retry: { policy } },
    providerData: marker,
    signal,
  } as never);
  const model = new ScriptedModel([[assistantMessage('ok')]]);
  await model.getResponse(original);
  (original.input as { content: string }[])[0].content = 'changed';
  original.modelSettings.temperature = 1;
  const recorded = model.firstCall!.request;
  assert.equal(
    (recorded.input as { content: string }[])[0].content,
    'first',
  );
  assert.equal(recorded.modelSettings.temperature, 0.5);
  assert(Object.isFrozen(model.firstCall));
  assert(Object.isFrozen(recorded));
  assert(Object.isFrozen(recorded.input));
  assert.throws(() => {
    (recorded.input as { content: string }[])[0].content = 'x';
  }, TypeError);
  assert.equal(recorded.signal, signal);
  assert.equal(recorded.modelSettings.retry?.policy, policy);
  assert.equal(
    (recorded as unknown as { providerData: Marker }).providerData,
    marker,
  );
});

test('ScriptedModel exposes calls, firstCall, lastCall and remainingSteps', async () => {
  const model = new ScriptedModel([
    [assistantMessage('a')],
    [assistantMessage('b')],
  ]);
  assert.equal(model.calls.length, 0);
  assert.equal(model.firstCall === undefined, true);
  assert.equal(model.lastCall === undefined, true);
  assert.equal(model.remainingSteps, 2);
  await model.getResponse(request({ input: 'one' }));
  await model.getResponse(request({ input: 'two' }));
  assert.equal(model.remainingSteps, 0);
  const { firstCall, lastCall } = model;
  assert.equal(firstCall?.request.input, 'one');
  assert.equal(lastCall?.request.input, 'two');
  assert.deepEqual(model.calls.map((call) => call.index), [0, 1]);
  assert(Object.isFrozen(model.calls));
});

test('ScriptedModel enqueue appends steps after the constructor', async () => {
  const model = new ScriptedModel([[assistantMessage('first')]]);
  model.enqueue(
    [assistantMessage('second')],
    modelResponse([assistantMessage('third')]),
  );
  assert.equal(model.remainingSteps, 3);
  const texts: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    const result = await runner.run(agentWith(model), `turn ${i}`);
    texts.push(result.finalOutput);
    if (i === 0) model.enqueue([assistantMessage('fourth')]);
  }
  assert.deepEqual(texts, ['first', 'second', 'third']);
  assert.equal(model.remainingSteps, 1);
});

test('ScriptedModel rejects bad inputs where they are defined, by reason and inputIndex', () => {
  const ok = [assistantMessage('ok')];
  const cases: [unknown, string, string | undefined][] = [
    [42, 'invalid_input', undefined],
    [null, 'invalid_input', undefined],
    [{ type: 'nope' }, 'unknown_step_type', 'nope'],
    [{ type: 'response' }, 'missing_response', 'response'],
    [{ type: 'response', response: 'text' }, 'invalid_response', 'response'],
    [{ output: 'not an array' }, 'invalid_response', 'response'],
    [[42], 'invalid_response', 'response'],
    [{ type: 'error' }, 'missing_error', 'error'],
    [{ type: 'responder' }, 'missing_responder', 'responder'],
    [
      { type: 'stream_responder', respond: 1 },
      'missing_responder',
      'stream_responder',
    ],
    [{ type: 'stream', events: 5 }, 'invalid_stream', 'stream'],
    [
      { type: 'stream', events: [{ delta: 'no type' }] },
      'invalid_stream',
      'stream',
    ],
  ];
  for (const [input, reason, stepType] of cases) {
    const inputs = [ok, input] as ScriptedModelInput[];
    for (
      const define of [
        () => new ScriptedModel(inputs),
        () => new ScriptedModel().enqueue(...inputs),
      ]
    ) {
      assert.throws(define, (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.name, 'InvalidScriptedModelStepError');
        assert.equal(error.reason, reason, `reason of ${String(input)}`);
        assert.equal(error.inputIndex, 1);
        assert.equal(error.callIndex, undefined);
        assert.equal(error.stepType, stepType);
        return true;
      });
    }
  }
});

test('ScriptedModel enqueue adds nothing when one input is malformed', () => {
  const model = new ScriptedModel();
  assert.throws(
    () => model.enqueue([assistantMessage('ok')], { type: 'oops' } as never),
    InvalidScriptedModelStepError,
  );
  assert.equal(model.remainingSteps, 0);
});

test('ScriptedModel reports hostile inputs as invalid_input', () => {
  const throwing = {
    get type(): string {
      throw new Error('getter exploded');
    },
  };
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  for (const input of [throwing, proxy]) {
    assert.throws(
      () => new ScriptedModel([input as never]),
      (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'invalid_input');
        assert.equal(error.inputIndex, 0);
        return true;
      },
    );
  }
  assert.throws(
    () => new ScriptedModel('not an array' as never),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.reason === 'invalid_input' && error.inputIndex === undefined,
  );
  const cyclic: Record<string, unknown> = { type: 'message' };
  cyclic.self = cyclic;
  assert.equal(new ScriptedModel([[cyclic as never]]).remainingSteps, 1);
});

test('ScriptedModel fails a call after the script ended with UnexpectedModelCallError', async () => {
  const model = new ScriptedModel();
  await assert.rejects(runner.run(agentWith(model), 'Hi'), (error: unknown) => {
    assert(error instanceof UnexpectedModelCallError);
    assert.equal(error.name, 'UnexpectedModelCallError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.streamed, false);
    return true;
  });
  const streamed = new ScriptedModel();
  await assert.rejects(
    runStreamed(agentWith(streamed), 'Hi'),
    (error: unknown) => {
      assert(error instanceof UnexpectedModelCallError);
      assert.equal(error.callIndex, 0);
      assert.equal(error.streamed, true);
      return true;
    },
  );
  assert.equal(streamed.calls.length, 1);
});

test('ScriptedModel assertComplete reports unused steps', async () => {
  const model = new ScriptedModel([
    [assistantMessage('used')],
    modelResponder(() => [assistantMessage('unused')]),
    modelStream([]),
  ]);
  await runner.run(agentWith(model), 'Hi');
  assert.throws(() => model.assertComplete(), (error: unknown) => {
    assert(error instanceof UnconsumedModelStepsError);
    assert.equal(error.name, 'UnconsumedModelStepsError');
    assert.equal(error.remainingSteps, 2);
    assert.deepEqual(error.pendingStepTypes, ['responder', 'stream']);
    assert.match(error.message, /2 steps left in the script/);
    return true;
  });
});

test('ScriptedModel drift cannot hide behind a catch', async () => {
  const model = new ScriptedModel([[assistantMessage('only')]]);
  await runner.run(agentWith(model), 'first');
  let caught: unknown;
  try {
    await runner.run(agentWith(model), 'second: an unplanned turn');
  } catch (error) {
    caught = error; // application code swallows the failure
  }
  assert(caught instanceof UnexpectedModelCallError);
  await model.getResponse(request()).catch(() => undefined);
  assert.equal(model.remainingSteps, 0);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => error === caught,
  );
});

test('ScriptedModel remembers an incompatible step behind a catch', async () => {
  const model = new ScriptedModel([
    modelStream([{ type: 'response_started' }]),
  ]);
  const error = await runner.run(agentWith(model), 'Hi').catch((e) => e);
  assert(error instanceof InvalidScriptedModelStepError);
  assert.equal(error.reason, 'incompatible_call');
  assert.equal(error.callIndex, 0);
  assert.equal(error.inputIndex, undefined);
  assert.equal(error.stepType, 'stream');
  assert.equal(model.remainingSteps, 0);
  assert.throws(
    () => model.assertComplete(),
    (thrown: unknown) => thrown === error,
  );
});
