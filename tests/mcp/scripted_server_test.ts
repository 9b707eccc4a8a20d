import {
  IncompleteMcpScriptError,
  InvalidMcpScriptError,
  mcpAnyOrder,
  McpCallMatcherError,
  ScriptedMcpServer,
  UnexpectedMcpCallError,
  UnknownMcpResourceError,
  UnknownMcpToolError,
} from '@scripted/agents/mcp';
import assert from 'node:assert/strict';
import test from 'node:test';

const tools = [{ name: 'a' }, { name: 'b' }];

test('listTools: a fresh, filled-in copy per call, counted', async () => {
  const server = new ScriptedMcpServer({
    tools: [{
      name: 'a',
      description: 'A tool',
      inputSchema: { properties: { x: { type: 'number' } }, title: 'A' },
    }],
  });
  const first = await server.listTools();
  assert.deepEqual(first, [{
    name: 'a',
    description: 'A tool',
    inputSchema: {
      title: 'A',
      type: 'object',
      properties: { x: { type: 'number' } },
      required: [],
      additionalProperties: false,
    },
  }]);
  first[0]!.name = 'changed';
  assert.equal((await server.listTools())[0]!.name, 'a');
  assert.equal(server.listToolsCalls, 2);
  assert.equal(server.name, 'scripted-mcp');
  assert.equal(server.cacheToolsList, false);
});

test('tools as a function of the listing index; an unlisted tool is unknown', async () => {
  const server = new ScriptedMcpServer({
    name: 'growing',
    tools: (index) => index === 0 ? [{ name: 'a' }] : tools,
    calls: [{ tool: 'b', result: 'B' }],
  });
  await assert.rejects(server.callTool('a', {}), UnknownMcpToolError);
  assert.deepEqual((await server.listTools()).map((t) => t.name), ['a']);
  await assert.rejects(server.callTool('b', {}), (error: unknown) => {
    assert.ok(error instanceof UnknownMcpToolError);
    assert.equal(error.tool, 'b');
    assert.equal(error.callIndex, 1);
    assert.deepEqual(error.listedTools, ['a']);
    assert.match(
      error.message,
      /^Unknown MCP tool "b" at call 1: expected one of the listed tools \("a"\)\n/,
    );
    return true;
  });
  assert.deepEqual((await server.listTools()).map((t) => t.name), ['a', 'b']);
  assert.deepEqual(await server.callTool('b', null), [
    { type: 'text', text: 'B' },
  ]);
  // The first failure is remembered, though the script is used up.
  assert.throws(() => server.assertComplete(), UnknownMcpToolError);
});

test('no tools listed: the unknown tool error says none', async () => {
  const server = new ScriptedMcpServer();
  await assert.rejects(server.callTool('x', {}), {
    message: /expected one of the listed tools \(none\)/,
  });
});

test('ordered steps: result, respond (sync and async), error; calls recorded', async () => {
  const boom = new Error('rate limited');
  const server = new ScriptedMcpServer({
    tools,
    calls: [
      { tool: 'a', result: 'A' },
      { tool: 'b', respond: (call) => `b${call.index}` },
      {
        tool: 'a',
        respond: () =>
          Promise.resolve({
            content: [{ type: 'text', text: 'x' }],
            structuredContent: { n: 1 },
            isError: false,
            _meta: { m: 1 },
          }),
      },
      { tool: 'b', error: boom },
    ],
  });
  assert.equal(server.remainingSteps, 4);
  assert.deepEqual(await server.callTool('a', { q: 1 }, { trace: 't' }), [
    { type: 'text', text: 'A' },
  ]);
  assert.deepEqual(await server.callToolResult('b', null), {
    content: [{ type: 'text', text: 'b1' }],
  });
  const content = await server.callTool('a', {});
  assert.deepEqual([...content], [{ type: 'text', text: 'x' }]);
  assert.deepEqual(content.structuredContent, { n: 1 });
  assert.equal(content.isError, false);
  assert.deepEqual(content._meta, { m: 1 });
  await assert.rejects(server.callTool('b', {}), (error) => error === boom);
  assert.equal(server.remainingSteps, 0);
  assert.deepEqual(server.calls.map((call) => [call.name, call.method]), [
    ['a', 'callTool'],
    ['b', 'callToolResult'],
    ['a', 'callTool'],
    ['b', 'callTool'],
  ]);
  assert.deepEqual(server.calls[0]!.meta, { trace: 't' });
  assert.equal(Object.isFrozen(server.calls[0]!.arguments), true);
  server.assertComplete();
});

