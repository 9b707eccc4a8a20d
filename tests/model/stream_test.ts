import type { StreamEvent } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelResponder,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { agentWith, drain, request, runner, runStreamed } from './_fixtures.ts';

const done = (text: string, id = 'resp_exact'): StreamEvent => ({
  type: 'response_done',
  response: {
    id,
    usage: { requests: 1, inputTokens: 2, outputTokens: 3, totalTokens: 5 },
    output: [assistantMessage(text)],
  },
});

function assertAborted(error: unknown, callIndex: number | undefined): true {
  assert(error instanceof ScriptedModelRequestAbortedError);
  assert.equal(error.name, 'AbortError');
  assert.equal(error.code, 'scripted_model_request_aborted');
  assert.equal(error.callIndex, callIndex);
  return true;
}

test('Automatic streaming yields detached events: mutating a delta spares response_done', async () => {
  const model = new ScriptedModel([[
    assistantMessage('Hello '),
    assistantMessage('world'),
  ]]);
  const events: StreamEvent[] = [];
  for await (const event of model.getStreamedResponse(request())) {
    if (event.type === 'output_text_delta') event.delta = 'MUTATED';
    if (event.type === 'response_started') {
      (event as { providerData?: unknown }).providerData = { x: 1 };
    }
    events.push(event);
  }
  assert.deepEqual(events.map((event) => event.type), [
    'response_started',
    'output_text_delta',
    'output_text_delta',
    'response_done',
  ]);
  const last = events[3] as Extract<StreamEvent, { type: 'response_done' }>;
  assert.deepEqual(last.response.output, [
    assistantMessage('Hello '),
    assistantMessage('world'),
  ]);
  assert.equal(last.response.id, 'scripted-response-1');
  assert.deepEqual(last.response.usage, {
    requests: 1,
    inputTokens: 0,
    outputTokens: 0,
    totalTokens: 0,
  });
});

test('Automatic streaming gives a complete response without an id a deterministic one', async () => {
  const model = new ScriptedModel([
    {
      output: [assistantMessage('a')],
      usage: { requests: 1, inputTokens: 4, outputTokens: 1, totalTokens: 5 },
    } as never,
  ]);
  const events = await drain(model.getStreamedResponse(request()));
  const last = events.at(-1) as Extract<StreamEvent, { type: 'response_done' }>;
  assert.equal(last.response.id, 'scripted-response-1');
  assert.equal(last.response.usage.totalTokens, 5);
});

test('modelStream yields its exact events through a streamed run', async () => {
  const events: StreamEvent[] = [
    { type: 'response_started' },
    { type: 'output_text_delta', delta: 'Exact' },
    { type: 'model', event: { kind: 'custom' } },
    done('Exact'),
  ];
  const model = new ScriptedModel([modelStream(events)]);
  events[1] = { type: 'output_text_delta', delta: 'rewritten later' };
  const { finalOutput, raw } = await runStreamed(agentWith(model), 'Hi');
  assert.equal(finalOutput, 'Exact');
  assert.deepEqual(raw.slice(0, 3), [
    { type: 'response_started' },
    { type: 'output_text_delta', delta: 'Exact' },
    { type: 'model', event: { kind: 'custom' } },
  ]);
  assert.equal(raw[3]!.type, 'response_done');
  model.assertComplete();
});

test('modelStream accepts an async iterable', async () => {
  async function* events(): AsyncGenerator<StreamEvent> {
    yield { type: 'response_started' };
    await Promise.resolve();
    yield done('From a generator');
  }
  const model = new ScriptedModel([modelStream(events())]);
  const { finalOutput, raw } = await runStreamed(agentWith(model), 'Hi');
  assert.equal(finalOutput, 'From a generator');
  assert.equal(raw.length, 2);
});

test('modelStreamResponder derives the stream from the recorded call', async () => {
  const model = new ScriptedModel([
    modelStreamResponder(async (call) => {
      assert.equal(call.streamed, true);
      await Promise.resolve();
      return [done(`streamed call ${call.index}`)];
    }),
  ]);
  const { finalOutput } = await runStreamed(agentWith(model), 'Hi');
  assert.equal(finalOutput, 'streamed call 0');
  model.assertComplete();
});

