import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import {
  InvalidRecordingError,
  type McpFixture,
  recordMcpServer,
  replayMcpServer,
  ReplayMismatchError,
} from '@scripted/agents/replay';
import { FixtureFileError, mcpFixture } from '@scripted/agents/replay/files';

const secret = 'tok-secret-123456';
const tools = [{
  name: 'get_weather',
  description: 'The weather',
  inputSchema: {
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
}];

function realServer(): ScriptedMcpServer {
  return new ScriptedMcpServer({
    name: 'weather',
    tools,
    calls: [
      {
        tool: 'get_weather',
        result: {
          content: [{ type: 'text', text: `Sunny (${secret})` }],
          structuredContent: { celsius: 21 },
        },
      },
      { tool: 'get_weather', error: new Error('Rate limited') },
    ],
  });
}

function model(): ScriptedModel {
  return new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'c1' })],
    [functionCall('get_weather', { city: 'Rome' }, { callId: 'c2' })],
    [assistantMessage('done')],
  ]);
}

async function run(server: Agent['mcpServers'][number]) {
  const scripted = model();
  const agent = new Agent({ name: 'A', model: scripted, mcpServers: [server] });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'go');
  return { result, scripted };
}

test('recordMcpServer records listings and calls through the runner, secrets removed', async () => {
  const real = realServer();
  const server = recordMcpServer(real, { secrets: [secret] });
  assert.equal(server.name, 'weather');
  assert.equal(server.cacheToolsList, false);
  await run(server);
  const fixture = server.fixture();
  assert.equal(fixture.kind, 'mcp');
  assert.equal(fixture.version, 1);
  assert.equal(fixture.name, 'weather');
  assert.deepEqual(fixture.log.map((entry) => entry.type), [
    'listTools',
    'callTool',
    'listTools',
    'callTool',
    'listTools',
  ]);
  assert.deepEqual(fixture.log[1], {
    type: 'callTool',
    name: 'get_weather',
    arguments: { city: 'Oslo' },
    meta: null,
    result: {
      content: [{ text: 'Sunny ([redacted])', type: 'text' }],
      structuredContent: { celsius: 21 },
    },
  });
  assert.deepEqual(fixture.log[3], {
    type: 'callTool',
    name: 'get_weather',
    arguments: { city: 'Rome' },
    meta: null,
    error: { message: 'Rate limited', name: 'Error' },
  });
  assert.ok(!server.fixtureJson().includes(secret));
  assert.ok(server.fixtureJson().endsWith('}\n'));
  assert.deepEqual(JSON.parse(JSON.stringify(server)), fixture);
  real.assertComplete();
});

test('replayMcpServer answers the recording through the runner, errors too', async () => {
  const recording = recordMcpServer(realServer());
  const recorded = await run(recording);
  const server = replayMcpServer(recording.fixtureJson());
  assert.equal(server.name, 'weather');
  const replayed = await run(server);
  assert.equal(replayed.result.finalOutput, recorded.result.finalOutput);
  assert.deepEqual(
    replayed.scripted.calls.at(-1)!.request.input,
    recorded.scripted.calls.at(-1)!.request.input,
  );
  assert.equal(server.listToolsCalls, 3);
  server.assertComplete();
});

test('callToolResult is recorded and replayed as the full result', async () => {
  const recording = recordMcpServer(realServer());
  await recording.listTools();
  const answer = await recording.callToolResult!('get_weather', { city: 'X' });
  assert.deepEqual(answer.structuredContent, { celsius: 21 });
  const server = replayMcpServer(recording.fixture());
  await server.listTools();
  assert.deepEqual(
    await server.callToolResult('get_weather', { city: 'X' }),
    answer,
  );
});

