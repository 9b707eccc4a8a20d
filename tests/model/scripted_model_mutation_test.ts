import assert from 'node:assert/strict';
import test from 'node:test';
import type { ModelRequest, ModelRetryAdviceRequest } from '@openai/agents';
import {
  assistantMessage,
  InvalidScriptedModelStepError,
  modelError,
  modelStream,
  modelStreamResponder,
  ScriptedModel,
  type ScriptedModelInput,
} from '@scripted/agents';

function request(input: unknown): ModelRequest {
  return {
    input,
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  } as unknown as ModelRequest;
}

function advise(
  error: unknown,
  req: unknown,
  stream = false,
): ModelRetryAdviceRequest {
  return { error, request: req, stream, attempt: 1 } as ModelRetryAdviceRequest;
}

function textOf(output: unknown[]): string {
  return (output[0] as { content: { text: string }[] }).content[0]!.text;
}

test('ScriptedModel answers a call whose request is null or undefined', async () => {
  const model = new ScriptedModel([
    [assistantMessage('a')],
    [assistantMessage('b')],
  ]);
  const first = await model.getResponse(null as unknown as ModelRequest);
  assert.equal(textOf(first.output), 'a');
  const second = await model.getResponse(
    undefined as unknown as ModelRequest,
  );
  assert.equal(textOf(second.output), 'b');
});

test('ScriptedModel getRetryAdvice answers the very request object first', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
  ]);
  const a = request([{ role: 'user', content: 'a' }]);
  const b = request([{ role: 'user', content: 'b' }]);
  await assert.rejects(model.getResponse(a));
  await assert.rejects(model.getResponse(b));
  assert.deepEqual(await model.getRetryAdvice(advise(error, b)), {
    suggested: true,
    retryAfterMs: 2,
  });
  assert.deepEqual(await model.getRetryAdvice(advise(error, a)), {
    suggested: true,
    retryAfterMs: 1,
  });
});

test('ScriptedModel getRetryAdvice then answers the oldest request with the same parts', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
    modelError(error, { suggested: true, retryAfterMs: 3 }),
  ]);
  const parts = {
    input: [{ role: 'user', content: 'x' }],
    modelSettings: {},
    tools: [],
    handoffs: [],
  };
  const same = () => ({ ...request(parts.input), ...parts }) as ModelRequest;
  await assert.rejects(model.getResponse(request('first')));
  await assert.rejects(model.getResponse(same()));
  await assert.rejects(model.getResponse(same()));
  // A new object with the same input, settings, tools and handoffs: the
  // oldest such failure, not the oldest failure.
  assert.deepEqual(await model.getRetryAdvice(advise(error, same())), {
    suggested: true,
    retryAfterMs: 2,
  });
  // Each part counts: another settings object is another request.
  for (const key of ['input', 'modelSettings', 'tools', 'handoffs'] as const) {
    const other = { ...same(), [key]: key === 'input' ? 'x' : {} };
    const fresh = new ScriptedModel([
      modelError(error, { suggested: true, retryAfterMs: 1 }),
      modelError(error, { suggested: true, retryAfterMs: 2 }),
    ]);
    await assert.rejects(fresh.getResponse(request('first')));
    await assert.rejects(fresh.getResponse(same()));
    assert.deepEqual(
      await fresh.getRetryAdvice(advise(error, other)),
      { suggested: true, retryAfterMs: 1 },
      key,
    );
  }
  assert.deepEqual(await model.getRetryAdvice(advise(error, same())), {
    suggested: true,
    retryAfterMs: 3,
  });
});

test('ScriptedModel getRetryAdvice falls back to the oldest failure with that error', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
    modelError(error, { suggested: true, retryAfterMs: 3 }),
  ]);
  const three = request('three');
  await assert.rejects(model.getResponse(request([{ role: 'user' }])));
  await assert.rejects(model.getResponse(request('two')));
  await assert.rejects(model.getResponse(three));
  assert.deepEqual(
    await model.getRetryAdvice(advise(error, request('other'))),
    { suggested: true, retryAfterMs: 1 },
  );
  assert.deepEqual(
    await model.getRetryAdvice(advise(error, three)),
    { suggested: true, retryAfterMs: 3 },
  );
  assert.deepEqual(
    await model.getRetryAdvice(advise(error, request('other'))),
    { suggested: true, retryAfterMs: 2 },
  );
});

