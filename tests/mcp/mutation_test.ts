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
import { trackedSignal } from '../_support/tracked_signal.ts';

// Exact contracts: messages, paths, expectations and the timeline, as
// written, so a changed word or index is a failing test.

function scriptError(script: unknown): InvalidMcpScriptError {
  try {
    new ScriptedMcpServer(script as never);
  } catch (error) {
    assert.ok(error instanceof InvalidMcpScriptError, String(error));
    assert.equal(error.name, 'InvalidMcpScriptError');
    return error;
  }
  assert.fail('The script was accepted');
}

test('the timeline: consumed, candidate, pending steps and the calls', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }, { name: 'b' }],
    calls: [
      { tool: 'a', result: 'x' },
      mcpAnyOrder({ tool: 'b', result: 'y' }, { tool: 'a', result: 'z' }),
      { tool: 'b', result: 'w' },
    ],
  });
  await server.callTool('a', {});
  await server.callTool('a', {});
  // The used member of the group does not take the call again.
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    assert.equal(error.expectedTool, 'b');
    assert.equal(
      error.message,
      [
        'Unexpected MCP call 2 to "a": expected one of "b" (in any order), 2 steps left',
        'Timeline (4 steps, 3 calls; ">" marks the first divergence):',
        '  call 0 "a" -> step 0 "a"',
        '  step 1 "b": anyOrder candidate',
        '  call 1 "a" -> step 2 "a"',
        '> call 2 "a": no anyOrder candidate accepts it',
        '  step 3 "b": pending',
      ].join('\n'),
    );
    return true;
  });
  assert.throws(() => server.assertComplete(), UnexpectedMcpCallError);
});

test('the first call matching no step is the divergence', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }, { name: 'b' }],
    calls: [{ tool: 'a', result: 'x' }],
  });
  await assert.rejects(server.callTool('b', {}), {
    message: [
      'Unexpected MCP call 0 to "b": expected "a", 1 step left',
      'Timeline (1 step, 1 call; ">" marks the first divergence):',
      '> call 0 "b": expected "a"',
      '  step 0 "a": pending',
    ].join('\n'),
  });
});

test('errors built without a timeline have the message alone; names set', () => {
  const unexpected = new UnexpectedMcpCallError({
    callIndex: 0,
    tool: 'a',
    remainingSteps: 0,
  });
  assert.equal(
    unexpected.message,
    'Unexpected MCP call 0 to "a": expected no more calls, no steps left',
  );
  assert.equal(unexpected.timeline, undefined);
  const unknown = new UnknownMcpToolError({
    callIndex: 1,
    tool: 'x',
    listedTools: [],
  });
  assert.equal(unknown.name, 'UnknownMcpToolError');
  assert.equal(
    unknown.message,
    'Unknown MCP tool "x" at call 1: expected one of the listed tools (none)',
  );
  const matcher = new McpCallMatcherError({
    callIndex: 2,
    tool: 'a',
    matcherResult: 'threw',
  });
  assert.equal(matcher.name, 'McpCallMatcherError');
  assert.equal(
    matcher.message,
    'MCP call 2 to "a" rejected: expected the step\'s match to accept it, it threw a value that is not an error',
  );
  const incomplete = new IncompleteMcpScriptError({ remainingTools: ['a'] });
  assert.equal(incomplete.name, 'IncompleteMcpScriptError');
  assert.equal(incomplete.message, 'Incomplete MCP script: 1 step left ("a")');
  const resource = new UnknownMcpResourceError({ uri: 'u', knownUris: [] });
  assert.equal(resource.name, 'UnknownMcpResourceError');
  assert.equal(
    resource.message,
    'Unknown MCP resource "u": expected one of the scripted URIs (none)',
  );
});