test('a replayed call with other arguments is a ReplayMismatchError, remembered', async () => {
  const recording = recordMcpServer(realServer());
  await recording.listTools();
  await recording.callTool('get_weather', { city: 'Oslo' }, { trace: 'a' });
  const server = replayMcpServer(recording.fixture());
  await server.listTools();
  await assert.rejects(
    server.callTool('get_weather', { city: 'Rome' }),
    (error: unknown) => {
      assert.ok(error instanceof ReplayMismatchError);
      assert.equal(error.double, 'mcp');
      assert.equal(error.aspect, 'arguments');
      assert.equal(error.path, 'arguments.city');
      assert.equal(error.recorded, 'Oslo');
      assert.equal(error.actual, 'Rome');
      return true;
    },
  );
  await assert.rejects(
    server.callTool('get_weather', { city: 'Oslo' }, { trace: 'b' }),
    { name: 'ReplayMismatchError', message: /"meta.trace"/ },
  );
  assert.throws(() => server.assertComplete(), ReplayMismatchError);
  // Without comparing, any arguments replay.
  const loose = replayMcpServer(recording.fixture(), { compare: false });
  await loose.listTools();
  await loose.callTool('get_weather', { city: 'Rome' });
  loose.assertComplete();
});

test('the redact hook runs on recording and on each replayed call alike', async () => {
  const redact = (entry: McpFixture['log'][number]) =>
    entry.type === 'callTool'
      ? { ...entry, arguments: { city: '[city]' } }
      : entry;
  const recording = recordMcpServer(realServer(), { redact });
  await recording.listTools();
  await recording.callTool('get_weather', { city: 'Oslo' });
  const fixture = recording.fixture();
  assert.deepEqual((fixture.log[1] as { arguments: unknown }).arguments, {
    city: '[city]',
  });
  const server = replayMcpServer(fixture, { redact });
  await server.listTools();
  await server.callTool('get_weather', { city: 'Bergen' });
  server.assertComplete();
});

test('malformed MCP fixtures are InvalidRecordingError naming the path', () => {
  const base = { version: 1, kind: 'mcp', sdkVersion: 'x', name: 'n' };
  const cases: [unknown, string, string, string?][] = [
    [{ ...base, kind: 'model' }, 'wrong_kind', 'kind'],
    [{ ...base, log: [null] }, 'invalid_call', 'log[0]', 'a log entry object'],
    [
      { ...base, log: [{ type: 'callTool', name: 42 }] },
      'invalid_call',
      'log[0].name',
      'a tool name',
    ],
    [{ ...base, log: {} }, 'invalid_fixture', 'log'],
    [{ ...base, log: [1] }, 'invalid_call', 'log[0]'],
    [
      { ...base, log: [{ type: 'x' }] },
      'invalid_call',
      'log[0].type',
      '"listTools" or "callTool"',
    ],
    [
      { ...base, log: [{ type: 'listTools' }] },
      'invalid_call',
      'log[0].tools',
      'an array of tools',
    ],
    [
      { ...base, log: [{ type: 'callTool', name: '' }] },
      'invalid_call',
      'log[0].name',
    ],
    [
      { ...base, log: [{ type: 'callTool', name: 'a', arguments: 1 }] },
      'invalid_call',
      'log[0].arguments',
      'an object or null',
    ],
    [
      {
        ...base,
        log: [{ type: 'callTool', name: 'a', arguments: null, meta: null }],
      },
      'invalid_call',
      'log[0]',
      'exactly one of "result" or "error"',
    ],
    [
      {
        ...base,
        log: [{
          type: 'callTool',
          name: 'a',
          arguments: null,
          meta: null,
          error: 'x',
        }],
      },
      'invalid_call',
      'log[0].error',
      'an error object',
    ],
  ];
  for (const [fixture, reason, path, expected] of cases) {
    assert.throws(
      () => replayMcpServer(fixture as McpFixture),
      (error: unknown) => {
        assert.ok(error instanceof InvalidRecordingError, String(error));
        assert.deepEqual([error.reason, error.path], [reason, path]);
        if (expected !== undefined) {
          assert.ok(
            error.message.includes(` to be ${expected},`),
            error.message,
          );
        }
        return true;
      },
    );
  }
  assert.throws(() => replayMcpServer('{'), { name: 'InvalidRecordingError' });
  assert.throws(
    () =>
      replayMcpServer({ ...base, log: [] } as never, { compre: 1 } as never),
    { name: 'InvalidRecordingError' },
  );
});