test('ScriptedModel getRetryAdvice matches a failure whose input was neither text nor an object', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
    modelError(error, { suggested: true, retryAfterMs: 3 }),
  ]);
  await assert.rejects(model.getResponse(request(42)));
  await assert.rejects(model.getResponse(request(42)));
  await assert.rejects(model.getResponse(request('text')));
  assert.deepEqual(await model.getRetryAdvice(advise(error, request(42))), {
    suggested: true,
    retryAfterMs: 1,
  });
  const hostile = {
    get input(): never {
      throw new Error('hostile');
    },
  };
  assert.deepEqual(await model.getRetryAdvice(advise(error, hostile)), {
    suggested: true,
    retryAfterMs: 2,
  });
  assert.deepEqual(await model.getRetryAdvice(advise(error, hostile)), {
    suggested: true,
    retryAfterMs: 3,
  });
});

test('ScriptedModel getRetryAdvice gives undefined for a failure without advice and for no arguments', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([modelError(error)]);
  await assert.rejects(model.getResponse(request('x')));
  assert.equal(
    await model.getRetryAdvice(advise(error, request('x'))),
    undefined,
  );
  assert.equal(
    await model.getRetryAdvice(
      undefined as unknown as ModelRetryAdviceRequest,
    ),
    undefined,
  );
});

test('ScriptedModel rejects a raw stream step played by a plain call, naming the call', async () => {
  const model = new ScriptedModel([modelStream([])]);
  const error = await model.getResponse(request('x')).catch((e) => e);
  assert(error instanceof InvalidScriptedModelStepError);
  assert.equal(error.reason, 'incompatible_call');
  assert.equal(error.received, 'a non-streaming call');
  assert.match(error.message, /got a non-streaming call$/);
});

test('ScriptedModel reads an array by index, ignoring its iterator', async () => {
  const inputs: ScriptedModelInput[] = [[assistantMessage('indexed')]];
  Object.defineProperty(inputs, Symbol.iterator, {
    value: function* () {
      yield [assistantMessage('iterated')];
    },
  });
  const model = new ScriptedModel(inputs);
  assert.equal(
    textOf((await model.getResponse(request('x'))).output),
    'indexed',
  );
});

test('ScriptedModel iterates a function that is iterable', async () => {
  const inputs = Object.assign(() => {}, {
    *[Symbol.iterator]() {
      yield [assistantMessage('from a function')];
    },
  });
  const model = new ScriptedModel(
    inputs as unknown as Iterable<ScriptedModelInput>,
  );
  assert.equal(
    textOf((await model.getResponse(request('x'))).output),
    'from a function',
  );
});

test('ScriptedModel names where unreadable inputs failed', () => {
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  const error = (() => {
    try {
      new ScriptedModel(proxy as unknown as ScriptedModelInput[]);
    } catch (e) {
      return e;
    }
  })();
  assert(error instanceof InvalidScriptedModelStepError);
  assert.equal(error.path, 'inputs');
  const inputs: ScriptedModelInput[] = [[]];
  Object.defineProperty(inputs, 1, {
    get(): never {
      throw new Error('getter');
    },
    enumerable: true,
  });
  const second = (() => {
    try {
      new ScriptedModel(inputs);
    } catch (e) {
      return e;
    }
  })();
  assert(second instanceof InvalidScriptedModelStepError);
  assert.equal(second.inputIndex, 1);
  assert.equal(
    second.message,
    'Invalid model step 1: expected the input to be readable, got the error "getter"',
  );
});

test('ScriptedModel stream responders stream their events and name respond() in errors', async () => {
  const model = new ScriptedModel([
    modelStreamResponder(() => [{ type: 'output_text_delta', delta: 'Hi' }]),
    modelStreamResponder(() => 5 as never),
    modelStreamResponder(() => [5] as never),
    modelStreamResponder(() =>
      (async function* () {
        yield 5;
      })() as never
    ),
    modelStreamResponder(() => {
      const events: unknown[] = [];
      Object.defineProperty(events, 0, {
        get(): never {
          throw new Error('getter');
        },
        enumerable: true,
      });
      return events as never;
    }),
    modelStreamResponder(() => {
      // Readable when checked, unreadable when copied.
      let reads = 0;
      const events: unknown[] = [];
      Object.defineProperty(events, 0, {
        get(): unknown {
          if (++reads > 1) throw new Error('second read');
          return { type: 'output_text_delta', delta: 'x' };
        },
        enumerable: true,
      });
      return events as never;
    }),
  ]);
  const seen: unknown[] = [];
  for await (const event of model.getStreamedResponse(request('x'))) {
    seen.push(event);
  }
  assert.deepEqual(seen, [{ type: 'output_text_delta', delta: 'Hi' }]);
  for (let i = 1; i < 6; i++) {
    const error = await (async () => {
      for await (const _ of model.getStreamedResponse(request('x'))) {
        // drained
      }
    })().catch((e) => e);
    assert(error instanceof InvalidScriptedModelStepError, String(error));
    assert.equal(error.callIndex, i);
    assert.match(String(error.path), /^respond\(\)/);
  }
});

