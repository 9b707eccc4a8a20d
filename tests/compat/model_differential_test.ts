/**
 * The model double, differentially: every check runs against the SDK's
 * `ScriptedModel` and ours, through the real Runner where a run can reach the
 * behavior, and through the `Model` interface (as the Runner calls it) where
 * it cannot. A check that differs on purpose names its `_deliberate.ts` id.
 */
import { spy } from '../_support/spy.ts';
import {
  Agent,
  type ModelRequest,
  type ModelResponse,
  Runner,
  type StreamEvent,
  Usage,
} from '@openai/agents';
import assert from 'node:assert/strict';
import { at } from '../_support/at.ts';
import { caught, caughtSync, differs, field, same } from './_check.ts';
import type { TestingModule } from './_impls.ts';

const runner = new Runner({ tracingDisabled: true });

/** A minimal request, as the Runner builds one. */
function request(overrides: Partial<ModelRequest> = {}): ModelRequest {
  return {
    input: 'hi',
    modelSettings: {},
    tools: [],
    outputType: 'text',
    handoffs: [],
    tracing: false,
    ...overrides,
  };
}

async function drain(
  events: AsyncIterable<StreamEvent>,
): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function doneResponse(events: StreamEvent[]): Record<string, unknown> {
  const last = events.at(-1);
  assert.equal(last?.type, 'response_done');
  return field(last, 'response') as Record<string, unknown>;
}

// --- Response ids, usage, items ----------------------------------------

same(
  'Model shorthand responses get ids scripted-response-<n> and zero usage',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([
      [t.assistantMessage('one')],
      [t.assistantMessage('two')],
    ]);
    const first = await runner.run(new Agent({ name: 'A', model }), 'hi');
    const second = await runner.run(new Agent({ name: 'A', model }), 'hi');
    assert.equal(at(first.rawResponses, 0).responseId, 'scripted-response-1');
    assert.equal(at(second.rawResponses, 0).responseId, 'scripted-response-2');
    const usage = at(first.rawResponses, 0).usage;
    assert.equal(usage.requests, 1);
    assert.equal(usage.inputTokens, 0);
    assert.equal(usage.outputTokens, 0);
    assert.equal(usage.totalTokens, 0);
  },
);

same(
  'Model auto-streamed response without an id gets scripted-response-<n>',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([
      [t.assistantMessage('warm-up')],
      t.modelResponse({
        output: [t.assistantMessage('hello')],
        usage: new Usage(),
      }),
    ]);
    await model.getResponse(request());
    const result = await runner.run(new Agent({ name: 'A', model }), 'hi', {
      stream: true,
    });
    const raw: StreamEvent[] = [];
    for await (const event of result) {
      if (event.type === 'raw_model_stream_event') raw.push(event.data);
    }
    await result.completed;
    assert.equal(result.finalOutput, 'hello');
    assert.deepEqual(raw.map((event) => event.type), [
      'response_started',
      'output_text_delta',
      'response_done',
    ]);
    assert.equal(doneResponse(raw).id, 'scripted-response-2');
  },
);

same(
  'Model streamed deltas are detached from the later response_done',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([[t.assistantMessage('hello')]]);
    const events: StreamEvent[] = [];
    for await (const event of model.getStreamedResponse(request())) {
      if (event.type === 'output_text_delta') {
        (event as { delta: string }).delta = 'changed';
      }
      events.push(event);
    }
    const output = doneResponse(events).output as Array<
      Record<string, unknown>
    >;
    const content = at(output, 0).content as Array<Record<string, unknown>>;
    assert.equal(at(content, 0).text, 'hello');
  },
);

same(
  'functionCall() sets id to callId unless given, and passes namespace and providerData',
  ({ testing: t }) => {
    const plain = t.functionCall('lookup', { q: 1 }, { callId: 'call_1' });
    assert.equal(plain.type, 'function_call');
    assert.equal(plain.name, 'lookup');
    assert.equal(plain.callId, 'call_1');
    assert.equal(plain.id, 'call_1');
    assert.equal(plain.arguments, '{"q":1}');
    assert.equal(plain.status, 'completed');
    const full = t.functionCall('lookup', '{}', {
      callId: 'call_2',
      id: 'fc_2',
      namespace: 'tools',
      providerData: { source: 'test' },
    });
    assert.equal(full.id, 'fc_2');
    assert.equal(full.arguments, '{}');
    assert.equal(full.namespace, 'tools');
    assert.deepEqual(full.providerData, { source: 'test' });
  },
);