test('a fixed result is copied at definition and per answer', async () => {
  const result = { content: [{ type: 'text', text: 'A' }] };
  const server = new ScriptedMcpServer({
    tools,
    calls: [{ tool: 'a', result }, { tool: 'a', result }],
  });
  result.content[0]!.text = 'changed';
  const first = await server.callToolResult('a', {});
  first.content[0]!.text = 'mutated';
  assert.deepEqual(await server.callToolResult('a', {}), {
    content: [{ type: 'text', text: 'A' }],
  });
});

test('a call the script does not expect: structured, remembered, with the timeline', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [{ tool: 'a', result: 'A' }, { tool: 'a', result: 'A2' }],
  });
  await server.callTool('a', {});
  await assert.rejects(server.callTool('b', {}), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.equal(error.name, 'UnexpectedMcpCallError');
    assert.deepEqual(
      [error.callIndex, error.tool, error.expectedTool, error.remainingSteps],
      [1, 'b', 'a', 1],
    );
    assert.equal(error.candidates, undefined);
    const [head, ...timeline] = error.message.split('\n');
    assert.equal(
      head,
      'Unexpected MCP call 1 to "b": expected "a", 1 step left',
    );
    assert.equal(timeline.join('\n'), error.timeline);
    assert.match(error.timeline!, /"b"/);
    return true;
  });
  await server.callTool('a', {});
  assert.throws(() => server.assertComplete(), UnexpectedMcpCallError);
});

test('a call after the script ended expects no more calls', async () => {
  const server = new ScriptedMcpServer({ tools });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.equal(error.expectedTool, undefined);
    assert.match(
      error.message,
      /^Unexpected MCP call 0 to "a": expected no more calls, no steps left/,
    );
    return true;
  });
});

test('matchers: false, a thrown error (passed through), a thrown non-error, a promise', async () => {
  const failure = new Error('wrong args');
  const server = new ScriptedMcpServer({
    tools,
    calls: [
      { tool: 'a', match: (args) => args?.ok === true, result: 'A' },
      {
        tool: 'b',
        match: () => {
          throw failure;
        },
        result: 'B',
      },
    ],
  });
  await assert.rejects(
    server.callTool('a', { ok: false }),
    (error: unknown) => {
      assert.ok(error instanceof McpCallMatcherError);
      assert.equal(error.matcherResult, 'false');
      assert.equal(error.tool, 'a');
      assert.match(
        error.message,
        /^MCP call 0 to "a" rejected: expected the step's match to accept it, it returned false\n/,
      );
      return true;
    },
  );
  assert.deepEqual(await server.callTool('a', { ok: true }), [
    { type: 'text', text: 'A' },
  ]);
  await assert.rejects(server.callTool('b', {}), (error) => error === failure);
  assert.throws(() => server.assertComplete(), McpCallMatcherError);

  const odd = new ScriptedMcpServer({
    tools,
    calls: [{
      tool: 'a',
      match: () => {
        throw 'nope';
      },
      result: 'A',
    }],
  });
  await assert.rejects(odd.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof McpCallMatcherError);
    assert.equal(error.matcherResult, 'threw');
    assert.equal(error.cause, 'nope');
    assert.match(error.message, /threw a value that is not an error/);
    return true;
  });

  const late = new ScriptedMcpServer({
    tools,
    calls: [{
      tool: 'a',
      match: (() => Promise.resolve(true)) as unknown as () => boolean,
      result: 'A',
    }],
  });
  await assert.rejects(late.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof InvalidMcpScriptError);
    assert.equal(error.path, 'calls[0].match');
    assert.equal(error.received, 'a promise');
    return true;
  });
});

test('a matcher gets its own copy of the arguments', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [{
      tool: 'a',
      match: (args, call) => {
        args!.x = 2;
        return call.arguments?.x === 1;
      },
      result: 'A',
    }],
  });
  await server.callTool('a', { x: 1 });
  assert.deepEqual(server.calls[0]!.arguments, { x: 1 });
  server.assertComplete();
});

test('mcpAnyOrder: calls in any order; each takes the first accepting step', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [
      mcpAnyOrder(
        { tool: 'a', match: (args) => args?.n === 1, result: 'a1' },
        { tool: 'a', match: (args) => args?.n === 2, result: 'a2' },
        { tool: 'b', result: 'b' },
      ),
      { tool: 'a', result: 'after' },
    ],
  });
  assert.deepEqual(await server.callTool('b', {}), [{
    type: 'text',
    text: 'b',
  }]);
  assert.deepEqual(await server.callTool('a', { n: 2 }), [
    { type: 'text', text: 'a2' },
  ]);
  assert.deepEqual(await server.callTool('a', { n: 1 }), [
    { type: 'text', text: 'a1' },
  ]);
  assert.deepEqual(await server.callTool('a', {}), [
    { type: 'text', text: 'after' },
  ]);
  server.assertComplete();
});

