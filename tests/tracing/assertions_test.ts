import { Agent } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { handoffCall } from '@scripted/agents/items';
import {
  installTraceCapture,
  InvalidTraceAssertionInputError,
  TraceAssertionError,
} from '@scripted/agents/tracing';
import assert from 'node:assert/strict';
import test from 'node:test';
import { add, handMcpServer, run, thrown } from './_fixtures.ts';

function handoffAgents(): Agent<unknown, 'text'> {
  const billing = new Agent({
    name: 'Billing',
    model: new ScriptedModel([[assistantMessage('Refunded')]]),
  });
  return new Agent({
    name: 'Triage',
    model: new ScriptedModel([
      [functionCall('add', { a: 2, b: 2 }, { callId: 'call_1' })],
      [handoffCall(billing, { callId: 'call_2' })],
    ]),
    tools: [add],
    handoffs: [billing],
  });
}

for (const streamed of [false, true]) {
  const mode = streamed ? 'streamed' : 'plain';

  test(`trace assertions read agents, tools and handoffs like the run (${mode})`, async () => {
    using capture = installTraceCapture();
    await run(handoffAgents(), 'Refund me', { streamed });
    const trace = capture.trace();
    trace.assertAgents(['Triage', 'Billing']);
    trace.assertToolCalls([{ name: 'add' }]);
    trace.assertToolCalls([{ name: 'add', arguments: { a: 2, b: 2 } }]);
    trace.assertToolCalls([{ name: 'add', output: '4' }]);
    trace.assertHandoffs([{ from: 'Triage', to: 'Billing' }]);
    trace.assertHandoffs([{ from: 'Triage' }]);
    trace.assertGuardrails([]);
    trace.assertMcpCalls([]);
    trace.assertMcpListTools([]);
    trace.assertGenerations({ count: 0, usage: {} });
  });

  test(`trace assertions read MCP list and call spans (${mode})`, async () => {
    const server = handMcpServer('files');
    const agent = new Agent({
      name: 'Reader',
      model: new ScriptedModel([
        [functionCall('read_file', { path: '/a' }, { callId: 'call_1' })],
        [assistantMessage('done')],
      ]),
      mcpServers: [server],
    });
    using capture = installTraceCapture();
    await run(agent, 'Read /a', { streamed });
    const trace = capture.trace();
    trace.assertMcpListTools([
      { server: 'files', tools: ['read_file'] },
      { server: 'files' },
    ]);
    assert.equal(server.listed, 2);
    trace.assertMcpCalls([{
      server: 'files',
      name: 'read_file',
      arguments: { path: '/a' },
      output: JSON.stringify({ type: 'text', text: 'text of /a' }),
    }]);
    // MCP calls are tool calls too.
    trace.assertToolCalls([{ name: 'read_file', arguments: { path: '/a' } }]);
    const error = thrown(
      () => trace.assertMcpCalls([{ name: 'read_file', server: 'other' }]),
      TraceAssertionError,
    );
    assert.equal(error.assertion, 'assertMcpCalls');
    assert.equal(error.path, '[0].server');
    assert.deepEqual(error.actual, [{ server: 'files', name: 'read_file' }]);
  });
}

