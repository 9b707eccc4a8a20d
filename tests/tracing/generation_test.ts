import {
  Agent,
  type Model,
  type ModelRequest,
  Runner,
  withTrace,
} from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import {
  installTraceCapture,
  InvalidTraceAssertionInputError,
  withGenerationSpans,
} from '@scripted/agents/tracing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { run, thrown } from './_fixtures.ts';

const usage = { requests: 1, inputTokens: 4, outputTokens: 2, totalTokens: 6 };

for (const stream of [false, true]) {
  const mode = stream ? 'streamed' : 'plain';

  test(`withGenerationSpans records model, usage, input and output when the run traces data (${mode})`, async () => {
    const model = new ScriptedModel([[assistantMessage('Hi')]], {
      defaultUsage: usage,
    });
    using capture = installTraceCapture();
    await run(
      new Agent({ name: 'A', model: withGenerationSpans(model) }),
      'Hello',
      { streamed: stream },
    );
    const [generation] = capture.trace().spans.filter((s) =>
      s.type === 'generation'
    );
    assert.ok(generation);
    assert.equal(generation.data.model, 'scripted');
    assert.deepEqual(generation.data.usage, {
      input_tokens: 4,
      output_tokens: 2,
    });
    assert.deepEqual(generation.data.input, [{
      type: 'message',
      role: 'user',
      content: 'Hello',
    }]);
    assert.equal(
      (generation.data.output as { content: { text: string }[] }[])[0]
        ?.content[0]?.text,
      'Hi',
    );
    assert.equal(generation.error, null);
    assert.equal(generation.ended, true);
    // Under the agent's span, like a real model's.
    const parent = capture.trace().spans.find((s) =>
      s.spanId === generation.parentId
    );
    assert.ok(parent && ['agent', 'turn'].includes(parent.type));
    assert.equal(model.calls.length, 1);
  });

  test(`withGenerationSpans leaves input and output out when the run keeps data out of traces (${mode})`, async () => {
    const model = new ScriptedModel([[assistantMessage('Hi')]], {
      defaultUsage: usage,
    });
    using capture = installTraceCapture();
    await run(
      new Agent({ name: 'A', model: withGenerationSpans(model) }),
      'Hello',
      {
        streamed: stream,
        runner: new Runner({ traceIncludeSensitiveData: false }),
      },
    );
    const generation = capture.trace().spans.find((s) =>
      s.type === 'generation'
    );
    assert.ok(generation);
    assert.equal('input' in generation.data, false);
    assert.equal('output' in generation.data, false);
    assert.deepEqual(generation.data.usage, {
      input_tokens: 4,
      output_tokens: 2,
    });
  });
}

test('withGenerationSpans opens no span when the run disables tracing', async () => {
  const model = new ScriptedModel([[assistantMessage('Hi')]]);
  using capture = installTraceCapture();
  await new Runner({ tracingDisabled: true }).run(
    new Agent({ name: 'A', model: withGenerationSpans(model) }),
    'Hello',
  );
  // SDK 0.11-0.13 still open a trace for such a run; no generation in it.
  const spans = capture.traces.flatMap((trace) => trace.spans);
  assert.equal(spans.filter((s) => s.type === 'generation').length, 0);
  assert.equal(model.calls.length, 1);
});

test('withGenerationSpans records a failed model call as a span error and rethrows', async () => {
  const boom = new Error('model down');
  const failing: Model = {
    getResponse: () => Promise.reject(boom),
    // deno-lint-ignore require-yield
    async *getStreamedResponse() {
      await Promise.resolve();
      throw boom;
    },
  };
  for (const stream of [false, true]) {
    using capture = installTraceCapture();
    const agent = new Agent({
      name: 'A',
      model: withGenerationSpans(failing, { model: 'down' }),
    });
    await assert.rejects(
      run(agent, 'Hello', { streamed: stream }),
      (error: unknown) =>
        error === boom || String(error).includes('model down'),
    );
    const generation = capture.trace().spans.find((s) =>
      s.type === 'generation'
    );
    assert.ok(generation, `a generation span (${stream})`);
    assert.deepEqual(generation.error, { message: 'model down' });
    assert.equal(generation.data.model, 'down');
    assert.equal('usage' in generation.data, false);
    assert.equal(generation.ended, true);
  }
});

test('withGenerationSpans rejects what is not a model, and bad options', () => {
  const cases: [() => unknown, string, string][] = [
    [() => withGenerationSpans(null as never), 'model', 'invalid_type'],
    [
      () => withGenerationSpans({} as never),
      'model.getResponse',
      'invalid_type',
    ],
    [
      () => withGenerationSpans({ getResponse() {} } as never),
      'model.getStreamedResponse',
      'invalid_type',
    ],
    [
      () => withGenerationSpans(new ScriptedModel([]), { model: '' }),
      'options.model',
      'invalid_value',
    ],
    [
      () => withGenerationSpans(new ScriptedModel([]), { modle: 'x' } as never),
      'options.modle',
      'unknown_key',
    ],
  ];
  for (const [call, path, reason] of cases) {
    const error = thrown(call, InvalidTraceAssertionInputError);
    assert.equal(error.assertion, 'withGenerationSpans');
    assert.equal(error.path, path);
    assert.equal(error.reason, reason);
  }
});

test('withGenerationSpans traces a string input as one user message', async () => {
  const model = new ScriptedModel([[assistantMessage('Hi')]]);
  using capture = installTraceCapture();
  await withTrace('direct', async () => {
    await withGenerationSpans(model).getResponse({
      input: 'Hello',
      modelSettings: {},
      tools: [],
      handoffs: [],
      outputType: 'text',
      tracing: true,
    });
  });
  const [generation] = capture.trace().spans;
  assert.deepEqual(generation?.data.input, [{
    role: 'user',
    content: 'Hello',
  }]);
});

test('withGenerationSpans opens no span for a request with tracing off, and still rethrows', async () => {
  const boom = new Error('model down');
  const failing: Model = {
    getResponse: () => Promise.reject(boom),
    // deno-lint-ignore require-yield
    async *getStreamedResponse() {
      await Promise.resolve();
      throw boom;
    },
  };
  const request: ModelRequest = {
    input: 'Hello',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  };
  using capture = installTraceCapture();
  await withTrace('off', async () => {
    await withGenerationSpans(new ScriptedModel([[assistantMessage('Hi')]]))
      .getResponse(request);
    await assert.rejects(
      withGenerationSpans(failing).getResponse(request),
      (error: unknown) => error === boom,
    );
    await assert.rejects(async () => {
      for await (
        const _ of withGenerationSpans(failing).getStreamedResponse(request)
      ) { /* drain */ }
    }, (error: unknown) => error === boom);
  });
  assert.deepEqual(capture.trace().spans, []);
});

test('withGenerationSpans takes any object with the two model methods', () => {
  const model = {
    name: 'hand-written',
    getResponse: () => Promise.reject(new Error('unused')),
    getStreamedResponse: () => ({
      [Symbol.asyncIterator]: () => ({
        next: () => Promise.resolve({ done: true as const, value: undefined }),
      }),
    }),
  };
  assert.equal(typeof withGenerationSpans(model).getResponse, 'function');
  const error = thrown(
    () => withGenerationSpans(7 as never),
    InvalidTraceAssertionInputError,
  );
  assert.equal(error.issue, 'a model');
  assert.equal(error.path, 'model');
});
