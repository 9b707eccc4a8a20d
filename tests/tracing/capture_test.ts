import {
  Agent,
  getGlobalTraceProvider,
  InputGuardrailTripwireTriggered,
  NoopTrace,
  setTraceProcessors,
  setTracingDisabled,
} from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  AmbiguousTraceError,
  installTraceCapture,
  SpanNotFoundError,
  SpanOrderError,
  TraceNotFoundError,
  type TraceTreeNode,
  withGenerationSpans,
} from '@scripted/agents/tracing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { add, countingProcessor, run, thrown } from './_fixtures.ts';

function disabledNow(): boolean {
  return getGlobalTraceProvider().createTrace({ name: 'probe' }) instanceof
    NoopTrace;
}

const usage = { requests: 1, inputTokens: 7, outputTokens: 3, totalTokens: 10 };

for (const streamed of [false, true]) {
  const mode = streamed ? 'streamed' : 'plain';

  test(`capture shows a tripped input guardrail with no generation or tool span after it (${mode})`, async () => {
    const model = new ScriptedModel([[functionCall('add', { a: 1, b: 2 }, {
      callId: 'call_1',
    })], [assistantMessage('3')]], { defaultUsage: usage });
    const agent = new Agent({
      name: 'Guarded',
      model: withGenerationSpans(model),
      tools: [add],
      inputGuardrails: [{
        name: 'block_math',
        runInParallel: false,
        execute: () =>
          Promise.resolve({ tripwireTriggered: true, outputInfo: 'math' }),
      }],
    });
    using capture = installTraceCapture();
    await assert.rejects(
      run(agent, '1+2?', { streamed }),
      InputGuardrailTripwireTriggered,
    );
    const trace = capture.trace();
    trace.assertAgents(['Guarded']);
    trace.assertGuardrails([{ name: 'block_math', triggered: true }]);
    trace.assertNoSpansAfter(
      { type: 'guardrail', name: 'block_math', triggered: true },
      ['generation', 'function'],
    );
    trace.assertGenerations({ count: 0 });
    trace.assertToolCalls([]);
    assert.equal(model.calls.length, 0);
  });

  test(`capture reports the generation and tool spans that follow a guardrail that held (${mode})`, async () => {
    const model = new ScriptedModel([[functionCall('add', { a: 1, b: 2 }, {
      callId: 'call_1',
    })], [assistantMessage('3')]], { defaultUsage: usage });
    const agent = new Agent({
      name: 'Guarded',
      model: withGenerationSpans(model, { model: 'gpt-test' }),
      tools: [add],
      inputGuardrails: [{
        name: 'block_math',
        runInParallel: false,
        execute: () =>
          Promise.resolve({ tripwireTriggered: false, outputInfo: null }),
      }],
    });
    using capture = installTraceCapture();
    await run(agent, '1+2?', { streamed });
    const trace = capture.trace();
    trace.assertGuardrails([{ name: 'block_math', triggered: false }]);
    trace.assertGenerations({
      count: 2,
      usage: { input_tokens: 14, output_tokens: 6 },
    });
    trace.assertToolCalls([{
      name: 'add',
      arguments: { a: 1, b: 2 },
      output: '3',
    }]);
    const error = thrown(
      () =>
        trace.assertNoSpansAfter({ type: 'guardrail', name: 'block_math' }, [
          'generation',
          'function',
        ]),
      SpanOrderError,
    );
    assert.equal(error.name, 'SpanOrderError');
    assert.equal(error.traceId, trace.traceId);
    assert.equal(error.anchor, 'guardrail "block_math"');
    assert.deepEqual(error.forbidden, ['generation', 'function']);
    assert.deepEqual(error.following, [
      { type: 'generation', name: '' },
      { type: 'function', name: 'add' },
      { type: 'generation', name: '' },
    ]);
    assert.equal(
      error.message.split('\n')[0],
      `Unexpected spans in trace "${trace.traceId}": 3 spans followed guardrail "block_math", where no "generation" or "function" span may`,
    );
    assert.match(error.message, /\+ function "add"/);
    assert.equal(
      trace.spans.find((s) => s.type === 'generation')?.data.model,
      'gpt-test',
    );
  });
}

