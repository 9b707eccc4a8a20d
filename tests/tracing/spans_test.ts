/**
 * The capture and its assertions on spans written by hand through the SDK's
 * own span API (`withTrace`, `createCustomSpan`, `createFunctionSpan`, …):
 * exact trees, edge cases of the projections, and spans that straddle an
 * install.
 */
import {
  createCustomSpan,
  createFunctionSpan,
  createGuardrailSpan,
  createHandoffSpan,
  createMCPListToolsSpan,
  getGlobalTraceProvider,
  NoopTrace,
  setTraceProcessors,
  setTracingDisabled,
  withTrace,
} from '@openai/agents';
import {
  AmbiguousTraceError,
  installTraceCapture,
  InvalidTraceAssertionInputError,
  SpanNotFoundError,
  SpanOrderError,
  TraceAssertionError,
  TraceNotFoundError,
} from '@scripted/agents/tracing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { thrown } from './_fixtures.ts';

function disabledNow(): boolean {
  return getGlobalTraceProvider().createTrace({}) instanceof NoopTrace;
}

function span(make: () => { start(): void; end(): void }): void {
  const made = make();
  made.start();
  made.end();
}

test('the tree nests spans exactly as they ran and replaces ids, in arrays too', async () => {
  using capture = installTraceCapture();
  await withTrace('exact', async (trace) => {
    const outer = createCustomSpan({ data: { name: 'outer', data: {} } });
    outer.start();
    const inner = createCustomSpan(
      {
        data: {
          name: 'inner',
          data: {
            ids: [outer.spanId, trace.traceId, 'other'],
            none: null,
            n: 1,
          },
        },
      },
      outer,
    );
    inner.start();
    inner.end();
    outer.end();
    span(() => createCustomSpan({ data: { name: 'last', data: {} } }));
    await Promise.resolve();
  });
  assert.deepEqual(capture.trace().tree(), {
    trace: 'trace_1',
    name: 'exact',
    spans: [
      {
        id: 'span_1',
        type: 'custom',
        data: { name: 'outer', data: {} },
        children: [{
          id: 'span_2',
          type: 'custom',
          data: {
            name: 'inner',
            data: { ids: ['span_1', 'trace_1', 'other'], none: null, n: 1 },
          },
          children: [],
        }],
      },
      {
        id: 'span_3',
        type: 'custom',
        data: { name: 'last', data: {} },
        children: [],
      },
    ],
  });
});

test('a trace without spans has an empty tree', async () => {
  using capture = installTraceCapture();
  await withTrace('empty', () => Promise.resolve());
  assert.deepEqual(capture.trace().tree(), {
    trace: 'trace_1',
    name: 'empty',
    spans: [],
  });
  assert.deepEqual(capture.trace().spans, []);
});

test('spans that straddle an install: an earlier parent is left out, its children shown at the top', async () => {
  const before = disabledNow();
  setTraceProcessors([]);
  setTracingDisabled(false);
  let capture: ReturnType<typeof installTraceCapture> | undefined;
  try {
    await withTrace('straddle', async () => {
      const early = createCustomSpan({ data: { name: 'early', data: {} } });
      early.start();
      capture = installTraceCapture();
      const child = createCustomSpan(
        { data: { name: 'child', data: {} } },
        early,
      );
      child.start();
      const trace = capture.trace();
      // Started before the capture: no name seen yet, not ended.
      assert.equal(trace.name, '');
      assert.equal(trace.ended, false);
      assert.equal(trace.spans[0]?.ended, false);
      assert.equal(trace.tree().spans[0]?.open, true);
      child.end();
      early.end();
      await Promise.resolve();
    });
    const trace = capture!.trace();
    assert.equal(trace.name, 'straddle');
    assert.equal(trace.ended, true);
    assert.deepEqual(trace.spans.map((s) => [s.data.name, s.ended]), [
      ['child', true],
      ['early', true],
    ]);
    // The parent ended while installed: known, the child nested under it.
    const [top] = trace.tree().spans;
    assert.equal(top?.data.name, 'early');
    assert.deepEqual(top?.children.map((node) => node.data.name), ['child']);
  } finally {
    capture?.uninstall();
    setTracingDisabled(before);
  }
});