same(
  'assistantMessage() builds a completed output_text message with its options',
  ({ testing: t }) => {
    const plain = t.assistantMessage('hi');
    assert.equal(plain.type, 'message');
    assert.equal(plain.role, 'assistant');
    assert.equal(plain.status, 'completed');
    assert.deepEqual(plain.content, [{ type: 'output_text', text: 'hi' }]);
    assert.equal(plain.id, undefined);
    const full = t.assistantMessage('hi', {
      id: 'msg_1',
      phase: 'commentary',
      providerData: { p: 1 },
    });
    assert.equal(full.id, 'msg_1');
    assert.equal(full.phase, 'commentary');
    assert.deepEqual(full.providerData, { p: 1 });
  },
);

same(
  'Model passes rawUsage through when the run asks to preserve it',
  async ({ testing: t }) => {
    const response = (n: number): ModelResponse => ({
      output: [t.assistantMessage('done')],
      usage: new Usage({ requests: 1, inputTokens: 2 }),
      rawUsage: { input_tokens: 2, n },
    });
    const model = new t.ScriptedModel([response(1), response(2)]);
    const agent = new Agent({
      name: 'A',
      model,
      modelSettings: { preserveRawUsage: true },
    });
    const result = await runner.run(agent, 'hi');
    assert.deepEqual(at(result.rawResponses, 0).rawUsage, {
      input_tokens: 2,
      n: 1,
    });
    const streamed = await drain(
      model.getStreamedResponse(
        request({ modelSettings: { preserveRawUsage: true } }),
      ),
    );
    assert.deepEqual(doneResponse(streamed).rawUsage, {
      input_tokens: 2,
      n: 2,
    });
  },
);

same('Model accepts any Iterable of inputs', async ({ testing: t }) => {
  function* inputs(): Generator<ReturnType<TestingModule['modelResponse']>> {
    yield t.modelResponse([t.assistantMessage('from a generator')]);
  }
  const model = new t.ScriptedModel(inputs());
  const fromSet = new t.ScriptedModel(
    new Set([t.modelResponse([t.assistantMessage('from a set')])]),
  );
  const result = await runner.run(new Agent({ name: 'A', model }), 'hi');
  const other = await runner.run(
    new Agent({ name: 'A', model: fromSet }),
    'hi',
  );
  assert.equal(result.finalOutput, 'from a generator');
  assert.equal(other.finalOutput, 'from a set');
  model.assertComplete();
  fromSet.assertComplete();
});

same(
  'Model raw stream step emits the exact events, sync or async',
  async ({ testing: t }) => {
    const events: StreamEvent[] = [
      { type: 'response_started' },
      { type: 'output_text_delta', delta: 'raw' },
      {
        type: 'response_done',
        response: {
          id: 'resp_raw',
          usage: {
            requests: 1,
            inputTokens: 1,
            outputTokens: 1,
            totalTokens: 2,
          },
          output: [t.assistantMessage('raw')],
        },
      },
    ];
    async function* later(): AsyncGenerator<StreamEvent> {
      for (const event of events) {
        await Promise.resolve();
        yield event;
      }
    }
    const model = new t.ScriptedModel([
      t.modelStream(events),
      t.modelStream(later()),
    ]);
    for (let i = 0; i < 2; i++) {
      const result = await runner.run(new Agent({ name: 'A', model }), 'hi', {
        stream: true,
      });
      const raw: StreamEvent[] = [];
      for await (const event of result) {
        if (event.type === 'raw_model_stream_event') raw.push(event.data);
      }
      await result.completed;
      assert.equal(result.finalOutput, 'raw');
      assert.deepEqual(
        JSON.parse(JSON.stringify(raw)),
        JSON.parse(JSON.stringify(events)),
      );
    }
    model.assertComplete();
  },
);

same(
  'Model error step rejects the run with the scripted error, recorded first',
  async ({ testing: t }) => {
    const failure = new Error('provider down');
    const model = new t.ScriptedModel([t.modelError(failure)]);
    const error = await caught(() =>
      runner.run(new Agent({ name: 'A', model }), 'hi')
    );
    assert.equal(error, failure);
    assert.equal(model.calls.length, 1);
    assert.equal(model.remainingSteps, 0);
  },
);

// --- Malformed input ----------------------------------------------------