test('assertNoSpansAfter names the anchor it could not find and the spans of its type', async () => {
  const model = new ScriptedModel([[assistantMessage('Hi')]]);
  const agent = new Agent({
    name: 'A',
    model,
    inputGuardrails: [{
      name: 'other',
      runInParallel: false,
      execute: () =>
        Promise.resolve({ tripwireTriggered: false, outputInfo: null }),
    }],
  });
  using capture = installTraceCapture();
  await run(agent, 'Hello', { streamed: false });
  const trace = capture.trace();
  const error = thrown(
    () =>
      trace.assertNoSpansAfter({
        type: 'guardrail',
        name: 'other',
        triggered: true,
      }, ['generation']),
    SpanNotFoundError,
  );
  assert.equal(error.name, 'SpanNotFoundError');
  assert.equal(error.anchor, 'guardrail "other" (tripped)');
  assert.deepEqual(error.available, ['guardrail "other" (not tripped)']);
  assert.equal(
    error.message,
    `No guardrail "other" (tripped) span in trace "${trace.traceId}": it has guardrail "other" (not tripped)`,
  );
  const none = thrown(
    () => trace.assertNoSpansAfter({ type: 'handoff' }, ['generation']),
    SpanNotFoundError,
  );
  assert.deepEqual(none.available, []);
  assert.match(none.message, /: it has none of that type$/);
  // An anchor without a name matches the first span of its type.
  trace.assertNoSpansAfter({ type: 'guardrail' }, ['function']);
});

test('two concurrent runs in one process have separate, correct trees', async () => {
  const first = new Agent({
    name: 'Adder',
    model: new ScriptedModel([
      [functionCall('add', { a: 1, b: 2 }, { callId: 'call_a' })],
      [assistantMessage('3')],
    ]),
    tools: [add],
  });
  const second = new Agent({
    name: 'Greeter',
    model: new ScriptedModel([[assistantMessage('Hi')]]),
  });
  using capture = installTraceCapture();
  await Promise.all([
    run(first, '1+2?', { streamed: false, workflowName: 'adding' }),
    run(second, 'Hello', { streamed: true, workflowName: 'greeting' }),
  ]);
  assert.equal(capture.traces.length, 2);
  const adding = capture.trace({ name: 'adding' });
  const greeting = capture.trace({ name: 'greeting' });
  assert.notEqual(adding.traceId, greeting.traceId);
  adding.assertAgents(['Adder']);
  adding.assertToolCalls([{ name: 'add', arguments: { a: 1, b: 2 } }]);
  greeting.assertAgents(['Greeter']);
  greeting.assertToolCalls([]);
  for (const trace of [adding, greeting]) {
    const ids = new Set(trace.spans.map((span) => span.spanId));
    for (const span of trace.spans) {
      assert.equal(span.traceId, trace.traceId);
      assert.equal(span.ended, true);
      // Every parent is in the same trace: the trees do not mix.
      if (span.parentId !== null) assert.ok(ids.has(span.parentId));
    }
    assert.equal(trace.ended, true);
  }
  // The trees: one agent span each, the tool only under the adder.
  const typesOf = (nodes: readonly TraceTreeNode[]): string[] =>
    nodes.flatMap((node) => [node.type, ...typesOf(node.children)]);
  const addingTypes = typesOf(adding.tree().spans);
  const greetingTypes = typesOf(greeting.tree().spans);
  assert.equal(addingTypes.filter((type) => type === 'agent').length, 1);
  assert.equal(greetingTypes.filter((type) => type === 'agent').length, 1);
  assert.equal(addingTypes.filter((type) => type === 'function').length, 1);
  assert.equal(greetingTypes.includes('function'), false);
  assert.equal(addingTypes.length, adding.spans.length);
  assert.equal(greetingTypes.length, greeting.spans.length);
  assert.equal(adding.tree().name, 'adding');
  assert.equal(greeting.tree().name, 'greeting');
});

test('a capture exports nothing: a processor installed before hears no event, and is back afterwards', async () => {
  const before = disabledNow();
  const loud = countingProcessor();
  setTraceProcessors([loud]);
  setTracingDisabled(false);
  try {
    const agent = () =>
      new Agent({
        name: 'A',
        model: new ScriptedModel([[assistantMessage('Hi')]]),
      });
    {
      using capture = installTraceCapture({ restore: [loud] });
      await run(agent(), 'Hello', { streamed: false });
      await run(agent(), 'Hello', { streamed: true });
      assert.equal(capture.traces.length, 2);
    }
    // Nothing reached the processor the capture replaced.
    assert.equal(loud.events.length, 0);
    // The capture put it back: it hears the next run.
    await run(agent(), 'Hello', { streamed: false });
    assert.equal(loud.events[0], 'trace Agent workflow');
    assert.ok(loud.events.includes('span agent'));
  } finally {
    setTraceProcessors([]);
    setTracingDisabled(before);
  }
});

