import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import {
  InvalidRecordingError,
  type McpFixture,
  replayMcpServer,
} from '@scripted/agents/replay';
import { mcpFixture } from '@scripted/agents/replay/files';

// A key the default redaction removes, planted where a damaged value sits.
const planted = 'sk-proj-PLANTEDabcdefghijklmnopqrstuvwxyz0123';
const base = { version: 1, kind: 'mcp', sdkVersion: 'x', name: 'weather' };
const call = (outcome: object) => ({
  type: 'callTool',
  name: 'get_weather',
  arguments: { city: 'Oslo' },
  meta: null,
  ...outcome,
});
const listing = (...tools: unknown[]) => ({ type: 'listTools', tools });
const good = {
  ...base,
  log: [
    listing({
      name: 'get_weather',
      description: 'The weather',
      inputSchema: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    }),
    call({
      result: {
        content: [{ type: 'text', text: 'Sunny' }, {
          type: 'image',
          data: 'AA',
          mimeType: 'image/png',
        }],
        structuredContent: { celsius: 21 },
        isError: false,
        _meta: { at: 1 },
      },
    }),
    call({ error: { name: 'RateLimit', message: 'slow down' } }),
  ],
};

/** What a damaged log fails with: its path, and the message's middle. */
const damaged: [string, unknown[], string, string][] = [
  [
    'a listed tool not an object',
    [listing(5)],
    'log[0].tools[0]',
    'to be a tool object, got 5',
  ],
  [
    'an unknown tool key',
    [listing({ name: 'a', title: planted })],
    'log[0].tools[0].title',
    'to be absent (known keys: "name", "description", "inputSchema"), got "[redacted]"',
  ],
  [
    'a tool without a name',
    [listing({})],
    'log[0].tools[0].name',
    'to be a tool name, got undefined',
  ],
  [
    'an empty tool name',
    [listing({ name: '' })],
    'log[0].tools[0].name',
    'to be a tool name, got ""',
  ],
  [
    'a name listed twice',
    [listing({ name: 'a' }, { name: 'a' })],
    'log[0].tools[1].name',
    'to be a name not listed before, got "a"',
  ],
  [
    'a description not a string',
    [listing({ name: 'a', description: 7 })],
    'log[0].tools[0].description',
    'to be a string, got 7',
  ],
  [
    'inputSchema: "x"',
    [listing({ name: 'a', inputSchema: 'x' })],
    'log[0].tools[0].inputSchema',
    'to be a JSON schema object, got "x"',
  ],
  [
    'an inputSchema of another type',
    [listing({ name: 'a', inputSchema: { type: 'string' } })],
    'log[0].tools[0].inputSchema.type',
    'to be "object", got "string"',
  ],
  [
    'properties not an object',
    [listing({ name: 'a', inputSchema: { properties: [] } })],
    'log[0].tools[0].inputSchema.properties',
    'to be an object, got an array of 0',
  ],
  [
    'required not an array',
    [listing({ name: 'a', inputSchema: { required: 'city' } })],
    'log[0].tools[0].inputSchema.required',
    'to be an array of names, got "city"',
  ],
  [
    'a required name not a string',
    [listing({ name: 'a', inputSchema: { required: ['city', 3] } })],
    'log[0].tools[0].inputSchema.required[1]',
    'to be a string, got 3',
  ],
  [
    'additionalProperties not a boolean',
    [listing({ name: 'a', inputSchema: { additionalProperties: {} } })],
    'log[0].tools[0].inputSchema.additionalProperties',
    'to be a boolean, got an object',
  ],
  [
    'a result not an object',
    [call({ result: planted })],
    'log[0].result',
    'to be an MCP result object, got "[redacted]"',
  ],
  [
    'an unknown result key',
    [call({ result: { content: [], extra: 1 } })],
    'log[0].result.extra',
    'to be absent (known keys: "content", "structuredContent", "isError", "_meta"), got 1',
  ],
  [
    'content not an array',
    [call({ result: { content: planted } })],
    'log[0].result.content',
    'to be an array of content items, got "[redacted]"',
  ],
  [
    'a content item not an object',
    [call({ result: { content: ['Sunny'] } })],
    'log[0].result.content[0]',
    'to be a content item object, got "Sunny"',
  ],
  [
    'a content item without a type',
    [call({ result: { content: [{ text: 'a' }] } })],
    'log[0].result.content[0].type',
    'to be a content type, got undefined',
  ],
  [
    'an empty content type',
    [call({ result: { content: [{ type: '' }] } })],
    'log[0].result.content[0].type',
    'to be a content type, got ""',
  ],
  [
    'text: 5',
    [call({ result: { content: [{ type: 'text', text: 5 }] } })],
    'log[0].result.content[0].text',
    'to be a string, got 5',
  ],
  [
    'structuredContent not an object',
    [call({ result: { content: [], structuredContent: 'x' } })],
    'log[0].result.structuredContent',
    'to be an object, got "x"',
  ],
  [
    'isError not a boolean',
    [call({ result: { content: [], isError: 'yes' } })],
    'log[0].result.isError',
    'to be a boolean, got "yes"',
  ],
  [
    '_meta not an object',
    [call({ result: { content: [], _meta: null } })],
    'log[0].result._meta',
    'to be an object, got null',
  ],
  [
    'an error whose message is a number',
    [call({ error: { message: 42 } })],
    'log[0].error.message',
    'to be a string, got 42',
  ],
  [
    'an error whose name is not a string',
    [call({ error: { name: false } })],
    'log[0].error.name',
    'to be a string, got false',
  ],
  [
    'an error not an object',
    [call({ error: [planted] })],
    'log[0].error',
    'to be an error object, got an array of 1',
  ],
];