test('a span whose parent the capture never saw is shown at the top of the tree', async () => {
  const before = disabledNow();
  setTraceProcessors([]);
  setTracingDisabled(false);
  let capture: ReturnType<typeof installTraceCapture> | undefined;
  try {
    await withTrace('orphan', async () => {
      const early = createCustomSpan({ data: { name: 'early', data: {} } });
      early.start();
      capture = installTraceCapture();
      span(() =>
        createCustomSpan({ data: { name: 'orphan', data: {} } }, early)
      );
      capture.uninstall();
      early.end();
      await Promise.resolve();
    });
    const tree = capture!.trace().tree();
    assert.deepEqual(tree.spans.map((node) => [node.id, node.data.name]), [
      ['span_1', 'orphan'],
    ]);
    assert.equal(capture!.trace().spans[0]?.parentId !== null, true);
  } finally {
    setTraceProcessors([]);
    setTracingDisabled(before);
  }
});

test('a trace is named as soon as it starts, and keeps its metadata', async () => {
  using capture = installTraceCapture();
  await withTrace('named', () => {
    const trace = capture.trace();
    assert.equal(trace.name, 'named');
    assert.equal(trace.ended, false);
    assert.deepEqual(trace.metadata, { team: 'qa' });
    return Promise.resolve();
  }, { metadata: { team: 'qa' }, groupId: 'group_1' });
  await withTrace('plain', () => Promise.resolve());
  assert.equal(capture.trace({ groupId: 'group_1' }).name, 'named');
  assert.deepEqual(capture.trace({ name: 'plain' }).metadata, {});
});

test('span data that JSON cannot hold is copied shallowly', async () => {
  using capture = installTraceCapture();
  await withTrace('big', () => {
    // Set after creation: SDK 0.11-0.13 copy span data through JSON there.
    const big = createCustomSpan({ data: { name: 'big', data: {} } });
    big.spanData.data.n = 1n;
    big.start();
    big.end();
    return Promise.resolve();
  });
  const [only] = capture.trace().spans;
  assert.equal(only?.data.name, 'big');
  assert.deepEqual(only?.data.data, { n: 1n });
});

test('projections read missing and odd span data as empty', async () => {
  using capture = installTraceCapture();
  await withTrace('odd', () => {
    span(() => createHandoffSpan({ data: { from_agent: 'A' } }));
    span(() => createMCPListToolsSpan({ data: { server: 'fs' } }));
    span(() =>
      createFunctionSpan({
        data: { name: 'f', input: ['1'] as never, mcp_data: 'null' },
      })
    );
    span(() =>
      createFunctionSpan({
        data: { name: 'g', input: 'not json', mcp_data: '{"server":"fs"}' },
      })
    );
    return Promise.resolve();
  });
  const trace = capture.trace();
  trace.assertHandoffs([{ from: 'A', to: '' }]);
  trace.assertMcpListTools([{ server: 'fs', tools: [] }]);
  trace.assertToolCalls([
    { name: 'f', arguments: ['1'] },
    { name: 'g', arguments: 'not json' },
  ]);
  trace.assertMcpCalls([{ name: 'g', server: 'fs', arguments: 'not json' }]);
  trace.assertGenerations({ usage: { input_tokens: 0 } });
  trace.assertGenerations({});
});

test('assertNoSpansAfter: the first matching anchor, spans after it only', async () => {
  using capture = installTraceCapture();
  await withTrace('order', () => {
    span(() => createFunctionSpan({ data: { name: 'first', input: '{}' } }));
    span(() =>
      createGuardrailSpan({ data: { name: 'other', triggered: true } })
    );
    span(() => createGuardrailSpan({ data: { name: 'g', triggered: false } }));
    span(() => createFunctionSpan({ data: { name: 'after', input: '{}' } }));
    return Promise.resolve();
  });
  const trace = capture.trace();
  // The anchor is the span at index 0; the anchor itself does not count.
  trace.assertNoSpansAfter({ type: 'function', name: 'first' }, ['handoff']);
  const error = thrown(
    () =>
      trace.assertNoSpansAfter({ type: 'function', name: 'first' }, [
        'function',
      ]),
    SpanOrderError,
  );
  assert.deepEqual(error.following, [{ type: 'function', name: 'after' }]);
  assert.equal(
    error.message,
    `Unexpected spans in trace "${trace.traceId}": 1 span followed function "first", where no "function" span may\n\n- expected\n+ actual\n\n+ function "after"`,
  );
  // Matched by name, not just type: "g" comes after "other".
  trace.assertNoSpansAfter({ type: 'guardrail', name: 'g' }, ['guardrail']);
  const byType = thrown(
    () => trace.assertNoSpansAfter({ type: 'guardrail' }, ['guardrail']),
    SpanOrderError,
  );
  assert.equal(byType.anchor, 'guardrail');
  assert.deepEqual(byType.following, [{ type: 'guardrail', name: 'g' }]);
  const missing = thrown(
    () => trace.assertNoSpansAfter({ type: 'function', name: 'none' }, []),
    SpanNotFoundError,
  );
  assert.deepEqual(missing.available, ['function "first"', 'function "after"']);
  assert.equal(
    missing.message,
    `No function "none" span in trace "${trace.traceId}": it has function "first", function "after"`,
  );
  const guardrails = thrown(
    () =>
      trace.assertNoSpansAfter(
        { type: 'guardrail', name: 'g', triggered: true },
        [],
      ),
    SpanNotFoundError,
  );
  assert.deepEqual(guardrails.available, [
    'guardrail "other" (tripped)',
    'guardrail "g" (not tripped)',
  ]);
});

