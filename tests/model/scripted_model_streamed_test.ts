import {
  Agent,
  type Model,
  type ModelRequest,
  type StreamEvent,
  tool,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  InvalidScriptedModelStepError,
  modelResponder,
  modelStream,
  modelStreamResponder,
  type RecordedModelCall,
  ScriptedModel,
  UnexpectedModelCallError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { z } from 'zod';
import { agentWith, runner, runStreamed } from './_fixtures.ts';

type Item = { type: string; callId?: string; output?: unknown };

const weather = tool({
  name: 'get_weather',
  description: 'Weather of a city.',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `Sunny in ${city}`,
});

function weatherAgent(model: ScriptedModel): Agent {
  return new Agent({ name: 'Weather', model, tools: [weather] });
}

/** Asserts every plain object and array reachable from `value` is frozen. */
function assertDeepFrozen(value: unknown, path = 'input'): void {
  if (typeof value !== 'object' || value === null) return;
  const proto = Object.getPrototypeOf(value);
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) {
    return; // runtime objects keep identity and are not frozen
  }
  assert(Object.isFrozen(value), `${path} is frozen`);
  for (const [key, child] of Object.entries(value)) {
    assertDeepFrozen(child, `${path}.${key}`);
  }
}

test('ScriptedModel runs the multi-turn tool workflow streamed', async () => {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Seoul' }, { callId: 'call_1' })],
    [assistantMessage('It is sunny in Seoul.')],
  ]);
  const { finalOutput } = await runStreamed(weatherAgent(model), 'Weather?');
  assert.equal(finalOutput, 'It is sunny in Seoul.');
  assert.equal(model.calls.length, 2);
  assert.deepEqual(model.calls.map((call) => call.streamed), [true, true]);
  assert.equal(model.calls[1]!.streamed, true);
  const results = (model.calls[1]!.request.input as Item[]).filter((item) =>
    item.type === 'function_call_result'
  );
  assert.equal(results.length, 1);
  assert.equal(results[0]!.callId, 'call_1');
  assert.match(JSON.stringify(results[0]!.output), /Sunny in Seoul/);
  model.assertComplete();
});

/** A model that hands each raw request to `model`, keeping the raw request. */
function spyOn(model: ScriptedModel, raw: ModelRequest[]): Model {
  return {
    getResponse: (request) => {
      raw.push(request);
      return model.getResponse(request);
    },
    getStreamedResponse: (request) => {
      raw.push(request);
      return model.getStreamedResponse(request);
    },
  };
}