for (const [what, log, path, middle] of damaged) {
  test(`an MCP fixture with ${what} fails at load naming ${path}`, () => {
    // The entry is the second one: its index is in the path and the error.
    const entries = [listing(), ...log];
    const shifted = path.replace('log[0]', 'log[1]');
    assert.throws(
      () => replayMcpServer({ ...base, log: entries } as never),
      (error: unknown) => {
        assert.ok(error instanceof InvalidRecordingError, String(error));
        assert.equal(error.name, 'InvalidRecordingError');
        assert.equal(error.reason, 'invalid_call');
        assert.equal(error.path, shifted);
        assert.equal(error.callIndex, 1);
        assert.equal(error.file, undefined);
        assert.equal(
          error.message,
          `Invalid recording: expected "${shifted}" ${middle} (reason "invalid_call"); re-record the fixture`,
        );
        assert.ok(!error.message.includes('PLANTED'), error.message);
        return true;
      },
    );
  });
}

test('a well-formed MCP fixture with every optional field replays', async () => {
  const server = replayMcpServer(good as McpFixture);
  assert.deepEqual((await server.listTools()).map((tool) => tool.name), [
    'get_weather',
  ]);
  const content = await server.callTool('get_weather', { city: 'Oslo' });
  assert.equal(content.length, 2);
  await assert.rejects(server.callTool('get_weather', { city: 'Oslo' }), {
    name: 'RateLimit',
    message: 'slow down',
  });
  server.assertComplete();
  // A tool with a name alone, an error with neither name nor message.
  const bare = replayMcpServer({
    ...base,
    log: [listing({ name: 'a' }), call({ error: {} })],
  } as never);
  assert.deepEqual((await bare.listTools()).map((tool) => tool.name), ['a']);
});

test('an MCP fixture with a byte-order mark replays, its name kept', async () => {
  const server = replayMcpServer(`\ufeff${JSON.stringify(good)}`);
  assert.equal(server.name, 'weather');
  const model = new ScriptedModel([
    [functionCall('get_weather', { city: 'Oslo' }, { callId: 'c1' })],
    [assistantMessage('done')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'go');
  assert.equal(result.finalOutput, 'done');
});

test('damaged MCP fixture files fail at load naming the file and path; a BOM replays', async () => {
  const folder = `.tmp/fixture-files/${crypto.randomUUID()}`;
  await mkdir(folder, { recursive: true });
  const replay = async (name: string, text: string) => {
    const path = `${folder}/${name}.json`;
    await writeFile(path, text);
    return {
      path,
      open: () =>
        mcpFixture(path, {
          real: () => {
            throw new Error('not replaying');
          },
          env: { CI: 'true' },
        }),
    };
  };
  try {
    const bom = await replay(
      'bom',
      `\ufeff${JSON.stringify({ ...base, log: [] })}`,
    );
    const fixture = await bom.open();
    assert.equal(fixture.mode, 'replay');
    assert.equal(fixture.server.name, 'weather');
    await fixture.finish();
    for (
      const [name, log, path] of [
        [
          'listing',
          [listing({ name: 'a', inputSchema: 'x' })],
          'log[0].tools[0].inputSchema',
        ],
        [
          'result',
          [call({ result: { content: [{ type: 'text', text: 5 }] } })],
          'log[0].result.content[0].text',
        ],
      ] as const
    ) {
      const file = await replay(
        name,
        `\ufeff${JSON.stringify({ ...base, log })}`,
      );
      await assert.rejects(file.open(), (error: unknown) => {
        assert.ok(error instanceof InvalidRecordingError, String(error));
        assert.equal(error.file, file.path);
        assert.equal(error.path, path);
        assert.ok(
          error.message.startsWith(
            `Invalid recording ${file.path}: expected "${path}"`,
          ),
          error.message,
        );
        return true;
      });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