test('a failed trace assertion is a TraceAssertionError with the projection, the path and a line diff', async () => {
  using capture = installTraceCapture();
  await run(handoffAgents(), 'Refund me', { streamed: false });
  const trace = capture.trace();
  const agents = thrown(
    () => trace.assertAgents(['Triage', 'Refunds']),
    TraceAssertionError,
  );
  assert.equal(agents.name, 'TraceAssertionError');
  assert.equal(agents.assertion, 'assertAgents');
  assert.equal(agents.traceId, trace.traceId);
  assert.deepEqual(agents.expected, ['Triage', 'Refunds']);
  assert.deepEqual(agents.actual, ['Triage', 'Billing']);
  assert.equal(agents.path, '[1]');
  assert.equal(
    agents.message,
    `Unexpected agent spans in trace "${trace.traceId}" at "[1]": expected "Refunds", got "Billing"\n\n` +
      '- expected\n+ actual\n\n  [\n    "Triage",\n-   "Refunds"\n+   "Billing"\n  ]',
  );
  const count = thrown(
    () => trace.assertHandoffs([]),
    TraceAssertionError,
  );
  assert.equal(
    count.message.split('\n')[0],
    `Unexpected handoff spans in trace "${trace.traceId}": expected 0, got 1`,
  );
  assert.equal(count.path, '[0]');
  const args = thrown(
    () => trace.assertToolCalls([{ name: 'add', arguments: { a: 2, b: 3 } }]),
    TraceAssertionError,
  );
  assert.equal(args.path, '[0].arguments.b');
  assert.match(args.message, /: expected 3, got 2\n/);
  const guardrails = thrown(
    () => trace.assertGuardrails([{ name: 'g', triggered: true }]),
    TraceAssertionError,
  );
  assert.equal(guardrails.assertion, 'assertGuardrails');
  assert.match(guardrails.message, /^Unexpected guardrail spans /);
  const generations = thrown(
    () => trace.assertGenerations({ count: 1, usage: { input_tokens: 5 } }),
    TraceAssertionError,
  );
  assert.deepEqual(generations.expected, {
    count: 1,
    usage: { input_tokens: 5 },
  });
  assert.deepEqual(generations.actual, {
    count: 0,
    usage: { input_tokens: 0 },
  });
  assert.equal(generations.path, 'count');
  assert.match(generations.message, /^Unexpected generation spans /);
  const list = thrown(
    () => trace.assertMcpListTools([{ server: 'x' }]),
    TraceAssertionError,
  );
  assert.match(
    list.message,
    /^Unexpected MCP list-tools spans .*: expected 1, got 0/,
  );
  const whole = thrown(
    () => trace.assertAgents([]),
    TraceAssertionError,
  );
  assert.equal(whole.path, '[0]');
});

test('the normalized tree is equal for equal runs: ids become tokens, timestamps are dropped', async () => {
  const trees = [];
  for (let i = 0; i < 2; i++) {
    using capture = installTraceCapture();
    await run(handoffAgents(), 'Refund me', { streamed: false });
    trees.push(capture.trace().tree());
  }
  assert.deepEqual(trees[0], trees[1]);
  const tree = trees[0]!;
  assert.equal(tree.trace, 'trace_1');
  assert.equal(tree.name, 'Agent workflow');
  const text = JSON.stringify(tree);
  assert.doesNotMatch(text, /span_[0-9a-f]{24}|trace_[0-9a-f]{32}/);
  assert.doesNotMatch(text, /\d{4}-\d\d-\d\dT/);
  const top = tree.spans;
  const triage = top.flatMap((node) => [node, ...node.children]).find((n) =>
    n.type === 'agent' && n.data.name === 'Triage'
  );
  assert.ok(triage);
  assert.equal('type' in triage.data, false);
  assert.equal('open' in triage, false);
  assert.equal('error' in triage, false);
  // Tokens follow start order.
  const ids: string[] = [];
  const walk = (nodes: typeof top): void =>
    nodes.forEach((node) => {
      ids.push(node.id);
      walk(node.children);
    });
  walk(top);
  assert.deepEqual(
    ids.map((id) => Number(id.slice(5))).sort((a, b) => a - b),
    ids.map((_, i) => i + 1),
  );
});

test('the tree marks open spans and errors, and replaces ids inside span data', async () => {
  using capture = installTraceCapture();
  const model = new ScriptedModel([[
    functionCall('add', { a: 1, b: 1 }, { callId: 'call_1' }),
  ], [assistantMessage('2')]]);
  const { withTrace, createCustomSpan } = await import('@openai/agents');
  await withTrace('custom', async () => {
    const span = createCustomSpan({ data: { name: 'open', data: {} } });
    span.start();
    const other = createCustomSpan({
      data: { name: 'ref', data: { refers: span.spanId } },
    });
    other.start();
    other.setError({ message: 'broke', data: { at: span.spanId } });
    other.end();
    await run(new Agent({ name: 'A', model, tools: [add] }), 'x', {
      streamed: false,
    });
  });
  const tree = capture.trace({ name: 'custom' }).tree();
  const [open, ref] = tree.spans;
  assert.equal(open?.open, true);
  assert.equal(open?.id, 'span_1');
  assert.deepEqual(ref?.data, { name: 'ref', data: { refers: 'span_1' } });
  assert.deepEqual(ref?.error, { message: 'broke', data: { at: 'span_1' } });
  assert.equal(capture.trace({ name: 'custom' }).spans[0]?.ended, false);
});

