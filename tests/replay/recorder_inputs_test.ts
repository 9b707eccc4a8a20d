/**
 * The recorders and the file helpers reject a wrong double at the call, with
 * an `InvalidRecordingError` (`invalid_options`) naming the argument (or the
 * `real` option whose factory returned it), hostile values included; a
 * recorder that passed the checks still records through the real SDK.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  InvalidRecordingError,
  recordMcpServer,
  recordModel,
  recordRealtimeTransport,
} from '@scripted/agents/replay';
import {
  mcpFixture,
  modelFixture,
  realtimeFixture,
} from '@scripted/agents/replay/files';

const model =
  'a Model (an object with getResponse and getStreamedResponse functions)';
const server =
  'an MCP server (an object with listTools and callTool functions)';
const transport =
  'a Realtime transport (an object with on and connect functions)';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function throwing(key: string): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get(): never {
      throw new Error('boom');
    },
  });
}

const fn = () => undefined;

/** Asserts an `invalid_options` error with exactly these fields. */
function check(
  path: string,
  expected: string,
  received: string | RegExp,
): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof InvalidRecordingError, String(error));
    assert.equal(error.name, 'InvalidRecordingError');
    assert.equal(error.reason, 'invalid_options');
    assert.equal(error.path, path);
    assert.equal(error.expected, expected);
    if (typeof received === 'string') assert.equal(error.received, received);
    else assert.match(error.received, received);
    assert.equal(error.suggestion, undefined);
    assert.equal(error.callIndex, undefined);
    assert.equal(error.file, undefined);
    assert.equal(
      error.message,
      `Invalid recording: expected "${path}" to be ${expected}, got ${error.received} (reason "invalid_options")`,
    );
    return true;
  };
}

type Case = [string, () => unknown, string, string, string | RegExp];

const cases: Case[] = [
  [
    'recordModel(undefined)',
    () => recordModel(undefined as never),
    'realModel',
    model,
    'undefined',
  ],
  [
    'recordModel(null)',
    () => recordModel(null as never),
    'realModel',
    model,
    'null',
  ],
  ['recordModel(42)', () => recordModel(42 as never), 'realModel', model, '42'],
  [
    'recordModel([])',
    () => recordModel([] as never),
    'realModel',
    model,
    'an array of 0',
  ],
  [
    'recordModel({})',
    () => recordModel({} as never),
    'realModel.getResponse',
    model,
    'undefined',
  ],
  [
    'recordModel without getStreamedResponse',
    () => recordModel({ getResponse: fn } as never),
    'realModel.getStreamedResponse',
    model,
    'undefined',
  ],
  [
    'recordModel with a non-function getResponse',
    () => recordModel({ getResponse: 'x', getStreamedResponse: fn } as never),
    'realModel.getResponse',
    model,
    '"x"',
  ],
  [
    'recordModel(revoked proxy)',
    () => recordModel(revoked() as never),
    'realModel',
    'readable',
    /^the error "[^"]+"$/,
  ],
  [
    'recordModel(throwing getter)',
    () => recordModel(throwing('getResponse') as never),
    'realModel.getResponse',
    'readable',
    'the error "boom"',
  ],
  [
    'recordMcpServer(undefined)',
    () => recordMcpServer(undefined as never),
    'realServer',
    server,
    'undefined',
  ],
  [
    'recordMcpServer(42)',
    () => recordMcpServer(42 as never),
    'realServer',
    server,
    '42',
  ],
  [
    'recordMcpServer({})',
    () => recordMcpServer({} as never),
    'realServer.listTools',
    server,
    'undefined',
  ],
  [
    'recordMcpServer without callTool',
    () => recordMcpServer({ listTools: fn } as never),
    'realServer.callTool',
    server,
    'undefined',
  ],
  [
    'recordMcpServer with a non-function callToolResult',
    () =>
      recordMcpServer(
        { listTools: fn, callTool: fn, callToolResult: 1 } as never,
      ),
    'realServer.callToolResult',
    'a function',
    '1',
  ],
  [
    'recordMcpServer with a non-string name',
    () => recordMcpServer({ listTools: fn, callTool: fn, name: 1 } as never),
    'realServer.name',
    'a string',
    '1',
  ],
  [
    'recordMcpServer(throwing getter)',
    () => recordMcpServer(throwing('callTool') as never),
    'realServer.callTool',
    'readable',
    'the error "boom"',
  ],
  [
    'recordRealtimeTransport(42)',
    () => recordRealtimeTransport(42 as never),
    'realTransport',
    transport,
    '42',
  ],
  [
    'recordRealtimeTransport(null)',
    () => recordRealtimeTransport(null as never),
    'realTransport',
    transport,
    'null',
  ],
  [
    'recordRealtimeTransport({})',
    () => recordRealtimeTransport({} as never),
    'realTransport.on',
    transport,
    'undefined',
  ],
  [
    'recordRealtimeTransport without connect',
    () => recordRealtimeTransport({ on: fn } as never),
    'realTransport.connect',
    transport,
    'undefined',
  ],
  [
    'recordRealtimeTransport(throwing getter)',
    () => recordRealtimeTransport(throwing('on') as never),
    'realTransport.on',
    'readable',
    'the error "boom"',
  ],
];