test('ScriptedModel records frozen, detached requests through a streamed run', async () => {
  const controller = new AbortController();
  const seen: RecordedModelCall[] = [];
  const model = new ScriptedModel([
    modelStreamResponder(function* (call) {
      seen.push(call);
      yield { type: 'response_started' } as StreamEvent;
      yield {
        type: 'response_done',
        response: {
          id: 'resp_tool',
          usage: {
            requests: 1,
            inputTokens: 0,
            outputTokens: 0,
            totalTokens: 0,
          },
          output: [
            functionCall('get_weather', { city: 'Paris' }, {
              callId: 'call_p',
            }),
          ],
        },
      } as StreamEvent;
    }),
    modelResponder((call) => {
      seen.push(call);
      return [assistantMessage('Sunny.')];
    }),
  ]);
  const raw: ModelRequest[] = [];
  const agent = new Agent({
    name: 'Weather',
    model: spyOn(model, raw),
    tools: [weather],
  });
  const { finalOutput } = await runStreamed(agent, 'Paris?', {
    signal: controller.signal,
  });
  assert.equal(finalOutput, 'Sunny.');
  assert.equal(raw.length, 2);
  assert.equal(seen.length, 2);
  const before = structuredClone(
    model.calls.map((call) => call.request.input),
  );
  for (const [index, call] of model.calls.entries()) {
    // Each responder got its own mutable copy of the record.
    assert.notEqual(call, seen[index]);
    assert.deepEqual(call, seen[index]);
    assert(!Object.isFrozen(seen[index]));
    assert.equal(call.index, index);
    assert.equal(call.streamed, true);
    assert(Object.isFrozen(call));
    assert(Object.isFrozen(call.request));
    assertDeepFrozen(call.request.input);
    assert.deepEqual(call.request.input, raw[index]!.input);
    assert.notEqual(call.request.input, raw[index]!.input);
    // The runtime signal the SDK forwarded keeps its identity.
    assert.equal(call.request.signal, raw[index]!.signal);
  }
  const input = model.lastCall!.request.input as Item[];
  assert(input.some((item) => item.type === 'function_call_result'));
  assert.throws(() => {
    (input as unknown[]).push({ type: 'message' });
  }, TypeError);
  assert.throws(() => {
    input[0]!.type = 'changed';
  }, TypeError);
  // Changing what the SDK handed over leaves the records as they were.
  for (const request of raw) {
    const items = request.input as Item[];
    for (const item of items) item.type = 'mutated';
    items.push({ type: 'extra' });
  }
  assert.deepEqual(model.calls.map((call) => call.request.input), before);
  // The forwarded signal is live: aborting the run's signal reaches it.
  const recorded = model.firstCall!.request.signal;
  assert(recorded instanceof AbortSignal);
  assert.equal(recorded.aborted, false);
  controller.abort();
  assert.equal(recorded.aborted, true);
});

test('ScriptedModel drift in a streamed run cannot hide behind a catch', async () => {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'call_o' })],
  ]);
  let caught: unknown;
  try {
    const result = await runner.run(weatherAgent(model), 'Oslo?', {
      stream: true,
    });
    for await (const _event of result) { /* consume */ }
    await result.completed;
  } catch (error) {
    caught = error; // application code swallows the failure
  }
  assert(caught instanceof UnexpectedModelCallError);
  assert.equal(caught.name, 'UnexpectedModelCallError');
  assert.equal(caught.callIndex, 1);
  assert.equal(caught.streamed, true);
  assert.equal(model.calls.length, 2);
  assert.equal(model.remainingSteps, 0);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => error === caught,
  );
});

test('ScriptedModel remembers a raw stream step met by a non-streamed run', async () => {
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Rome' }, { callId: 'call_r' })],
    modelStream([{ type: 'response_started' }]),
  ]);
  let caught: unknown;
  try {
    await runner.run(weatherAgent(model), 'Rome?');
  } catch (error) {
    caught = error;
  }
  assert(caught instanceof InvalidScriptedModelStepError);
  assert.equal(caught.name, 'InvalidScriptedModelStepError');
  assert.equal(caught.reason, 'incompatible_call');
  assert.equal(caught.callIndex, 1);
  assert.equal(caught.inputIndex, undefined);
  assert.equal(caught.stepType, 'stream');
  assert.equal(model.calls[1]!.streamed, false);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => error === caught,
  );
});

test('ScriptedModel leaves the script alone for an already-aborted streamed run', async () => {
  const model = new ScriptedModel([[assistantMessage('kept')]]);
  const signal = AbortSignal.abort(new Error('stop'));
  const result = await runner.run(agentWith(model), 'x', {
    stream: true,
    signal,
  });
  const events: string[] = [];
  for await (const event of result) events.push(event.type);
  await result.completed;
  // The SDK ends such a run as cancelled, without an error or any event.
  assert.deepEqual(events, []);
  assert.equal(result.cancelled, true);
  assert.equal(result.error, null);
  assert.equal(result.rawResponses.length, 0);
  assert.equal(model.calls.length, 0);
  assert.equal(model.remainingSteps, 1);
  const { finalOutput } = await runStreamed(agentWith(model), 'again');
  assert.equal(finalOutput, 'kept');
  model.assertComplete();
});