test('ScriptedModel getRetryAdvice never prefers a failure whose input it could not keep', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
  ]);
  await assert.rejects(model.getResponse(request('text')));
  await assert.rejects(model.getResponse(request(42)));
  assert.deepEqual(await model.getRetryAdvice(advise(error, request('x'))), {
    suggested: true,
    retryAfterMs: 1,
  });
});

test('ScriptedModel getRetryAdvice matches a request by parts even when a part is text', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
  ]);
  const shared = { modelSettings: {}, tools: [], handoffs: [] };
  const asked = (input: string) =>
    ({ ...request(input), ...shared }) as ModelRequest;
  await assert.rejects(model.getResponse(asked('a')));
  await assert.rejects(model.getResponse(asked('b')));
  assert.deepEqual(await model.getRetryAdvice(advise(error, asked('b'))), {
    suggested: true,
    retryAfterMs: 2,
  });
});

test('ScriptedModel getRetryAdvice: a part that cannot be read matches no failure, not a missing one', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([
    modelError(error, { suggested: true, retryAfterMs: 1 }),
    modelError(error, { suggested: true, retryAfterMs: 2 }),
  ]);
  const shared = { modelSettings: {}, tools: [], handoffs: [] };
  await assert.rejects(
    model.getResponse({ ...request('a'), ...shared } as ModelRequest),
  );
  await assert.rejects(
    model.getResponse({ ...request(undefined), ...shared } as ModelRequest),
  );
  const hostile = {
    ...shared,
    get input(): never {
      throw new Error('hostile');
    },
  };
  // Nothing matches the hostile request's parts: the oldest failure answers.
  assert.deepEqual(await model.getRetryAdvice(advise(error, hostile)), {
    suggested: true,
    retryAfterMs: 1,
  });
});

test('ScriptedModel keeps a failed request whose parts are null', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([modelError(error, { suggested: true })]);
  const odd = { ...request('x'), tools: null, handoffs: null };
  await assert.rejects(model.getResponse(odd as never), (e) => e === error);
  assert.deepEqual(await model.getRetryAdvice(advise(error, odd)), {
    suggested: true,
  });
});

test('ScriptedModel getRetryAdvice without arguments leaves the failures to their requests', async () => {
  const error = new Error('busy');
  const model = new ScriptedModel([modelError(error, { suggested: true })]);
  const failed = request('x');
  await assert.rejects(model.getResponse(failed));
  assert.equal(
    await model.getRetryAdvice(undefined as unknown as ModelRetryAdviceRequest),
    undefined,
  );
  assert.deepEqual(await model.getRetryAdvice(advise(error, failed)), {
    suggested: true,
  });
});

test('ScriptedModel names the input whose iteration threw, past position 9', () => {
  const failure = new Error('eleventh');
  function* inputs(): Generator<unknown> {
    for (let i = 0; i < 11; i++) yield [assistantMessage(String(i))];
    throw failure;
  }
  assert.throws(
    () => new ScriptedModel(inputs() as never),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.issue === 'unreadable' && error.inputIndex === 11 &&
      error.cause === failure,
  );
});

test('ScriptedModel ends an endless script where the reader stops reading', () => {
  function* endless(): Generator<unknown> {
    for (;;) yield [];
  }
  assert.throws(
    () => new ScriptedModel(endless() as never),
    (error: unknown) =>
      error instanceof InvalidScriptedModelStepError &&
      error.issue === 'not_iterable' && error.path === 'inputs' &&
      /to be a list of at most 1048576/.test(error.message),
  );
});

test('ScriptedModel reads preserveRawUsage from a request without model settings', async () => {
  const model = new ScriptedModel([
    { output: [], rawUsage: { a: 1 } } as never,
  ]);
  const bare = { ...request('x'), modelSettings: undefined } as never;
  assert.equal((await model.getResponse(bare)).rawUsage, undefined);
});

test('ScriptedModel leaves out a raw usage that is not an object', async () => {
  for (const rawUsage of [null, 5, 'x', [1]]) {
    const model = new ScriptedModel([{ output: [], rawUsage } as never]);
    const response = await model.getResponse({
      ...request('x'),
      modelSettings: { preserveRawUsage: true },
    } as never);
    assert.equal('rawUsage' in response, false, String(rawUsage));
  }
});
