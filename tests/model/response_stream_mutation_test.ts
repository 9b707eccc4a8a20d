import type { StreamEvent } from '@openai/agents';
import {
  InvalidScriptedModelStepError,
  modelResponse,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  ScriptedModelRequestAbortedError,
} from '@scripted/agents';
import assert from 'node:assert/strict';
import test from 'node:test';
import { drain, request } from './_fixtures.ts';

const said = (text: string, id?: string) => ({
  type: 'message',
  role: 'assistant',
  status: 'completed',
  ...(id === undefined ? {} : { id }),
  content: [{ type: 'output_text', text }],
});

test('ScriptedModel gives a complete response only the optional fields it has', async () => {
  const bare = modelResponse({ output: [said('hi')] } as never);
  const full = modelResponse({
    output: [said('hi')] as never,
    responseId: 'resp_1',
    requestId: 'req_1',
    providerData: { region: 'eu' },
    rawUsage: { prompt_tokens: 3 },
  } as never);
  const model = new ScriptedModel([bare, full, [said('short')] as never]);
  const first = await model.getResponse(request());
  assert.deepEqual(Object.keys(first), ['usage', 'output']);
  assert.deepEqual(first.output, [said('hi')]);
  const second = await model.getResponse(
    request({ modelSettings: { preserveRawUsage: true } }),
  );
  assert.deepEqual(Object.keys(second), [
    'usage',
    'output',
    'responseId',
    'requestId',
    'providerData',
    'rawUsage',
  ]);
  assert.deepEqual(
    [
      second.responseId,
      second.requestId,
      second.providerData,
      (second as unknown as { rawUsage: unknown }).rawUsage,
    ],
    ['resp_1', 'req_1', { region: 'eu' }, { prompt_tokens: 3 }],
  );
  // The output-array shorthand gets the id of its call: the third here.
  const third = await model.getResponse(request());
  assert.deepEqual(Object.keys(third), ['usage', 'output', 'responseId']);
  assert.equal(third.responseId, 'scripted-response-3');
  model.assertComplete();
});

test('ScriptedModel streams one text delta per assistant output_text part, in order', async () => {
  const output = [
    {
      type: 'message',
      role: 'assistant',
      id: 'msg_1',
      status: 'completed',
      content: [
        { type: 'output_text', text: 'a' },
        { type: 'refusal', refusal: 'no' },
        { type: 'output_text', text: 'b' },
      ],
    },
    {
      type: 'message',
      role: 'user',
      content: [{ type: 'output_text', text: 'u' }],
    },
    {
      type: 'message',
      role: 'system',
      content: [{ type: 'output_text', text: 's' }],
    },
    {
      type: 'reasoning',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'r' }],
    },
    { type: 'message', role: 'assistant', content: 'not a list' },
    {
      type: 'message',
      role: 'assistant',
      id: 7,
      content: [null, { type: 'output_text', text: 5 }, {
        type: 'output_text',
        text: 'c',
      }],
    },
    { type: 'function_call', name: 'f', callId: 'c1', arguments: '{}' },
  ];
  const model = new ScriptedModel([output as never]);
  const events = await drain(model.getStreamedResponse(request()));
  assert.deepEqual(events, [
    { type: 'response_started' },
    { type: 'output_text_delta', itemId: 'msg_1', delta: 'a' },
    { type: 'output_text_delta', itemId: 'msg_1', delta: 'b' },
    { type: 'output_text_delta', delta: 'c' },
    {
      type: 'response_done',
      response: {
        id: 'scripted-response-1',
        usage: {
          requests: 1,
          inputTokens: 0,
          outputTokens: 0,
          totalTokens: 0,
        },
        output,
      },
    },
  ]);
  const done = events.at(-1) as Extract<StreamEvent, { type: 'response_done' }>;
  assert.deepEqual(Object.keys(done.response), ['id', 'usage', 'output']);
});

