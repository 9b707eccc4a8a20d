/**
 * The model's drop-in guarantees for suites written against
 * `@openai/agents/testing`: proxy-safety, response ids and usage, responder
 * copies, abort checks before deferred stream steps, raw usage.
 */
import { spy } from '../_support/spy.ts';
import {
  Agent,
  type Model,
  type StreamEvent,
  tool,
  Usage,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  modelError,
  modelResponder,
  modelStreamResponder,
  type RecordedModelCall,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
  UnconsumedModelStepsError,
  UnexpectedModelCallError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { agentWith, drain, request, runner, runStreamed } from './_fixtures.ts';

type Done = Extract<StreamEvent, { type: 'response_done' }>;

const weather = tool({
  name: 'get_weather',
  description: 'Weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

function script(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_1' })],
    [assistantMessage('Sunny in Oslo.')],
  ]);
}

/** A logging spy: every property read and method call goes through it. */
function logged<T extends object>(target: T, log: string[]): T {
  return spy(target, {
    get: (key) => {
      if (typeof key === 'string') log.push(`get ${key}`);
    },
    call: (key) => {
      if (typeof key === 'string') log.push(`call ${key}`);
    },
  });
}

test('ScriptedModel works through a transparent Proxy, in a real run, plain and streamed', async () => {
  for (const stream of [false, true]) {
    const model = script();
    const proxy = new Proxy(model, {});
    const agent = new Agent({ name: 'W', model: proxy, tools: [weather] });
    const finalOutput = stream
      ? (await runStreamed(agent, 'Oslo?')).finalOutput
      : (await runner.run(agent, 'Oslo?')).finalOutput;
    assert.equal(finalOutput, 'Sunny in Oslo.');
    assert.equal(proxy.calls.length, 2);
    assert.equal(proxy.calls, model.calls);
    assert.equal(proxy.firstCall, model.firstCall);
    assert.equal(proxy.lastCall?.streamed, stream);
    assert.equal(proxy.remainingSteps, 0);
    proxy.assertComplete();
    proxy.enqueue([assistantMessage('more')]);
    assert.equal(model.remainingSteps, 1);
    assert.throws(() => proxy.assertComplete(), UnconsumedModelStepsError);
  }
});

test("ScriptedModel works behind a logging spy used as the Agent's model, plain and streamed", async () => {
  for (const stream of [false, true]) {
    const log: string[] = [];
    const model = logged(script(), log);
    const agent = new Agent({ name: 'W', model, tools: [weather] });
    const finalOutput = stream
      ? (await runStreamed(agent, 'Oslo?')).finalOutput
      : (await runner.run(agent, 'Oslo?')).finalOutput;
    assert.equal(finalOutput, 'Sunny in Oslo.');
    const method = stream ? 'getStreamedResponse' : 'getResponse';
    assert.equal(log.filter((line) => line === `call ${method}`).length, 2);
    assert.equal(model.calls.length, 2);
    assert.equal(model.remainingSteps, 0);
    model.assertComplete();
    assert(log.includes('call assertComplete'));
    // Drift is still remembered and rethrown through the spy.
    await assert.rejects(
      model.getResponse(request()),
      UnexpectedModelCallError,
    );
    assert.throws(() => model.assertComplete(), UnexpectedModelCallError);
  }
});

test('ScriptedModel methods called on a foreign receiver fail with a TypeError', async () => {
  const model = new ScriptedModel();
  const descriptor = Object.getOwnPropertyDescriptor(
    ScriptedModel.prototype,
    'remainingSteps',
  );
  assert.throws(() => descriptor!.get!.call({}), TypeError);
  assert.throws(() => model.assertComplete.call({} as never), TypeError);
  // The model's promise-returning methods reject instead of throwing.
  const pending = model.getResponse.call({} as never, request());
  assert(pending instanceof Promise);
  await assert.rejects(pending, TypeError);
  await assert.rejects(
    model.getRetryAdvice.call({} as never, {} as never),
    TypeError,
  );
  // The state is invisible to enumeration and comparison.
  assert.deepEqual(Object.keys(model), []);
  assert.deepEqual(Object.getOwnPropertyNames(model), []);
});

test('Shorthand and auto-streamed responses get scripted-response-<n> and zero-token usage', async () => {
  const model = new ScriptedModel([
    [assistantMessage('one')],
    [assistantMessage('two')],
    { output: [assistantMessage('three')], usage: new Usage() },
    {
      output: [assistantMessage('four')],
      usage: new Usage({ requests: 1, inputTokens: 2, outputTokens: 3 }),
    },
  ]);
  const first = await model.getResponse(request());
  assert.equal(first.responseId, 'scripted-response-1');
  assert.deepEqual(
    [
      first.usage.requests,
      first.usage.inputTokens,
      first.usage.outputTokens,
      first.usage.totalTokens,
    ],
    [1, 0, 0, 0],
  );
  const second = (await drain(model.getStreamedResponse(request())))
    .at(-1) as Done;
  assert.equal(second.response.id, 'scripted-response-2');
  assert.deepEqual(second.response.usage, {
    requests: 1,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
  });
  // A complete response without an id keeps none when not streamed...
  const third = await model.getResponse(request());
  assert.equal(third.responseId, undefined);
  // ...and gets one when streamed; empty token-details lists are left out.
  const fourth = (await drain(model.getStreamedResponse(request())))
    .at(-1) as Done;
  assert.equal(fourth.response.id, 'scripted-response-4');
  assert.deepEqual(fourth.response.usage, {
    requests: 1,
    inputTokens: 2,
    outputTokens: 3,
    totalTokens: 5,
  });
});

test("A response's rawUsage passes, detached, only when the call preserves raw usage", async () => {
  const rawUsage = { prompt_tokens: 2, nested: { cached: [1] } };
  const response = {
    output: [assistantMessage('hi')],
    usage: new Usage({ requests: 1, inputTokens: 2, outputTokens: 1 }),
    rawUsage,
  };
  const model = new ScriptedModel([response, response, response, response]);
  const preserve = { modelSettings: { preserveRawUsage: true } };
  assert.equal('rawUsage' in await model.getResponse(request()), false);
  const plain = await model.getResponse(request(preserve));
  assert.deepEqual(plain.rawUsage, rawUsage);
  assert.notEqual(plain.rawUsage, rawUsage);
  // Read when the call is made: a later change shows in the next call only.
  rawUsage.nested.cached.push(2);
  assert.deepEqual(plain.rawUsage, {
    prompt_tokens: 2,
    nested: { cached: [1] },
  });
  const off = (await drain(model.getStreamedResponse(request()))).at(
    -1,
  ) as Done;
  assert.equal('rawUsage' in off.response, false);
  const done = (await drain(model.getStreamedResponse(request(preserve))))
    .at(-1) as Done;
  assert.deepEqual(done.response.rawUsage, {
    prompt_tokens: 2,
    nested: { cached: [1, 2] },
  });
  const result = await runner.run(
    agentWith(new ScriptedModel([{ ...response, rawUsage: { a: 1 } }]), {
      preserveRawUsage: true,
    }),
    'Hi',
  );
  assert.deepEqual(result.rawResponses[0]!.rawUsage, { a: 1 });
});

test('functionCall sets id to callId unless given, and passes namespace and providerData', () => {
  const providerData = { trace: 'x' };
  const call = functionCall('lookup', { q: 1 }, {
    callId: 'call_9',
    namespace: 'orders',
    providerData,
  });
  assert.equal(call.id, 'call_9');
  assert.equal(call.namespace, 'orders');
  assert.deepEqual(call.providerData, providerData);
  assert.equal(
    functionCall('lookup', '{}', { callId: 'call_9', id: 'fc_1' }).id,
    'fc_1',
  );
});

test('A responder may mutate the call it gets: no throw, and the record is untouched', async () => {
  const mutate = (call: RecordedModelCall): void => {
    const copy = call as unknown as {
      index: number;
      request: { input: unknown[]; modelSettings: Record<string, unknown> };
    };
    copy.index = 99;
    copy.request.input.push({ role: 'user', content: 'injected' });
    copy.request.modelSettings.temperature = 2;
  };
  const seen: RecordedModelCall[] = [];
  const model = new ScriptedModel([
    modelResponder((call) => {
      mutate(call);
      seen.push(call);
      return [assistantMessage('plain')];
    }),
    modelStreamResponder((call) => {
      mutate(call);
      seen.push(call);
      return [{ type: 'response_started' }];
    }),
  ]);
  const input = [{ role: 'user' as const, content: 'Hi' }];
  await model.getResponse(request({ input }));
  await drain(model.getStreamedResponse(request({ input })));
  for (const [index, call] of model.calls.entries()) {
    assert.equal(call.index, index);
    assert(Object.isFrozen(call.request.input));
    assert.deepEqual(call.request.input, input);
    assert.deepEqual(call.request.modelSettings, {});
    assert.equal(seen[index]!.index, 99);
    assert.notEqual(seen[index], call);
  }
  assert.equal(input.length, 1);
});

test('Abort is checked again before a deferred stream step runs', async () => {
  const failure = new Error('provider down');
  let called = 0;
  const model = new ScriptedModel([
    modelError(failure, { suggested: true }),
    modelResponder(() => {
      called++;
      return [assistantMessage('never')];
    }),
    modelStreamResponder(() => {
      called++;
      return [];
    }),
  ]);
  for (const index of [0, 1, 2]) {
    const controller = new AbortController();
    const reason = new Error('stop');
    const events = model.getStreamedResponse(
      request({ signal: controller.signal }),
    );
    controller.abort(reason);
    const error = await drain(events).catch((e: unknown) => e);
    assert(error instanceof ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, index);
    assert.equal(error.cause, reason);
  }
  assert.equal(called, 0);
  assert.equal(model.calls.length, 3);
  assert.equal(model.remainingSteps, 0);
  // The error step never failed a request, so it has no advice to give.
  assert.equal(
    await model.getRetryAdvice({
      request: request(),
      error: failure,
      stream: true,
      attempt: 1,
    }),
    undefined,
  );
});

test('A model behind a Proxy keeps its own state per instance', () => {
  const a: Model = new Proxy(new ScriptedModel([[assistantMessage('a')]]), {});
  const b = new ScriptedModel();
  assert.equal((a as ScriptedModel).remainingSteps, 1);
  assert.equal(b.remainingSteps, 0);
});

test('ScriptedModel works with add-on hooks that bring only some of the hooks', async () => {
  const { modelHooks } = await import('../../_internal/state.ts');
  const completing = new ScriptedModel();
  modelHooks.attach(completing, { retryAdvice: () => ({ found: false }) });
  completing.assertComplete();
  const advising = new ScriptedModel();
  modelHooks.attach(advising, { beforeComplete: () => {} });
  assert.equal(
    await advising.getRetryAdvice({
      request: request(),
      error: new Error('x'),
      stream: false,
      attempt: 1,
    }),
    undefined,
  );
});