test('mcpAnyOrder: no candidate takes the call; the candidates are listed', async () => {
  const server = new ScriptedMcpServer({
    tools: [...tools, { name: 'c' }],
    calls: [mcpAnyOrder(
      { tool: 'a', match: () => false, result: 'a' },
      {
        tool: 'a',
        match: () => {
          throw new Error('no');
        },
        result: 'a',
      },
      { tool: 'b', result: 'b' },
    )],
  });
  await assert.rejects(server.callTool('c', {}), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.deepEqual(error.candidates?.map((c) => c.rejection), [
      'method',
      'method',
      'method',
    ]);
    assert.match(error.message, /expected one of "a", "b" \(in any order\)/);
    assert.match(error.timeline!, /anyOrder candidate/);
    return true;
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof McpCallMatcherError);
    assert.equal(error.matcherResult, 'false');
    assert.deepEqual(error.candidates, [
      { position: 0, method: 'a', rejection: 'false' },
      { position: 1, method: 'a', rejection: 'threw' },
      { position: 2, method: 'b', rejection: 'method' },
    ]);
    assert.match(
      error.message,
      /candidates: group step 0 "a" \(matcher returned false\)/,
    );
    return true;
  });
});

test('mcpAnyOrder: only throwing matchers give threw with the first thrown value', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [mcpAnyOrder({
      tool: 'a',
      match: () => {
        throw 'first';
      },
      result: 'a',
    }, {
      tool: 'a',
      match: () => {
        throw 'second';
      },
      result: 'a',
    })],
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof McpCallMatcherError);
    assert.equal(error.matcherResult, 'threw');
    assert.equal(error.cause, 'first');
    return true;
  });
});

test('assertComplete: steps left, with their tools; using disposes with the check', () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [
      { tool: 'a', result: 'A' },
      mcpAnyOrder({ tool: 'b', result: 'B' }),
    ],
  });
  assert.throws(() => server.assertComplete(), (error: unknown) => {
    assert.ok(error instanceof IncompleteMcpScriptError);
    assert.equal(error.remainingSteps, 2);
    assert.deepEqual(error.remainingTools, ['a', 'b']);
    assert.match(
      error.message,
      /^Incomplete MCP script: 2 steps left \("a", "b"\)\n/,
    );
    return true;
  });
  assert.throws(() => server[Symbol.dispose](), IncompleteMcpScriptError);
});

test('a responder answering something unusable is an invalid script, remembered', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [{ tool: 'a', respond: () => 42 as never }],
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof InvalidMcpScriptError);
    assert.equal(error.path, 'calls[0].respond()');
    return true;
  });
  assert.throws(() => server.assertComplete(), InvalidMcpScriptError);
});

test('a signal already aborted rejects at once; a pending answer is bounded by it', async () => {
  const server = new ScriptedMcpServer({
    tools,
    calls: [
      { tool: 'a', respond: () => Promise.reject(new Error('late')) },
      { tool: 'a', respond: () => 'fine' },
    ],
  });
  const reason = new Error('aborted before');
  await assert.rejects(
    server.callTool('a', {}, null, { signal: AbortSignal.abort(reason) }),
    (error) => error === reason,
  );
  const controller = new AbortController();
  assert.deepEqual(
    await server.callTool('a', {}, null, { signal: controller.signal }),
    [{ type: 'text', text: 'fine' }],
  );
  assert.deepEqual(server.calls.map((c) => c.signalPassed), [true, true]);
});

test('resources: listed, templates, read by URI; an unknown URI fails', async () => {
  const server = new ScriptedMcpServer({
    resources: {
      resources: [{ uri: 'file:///a', name: 'a' }],
      templates: [{ uriTemplate: 'file:///{x}' }],
      contents: { 'file:///a': [{ uri: 'file:///a', text: 'hello' }] },
    },
  });
  assert.deepEqual(await server.listResources(), {
    resources: [{ uri: 'file:///a', name: 'a' }],
  });
  assert.deepEqual(await server.listResourceTemplates(), {
    resourceTemplates: [{ uriTemplate: 'file:///{x}' }],
  });
  assert.deepEqual(await server.readResource('file:///a'), {
    contents: [{ uri: 'file:///a', text: 'hello' }],
  });
  await assert.rejects(server.readResource('file:///b'), (error: unknown) => {
    assert.ok(error instanceof UnknownMcpResourceError);
    assert.equal(error.uri, 'file:///b');
    assert.deepEqual(error.knownUris, ['file:///a']);
    assert.equal(
      error.message,
      'Unknown MCP resource "file:///b": expected one of the scripted URIs ("file:///a")',
    );
    return true;
  });
  const none = new ScriptedMcpServer();
  assert.deepEqual(await none.listResources(), { resources: [] });
  assert.deepEqual(await none.listResourceTemplates(), {
    resourceTemplates: [],
  });
  await assert.rejects(none.readResource('toString'), {
    message: /scripted URIs \(none\)/,
  });
});