test('ScriptedModel writes a streamed response_done with its optional fields in order', async () => {
  const model = new ScriptedModel([
    modelResponse({
      output: [said('hi')] as never,
      responseId: 'resp_9',
      requestId: 'req_9',
      providerData: { region: 'eu' },
      rawUsage: { prompt_tokens: 3 },
      usage: { inputTokens: 2, outputTokens: 1 } as never,
    } as never),
  ]);
  const events = await drain(
    model.getStreamedResponse(
      request({ modelSettings: { preserveRawUsage: true } }),
    ),
  );
  assert.deepEqual(events.map((event) => event.type), [
    'response_started',
    'output_text_delta',
    'response_done',
  ]);
  const done = events[2] as Extract<StreamEvent, { type: 'response_done' }>;
  assert.deepEqual(Object.keys(done.response), [
    'id',
    'requestId',
    'usage',
    'rawUsage',
    'providerData',
    'output',
  ]);
  assert.deepEqual(done.response, {
    id: 'resp_9',
    requestId: 'req_9',
    usage: { requests: 1, inputTokens: 2, outputTokens: 1, totalTokens: 3 },
    rawUsage: { prompt_tokens: 3 },
    providerData: { region: 'eu' },
    output: [said('hi')],
  });
});

/** A user iterable over `results`: what each `next()` resolves to. */
function iterableOf(
  results: unknown[],
  log: string[] = [],
): AsyncIterable<StreamEvent> {
  return {
    [Symbol.asyncIterator]() {
      let at = 0;
      return {
        next() {
          log.push('next');
          return Promise.resolve(
            at < results.length
              ? results[at++]
              : { done: true, value: undefined },
          ) as never;
        },
        return() {
          log.push('return');
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}

const started = { done: false, value: { type: 'response_started' } };

/** The `InvalidScriptedModelStepError` a streamed call of `model` fails with. */
async function streamFailure(model: ScriptedModel) {
  const error = await drain(model.getStreamedResponse(request())).then(
    () => assert.fail('the stream should fail'),
    (thrown: unknown) => thrown,
  );
  assert(error instanceof InvalidScriptedModelStepError, String(error));
  return error;
}

test('ScriptedModel names the position of a bad event in a user stream', async () => {
  const log: string[] = [];
  const model = new ScriptedModel([
    modelStream(
      iterableOf([started, started, { done: false, value: 'x' }], log),
    ),
  ]);
  const error = await streamFailure(model);
  assert.deepEqual(
    {
      reason: error.reason,
      issue: error.issue,
      path: error.path,
      received: error.received,
      callIndex: error.callIndex,
      stepType: error.stepType,
    },
    {
      reason: 'invalid_stream',
      issue: 'invalid_event',
      path: 'events[2]',
      received: '"x"',
      callIndex: 0,
      stepType: 'stream',
    },
  );
  assert.deepEqual(log, ['next', 'next', 'next', 'return']);
});

test('ScriptedModel reports a user stream result or event that throws when read, at its position', async () => {
  const failure = new Error('unreadable');
  const throwingResult = {
    get done(): boolean {
      throw failure;
    },
  };
  const throwingEvent = {
    get type(): string {
      throw failure;
    },
  };
  const model = new ScriptedModel([
    modelStream(iterableOf([throwingResult])),
    modelStream(iterableOf([started, { done: false, value: throwingEvent }])),
  ]);
  for (const path of ['events[0]', 'events[1]']) {
    const error = await streamFailure(model);
    // A value that throws when read is an unreadable input, as everywhere.
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.issue, 'unreadable');
    assert.equal(error.path, path);
    assert.equal(error.cause, failure);
  }
});

test('ScriptedModel fails a user stream whose next() or iterator breaks the protocol, by what it got', async () => {
  const iteratorFrom = (iterator: unknown): AsyncIterable<StreamEvent> => ({
    [Symbol.asyncIterator]: () => iterator as never,
  });
  const cases: [AsyncIterable<StreamEvent>, string][] = [
    [iterableOf([null]), 'null from next()'],
    [iterableOf([started, 'done']), '"done" from next()'],
    [iteratorFrom(null), 'null as its iterator'],
    [iteratorFrom(undefined), 'undefined as its iterator'],
    [iteratorFrom(5), '5 as its iterator'],
    [iteratorFrom({}), 'an object as its iterator'],
    [iteratorFrom({ next: 'no' }), 'an object as its iterator'],
    [
      iteratorFrom(Object.assign(() => {}, { nest: 1 })),
      'a function as its iterator',
    ],
  ];
  for (const [events, received] of cases) {
    const error = await streamFailure(new ScriptedModel([modelStream(events)]));
    assert.deepEqual(
      [error.reason, error.issue, error.path, error.received],
      ['invalid_stream', 'broken_iterator', 'events', received],
    );
    assert.equal(
      error.message,
      `Invalid model step for call 0 ("stream"): expected "events" to follow the iterator protocol, got ${received}`,
    );
  }
});

test('ScriptedModel plays a user stream whose iterator is a function with next()', async () => {
  let at = 0;
  const iterator = Object.assign(() => {}, {
    next: () =>
      Promise.resolve(
        at++ === 0 ? started : { done: true, value: undefined },
      ),
  });
  const model = new ScriptedModel([
    modelStream({ [Symbol.asyncIterator]: () => iterator } as never),
  ]);
  assert.deepEqual(await drain(model.getStreamedResponse(request())), [
    { type: 'response_started' },
  ]);
  model.assertComplete();
});

test('ScriptedModel fails a streamed responder result that stops being iterable', async () => {
  let reads = 0;
  const fickle = {
    get [Symbol.asyncIterator]() {
      reads++;
      return reads === 1 ? () => ({ next: () => ({ done: true }) }) : undefined;
    },
  };
  const model = new ScriptedModel([
    modelStreamResponder(() => fickle as never),
  ]);
  const error = await streamFailure(model);
  assert.deepEqual(
    [error.reason, error.issue, error.path, error.received],
    [
      'invalid_stream',
      'broken_iterator',
      'respond()',
      'undefined as its iterator',
    ],
  );
});

test('ScriptedModel ends a scripted stream normally when aborted after its last event', async () => {
  const done = {
    type: 'response_done',
    response: {
      id: 'r',
      usage: { requests: 1, inputTokens: 0, outputTokens: 0, totalTokens: 0 },
      output: [],
    },
  };
  const steps = () => [
    modelStream([{ type: 'response_started' }, done] as never),
    [said('hi')] as never,
  ];
  for (const [index, length] of [[0, 2], [1, 3]] as const) {
    // Aborted before its last event: the next event is refused.
    const early = new AbortController();
    const cut = new ScriptedModel([steps()[index]!]);
    const cutIterator = cut.getStreamedResponse(
      request({ signal: early.signal }),
    )[Symbol.asyncIterator]();
    assert.equal((await cutIterator.next()).done, false);
    early.abort();
    await assert.rejects(
      cutIterator.next(),
      (error: unknown) =>
        error instanceof ScriptedModelRequestAbortedError &&
        error.callIndex === 0,
    );
    // Aborted once every event is out: nothing is left to refuse.
    const late = new AbortController();
    const model = new ScriptedModel([steps()[index]!]);
    const iterator = model.getStreamedResponse(
      request({ signal: late.signal }),
    )[Symbol.asyncIterator]();
    const types: string[] = [];
    for (let i = 0; i < length; i++) {
      const next = await iterator.next();
      assert.equal(next.done, false);
      types.push(next.value.type);
    }
    assert.equal(types.at(-1), 'response_done');
    late.abort();
    assert.deepEqual(await iterator.next(), { done: true, value: undefined });
    model.assertComplete();
  }
});