test('capture errors keep their fields as given and word their messages from them', async () => {
  const root = new TraceAssertionError({
    assertion: 'assertGenerations',
    traceId: 'trace_1',
    expected: 1,
    actual: 2,
    path: '',
  });
  assert.equal(
    root.message,
    'Unexpected generation spans in trace "trace_1": expected 1, got 2\n\n- expected\n+ actual\n\n- 1\n+ 2',
  );
  using capture = installTraceCapture();
  await withTrace('one', () => Promise.resolve());
  await withTrace('two', () => Promise.resolve());
  const [one, two] = capture.traces;
  const missing = thrown(
    () => capture.trace({ name: 'three' }),
    TraceNotFoundError,
  );
  assert.deepEqual(missing.recorded, [
    { traceId: one!.traceId, name: 'one' },
    { traceId: two!.traceId, name: 'two' },
  ]);
  assert.ok(Object.isFrozen(missing.recorded));
  const both = thrown(() => capture.trace(), AmbiguousTraceError);
  assert.ok(Object.isFrozen(both.matching));
  const typo = thrown(
    () => capture.trace({ nme: 'one' } as never),
    InvalidTraceAssertionInputError,
  );
  assert.equal(
    typo.message,
    'Invalid trace input: expected only "name", "traceId" and "groupId", got "nme" (did you mean "name"?)',
  );
  assert.equal('cause' in typo, false);
  const wrong = thrown(
    () => capture.trace({ name: 1 } as never),
    InvalidTraceAssertionInputError,
  );
  assert.equal(
    wrong.message,
    'Invalid trace input: expected "selector.name" to be a string, got 1',
  );
  const trace = capture.trace({ name: 'one' });
  const issues: [() => void, string][] = [
    [() => trace.assertAgents({} as never), 'an array of expected spans'],
    [() => trace.assertToolCalls([{ name: '' }]), 'a non-empty string'],
    [() => trace.assertHandoffs([1] as never), 'an object with a "from"'],
    [
      () => trace.assertNoSpansAfter(null as never, []),
      'an object with a "type"',
    ],
    [
      () => trace.assertNoSpansAfter({ type: 'x' }, {} as never),
      'an array of span types',
    ],
    [
      () => trace.assertGenerations({ usage: { output_tokens: -1 } }),
      'an integer >= 0',
    ],
    [
      () => trace.assertGenerations({ usage: { output_tokens: 0.5 } }),
      'an integer',
    ],
    [
      () => installTraceCapture({ restore: 1 } as never),
      'an array of tracing processors',
    ],
    [
      () => installTraceCapture({ restore: [1] } as never),
      'a tracing processor',
    ],
  ];
  const anchor = thrown(
    () => trace.assertNoSpansAfter(null as never, []),
    InvalidTraceAssertionInputError,
  );
  assert.equal(anchor.path, 'anchor');
  for (const [call, issue] of issues) {
    const error = thrown(call, InvalidTraceAssertionInputError);
    assert.ok(error.issue.includes(issue), `${error.issue} / ${issue}`);
  }
});

test('TraceAssertionError gives counts only when both sides are lists', () => {
  const notLists = new TraceAssertionError({
    assertion: 'assertGenerations',
    traceId: 't',
    expected: { a: 1 },
    actual: 'abc',
    path: '',
  });
  assert.equal(
    notLists.message.split('\n')[0],
    'Unexpected generation spans in trace "t": expected an object, got "abc"',
  );
  const oneList = new TraceAssertionError({
    assertion: 'assertAgents',
    traceId: 't',
    expected: ['A'],
    actual: 'ab',
    path: '',
  });
  assert.equal(
    oneList.message.split('\n')[0],
    'Unexpected agent spans in trace "t": expected an array of 1, got "ab"',
  );
});