const reasons: ReadonlyArray<readonly [string, unknown, string]> = [
  ['an empty object', {}, 'invalid_input'],
  ['a number', 5, 'invalid_input'],
  ['null', null, 'invalid_input'],
  ['an unknown step type', { type: 'bogus' }, 'unknown_step_type'],
  [
    'a response step without response',
    { type: 'response' },
    'missing_response',
  ],
  [
    'a response step with a number',
    { type: 'response', response: 5 },
    'invalid_response',
  ],
  ['a ModelResponse whose output is a number', {
    output: 5,
    usage: new Usage(),
  }, 'invalid_response'],
  ['an error step without error', { type: 'error' }, 'missing_error'],
  [
    'a responder step without respond',
    { type: 'responder' },
    'missing_responder',
  ],
  [
    'a stream responder without respond',
    { type: 'stream_responder' },
    'missing_responder',
  ],
  ['a stream step without events', { type: 'stream' }, 'invalid_stream'],
  [
    'a stream step with a number',
    { type: 'stream', events: 5 },
    'invalid_stream',
  ],
];
for (const [what, input, reason] of reasons) {
  same(
    `Model constructor rejects ${what} with reason ${reason} and its inputIndex`,
    ({ testing: t }) => {
      const error = caughtSync(() =>
        new t.ScriptedModel([
          [t.assistantMessage('ok')],
          input as never,
        ])
      );
      assert.ok(error instanceof t.InvalidScriptedModelStepError);
      assert.equal(error.name, 'InvalidScriptedModelStepError');
      assert.equal(error.reason, reason);
      assert.equal(error.inputIndex, 1);
    },
  );
}

same(
  'Model enqueue() rejects {} with invalid_input and its inputIndex',
  ({ testing: t }) => {
    const model = new t.ScriptedModel();
    const error = caughtSync(() => model.enqueue([], {} as never));
    assert.ok(error instanceof t.InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_input');
    assert.equal(error.inputIndex, 1);
    assert.equal(model.remainingSteps, 0);
  },
);

same(
  'Model raw stream step used by a non-streaming call is incompatible_call',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([t.modelStream([])]);
    const error = await caught(() =>
      runner.run(new Agent({ name: 'A', model }), 'hi')
    );
    assert.ok(error instanceof t.InvalidScriptedModelStepError);
    assert.equal(error.reason, 'incompatible_call');
    assert.equal(error.callIndex, 0);
    assert.equal(error.stepType, 'stream');
    assert.equal(model.calls.length, 1);
  },
);

differs(
  'undefined-error-rejected',
  'Model error step with undefined as the error',
  async (impl) => {
    const t = impl.testing;
    if (impl.name === 'ours') {
      const early = caughtSync(() => t.modelError(undefined));
      assert.ok(early instanceof t.InvalidScriptedModelStepError);
      assert.equal(early.reason, 'missing_error');
      const inCtor = caughtSync(() =>
        new t.ScriptedModel([{ type: 'error', error: undefined }])
      );
      assert.ok(inCtor instanceof t.InvalidScriptedModelStepError);
      assert.equal(inCtor.reason, 'missing_error');
      assert.equal(inCtor.inputIndex, 0);
    } else {
      const model = new t.ScriptedModel([t.modelError(undefined)]);
      assert.equal(await caught(() => model.getResponse(request())), undefined);
    }
  },
);

differs(
  'malformed-output-items-rejected',
  'Model output item that is not an object',
  async (impl) => {
    const t = impl.testing;
    if (impl.name === 'ours') {
      const error = caughtSync(() => new t.ScriptedModel([[5 as never]]));
      assert.ok(error instanceof t.InvalidScriptedModelStepError);
      assert.equal(error.reason, 'invalid_response');
      assert.equal(error.inputIndex, 0);
    } else {
      const model = new t.ScriptedModel([[5 as never]]);
      const response = await model.getResponse(request());
      assert.deepEqual(response.output, [5]);
    }
  },
);

differs(
  'factories-validate-early',
  'Model step factory given a malformed input',
  (impl) => {
    const t = impl.testing;
    const inputs: Array<[() => unknown, object, string]> = [
      [
        () => t.modelResponse(5 as never),
        { type: 'response', response: 5 },
        'invalid_response',
      ],
      [
        () => t.modelResponder(5 as never),
        { type: 'responder', respond: 5 },
        'missing_responder',
      ],
      [
        () => t.modelStream(5 as never),
        { type: 'stream', events: 5 },
        'invalid_stream',
      ],
      [() => t.modelStreamResponder(5 as never), {
        type: 'stream_responder',
        respond: 5,
      }, 'missing_responder'],
    ];
    for (const [make, envelope, reason] of inputs) {
      if (impl.name === 'ours') {
        const error = caughtSync(make);
        assert.ok(error instanceof t.InvalidScriptedModelStepError, reason);
        assert.equal(error.reason, reason);
      } else {
        assert.deepEqual(make(), envelope);
      }
      // Given to the constructor, the same step reports the SDK reason and
      // its inputIndex in both.
      const error = caughtSync(() =>
        new t.ScriptedModel([[], envelope as never])
      );
      assert.ok(error instanceof t.InvalidScriptedModelStepError, reason);
      assert.equal(error.reason, reason);
      assert.equal(error.inputIndex, 1);
    }
  },
);

