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
  assert.equal(first.responseId, 'scripted-response-1');
  assert.equal(second.responseId, 'scripted-response-2');
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
  assert.equal(result.rawResponses[0]!.responseId, 'resp_a');
  assert.equal(result.rawResponses[0]!.usage.totalTokens, 10);
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
  assert.equal(done.response.id, 'scripted-response-1');
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
    // The responder gets its own copy, equal to the record.
    seen.push(
      model.lastCall !== call,
      model.calls.length === call.index + 1,
    );
    assert.deepEqual(call, model.lastCall);
    return [assistantMessage('ok')];
  }));
  await runner.run(agentWith(model), 'Hi');
  assert.deepEqual(seen, [true, true]);
  await assert.rejects(model.getResponse(request()), UnexpectedModelCallError);
  assert.equal(model.calls.length, 2);
  assert.equal(model.calls[1]!.index, 1);
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
  (original.input as { content: string }[])[0]!.content = 'changed';
  original.modelSettings.temperature = 1;
  const recorded = model.firstCall!.request;
  assert.equal(
    (recorded.input as { content: string }[])[0]!.content,
    'first',
  );
  assert.equal(recorded.modelSettings.temperature, 0.5);
  assert(Object.isFrozen(model.firstCall));
  assert(Object.isFrozen(recorded));
  assert(Object.isFrozen(recorded.input));
  assert.throws(() => {
    (recorded.input as { content: string }[])[0]!.content = 'x';
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

test("ScriptedModel rejects bad inputs where they are defined: the SDK module's reason, then issue, path, received and suggestion", () => {
  const ok = [assistantMessage('ok')];
  const boom = new Error('boom');
  type Expected = {
    reason: string;
    stepType?: string;
    issue?: string;
    path?: string;
    received?: string;
    suggestion?: string;
  };
  const cases: [unknown, Expected][] = [
    [42, { reason: 'invalid_input', received: '42' }],
    [null, { reason: 'invalid_input', received: 'null' }],
    [undefined, { reason: 'invalid_input', received: 'undefined' }],
    [() => ok, { reason: 'invalid_input', received: 'a function' }],
    [{}, { reason: 'invalid_input', received: 'an object' }],
    [{ responseId: 'r' }, { reason: 'invalid_input', received: 'an object' }],
    [
      { ouput: ok },
      { reason: 'invalid_input', received: 'an object', suggestion: 'output' },
    ],
    [{ type: 'nope' }, {
      reason: 'unknown_step_type',
      stepType: 'nope',
      path: 'type',
      received: '"nope"',
    }],
    [{ type: 'respnse' }, {
      reason: 'unknown_step_type',
      stepType: 'respnse',
      path: 'type',
      received: '"respnse"',
      suggestion: 'response',
    }],
    [{ type: 'Responder', respond: () => ok }, {
      reason: 'unknown_step_type',
      stepType: 'Responder',
      path: 'type',
      received: '"Responder"',
      suggestion: 'responder',
    }],
    [{ type: undefined }, {
      reason: 'unknown_step_type',
      path: 'type',
      received: 'undefined',
    }],
    [{ type: 'response' }, {
      reason: 'missing_response',
      stepType: 'response',
      path: 'response',
    }],
    [{ type: 'response', respose: ok }, {
      reason: 'missing_response',
      stepType: 'response',
      path: 'response',
      received: '"respose"',
      suggestion: 'response',
    }],
    [{ type: 'response', response: 'text' }, {
      reason: 'invalid_response',
      path: 'response',
      received: '"text"',
    }],
    [{ type: 'response', response: { output: [7] } }, {
      reason: 'invalid_response',
      issue: 'invalid_item',
      path: 'response.output[0]',
      received: '7',
    }],
    [{ output: 'not an array' }, {
      reason: 'invalid_response',
      issue: 'invalid_output',
      path: 'output',
      received: '"not an array"',
    }],
    [{ usage: new Usage() }, {
      reason: 'invalid_response',
      issue: 'invalid_output',
      path: 'output',
      received: 'undefined',
    }],
    [{ output: ok, responseId: 5 }, {
      reason: 'invalid_response',
      issue: 'invalid_field',
      path: 'responseId',
      received: '5',
    }],
    [{ output: ok, providerData: 'x' }, {
      reason: 'invalid_response',
      issue: 'invalid_field',
      path: 'providerData',
      received: '"x"',
    }],
    [[ok[0], 42], {
      reason: 'invalid_response',
      issue: 'invalid_item',
      path: '[1]',
      received: '42',
    }],
    [{ type: 'error' }, {
      reason: 'missing_error',
      stepType: 'error',
      path: 'error',
    }],
    [{ type: 'error', eror: boom }, {
      reason: 'missing_error',
      stepType: 'error',
      path: 'error',
      received: '"eror"',
      suggestion: 'error',
    }],
    [{ type: 'error', error: boom, retryAdvice: 5 }, {
      reason: 'invalid_input',
      stepType: 'error',
      issue: 'invalid_retry_advice',
      path: 'retryAdvice',
      received: '5',
    }],
    [{ type: 'error', error: boom, retryadvice: {} }, {
      reason: 'invalid_input',
      stepType: 'error',
      issue: 'unknown_property',
      path: 'retryadvice',
      received: '"retryadvice"',
      suggestion: 'retryAdvice',
    }],
    [{ type: 'response', response: ok, note: 'turn 1' }, {
      reason: 'invalid_input',
      stepType: 'response',
      issue: 'unknown_property',
      path: 'note',
      received: '"note"',
    }],
    [{ type: 'responder' }, {
      reason: 'missing_responder',
      stepType: 'responder',
      path: 'respond',
    }],
    [{ type: 'stream_responder', respond: 1 }, {
      reason: 'missing_responder',
      stepType: 'stream_responder',
      issue: 'invalid_responder',
      path: 'respond',
      received: '1',
    }],
    [{ type: 'stream', events: 5 }, {
      reason: 'invalid_stream',
      stepType: 'stream',
      path: 'events',
      received: '5',
    }],
    [{ type: 'stream' }, {
      reason: 'invalid_stream',
      stepType: 'stream',
      path: 'events',
      received: 'undefined',
    }],
    [{ type: 'stream', events: [{ delta: 'no type' }] }, {
      reason: 'invalid_stream',
      stepType: 'stream',
      issue: 'invalid_event',
      path: 'events[0].type',
      received: 'undefined',
    }],
  ];
  for (const [input, expected] of cases) {
    const inputs = [ok, input] as ScriptedModelInput[];
    for (
      const define of [
        () => new ScriptedModel(inputs),
        () => new ScriptedModel(new Set(inputs)),
        () => new ScriptedModel().enqueue(...inputs),
      ]
    ) {
      assert.throws(define, (error: unknown) => {
        const label = JSON.stringify(expected);
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.name, 'InvalidScriptedModelStepError');
        assert.equal(error.reason, expected.reason, label);
        assert.equal(error.issue, expected.issue ?? expected.reason, label);
        assert.equal(error.inputIndex, 1);
        assert.equal(error.callIndex, undefined);
        assert.equal(error.stepType, expected.stepType, label);
        assert.equal(error.path, expected.path, label);
        assert.equal(error.received, expected.received, label);
        assert.equal(error.suggestion, expected.suggestion, label);
        assert.match(error.message, /^Invalid model step 1[ :]/);
        if (expected.received !== undefined) {
          assert(error.message.includes(`, got ${expected.received}`), label);
        }
        if (expected.suggestion !== undefined) {
          assert(
            error.message.endsWith(
              ` (did you mean "${expected.suggestion}"?)`,
            ),
            label,
          );
        }
        return true;
      });
    }
  }
});

test('ScriptedModel takes any iterable of inputs, and rejects a non-iterable one', () => {
  function* generated(): Generator<ScriptedModelInput> {
    yield [assistantMessage('one')];
    yield [assistantMessage('two')];
  }
  assert.equal(new ScriptedModel(generated()).remainingSteps, 2);
  assert.equal(
    new ScriptedModel(new Set([[assistantMessage('one')]])).remainingSteps,
    1,
  );
  assert.equal(new ScriptedModel([]).remainingSteps, 0);
  for (const inputs of [5, {}, null, true]) {
    assert.throws(
      () => new ScriptedModel(inputs as never),
      (error: unknown) => {
        assert(error instanceof InvalidScriptedModelStepError);
        assert.equal(error.reason, 'invalid_input');
        assert.equal(error.issue, 'not_iterable');
        assert.equal(error.path, 'inputs');
        assert.equal(error.inputIndex, undefined);
        assert.match(error.message, /expected "inputs" to be an iterable/);
        return true;
      },
    );
  }
  const boom = new Error('generator failed');
  function* failing(): Generator<ScriptedModelInput> {
    yield [assistantMessage('one')];
    throw boom;
  }
  assert.throws(() => new ScriptedModel(failing()), (error: unknown) => {
    assert(error instanceof InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.issue, 'unreadable');
    assert.equal(error.inputIndex, 1);
    assert.equal(error.cause, boom);
    assert.match(error.message, /got the error "generator failed"$/);
    return true;
  });
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
        assert.equal(error.issue, 'unreadable');
        assert.equal(error.inputIndex, 0);
        assert(error.cause instanceof Error);
        return true;
      },
    );
  }
  // A string is iterable: its first character is not a step.
  assert.throws(
    () => new ScriptedModel('not an array' as never),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.reason === 'invalid_input' && error.inputIndex === 0 &&
      error.received === '"n"',
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
    // The fields' sentence, then the timeline: the call and the step it
    // took, the first step left pending marked.
    assert.equal(
      error.message,
      [
        'Incomplete model script: 2 steps left ("responder", "stream")',
        'Timeline (3 steps, 1 call; ">" marks the first divergence):',
        '  call 0 "getResponse" -> step 0 "response"',
        '> step 1 "responder": pending',
        '  step 2 "stream": pending',
      ].join('\n'),
    );
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