test('A responder step serves a streamed run through automatic streaming', async () => {
  const model = new ScriptedModel([
    modelResponder((call) => [assistantMessage(`streamed=${call.streamed}`)]),
  ]);
  const { finalOutput, raw } = await runStreamed(agentWith(model), 'Hi');
  assert.equal(finalOutput, 'streamed=true');
  assert.equal(raw[1]!.type, 'output_text_delta');
});

test('A stream yielding a non-event fails with invalid_stream and is remembered', async () => {
  const model = new ScriptedModel([
    modelStreamResponder(() => [{ type: 'response_started' }, 42 as never]),
    modelStreamResponder(() => 7 as never),
  ]);
  const first = await drain(model.getStreamedResponse(request())).catch((e) =>
    e
  );
  assert(first instanceof InvalidScriptedModelStepError);
  assert.equal(first.reason, 'invalid_stream');
  assert.equal(first.issue, 'invalid_event');
  assert.equal(first.path, 'respond()[1]');
  assert.equal(first.received, '42');
  assert.equal(first.callIndex, 0);
  assert.equal(first.stepType, 'stream_responder');
  const second = await drain(model.getStreamedResponse(request())).catch((e) =>
    e
  );
  assert(second instanceof InvalidScriptedModelStepError);
  assert.equal(second.reason, 'invalid_stream');
  assert.equal(second.issue, 'invalid_stream');
  assert.equal(second.path, 'respond()');
  assert.equal(second.received, '7');
  assert.equal(second.callIndex, 1);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => error === first,
  );
});

test('An already-aborted request consumes no step and records nothing', async () => {
  const model = new ScriptedModel([[assistantMessage('kept')]]);
  const reason = new Error('stop');
  const signal = AbortSignal.abort(reason);
  const plain = await model.getResponse(request({ signal })).catch((e) => e);
  assertAborted(plain, undefined);
  assert.equal(plain.cause, reason);
  const streamed = await drain(model.getStreamedResponse(request({ signal })))
    .catch((e) => e);
  assertAborted(streamed, undefined);
  const run = await runner.run(agentWith(model), 'Hi', { signal }).catch((e) =>
    e
  );
  assertAborted(run, undefined);
  assert.equal(model.calls.length, 0);
  assert.equal(model.remainingSteps, 1);
  const result = await runner.run(agentWith(model), 'Hi');
  assert.equal(result.finalOutput, 'kept');
});

test('An abort during a responder fails the recorded call after the responder returns', async () => {
  const controller = new AbortController();
  let responderFinished = false;
  const model = new ScriptedModel([
    modelResponder(async (call) => {
      assert.equal(call.request.signal, controller.signal);
      controller.abort();
      await Promise.resolve();
      responderFinished = true;
      return [assistantMessage('too late')];
    }),
  ]);
  const error = await runner
    .run(agentWith(model), 'Hi', { signal: controller.signal })
    .catch((e) => e);
  assertAborted(error, 0);
  assert.equal(responderFinished, true);
  assert.equal(model.calls.length, 1);
  assert.equal(model.remainingSteps, 0);
  model.assertComplete();
});

test('An abort between streamed events fails the next event with callIndex', async () => {
  const controller = new AbortController();
  const model = new ScriptedModel([
    [assistantMessage('a')],
    [assistantMessage('b')],
  ]);
  await model.getResponse(request());
  const iterator = model
    .getStreamedResponse(request({ signal: controller.signal }))[
    Symbol.asyncIterator
  ]();
  assert.equal((await iterator.next()).value?.type, 'response_started');
  controller.abort();
  await assert.rejects(iterator.next(), (error) => assertAborted(error, 1));
  assert.equal((await iterator.next()).done, true);
});

test('A streamed run aborted mid-stream ends as cancelled', async () => {
  const controller = new AbortController();
  const model = new ScriptedModel([
    modelStreamResponder(function* () {
      yield { type: 'response_started' } as StreamEvent;
      controller.abort();
      yield done('never delivered');
    }),
  ]);
  const result = await runner.run(agentWith(model), 'Hi', {
    stream: true,
    signal: controller.signal,
  });
  const types: string[] = [];
  for await (const event of result) {
    if (event.type === 'raw_model_stream_event') types.push(event.data.type);
  }
  await result.completed;
  assert.deepEqual(types, ['response_started']);
  assert.equal(result.cancelled, true);
  assert.equal(model.calls.length, 1);
});