differs('call-id-required', 'functionCall() without a callId', (impl) => {
  const t = impl.testing;
  if (impl.name === 'ours') {
    const error = caughtSync(() => t.functionCall('f', {}, {} as never));
    assert.ok(error instanceof Error);
    assert.equal(field(error, 'reason'), 'invalid_input');
  } else {
    assert.equal(t.functionCall('f', {}, {} as never).callId, undefined);
  }
});

differs('default-usage', 'Model ModelResponse without usage', async (impl) => {
  const t = impl.testing;
  const input = { output: [t.assistantMessage('hi')] } as never;
  if (impl.name === 'ours') {
    const model = new t.ScriptedModel([input]);
    const result = await runner.run(new Agent({ name: 'A', model }), 'hi');
    assert.equal(at(result.rawResponses, 0).usage.requests, 1);
    assert.equal(at(result.rawResponses, 0).usage.totalTokens, 0);
  } else {
    const error = caughtSync(() => new t.ScriptedModel([input]));
    assert.ok(error instanceof t.InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_response');
  }
});

differs('plain-usage', 'Model usage given as plain data', async (impl) => {
  const t = impl.testing;
  const input = {
    output: [t.assistantMessage('hi')],
    usage: { requests: 1, inputTokens: 3, outputTokens: 4, totalTokens: 7 },
  } as never;
  if (impl.name === 'ours') {
    const model = new t.ScriptedModel([input]);
    const result = await runner.run(new Agent({ name: 'A', model }), 'hi');
    assert.ok(at(result.rawResponses, 0).usage instanceof Usage);
    assert.equal(at(result.rawResponses, 0).usage.totalTokens, 7);
  } else {
    const error = caughtSync(() => new t.ScriptedModel([input]));
    assert.ok(error instanceof t.InvalidScriptedModelStepError);
    assert.equal(error.reason, 'invalid_response');
  }
});

// --- Calls, records, completeness ---------------------------------------

same(
  'Model call after the script ended: UnexpectedModelCallError, recorded first',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel();
    const error = await caught(() =>
      runner.run(new Agent({ name: 'A', model }), 'hi')
    );
    assert.ok(error instanceof t.UnexpectedModelCallError);
    assert.equal(error.name, 'UnexpectedModelCallError');
    assert.equal(error.callIndex, 0);
    assert.equal(error.streamed, false);
    assert.equal(model.calls.length, 1);
    // The SDK module hands out a fresh copy per read: compare by index.
    assert.equal(model.firstCall?.index, 0);
    assert.equal(model.lastCall?.index, 0);
    const streamed = await caught(() =>
      drain(model.getStreamedResponse(request()))
    );
    assert.ok(streamed instanceof t.UnexpectedModelCallError);
    assert.equal(streamed.callIndex, 1);
    assert.equal(streamed.streamed, true);
    assert.equal(model.firstCall?.index, 0);
    assert.equal(model.lastCall?.index, 1);
    assert.equal(model.lastCall?.streamed, true);
  },
);

same(
  'Model assertComplete() throws UnconsumedModelStepsError with the count',
  ({ testing: t }) => {
    const model = new t.ScriptedModel([[], []]);
    const error = caughtSync(() => model.assertComplete());
    assert.ok(error instanceof t.UnconsumedModelStepsError);
    assert.equal(error.name, 'UnconsumedModelStepsError');
    assert.equal(error.remainingSteps, 2);
  },
);

differs(
  'drift-remembered',
  'Model assertComplete() after a caught unexpected call',
  async (impl) => {
    const t = impl.testing;
    const model = new t.ScriptedModel([[t.assistantMessage('once')]]);
    await runner.run(new Agent({ name: 'A', model }), 'hi');
    const error = await caught(() =>
      runner.run(new Agent({ name: 'A', model }), 'again')
    );
    assert.ok(error instanceof t.UnexpectedModelCallError);
    if (impl.name === 'ours') {
      assert.equal(caughtSync(() => model.assertComplete()), error);
    } else {
      model.assertComplete();
    }
  },
);

same(
  'Model records are frozen and detached from the request',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([[t.assistantMessage('ok')]]);
    const input = [{ role: 'user' as const, content: 'original' }];
    const signal = new AbortController().signal;
    await model.getResponse(
      request({ input, modelSettings: { temperature: 1 }, signal }),
    );
    at(input, 0).content = 'changed';
    const call = at(model.calls, 0);
    assert.ok(Object.isFrozen(call));
    assert.ok(Object.isFrozen(call.request));
    assert.equal(call.index, 0);
    assert.equal(call.streamed, false);
    assert.equal(
      field((call.request.input as unknown[])[0], 'content'),
      'original',
    );
    assert.equal(call.request.signal, signal);
  },
);