test('settings not given are not own properties; given ones are', () => {
  const empty = new ScriptedMcpServer();
  for (
    const key of [
      'useStructuredContent',
      'toolFilter',
      'toolMetaResolver',
      'customDataExtractor',
      'errorFunction',
      'toolInputGuardrails',
      'toolOutputGuardrails',
    ]
  ) {
    assert.equal(key in empty, false, key);
  }
  assert.equal(
    'errorFunction' in
      new ScriptedMcpServer({ errorFunction: undefined } as never),
    false,
  );
  const extractor = () => undefined;
  const resolver = () => ({ a: 1 });
  const filter = () => Promise.resolve(true);
  const server = new ScriptedMcpServer({
    customDataExtractor: extractor,
    toolMetaResolver: resolver,
    toolFilter: filter,
    useStructuredContent: false,
  });
  assert.equal(server.customDataExtractor, extractor);
  assert.equal(server.toolMetaResolver, resolver);
  assert.equal(server.toolFilter, filter);
  assert.equal(server.useStructuredContent, false);
  assert.equal(server.cacheToolsList, false);
});

test('script errors: exact paths, codes and expectations', () => {
  const cases: [unknown, Partial<InvalidMcpScriptError>][] = [
    [{ errorFunction: 1 }, {
      path: 'errorFunction',
      expected: 'a function or null',
    }],
    [{ tools: [{ name: '' }] }, {
      code: 'invalid_value',
      path: 'tools[0].name',
    }],
    [{ tools: [{ name: 'a' }, { name: 'a' }] }, {
      path: 'tools[1].name',
      expected: 'a name not listed before',
    }],
    [{ tools: [{ name: 'a', description: 3 }] }, {
      path: 'tools[0].description',
    }],
    [{ tools: Array.from({ length: 1025 }, (_, i) => ({ name: `t${i}` })) }, {
      path: 'tools',
      expected: 'a list of at most 1024',
    }],
    [{ tools: [{ name: 'a', inputSchema: { type: 'array' } }] }, {
      path: 'tools[0].inputSchema.type',
      expected: '"object"',
    }],
    [{ tools: [{ name: 'a', inputSchema: { properties: 3 } }] }, {
      path: 'tools[0].inputSchema.properties',
    }],
    [{ tools: [{ name: 'a', inputSchema: { required: 'x' } }] }, {
      path: 'tools[0].inputSchema.required',
    }],
    [{ tools: [{ name: 'a', inputSchema: { additionalProperties: 'x' } }] }, {
      path: 'tools[0].inputSchema.additionalProperties',
    }],
    [{ calls: 3 }, { path: 'calls' }],
    [{ calls: [{ tool: 'a', reslt: 'x' }] }, {
      code: 'unknown_key',
      path: 'calls[0].reslt',
      expected: 'only "tool", "match", "result", "respond" and "error"',
      suggestion: 'result',
    }],
    [{ calls: [{ tool: '', result: 'x' }] }, {
      code: 'invalid_value',
      path: 'calls[0].tool',
    }],
    [{ calls: [{ tool: 'a', result: undefined }] }, {
      code: 'missing',
      path: 'calls[0].result',
    }],
    [{ calls: [{ tool: 'a' }] }, {
      path: 'calls[0]',
      expected: 'exactly one of "result", "respond" or "error"',
      received: 'none',
    }],
    [{ calls: [{ tool: 'a', result: 'x', error: 1 }] }, {
      received: '"result", "error"',
    }],
    [{ calls: [{ tool: 'a', respond: 3 }] }, {
      code: 'invalid_type',
      path: 'calls[0].respond',
    }],
    [{ calls: [{ tool: 'a', result: 42 }] }, {
      path: 'calls[0].result',
      expected: 'a string or an MCP result ({ content, ... })',
    }],
    [{ calls: [{ tool: 'a', result: { content: [{ type: '' }] } }] }, {
      code: 'invalid_value',
      path: 'calls[0].result.content[0].type',
    }],
    [{ calls: [{ tool: 'a', result: { content: [], isError: 1 } }] }, {
      path: 'calls[0].result.isError',
    }],
    [{ calls: [{ tool: 'a', result: { content: [], _meta: 1 } }] }, {
      path: 'calls[0].result._meta',
    }],
    [
      { calls: [{ tool: 'a', result: { content: [], structuredContent: 1 } }] },
      {
        path: 'calls[0].result.structuredContent',
      },
    ],
    [{ resources: 3 }, { path: 'resources' }],
    [{ resources: { resources: 3 } }, { path: 'resources.resources' }],
    [{ resources: { templates: 3 } }, { path: 'resources.templates' }],
  ];
  for (const [script, expected] of cases) {
    const error = scriptError(script);
    for (const [key, value] of Object.entries(expected)) {
      assert.equal(
        error[key as keyof InvalidMcpScriptError],
        value,
        `${key} of ${error.message}`,
      );
    }
  }
  const cause = new Error('hostile');
  const unreadable = scriptError({
    get name(): never {
      throw cause;
    },
  });
  assert.equal(unreadable.cause, cause);
});