test('A pending next() of a user iterator is not raced against the signal', async () => {
  const controller = new AbortController();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let cleanedUp = false;
  async function* events(): AsyncGenerator<StreamEvent> {
    try {
      yield { type: 'response_started' };
      await gate;
      yield done('after the gate');
    } finally {
      cleanedUp = true;
    }
  }
  const model = new ScriptedModel([modelStream(events())]);
  const iterator = model
    .getStreamedResponse(request({ signal: controller.signal }))[
    Symbol.asyncIterator
  ]();
  await iterator.next();
  let settled = false;
  const pending = iterator.next().finally(() => (settled = true));
  pending.catch(() => undefined);
  controller.abort();
  for (let i = 0; i < 20; i++) await Promise.resolve();
  assert.equal(settled, false);
  release();
  await assert.rejects(pending, (error) => assertAborted(error, 0));
  assert.equal(cleanedUp, true);
});

test('A stream iterator that breaks the protocol fails with invalid_stream, not a TypeError', async () => {
  const badResult: AsyncIterable<StreamEvent> = {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.resolve(42 as never),
    }),
  };
  const badIterator = {
    [Symbol.asyncIterator]: () => 'not an iterator',
  } as unknown as AsyncIterable<StreamEvent>;
  const model = new ScriptedModel([
    modelStream(badResult),
    modelStream(badIterator),
  ]);
  const first = await drain(model.getStreamedResponse(request())).catch((e) =>
    e
  );
  assert(first instanceof InvalidScriptedModelStepError);
  assert.equal(first.name, 'InvalidScriptedModelStepError');
  assert.equal(first.reason, 'invalid_stream');
  assert.equal(first.callIndex, 0);
  assert.equal(first.stepType, 'stream');
  assert.equal(first.issue, 'broken_iterator');
  assert.equal(first.path, 'events');
  assert.equal(first.received, '42 from next()');
  assert.match(
    first.message,
    /expected "events" to follow the iterator protocol, got 42 from next\(\)$/,
  );
  const second = await drain(model.getStreamedResponse(request())).catch((e) =>
    e
  );
  assert(second instanceof InvalidScriptedModelStepError);
  assert.equal(second.reason, 'invalid_stream');
  assert.equal(second.issue, 'broken_iterator');
  assert.equal(second.received, '"not an iterator" as its iterator');
  assert.equal(second.callIndex, 1);
  assert.throws(
    () => model.assertComplete(),
    (error: unknown) => error === first,
  );
});

test('A user stream iterator is closed when its stream stops early, and its own error passes through', async () => {
  let returned = 0;
  const failure = new Error('iterator failed');
  function iterable(events: unknown[]): AsyncIterable<StreamEvent> {
    return {
      [Symbol.asyncIterator]() {
        let at = 0;
        return {
          next() {
            if (at < events.length) {
              const value = events[at++];
              if (value === failure) return Promise.reject(failure);
              return Promise.resolve({ done: false, value: value as never });
            }
            return Promise.resolve({ done: true, value: undefined });
          },
          return() {
            returned++;
            return Promise.resolve({ done: true, value: undefined });
          },
        };
      },
    };
  }
  const model = new ScriptedModel([
    modelStream(iterable([{ type: 'response_started' }, 'not an event'])),
    modelStream(iterable([{ type: 'response_started' }, failure])),
    modelStream(iterable([{ type: 'response_started' }, done('kept')])),
  ]);
  await assert.rejects(
    drain(model.getStreamedResponse(request())),
    InvalidScriptedModelStepError,
  );
  assert.equal(returned, 1);
  await assert.rejects(
    drain(model.getStreamedResponse(request())),
    (error) => error === failure,
  );
  const events = await drain(model.getStreamedResponse(request()));
  assert.deepEqual(events.map((event) => event.type), [
    'response_started',
    'response_done',
  ]);
  // An iterator that finished on its own is not asked to return.
  assert.equal(returned, 1);
});