same(
  'Model responder may mutate the request it receives; the record stays intact',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([
      t.modelResponder((call) => {
        const input = call.request.input as Array<Record<string, unknown>>;
        at(input, 0).content = 'mutated by the responder';
        input.push({ role: 'user', content: 'pushed' });
        return [t.assistantMessage('ok')];
      }),
    ]);
    const result = await runner.run(new Agent({ name: 'A', model }), [
      { role: 'user', content: 'original' },
    ]);
    assert.equal(result.finalOutput, 'ok');
    const input = at(model.calls, 0).request.input as Array<
      Record<string, unknown>
    >;
    assert.equal(input.length, 1);
    assert.equal(at(input, 0).content, 'original');
  },
);

same(
  'Model bytes in a record are fresh copies per read, views keep sharing their buffer',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([[t.assistantMessage('ok')]]);
    const view = new Uint8Array([1, 2, 3, 4]);
    await model.getResponse(request({
      input: [{
        role: 'user',
        content: 'x',
        providerData: {
          view,
          buffer: view.buffer,
          middle: view.subarray(1, 3),
        },
      }],
    }));
    const read = () =>
      field(
        (at(model.calls, 0).request.input as unknown[])[0],
        'providerData',
      ) as {
        view: Uint8Array;
        buffer: ArrayBuffer;
        middle: Uint8Array;
      };
    const first = read();
    assert.notEqual(first.view, view);
    first.view[0] = 99;
    new Uint8Array(first.buffer)[1] = 98;
    const second = read();
    assert.notEqual(second.view, first.view);
    assert.deepEqual([...second.view], [1, 2, 3, 4]);
    assert.equal(second.view.buffer, second.buffer);
    assert.equal(second.middle.buffer, second.buffer);
    assert.deepEqual([...second.middle], [2, 3]);
    assert.deepEqual([...view], [1, 2, 3, 4]);
    // firstCall and lastCall are reads too.
    const viaFirst = (call: typeof model.firstCall) =>
      field(
        field((call!.request.input as unknown[])[0], 'providerData'),
        'view',
      ) as Uint8Array;
    const fromFirst = viaFirst(model.firstCall);
    fromFirst[2] = 97;
    assert.notEqual(viaFirst(model.lastCall), fromFirst);
    assert.deepEqual([...viaFirst(model.lastCall)], [1, 2, 3, 4]);
    assert.deepEqual([...read().view], [1, 2, 3, 4]);
  },
);

// --- Retry advice, abort ------------------------------------------------

same(
  'Model getRetryAdvice() returns a Promise of the advice kept per failed request',
  async ({ testing: t }) => {
    const error = new Error('rate limited');
    const step = t.modelError(error, ({ attempt }) => ({
      suggested: attempt === 1,
      reason: `attempt ${attempt}`,
    }));
    const model = new t.ScriptedModel([
      t.modelError(error, { suggested: true }),
      t.modelError(error, { suggested: false }),
      step,
      step,
    ]);
    const requests = [request(), request(), request(), request()];
    for (const each of requests) {
      assert.equal(await caught(() => model.getResponse(each)), error);
    }
    const ask = (index: number, attempt: number) =>
      model.getRetryAdvice({
        request: at(requests, index),
        error,
        stream: false,
        attempt,
      });
    const pending = ask(0, 1);
    assert.ok(pending instanceof Promise);
    assert.deepEqual(await pending, { suggested: true });
    assert.deepEqual(await ask(1, 1), { suggested: false });
    assert.deepEqual(await ask(2, 1), { suggested: true, reason: 'attempt 1' });
    assert.deepEqual(await ask(3, 2), {
      suggested: false,
      reason: 'attempt 2',
    });
    assert.equal(
      await model.getRetryAdvice({
        request: request(),
        error,
        stream: false,
        attempt: 1,
      }),
      undefined,
    );
  },
);

same(
  'Model already-aborted request consumes no step and records nothing',
  async ({ testing: t }) => {
    const model = new t.ScriptedModel([[t.assistantMessage('ok')]]);
    const error = await caught(() =>
      model.getResponse(request({ signal: AbortSignal.abort() }))
    );
    assert.ok(error instanceof t.ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, undefined);
    assert.equal(model.remainingSteps, 1);
    assert.equal(model.calls.length, 0);
  },
);