test('a listed schema keeps its extra keywords first, its own keys after', async () => {
  const server = new ScriptedMcpServer({
    tools: [
      { name: 'plain' },
      {
        name: 'open',
        inputSchema: { properties: {}, title: 'T', additionalProperties: true },
      },
    ],
  });
  const [plain, open] = await server.listTools();
  assert.deepEqual(plain, {
    name: 'plain',
    inputSchema: {
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    },
  });
  assert.equal('description' in plain!, false);
  assert.deepEqual(Object.keys(open!.inputSchema), [
    'title',
    'type',
    'properties',
    'required',
    'additionalProperties',
  ]);
  assert.equal(open!.inputSchema.additionalProperties, true);
});

test('an async matcher in a group names its place; a rejection is structured', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [mcpAnyOrder(
      { tool: 'a', match: () => false, result: 'x' },
      {
        tool: 'a',
        match: (() => Promise.resolve(true)) as unknown as () => boolean,
        result: 'y',
      },
    )],
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof InvalidMcpScriptError);
    assert.equal(error.code, 'invalid_value');
    assert.equal(error.path, 'calls[0].anyOrder[1].match');
    assert.equal(error.expected, 'a matcher that answers synchronously');
    return true;
  });
});

test('a thrown error in a group is a candidate; the value thrown is the cause', async () => {
  const boom = new Error('boom');
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [mcpAnyOrder({
      tool: 'a',
      match: () => {
        throw boom;
      },
      result: 'x',
    })],
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof McpCallMatcherError);
    assert.equal(error.matcherResult, 'threw');
    assert.equal(error.cause, boom);
    return true;
  });
});

test('the cause is what the first throwing candidate threw, after another tool', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }, { name: 'b' }],
    calls: [mcpAnyOrder(
      { tool: 'b', result: 'x' },
      {
        tool: 'a',
        match: () => {
          throw 'nope';
        },
        result: 'y',
      },
    )],
  });
  await assert.rejects(server.callTool('a', {}), (error: unknown) => {
    assert.ok(error instanceof McpCallMatcherError);
    assert.equal(error.cause, 'nope');
    return true;
  });
});

test('readResource: only string URIs the script has', async () => {
  const server = new ScriptedMcpServer({
    resources: { contents: { 1: [{ uri: '1', text: 'one' }] } },
  });
  await assert.rejects(
    server.readResource(1 as unknown as string),
    UnknownMcpResourceError,
  );
  assert.deepEqual(await server.readResource('1'), {
    contents: [{ uri: '1', text: 'one' }],
  });
  const empty = new ScriptedMcpServer({ resources: {} });
  assert.deepEqual(await empty.listResources(), { resources: [] });
  await assert.rejects(empty.readResource('1'), UnknownMcpResourceError);
  const invalidated = empty.invalidateToolsCache();
  assert.ok(invalidated instanceof Promise);
  assert.equal(await invalidated, undefined);
});