test('a fixture without listings or name replays an empty, named server', async () => {
  const server = replayMcpServer({
    version: 1,
    kind: 'mcp',
    sdkVersion: 'x',
    log: [],
  } as unknown as McpFixture);
  assert.equal(server.name, 'replayed-mcp');
  assert.deepEqual(await server.listTools(), []);
  server.assertComplete();
});

test('mcpFixture records into a file, then replays it; a failed recording is not written', async () => {
  const folder = `.tmp/fixture-files/${crypto.randomUUID()}`;
  const path = `${folder}/weather.json`;
  try {
    const recording = await mcpFixture(path, {
      real: () => realServer(),
      env: {},
      keepErrors: true,
    });
    assert.equal(recording.mode, 'record');
    await run(recording.server);
    await recording.finish();
    const written = JSON.parse(await readFile(path, 'utf8')) as McpFixture;
    assert.equal(written.kind, 'mcp');

    const replaying = await mcpFixture(path, {
      real: () => {
        throw new Error('the real server was built while replaying');
      },
      env: { CI: 'true' },
    });
    assert.equal(replaying.mode, 'replay');
    await run(replaying.server);
    await replaying.finish();

    const failing = await mcpFixture(`${folder}/failed.json`, {
      real: () => realServer(),
      env: {},
    });
    await run(failing.server);
    await assert.rejects(failing.finish(), (error: unknown) => {
      assert.ok(error instanceof FixtureFileError);
      assert.equal(error.reason, 'failed_recording');
      assert.equal(error.callIndex, 1);
      return true;
    });
    await assert.rejects(readFile(`${folder}/failed.json`, 'utf8'));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('replay: listings beyond the recorded ones repeat the last; names kept or defaulted', async () => {
  const real = new ScriptedMcpServer({
    name: 'growing',
    tools: (index) =>
      index === 0 ? [{ name: 'a' }] : [{ name: 'a' }, { name: 'b' }],
  });
  const recording = recordMcpServer(real, { sdkVersion: '9.9.9' });
  await recording.listTools();
  await recording.listTools();
  const fixture = recording.fixture();
  assert.equal(fixture.sdkVersion, '9.9.9');
  assert.equal(recordMcpServer(real).fixture().sdkVersion, 'unknown');
  const server = replayMcpServer(fixture);
  assert.equal(server.name, 'growing');
  const names = async () => (await server.listTools()).map((t) => t.name);
  assert.deepEqual(await names(), ['a']);
  assert.deepEqual(await names(), ['a', 'b']);
  assert.deepEqual(await names(), ['a', 'b']);
  assert.deepEqual(await names(), ['a', 'b']);
  assert.equal(replayMcpServer({ ...fixture, name: '' }).name, 'replayed-mcp');
});

test('replay: the secrets given redact each replayed call before comparing', async () => {
  const real = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [{ tool: 'a', result: 'ok' }],
  });
  const recording = recordMcpServer(real, { secrets: [secret] });
  await recording.listTools();
  await recording.callTool('a', { note: `x ${secret}` });
  const server = replayMcpServer(recording.fixtureJson(), {
    secrets: [secret],
  });
  await server.listTools();
  await server.callTool('a', { note: `x ${secret}` });
  server.assertComplete();
});

test('recording: isError and _meta kept; no callToolResult where the server has none', async () => {
  const real = new ScriptedMcpServer({
    tools: [{ name: 'a' }],
    calls: [{
      tool: 'a',
      result: { content: [], isError: true, _meta: { page: 2 } },
    }],
  });
  const plain = {
    name: 'plain',
    cacheToolsList: false,
    connect: () => real.connect(),
    close: () => real.close(),
    listTools: () => real.listTools(),
    callTool: (
      name: string,
      args: Record<string, unknown> | null,
    ) => real.callTool(name, args),
    invalidateToolsCache: () => real.invalidateToolsCache(),
  };
  const recording = recordMcpServer(plain);
  assert.equal(
    (recording as { callToolResult?: unknown }).callToolResult,
    undefined,
  );
  await recording.listTools();
  await recording.callTool('a', {});
  assert.deepEqual((recording.fixture().log[1] as { result: unknown }).result, {
    _meta: { page: 2 },
    content: [],
    isError: true,
  });
});