same(
  'Model request aborted inside a responder fails with AbortError and callIndex',
  async ({ testing: t }) => {
    const controller = new AbortController();
    const model = new t.ScriptedModel([
      t.modelResponder(() => {
        controller.abort();
        return [t.assistantMessage('late')];
      }),
    ]);
    const error = await caught(() =>
      model.getResponse(request({ signal: controller.signal }))
    );
    assert.ok(error instanceof t.ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, 0);
    assert.equal(model.remainingSteps, 0);
  },
);

same(
  'Model re-checks abort before a deferred stream step: an error step rejects with the abort error',
  async ({ testing: t }) => {
    const controller = new AbortController();
    const model = new t.ScriptedModel([t.modelError(new Error('step error'))]);
    const events = model.getStreamedResponse(
      request({ signal: controller.signal }),
    );
    controller.abort();
    const error = await caught(() => drain(events));
    assert.ok(error instanceof t.ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, 0);
  },
);

same(
  'Model re-checks abort before a deferred stream step: a responder is not called',
  async ({ testing: t }) => {
    for (const kind of ['responder', 'stream_responder'] as const) {
      const controller = new AbortController();
      let called = 0;
      const model = new t.ScriptedModel([
        kind === 'responder'
          ? t.modelResponder(() => {
            called++;
            return [];
          })
          : t.modelStreamResponder(() => {
            called++;
            return [];
          }),
      ]);
      const events = model.getStreamedResponse(
        request({ signal: controller.signal }),
      );
      controller.abort();
      const error = await caught(() => drain(events));
      assert.ok(error instanceof t.ScriptedModelRequestAbortedError, kind);
      assert.equal(called, 0, kind);
    }
  },
);

// --- Proxy --------------------------------------------------------------

function spyOn<T extends object>(target: T, seen: string[]): T {
  return spy(target, { call: (key) => seen.push(String(key)) });
}

differs(
  'proxy-safe-doubles',
  'Model through a transparent Proxy and a spy in a Runner',
  async (impl) => {
    const t = impl.testing;
    for (const wrap of ['transparent', 'spy'] as const) {
      const seen: string[] = [];
      const target = new t.ScriptedModel([[t.assistantMessage('hi')]]);
      const model = wrap === 'spy'
        ? spyOn(target, seen)
        : new Proxy(target, {});
      const run = () => runner.run(new Agent({ name: 'A', model }), 'hi');
      if (impl.name === 'ours') {
        const result = await run();
        assert.equal(result.finalOutput, 'hi');
        assert.equal(model.calls.length, 1);
        assert.equal(model.remainingSteps, 0);
        model.assertComplete();
        if (wrap === 'spy') assert.ok(seen.includes('getResponse'));
      } else {
        assert.ok(await caught(run) instanceof TypeError, wrap);
      }
    }
  },
);

// --- Error constructors -------------------------------------------------

same(
  'Model errors are constructible in the SDK module forms',
  ({ testing: t }) => {
    const unexpected = new t.UnexpectedModelCallError({
      index: 2,
      streamed: true,
      request: request(),
    });
    assert.ok(unexpected instanceof Error);
    assert.equal(unexpected.name, 'UnexpectedModelCallError');
    assert.equal(unexpected.callIndex, 2);
    assert.equal(unexpected.streamed, true);
    assert.ok(unexpected.message.length > 0);

    const unconsumed = new t.UnconsumedModelStepsError(3);
    assert.equal(unconsumed.name, 'UnconsumedModelStepsError');
    assert.equal(unconsumed.remainingSteps, 3);
    assert.match(unconsumed.message, /3/);

    const invalid = new t.InvalidScriptedModelStepError({
      reason: 'invalid_input',
      message: 'custom message',
      inputIndex: 1,
    });
    assert.equal(invalid.name, 'InvalidScriptedModelStepError');
    assert.equal(invalid.message, 'custom message');
    assert.equal(invalid.reason, 'invalid_input');
    assert.equal(invalid.inputIndex, 1);
    assert.equal(invalid.callIndex, undefined);
    assert.equal(invalid.stepType, undefined);
    const full = new t.InvalidScriptedModelStepError({
      reason: 'incompatible_call',
      message: 'm',
      callIndex: 4,
      stepType: 'stream',
    });
    assert.equal(full.callIndex, 4);
    assert.equal(full.stepType, 'stream');

    const aborted = new t.ScriptedModelRequestAbortedError();
    assert.equal(aborted.name, 'AbortError');
    assert.equal(aborted.callIndex, undefined);
    assert.ok(aborted.message.length > 0);
    const abortedAt = new t.ScriptedModelRequestAbortedError(4);
    assert.equal(abortedAt.callIndex, 4);
  },
);