test('bad assertion input is an InvalidTraceAssertionInputError naming where', async () => {
  using capture = installTraceCapture();
  await run(handoffAgents(), 'Refund me', { streamed: false });
  const trace = capture.trace();
  const cases: [() => void, string, string, string][] = [
    [
      () => trace.assertAgents('Triage' as never),
      'assertAgents',
      'expected',
      'invalid_type',
    ],
    [
      () => trace.assertAgents([''] as never),
      'assertAgents',
      'expected[0]',
      'invalid_value',
    ],
    [
      () => trace.assertToolCalls([{ nme: 'add' }] as never),
      'assertToolCalls',
      'expected[0].nme',
      'unknown_key',
    ],
    [
      () => trace.assertToolCalls([{}] as never),
      'assertToolCalls',
      'expected[0].name',
      'invalid_type',
    ],
    [
      () => trace.assertHandoffs([null] as never),
      'assertHandoffs',
      'expected[0]',
      'invalid_type',
    ],
    [
      () => trace.assertGenerations({ count: -1 }),
      'assertGenerations',
      'expected.count',
      'invalid_value',
    ],
    [
      () => trace.assertGenerations({ count: 1.5 }),
      'assertGenerations',
      'expected.count',
      'invalid_value',
    ],
    [
      () => trace.assertGenerations({ usage: { input_tokens: '1' } } as never),
      'assertGenerations',
      'expected.usage.input_tokens',
      'invalid_type',
    ],
    [
      () => trace.assertGenerations({ usage: { inputTokens: 1 } } as never),
      'assertGenerations',
      'expected.usage.inputTokens',
      'unknown_key',
    ],
    [
      () => trace.assertGenerations(null as never),
      'assertGenerations',
      'expected',
      'invalid_type',
    ],
    [
      () => trace.assertNoSpansAfter({ type: '' }, []),
      'assertNoSpansAfter',
      'anchor.type',
      'invalid_value',
    ],
    [
      () =>
        trace.assertNoSpansAfter(
          { type: 'agent', triggered: 'yes' } as never,
          [],
        ),
      'assertNoSpansAfter',
      'anchor.triggered',
      'invalid_type',
    ],
    [
      () => trace.assertNoSpansAfter({ type: 'agent', name: 1 } as never, []),
      'assertNoSpansAfter',
      'anchor.name',
      'invalid_type',
    ],
    [
      () => trace.assertNoSpansAfter({ type: 'agent' }, 'generation' as never),
      'assertNoSpansAfter',
      'types',
      'invalid_type',
    ],
    [
      () => trace.assertNoSpansAfter({ type: 'agent' }, [''] as never),
      'assertNoSpansAfter',
      'types[0]',
      'invalid_value',
    ],
    [
      () => capture.trace({ nam: 'x' } as never),
      'trace',
      'selector.nam',
      'unknown_key',
    ],
    [
      () => capture.trace({ name: 1 } as never),
      'trace',
      'selector.name',
      'invalid_type',
    ],
    [
      () => installTraceCapture({ restore: {} } as never),
      'installTraceCapture',
      'options.restore',
      'invalid_type',
    ],
    [
      () => installTraceCapture({ restore: [{}] } as never),
      'installTraceCapture',
      'options.restore[0].onTraceStart',
      'invalid_type',
    ],
    [
      () => installTraceCapture(5 as never),
      'installTraceCapture',
      'options',
      'invalid_type',
    ],
  ];
  for (const [call, assertion, path, reason] of cases) {
    const error = thrown(call, InvalidTraceAssertionInputError);
    assert.equal(error.name, 'InvalidTraceAssertionInputError');
    assert.equal(error.assertion, assertion, path);
    assert.equal(error.path, path);
    assert.equal(error.reason, reason, path);
    assert.ok(
      error.message.startsWith(`Invalid ${assertion} input: expected `),
    );
  }
  const typo = thrown(
    () => trace.assertHandoffs([{ frm: 'Triage' }] as never),
    InvalidTraceAssertionInputError,
  );
  assert.equal(typo.suggestion, 'from');
  assert.equal(typo.issue, 'only "from" and "to"');
  assert.equal(typo.received, '"frm"');
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  const unreadable = thrown(
    () => trace.assertGuardrails([proxy] as never),
    InvalidTraceAssertionInputError,
  );
  assert.equal(unreadable.reason, 'unreadable');
  assert.ok(unreadable.cause instanceof TypeError);
});