test('a capture enables tracing where it was disabled and disables it again, even when the test fails', () => {
  const before = disabledNow();
  setTracingDisabled(true);
  try {
    assert.equal(disabledNow(), true);
    assert.throws(() => {
      using capture = installTraceCapture();
      assert.equal(disabledNow(), false);
      assert.equal(capture.installed, true);
      throw new Error('the test failed');
    }, { message: 'the test failed' });
    assert.equal(disabledNow(), true);
    const capture = installTraceCapture();
    capture.dispose();
    assert.equal(capture.installed, false);
    assert.equal(disabledNow(), true);
    // Enabled before: stays enabled.
    setTracingDisabled(false);
    const again = installTraceCapture();
    again.uninstall();
    again.uninstall();
    assert.equal(disabledNow(), false);
  } finally {
    setTracingDisabled(before);
  }
});

test('overlapping captures each record while installed; the last one out restores', async () => {
  const before = disabledNow();
  setTracingDisabled(true);
  try {
    const outer = installTraceCapture();
    const inner = installTraceCapture();
    const model = new ScriptedModel([[assistantMessage('a')], [
      assistantMessage('b'),
    ]]);
    await run(new Agent({ name: 'A', model }), 'x', {
      streamed: false,
      workflowName: 'both',
    });
    inner.uninstall();
    assert.equal(disabledNow(), false);
    await run(new Agent({ name: 'B', model }), 'x', {
      streamed: false,
      workflowName: 'outer only',
    });
    outer.uninstall();
    assert.equal(disabledNow(), true);
    assert.deepEqual(outer.traces.map((t) => t.name), ['both', 'outer only']);
    assert.deepEqual(inner.traces.map((t) => t.name), ['both']);
    inner.trace().assertAgents(['A']);
    // Uninstalled: later runs are not recorded, the traces stay readable.
    assert.equal(outer.installed, false);
  } finally {
    setTracingDisabled(before);
  }
});

test('capture.trace() selects by name, trace id or group id and says what it recorded', async () => {
  using capture = installTraceCapture();
  const notFound = thrown(
    () => capture.trace(),
    TraceNotFoundError,
  );
  assert.equal(notFound.name, 'TraceNotFoundError');
  assert.equal(notFound.selector, 'all traces');
  assert.deepEqual(notFound.recorded, []);
  assert.equal(notFound.message, 'No trace matches all traces: recorded none');
  const model = new ScriptedModel([[assistantMessage('a')], [
    assistantMessage('b'),
  ]]);
  await run(new Agent({ name: 'A', model }), 'x', {
    streamed: false,
    workflowName: 'one',
  });
  await run(new Agent({ name: 'B', model }), 'x', {
    streamed: false,
    workflowName: 'two',
  });
  const [one, two] = capture.traces as [
    typeof capture.traces[0],
    typeof capture.traces[0],
  ];
  const ambiguous = thrown(
    () => capture.trace(),
    AmbiguousTraceError,
  );
  assert.equal(ambiguous.name, 'AmbiguousTraceError');
  assert.deepEqual(ambiguous.matching, [
    { traceId: one.traceId, name: 'one' },
    { traceId: two.traceId, name: 'two' },
  ]);
  assert.equal(
    ambiguous.message,
    `2 traces match all traces, expected one: "one" (${one.traceId}), "two" (${two.traceId})`,
  );
  assert.equal(capture.trace({ traceId: two.traceId }), two);
  assert.equal(capture.trace({ name: 'one', groupId: undefined }), one);
  assert.equal(one.groupId, null);
  const missing = thrown(
    () => capture.trace({ name: 'one', traceId: two.traceId }),
    TraceNotFoundError,
  );
  assert.equal(missing.selector, `name "one", traceId "${two.traceId}"`);
  assert.equal(
    missing.message,
    `No trace matches name "one", traceId "${two.traceId}": recorded "one" (${one.traceId}), "two" (${two.traceId})`,
  );
});