differs(
  'unknown-step-keys-rejected',
  'Model step envelope with an unknown key',
  ({ name, testing: t }) => {
    const make = () =>
      new t.ScriptedModel([
        { ...t.modelResponse([t.assistantMessage('hi')]), note: 1 } as never,
      ]);
    if (name === 'ours') {
      const error = caughtSync(make);
      assert.ok(error instanceof t.InvalidScriptedModelStepError);
      assert.equal(error.reason, 'invalid_input');
      assert.equal(error.inputIndex, 0);
      assert.equal(field(error, 'issue'), 'unknown_property');
    } else {
      assert.equal(make().remainingSteps, 1);
    }
  },
);

// --- rawUsage at call time, text-part providerData, retry advice (#26) ----

/** A request that asks (or not) to preserve raw usage. */
function preserving(on: boolean, overrides: Partial<ModelRequest> = {}) {
  return request({ modelSettings: { preserveRawUsage: on }, ...overrides });
}

same(
  'Model reads rawUsage when a call is made, only when the call preserves it',
  async ({ testing: t }) => {
    let reads = 0;
    const raw = { input_tokens: 2, nested: { cached: 1 } };
    const response = {
      output: [t.assistantMessage('done')],
      usage: new Usage({ requests: 1 }),
      get rawUsage() {
        reads++;
        return raw;
      },
    } as ModelResponse;
    const model = new t.ScriptedModel([response, response, response, response]);
    assert.equal(reads, 0);
    assert.equal(
      (await model.getResponse(preserving(false))).rawUsage,
      undefined,
    );
    assert.equal(
      doneResponse(await drain(model.getStreamedResponse(request()))).rawUsage,
      undefined,
    );
    assert.equal(reads, 0);
    const plain = await model.getResponse(preserving(true));
    assert.deepEqual(plain.rawUsage, raw);
    assert.notEqual(plain.rawUsage, raw);
    assert.notEqual(field(plain.rawUsage, 'nested'), raw.nested);
    raw.nested.cached = 2;
    assert.deepEqual(field(plain.rawUsage, 'nested'), { cached: 1 });
    const streamed = doneResponse(
      await drain(model.getStreamedResponse(preserving(true))),
    );
    assert.deepEqual(streamed.rawUsage, {
      input_tokens: 2,
      nested: { cached: 2 },
    });
    assert.equal(reads, 2);
  },
);

same(
  "Model passes a responder result's rawUsage by the setting at call time",
  async ({ testing: t }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const result = (): ModelResponse => ({
      output: [t.assistantMessage('late')],
      usage: new Usage({ requests: 1 }),
      rawUsage: { r: 1 },
    });
    const model = new t.ScriptedModel([
      t.modelResponder(async () => {
        await gate;
        return result();
      }),
      t.modelResponder(() => result()),
      t.modelResponder(() => result()),
    ]);
    const settings = { preserveRawUsage: true };
    const pending = model.getResponse(request({ modelSettings: settings }));
    // Changing the setting while the responder is pending changes nothing.
    settings.preserveRawUsage = false;
    release();
    assert.deepEqual((await pending).rawUsage, { r: 1 });
    assert.equal((await model.getResponse(request())).rawUsage, undefined);
    const done = doneResponse(
      await drain(model.getStreamedResponse(preserving(true))),
    );
    assert.deepEqual(done.rawUsage, { r: 1 });
  },
);

same(
  'Model leaves out a rawUsage whose accessor throws; the call succeeds',
  async ({ testing: t }) => {
    const response = {
      output: [t.assistantMessage('ok')],
      usage: new Usage({ requests: 1 }),
      get rawUsage(): never {
        throw new Error('no raw usage');
      },
    } as ModelResponse;
    const model = new t.ScriptedModel([response, response]);
    const plain = await model.getResponse(preserving(true));
    assert.equal(plain.rawUsage, undefined);
    const events = await drain(model.getStreamedResponse(preserving(true)));
    assert.equal(doneResponse(events).rawUsage, undefined);
    model.assertComplete();
  },
);