test('a tool name that is not a string is recorded as described', async () => {
  const server = new ScriptedMcpServer({ tools: [{ name: 'a' }] });
  await assert.rejects(
    server.callTool([1, 2] as unknown as string, {}),
    UnknownMcpToolError,
  );
  assert.equal(server.calls[0]!.name, 'an array of 2');
});

test('a pending answer rejects when the signal aborts later; its listener is removed', async () => {
  const tracked = trackedSignal();
  let answer: (value: string) => void = () => {};
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [
      { tool: 'a', respond: () => new Promise<string>(() => {}) },
      {
        tool: 'a',
        respond: () => new Promise<string>((resolve) => answer = resolve),
      },
    ],
  });
  const pending = server.callTool('a', {}, null, { signal: tracked.signal });
  await Promise.resolve();
  assert.equal(tracked.active(), 1);
  const reason = new Error('stop');
  tracked.controller.abort(reason);
  await assert.rejects(pending, (error) => error === reason);
  assert.equal(tracked.active(), 0);

  const second = trackedSignal();
  const answered = server.callTool('a', {}, null, { signal: second.signal });
  await Promise.resolve();
  assert.equal(second.active(), 1);
  answer('done');
  assert.deepEqual(await answered, [{ type: 'text', text: 'done' }]);
  assert.equal(second.active(), 0);
  server.assertComplete();
});

test('the timeline of a long MCP run keeps 20 lines around the divergence; the field holds it', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }, { name: 'b' }],
    calls: Array.from({ length: 30 }, () => ({ tool: 'a', result: 'x' })),
  });
  for (let i = 0; i < 25; i++) await server.callTool('a', {});
  await assert.rejects(server.callTool('b', {}), (error: unknown) => {
    assert.ok(error instanceof UnexpectedMcpCallError);
    const [head, ...timeline] = error.message.split('\n');
    assert.equal(
      head,
      'Unexpected MCP call 25 to "b": expected "a", 5 steps left',
    );
    assert.equal(timeline.length, 20);
    assert.equal(timeline.join('\n'), error.timeline);
    assert.deepEqual(timeline.slice(0, 2), [
      'Timeline (30 steps, 26 calls; ">" marks the first divergence):',
      '  … 13 steps and 13 calls left out',
    ]);
    assert.ok(timeline.includes('> call 25 "b": expected "a"'), error.message);
    return true;
  });
  assert.throws(() => server.assertComplete(), UnexpectedMcpCallError);
});

test('an unknown tool and an incomplete script end with the timeline too', async () => {
  const server = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [{ tool: 'a', result: 'x' }, { tool: 'a', result: 'y' }],
  });
  await server.callTool('a', {});
  await assert.rejects(server.callTool('zz', {}), (error: unknown) => {
    assert.ok(error instanceof UnknownMcpToolError);
    assert.equal(
      error.message,
      [
        'Unknown MCP tool "zz" at call 1: expected one of the listed tools ("a")',
        'Timeline (2 steps, 2 calls; ">" marks the first divergence):',
        '  call 0 "a" -> step 0 "a"',
        '> call 1 "zz": matched no step',
        '  step 1 "a": pending',
      ].join('\n'),
    );
    assert.equal(error.timeline, error.message.split('\n').slice(1).join('\n'));
    return true;
  });
  const fresh = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [{ tool: 'a', result: 'x' }],
  });
  assert.throws(() => fresh.assertComplete(), (error: unknown) => {
    assert.ok(error instanceof IncompleteMcpScriptError);
    assert.equal(
      error.message,
      [
        'Incomplete MCP script: 1 step left ("a")',
        'Timeline (1 step; ">" marks the first divergence):',
        '> step 0 "a": pending',
      ].join('\n'),
    );
    assert.equal(error.timeline, error.message.split('\n').slice(1).join('\n'));
    return true;
  });
});