for (const [name, call, path, expected, received] of cases) {
  test(`Recorders reject a wrong double at the call: ${name}`, () => {
    assert.throws(call, check(path, expected, received));
  });
}

test('Recorders check the double before the options', () => {
  assert.throws(
    () => recordModel(undefined as never, { sdkVersion: 1 } as never),
    check('realModel', model, 'undefined'),
  );
  assert.throws(
    () => recordModel(new ScriptedModel(), { sdkVersion: 1 } as never),
    check('options.sdkVersion', 'a string', '1'),
  );
});

test('A recorder past its checks still records a real Runner.run', async () => {
  // A Model class keeps its methods on the prototype.
  const recording = recordModel(
    new ScriptedModel([[assistantMessage('Paris.')]]),
    { sdkVersion: '0.20.0' },
  );
  const result = await new Runner({ tracingDisabled: true }).run(
    new Agent({ name: 'A', model: recording }),
    'Capital of France?',
  );
  assert.equal(result.finalOutput, 'Paris.');
  assert.equal(recording.recordedCalls, 1);
  const mcp = recordMcpServer(
    new ScriptedMcpServer({ tools: [{ name: 'lookup' }] }),
  );
  assert.equal((await mcp.listTools()).length, 1);
  assert.equal(mcp.fixture().log.length, 1);
  const realtime = recordRealtimeTransport(new ScriptedRealtimeTransport());
  assert.deepEqual(realtime.fixture().log, []);
});

type FileCase = [string, () => Promise<unknown>, string, string, string];

const where = 'tests/replay/data/never_written.json';
const files: FileCase[] = [
  [
    'modelFixture',
    () => modelFixture(where, { record: true, real: () => undefined as never }),
    'options.real()',
    model,
    'undefined',
  ],
  [
    'mcpFixture',
    () =>
      mcpFixture(where, {
        record: true,
        real: () => Promise.resolve(undefined as never),
      }),
    'options.real()',
    server,
    'undefined',
  ],
  [
    'mcpFixture, a server without callTool',
    () =>
      mcpFixture(where, {
        record: true,
        real: () => ({ listTools: fn }) as never,
      }),
    'options.real().callTool',
    server,
    'undefined',
  ],
  [
    'realtimeFixture',
    () => realtimeFixture(where, { record: true, real: () => 42 as never }),
    'options.real()',
    transport,
    '42',
  ],
];

for (const [name, call, path, expected, received] of files) {
  test(`A file helper names its real option when the factory returns no double: ${name}`, async () => {
    await assert.rejects(
      call,
      check(path, expected, received),
    );
  });
}

test('A file helper passes on what the factory throws, and the options errors unchanged', async () => {
  const thrown = new Error('no key');
  await assert.rejects(
    modelFixture(where, {
      record: true,
      real: () => {
        throw thrown;
      },
    }),
    (error) => error === thrown,
  );
  await assert.rejects(
    modelFixture(where, {
      record: true,
      real: () => new ScriptedModel(),
      sdkVersion: 1 as never,
    }),
    check('options.sdkVersion', 'a string', '1'),
  );
});