same(
  'Model rejects with the abort error, with its callIndex, when reading rawUsage aborts',
  async ({ testing: t }) => {
    const controller = new AbortController();
    const response = {
      output: [t.assistantMessage('ok')],
      usage: new Usage({ requests: 1 }),
      get rawUsage() {
        controller.abort();
        return { a: 1 };
      },
    } as ModelResponse;
    const model = new t.ScriptedModel([
      [t.assistantMessage('first')],
      response,
    ]);
    await model.getResponse(request());
    const error = await caught(() =>
      model.getResponse(preserving(true, { signal: controller.signal }))
    );
    assert.ok(error instanceof t.ScriptedModelRequestAbortedError);
    assert.equal(error.name, 'AbortError');
    assert.equal(error.callIndex, 1);
    // Streamed: the stream ends before its first event, with the same error.
    const streamed = new AbortController();
    const late = {
      output: [t.assistantMessage('ok')],
      usage: new Usage({ requests: 1 }),
      get rawUsage() {
        streamed.abort();
        return { a: 1 };
      },
    } as ModelResponse;
    const streaming = new t.ScriptedModel([late]);
    const events: StreamEvent[] = [];
    const failure = await caught(async () => {
      for await (
        const event of streaming.getStreamedResponse(
          preserving(true, { signal: streamed.signal }),
        )
      ) events.push(event);
    });
    assert.ok(failure instanceof t.ScriptedModelRequestAbortedError);
    assert.equal(failure.callIndex, 0);
    assert.deepEqual(events, []);
  },
);

same(
  "Model auto-stream text deltas carry a copy of the text part's providerData",
  async ({ testing: t }) => {
    const providerData = { annotations: { source: 'kb' } };
    const message = {
      type: 'message' as const,
      role: 'assistant' as const,
      status: 'completed' as const,
      id: 'msg_1',
      providerData: { of: 'the message' },
      content: [
        { type: 'output_text' as const, text: 'a', providerData },
        { type: 'output_text' as const, text: 'b' },
      ],
    };
    const model = new t.ScriptedModel([[message], [message]]);
    const events = await drain(model.getStreamedResponse(request()));
    const deltas = events.filter((event) => event.type === 'output_text_delta');
    assert.equal(deltas.length, 2);
    assert.deepEqual(field(deltas[0], 'providerData'), providerData);
    assert.notEqual(field(deltas[0], 'providerData'), providerData);
    assert.notEqual(
      field(field(deltas[0], 'providerData'), 'annotations'),
      providerData.annotations,
    );
    assert.equal('providerData' in at(deltas, 1), false);
    // A copy per call: a write to one reaches neither the script nor the next.
    (field(deltas[0], 'providerData') as Record<string, unknown>).x = 1;
    const again = (await drain(model.getStreamedResponse(request())))
      .filter((event) => event.type === 'output_text_delta');
    assert.deepEqual(field(again[0], 'providerData'), providerData);
  },
);

same(
  'Model retry advice goes to the very request, then the same parts, then the oldest, each once',
  async ({ testing: t }) => {
    const error = new Error('rate limited');
    const step = (reason: string) =>
      t.modelError(error, { suggested: true, reason });
    const model = new t.ScriptedModel([
      step('A'),
      step('B'),
      step('C'),
      step('D'),
    ]);
    const parts = {
      input: [{ role: 'user' as const, content: 'x' }],
      modelSettings: {},
      tools: [],
      handoffs: [],
    };
    const requests = [
      request(parts),
      request(parts),
      request({ input: 'other' }),
      request(parts),
    ];
    for (const each of requests) {
      assert.equal(await caught(() => model.getResponse(each)), error);
    }
    const ask = async (asked: ModelRequest) =>
      (await model.getRetryAdvice({
        request: asked,
        error,
        stream: false,
        attempt: 1,
      }))?.reason;
    assert.equal(await ask(at(requests, 3)), 'D');
    assert.equal(await ask(request(parts)), 'A');
    assert.equal(await ask(request({ input: 'unrelated' })), 'B');
    assert.equal(await ask(at(requests, 2)), 'C');
    assert.equal(await ask(at(requests, 2)), undefined);
  },
);

differs(
  'frozen-records',
  'Model records stay frozen below the top level and keep their identity',
  async (impl) => {
    const t = impl.testing;
    const model = new t.ScriptedModel([[t.assistantMessage('ok')]]);
    await model.getResponse(request({
      input: [{ type: 'message', role: 'user', content: 'hi', id: 'm1' }],
    }));
    const input = () =>
      model.lastCall!.request.input as Array<Record<string, unknown>>;
    if (impl.name === 'ours') {
      assert.equal(model.lastCall, model.lastCall);
      assert.throws(() => delete at(input(), 0).id, TypeError);
      // The one-line workaround: a writable copy of your own.
      const copy = structuredClone(model.lastCall!);
      delete (copy.request.input as Array<Record<string, unknown>>)[0]!.id;
      assert.equal(at(input(), 0).id, 'm1');
    } else {
      assert.notEqual(model.lastCall, model.lastCall);
      delete at(input(), 0).id;
      assert.equal(at(input(), 0).id, 'm1');
    }
  },
);