test('settings reach the server as the runner reads them', async () => {
  const filter = { allowedToolNames: ['a'] };
  const errorFunction = () => 'failed';
  const server = new ScriptedMcpServer({
    name: 'n',
    cacheToolsList: true,
    useStructuredContent: true,
    toolFilter: filter,
    errorFunction,
    toolInputGuardrails: [],
    toolOutputGuardrails: [],
  });
  assert.equal(server.name, 'n');
  assert.equal(server.cacheToolsList, true);
  assert.equal(server.useStructuredContent, true);
  assert.equal(server.toolFilter, filter);
  assert.equal(server.errorFunction, errorFunction);
  assert.deepEqual(server.toolInputGuardrails, []);
  assert.equal('customDataExtractor' in server, false);
  assert.equal(
    new ScriptedMcpServer({ errorFunction: null }).errorFunction,
    null,
  );
  await server.invalidateToolsCache();
});

test('invalid scripts: structured errors where the script is written', () => {
  const cases: [unknown, string, string][] = [
    [42, 'invalid_type', ''],
    [{ nme: 'x' }, 'unknown_key', 'nme'],
    [{ name: '' }, 'invalid_value', 'name'],
    [
      { tools: [{ name: 'a' }, { name: 'a' }] },
      'invalid_value',
      'tools[1].name',
    ],
    [
      { tools: [{ name: 'a', inputSchema: { type: 'array' } }] },
      'invalid_value',
      'tools[0].inputSchema.type',
    ],
    [
      { tools: [{ name: 'a', inputSchema: { required: [1] } }] },
      'invalid_type',
      'tools[0].inputSchema.required[0]',
    ],
    [{ calls: [{ tool: 'a' }] }, 'invalid_value', 'calls[0]'],
    [
      { calls: [{ tool: 'a', result: 'x', error: new Error() }] },
      'invalid_value',
      'calls[0]',
    ],
    [
      { calls: [{ tool: 'a', result: { content: 'x' } }] },
      'invalid_type',
      'calls[0].result.content',
    ],
    [
      { calls: [{ tool: 'a', result: { content: [{}] } }] },
      'missing',
      'calls[0].result.content[0].type',
    ],
    [
      {
        calls: [{
          tool: 'a',
          // deno-lint-ignore require-await
          match: async () => true,
          result: 'x',
        }],
      },
      'invalid_value',
      'calls[0].match',
    ],
    [{ calls: [{ anyOrder: [] }] }, 'invalid_value', 'calls[0].anyOrder'],
    [{ calls: [{ tool: 'a', reslt: 'x' }] }, 'unknown_key', 'calls[0].reslt'],
    [{ toolFilter: 3 }, 'invalid_type', 'toolFilter'],
    [{ errorFunction: 'x' }, 'invalid_type', 'errorFunction'],
    [{ cacheToolsList: 'yes' }, 'invalid_type', 'cacheToolsList'],
    [{ resources: { contents: 3 } }, 'invalid_type', 'resources.contents'],
  ];
  for (const [script, code, path] of cases) {
    assert.throws(
      () => new ScriptedMcpServer(script as never),
      (error: unknown) => {
        assert.ok(error instanceof InvalidMcpScriptError, String(error));
        assert.equal(error.name, 'InvalidMcpScriptError');
        assert.deepEqual([error.code, error.path], [code, path]);
        assert.match(error.message, /^Invalid MCP script: expected /);
        return true;
      },
    );
  }
});

test('a tool list function answering garbage fails at listTools, structured', async () => {
  const server = new ScriptedMcpServer({
    tools: () => [{ nam: 'x' }] as never,
  });
  await assert.rejects(server.listTools(), (error: unknown) => {
    assert.ok(error instanceof InvalidMcpScriptError);
    assert.equal(error.path, 'tools(0)[0].nam');
    assert.equal(error.suggestion, 'name');
    return true;
  });
});

test('a hostile script getter is unreadable, not a crash', () => {
  const script = {
    get calls(): never {
      throw new Error('boom');
    },
  };
  assert.throws(() => new ScriptedMcpServer(script), (error: unknown) => {
    assert.ok(error instanceof InvalidMcpScriptError);
    assert.equal(error.code, 'unreadable');
    assert.equal(error.path, 'calls');
    return true;
  });
});

test('the server works through a transparent proxy', async () => {
  const server = new Proxy(
    new ScriptedMcpServer({ tools, calls: [{ tool: 'a', result: 'A' }] }),
    {},
  );
  assert.equal((await server.listTools()).length, 2);
  await server.callTool('a', {});
  assert.equal(server.calls.length, 1);
  server.assertComplete();
});
