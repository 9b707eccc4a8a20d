import assert from 'node:assert/strict';
import test from 'node:test';
import type { ModelRequest } from '@openai/agents-core';
import {
  type FixtureJson,
  InvalidRecordingError,
  type InvalidRecordingReason,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';
import {
  aspectOf,
  summarizeAspects as summarizeWith,
  summarizeRequest as summarizeWithRedaction,
} from '../../replay/_model_summary.ts';
import type { ModelFixtureRequest } from '../../replay/model_fixture.ts';
import { exposedSdkVersion } from '../../replay/_envelope.ts';
import { defaultRedaction } from '../../_internal/redact.ts';

const summarizeRequest = (request: ModelRequest) =>
  summarizeWithRedaction(request, defaultRedaction);
const summarizeAspects = (request: ModelRequest, aspects: never) =>
  summarizeWith(request, { aspects, redaction: defaultRedaction });

const jsonData =
  'JSON data (null, a boolean, a finite number, a string, an array or a plain object)';
const oneOutcome =
  'exactly one outcome: "response" (not streamed), "events" (streamed, maybe ending in "error") or "error"';

interface Rejection {
  reason: InvalidRecordingReason;
  path: string;
  expected: string;
  received: string;
  callIndex?: number;
  line?: number;
  column?: number;
}

/** The message an InvalidRecordingError of no file builds from `fields`. */
function messageOf(fields: Rejection): string {
  const where = fields.path === ''
    ? ''
    : `${JSON.stringify(fields.path)} to be `;
  const advice = fields.reason === 'invalid_options'
    ? ''
    : fields.reason === 'newer_version'
    ? '; upgrade @scripted/agents: a newer version wrote this fixture'
    : '; re-record the fixture';
  return `Invalid recording: expected ${where}${fields.expected}, got ${fields.received} (reason ${
    JSON.stringify(fields.reason)
  })${advice}`;
}

/** Asserts `run` throws the InvalidRecordingError with exactly `fields`. */
function assertRejected(run: () => unknown, fields: Rejection): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof InvalidRecordingError, String(error));
    assert.equal(error.name, 'InvalidRecordingError');
    assert.deepEqual(
      {
        reason: error.reason,
        path: error.path,
        expected: error.expected,
        received: error.received,
        callIndex: error.callIndex,
        file: error.file,
        line: error.line,
        column: error.column,
      },
      {
        callIndex: undefined,
        file: undefined,
        line: undefined,
        column: undefined,
        ...fields,
      },
    );
    assert.equal(error.message, messageOf(fields));
    return true;
  });
}

function modelFixture(calls: unknown, extra: object = {}): unknown {
  return { version: 1, kind: 'model', sdkVersion: '0.20.0', calls, ...extra };
}

function realtimeFixture(log: unknown): unknown {
  return { version: 1, kind: 'realtime', sdkVersion: 'unknown', log };
}

const request = { input: 'Hi', tools: [], handoffs: [] };

/** A valid assistant message item with `fields` changed. */
function message(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Hi' }],
    ...fields,
  };
}

// What the SDK's discriminated union of output items lists (20 at most).
const itemTypes = [
  'message',
  'tool_search_call',
  'tool_search_output',
  'hosted_tool_call',
  'program',
  'program_output',
  'function_call',
  'computer_call',
  'shell_call',
  'apply_patch_call',
  'function_call_result',
  'shell_call_output',
  'apply_patch_call_output',
  'reasoning',
  'compaction',
  'unknown',
].map((type) => JSON.stringify(type)).join(', ').replace(
  /, ("unknown")$/,
  ' or $1',
);

/** A valid call with `fields` changed (an `undefined` field removed). */
function call(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    index: 0,
    streamed: false,
    request,
    response: { output: [] },
    ...fields,
  };
  for (const key of Object.keys(out)) {
    if (out[key] === undefined) delete out[key];
  }
  return out;
}

const fromModel = (fixture: unknown) => () => replayModel(fixture as string);
const fromRealtime = (fixture: unknown) => () =>
  replayRealtimeTransport(fixture as string);

test('replayModel rejects a malformed envelope with exact fields', () => {
  assertRejected(fromModel('{"version": 1,'), {
    reason: 'invalid_json',
    path: '',
    expected: 'a property name in double quotes',
    received: 'the end of the text',
    line: 1,
    column: 15,
  });
  // A byte-order mark is not an error; the position counts without it.
  assertRejected(fromModel('\ufeff{\n  "version": 1\n  "kind": 1}'), {
    reason: 'invalid_json',
    path: '',
    expected: '"," or a closing bracket',
    received: '"\\""',
    line: 3,
    column: 3,
  });
  const cases: [unknown, Rejection][] = [
    ['[1]', {
      reason: 'invalid_fixture',
      path: '',
      expected: 'a fixture object',
      received: 'an array of 1',
    }],
    ['"x"', {
      reason: 'invalid_fixture',
      path: '',
      expected: 'a fixture object',
      received: '"x"',
    }],
    ['null', {
      reason: 'invalid_fixture',
      path: '',
      expected: 'a fixture object',
      received: 'null',
    }],
    [new Map(), {
      reason: 'invalid_fixture',
      path: '',
      expected: jsonData,
      received: 'a class instance (Map)',
    }],
    [modelFixture([], { version: Number.NaN }), {
      reason: 'invalid_fixture',
      path: 'version',
      expected: jsonData,
      received: 'NaN',
    }],
    [
      modelFixture([{
        ...call({}),
        request: { ...request, input: undefined },
      }]),
      {
        reason: 'invalid_fixture',
        path: 'calls[0].request.input',
        expected: jsonData,
        received: 'undefined',
      },
    ],
    [modelFixture([], { version: 2 }), {
      reason: 'newer_version',
      path: 'version',
      expected: 'fixture version 1',
      received: '2',
    }],
    [modelFixture([], { version: 1.5 }), {
      reason: 'unsupported_version',
      path: 'version',
      expected: 'fixture version 1',
      received: '1.5',
    }],
    [modelFixture([], { version: 0 }), {
      reason: 'unsupported_version',
      path: 'version',
      expected: 'fixture version 1',
      received: '0',
    }],
    [modelFixture([], { version: '1' }), {
      reason: 'unsupported_version',
      path: 'version',
      expected: 'fixture version 1',
      received: '"1"',
    }],
    ['{"kind": "model"}', {
      reason: 'unsupported_version',
      path: 'version',
      expected: 'fixture version 1',
      received: 'undefined',
    }],
    [modelFixture([], { kind: 'realtime' }), {
      reason: 'wrong_kind',
      path: 'kind',
      expected: 'a "model" recording',
      received: '"realtime"',
    }],
    [modelFixture([], { sdkVersion: undefined }), {
      reason: 'invalid_fixture',
      path: 'sdkVersion',
      expected: jsonData,
      received: 'undefined',
    }],
    [JSON.stringify({ version: 1, kind: 'model', calls: [] }), {
      reason: 'invalid_fixture',
      path: 'sdkVersion',
      expected: 'a string',
      received: 'undefined',
    }],
    [modelFixture([], { sdkVersion: 20 }), {
      reason: 'invalid_fixture',
      path: 'sdkVersion',
      expected: 'a string',
      received: '20',
    }],
    [JSON.stringify({ version: 1, kind: 'model', sdkVersion: 'x' }), {
      reason: 'invalid_fixture',
      path: 'calls',
      expected: 'an array',
      received: 'undefined',
    }],
    [modelFixture({ 0: 1 }), {
      reason: 'invalid_fixture',
      path: 'calls',
      expected: 'an array',
      received: 'an object',
    }],
  ];
  for (const [fixture, fields] of cases) {
    assertRejected(fromModel(fixture), fields);
  }
});

test('replayModel rejects each malformed call with exact fields', () => {
  const invalid = (
    path: string,
    expected: string,
    received: string,
    callIndex = 0,
  ): Rejection => ({
    reason: 'invalid_call',
    path,
    expected,
    received,
    callIndex,
  });
  const cases: [unknown[], Rejection][] = [
    [[5], invalid('calls[0]', 'a call object', '5')],
    [[null], invalid('calls[0]', 'a call object', 'null')],
    [[[]], invalid('calls[0]', 'a call object', 'an array of 0')],
    [
      [call({}), 'x'],
      invalid('calls[1]', 'a call object', '"x"', 1),
    ],
    [
      [call({ index: 1 })],
      invalid('calls[0].index', "the call's position, 0", '1'),
    ],
    [
      [call({}), call({})],
      invalid('calls[1].index', "the call's position, 1", '0', 1),
    ],
    [
      [call({ streamed: undefined })],
      invalid('calls[0].streamed', 'a boolean', 'undefined'),
    ],
    [
      [call({ streamed: 'no' })],
      invalid('calls[0].streamed', 'a boolean', '"no"'),
    ],
    [
      [call({ request: undefined })],
      invalid('calls[0].request', 'a request summary object', 'undefined'),
    ],
    [
      [call({ request: null })],
      invalid('calls[0].request', 'a request summary object', 'null'),
    ],
    [
      [call({ request: ['Hi'] })],
      invalid('calls[0].request', 'a request summary object', 'an array of 1'),
    ],
    [
      [call({ request: { tools: [], handoffs: [] } })],
      invalid('calls[0].request.input', 'a value', 'undefined'),
    ],
    [
      [call({ request: { input: 'Hi', handoffs: [] } })],
      invalid('calls[0].request.tools', 'an array', 'undefined'),
    ],
    [
      [call({ request: { ...request, tools: 'f' } })],
      invalid('calls[0].request.tools', 'an array', '"f"'),
    ],
    [
      [call({ request: { input: 'Hi', tools: [] } })],
      invalid('calls[0].request.handoffs', 'an array', 'undefined'),
    ],
    [
      [call({ request: { ...request, handoffs: {} } })],
      invalid('calls[0].request.handoffs', 'an array', 'an object'),
    ],
    [
      [call({ request: { ...request, instructions: 5 } })],
      invalid('calls[0].request.instructions', 'a string', '5'),
    ],
    [
      [call({ request: { ...request, instructions: null } })],
      invalid('calls[0].request.instructions', 'a string', 'null'),
    ],
    [
      [call({ request: { ...request, previousResponseId: 1 } })],
      invalid('calls[0].request.previousResponseId', 'a string', '1'),
    ],
    [
      [call({ request: { ...request, conversationId: [] } })],
      invalid('calls[0].request.conversationId', 'a string', 'an array of 0'),
    ],
    [
      [call({ error: 'boom' })],
      invalid('calls[0].error', 'an error object', '"boom"'),
    ],
    [
      [call({ response: undefined, error: ['boom'] })],
      invalid('calls[0].error', 'an error object', 'an array of 1'),
    ],
    [
      [call({ retryAdvice: true })],
      invalid('calls[0].retryAdvice', 'a retry advice object', 'true'),
    ],
    [
      [call({ retryAdvice: null })],
      invalid('calls[0].retryAdvice', 'a retry advice object', 'null'),
    ],
    [
      [call({ streamed: true, response: undefined, events: {} })],
      invalid('calls[0].events', 'an array', 'an object'),
    ],
    [
      [call({ response: [] })],
      invalid('calls[0].response', 'a response object', 'an array of 0'),
    ],
    [
      [call({ response: null })],
      invalid('calls[0].response', 'a response object', 'null'),
    ],
    [
      [call({ response: undefined })],
      invalid('calls[0]', oneOutcome, 'an object'),
    ],
    [
      [call({ streamed: true, events: [] })],
      invalid('calls[0]', oneOutcome, 'an object'),
    ],
    [
      [call({ streamed: true, events: [], error: { message: 'm' } })],
      invalid('calls[0]', oneOutcome, 'an object'),
    ],
    [
      [call({ response: undefined, events: [] })],
      invalid('calls[0]', oneOutcome, 'an object'),
    ],
    [
      [call({ error: { message: 'm' } })],
      invalid('calls[0]', oneOutcome, 'an object'),
    ],
    // Output items and stream events, against the SDK's own schemas.
    [
      [call({ response: {} })],
      invalid(
        'calls[0].response.output',
        'an array of output items',
        'undefined',
      ),
    ],
    [
      [call({ response: { output: {} } })],
      invalid(
        'calls[0].response.output',
        'an array of output items',
        'an object',
      ),
    ],
    [
      [call({ response: { output: [message({ content: 'oops' })] } })],
      invalid('calls[0].response.output[0].content', 'an array', '"oops"'),
    ],
    [
      [call({
        response: {
          output: [
            message({}),
            message({ content: [{ type: 'output_text', text: 42 }] }),
          ],
        },
      })],
      invalid('calls[0].response.output[1].content[0].text', 'a string', '42'),
    ],
    [
      [call({ response: { output: [message({ type: 'mesage' })] } })],
      invalid(
        'calls[0].response.output[0].type',
        `one of ${itemTypes}`,
        '"mesage"',
      ),
    ],
    [
      [call({ response: { output: [null] } })],
      invalid('calls[0].response.output[0]', 'an object', 'null'),
    ],
    [
      [call({
        streamed: true,
        response: undefined,
        events: [{ type: 'response_started' }, { type: 'output_text_delta' }],
      })],
      invalid('calls[0].events[1].delta', 'a string', 'undefined'),
    ],
    [
      [call({
        streamed: true,
        response: undefined,
        events: [{ type: 'delta', delta: 'x' }],
      })],
      invalid(
        'calls[0].events[0].type',
        'one of "output_text_delta", "response_done", "response_started" or "model"',
        '"delta"',
      ),
    ],
    [
      [call({
        response: {
          output: [
            message({
              content: [{ text: 'x', type: 'output_text' }],
              providerData: 'x',
            }),
          ],
        },
      })],
      invalid('calls[0].response.output[0].providerData', 'a record', '"x"'),
    ],
    // A plain union names the kinds it allows.
    [
      [call({
        response: {
          output: [{
            type: 'function_call_result',
            callId: 'c',
            name: 'n',
            status: 'completed',
            output: 5,
          }],
        },
      })],
      invalid(
        'calls[0].response.output[0].output',
        'a string, an object or an array',
        '5',
      ),
    ],
    [
      [call({
        streamed: true,
        response: undefined,
        events: [{
          type: 'response_done',
          response: {
            id: 'r',
            output: [],
            usage: {
              inputTokens: 1,
              outputTokens: 1,
              totalTokens: 2,
              inputTokensDetails: 5,
            },
          },
        }],
      })],
      invalid(
        'calls[0].events[0].response.usage.inputTokensDetails',
        'a record or an array',
        '5',
      ),
    ],
    // Only the kinds wanted of the value itself: not what an array branch
    // wanted inside it.
    [
      [call({
        response: {
          output: [{
            type: 'function_call_result',
            callId: 'c',
            name: 'n',
            status: 'completed',
            output: [{ type: 'input_text', text: 5 }],
          }],
        },
      })],
      invalid(
        'calls[0].response.output[0].output',
        'a string or an object',
        'an array of 1',
      ),
    ],
    // An enum names its values.
    [
      [call({ response: { output: [message({ status: 'done' })] } })],
      invalid(
        'calls[0].response.output[0].status',
        'one of "in_progress", "completed" or "incomplete"',
        '"done"',
      ),
    ],
    // A credential in what is reported is removed.
    [
      [call({
        response: { output: [message({ content: 'sk-0123456789abcdefgh' })] },
      })],
      invalid(
        'calls[0].response.output[0].content',
        'an array',
        '"[redacted]"',
      ),
    ],
  ];
  for (const [calls, fields] of cases) {
    assertRejected(fromModel(modelFixture(calls)), fields);
    // The same fixture as JSON text fails the same way.
    assertRejected(fromModel(JSON.stringify(modelFixture(calls))), fields);
  }
});

test('replayModel accepts each valid outcome and optional field', async () => {
  const valid: unknown[] = [
    call({}),
    call({ request: { ...request, input: null } }),
    call({
      request: {
        ...request,
        instructions: 'Be brief',
        outputType: 'text',
        modelSettings: {},
        previousResponseId: 'resp_1',
        conversationId: 'conv_1',
        prompt: { promptId: 'p' },
      },
    }),
    call({ response: undefined, error: { name: 'Error', message: 'm' } }),
    call({ response: undefined, error: {}, retryAdvice: { suggested: false } }),
    call({ streamed: true, response: undefined, events: [] }),
    call({
      streamed: true,
      response: undefined,
      events: [],
      error: { message: 'cut' },
    }),
    call({ streamed: true }),
  ];
  for (const fixture of valid) {
    const model = replayModel(
      JSON.stringify(modelFixture([fixture])),
    );
    assert.equal(model.remainingSteps, 1, JSON.stringify(fixture));
  }
  const error = replayModel(
    JSON.stringify(modelFixture([
      call({ response: undefined, error: { name: 'E', message: 'm' } }),
    ])),
    { compare: false },
  );
  await assert.rejects(
    error.getResponse({} as never),
    { name: 'E', message: 'm' },
  );
});

test('replayRealtimeTransport rejects each malformed entry with exact fields', () => {
  const invalid = (
    path: string,
    expected: string,
    received: string,
    callIndex = 0,
  ): Rejection => ({
    reason: 'invalid_call',
    path,
    expected,
    received,
    callIndex,
  });
  const close = { type: 'call', method: 'close', data: {} };
  const cases: [unknown, Rejection][] = [
    [{ ...(realtimeFixture([]) as object), kind: 'model' }, {
      reason: 'wrong_kind',
      path: 'kind',
      expected: 'a "realtime" recording',
      received: '"model"',
    }],
    [{ version: 1, kind: 'realtime', sdkVersion: 'x', calls: [] }, {
      reason: 'invalid_fixture',
      path: 'log',
      expected: 'an array',
      received: 'undefined',
    }],
    [realtimeFixture([null]), invalid('log[0]', 'a log entry object', 'null')],
    [realtimeFixture([5]), invalid('log[0]', 'a log entry object', '5')],
    [
      realtimeFixture([[]]),
      invalid('log[0]', 'a log entry object', 'an array of 0'),
    ],
    [
      realtimeFixture([close, { type: 'call', method: 'hangUp', data: {} }]),
      invalid('log[1].method', 'a transport method name', '"hangUp"', 1),
    ],
    [
      realtimeFixture([{ type: 'call', data: {} }]),
      invalid('log[0].method', 'a transport method name', 'undefined'),
    ],
    [
      realtimeFixture([{ type: 'call', method: 'close' }]),
      invalid('log[0].data', 'the call arguments object', 'undefined'),
    ],
    [
      realtimeFixture([{ type: 'call', method: 'close', data: null }]),
      invalid('log[0].data', 'the call arguments object', 'null'),
    ],
    [
      realtimeFixture([{ type: 'call', method: 'mute', data: [true] }]),
      invalid('log[0].data', 'the call arguments object', 'an array of 1'),
    ],
    [
      realtimeFixture([{ ...close, error: 'boom' }]),
      invalid('log[0].error', 'an error object', '"boom"'),
    ],
    [
      realtimeFixture([{ ...close, error: null }]),
      invalid('log[0].error', 'an error object', 'null'),
    ],
    [
      realtimeFixture([{ type: 'event', event: 5, args: [] }]),
      invalid('log[0].event', 'an event name', '5'),
    ],
    [
      realtimeFixture([{ type: 'event', event: '', args: [] }]),
      invalid('log[0].event', 'an event name', '""'),
    ],
    [
      realtimeFixture([{ type: 'event', event: '*' }]),
      invalid('log[0].args', 'an array of event arguments', 'undefined'),
    ],
    [
      realtimeFixture([{ type: 'event', event: '*', args: {} }]),
      invalid('log[0].args', 'an array of event arguments', 'an object'),
    ],
    [
      realtimeFixture([{ type: 'other' }]),
      invalid('log[0].type', '"call" or "event"', '"other"'),
    ],
    [
      realtimeFixture([{ method: 'close', data: {} }]),
      invalid('log[0].type', '"call" or "event"', 'undefined'),
    ],
    // Tagged bytes that cannot decode, wherever they are.
    [
      realtimeFixture([{
        type: 'event',
        event: 'audio',
        args: [{ data: { $bytes: 'A!==', $type: 'ArrayBuffer' } }],
      }]),
      invalid('log[0].args[0].data.$bytes', 'base64 text', '"A!=="'),
    ],
    [
      realtimeFixture([{
        type: 'event',
        event: 'audio',
        args: [{ $bytes: 'AQ==', $type: 'Uint8Array' }, [1, {
          $bytes: '#',
          $type: 'ArrayBuffer',
        }]],
      }]),
      invalid('log[0].args[1][1].$bytes', 'base64 text', '"#"'),
    ],
    [
      realtimeFixture([close, {
        type: 'call',
        method: 'sendAudio',
        data: { audio: { $bytes: 'AQ==', $type: 'Int16Array' } },
      }]),
      invalid(
        'log[1].data.audio.$bytes',
        'a multiple of 2 bytes, for Int16Array',
        '"AQ=="',
        1,
      ),
    ],
  ];
  for (const [fixture, fields] of cases) {
    assertRejected(fromRealtime(fixture), fields);
    assertRejected(fromRealtime(JSON.stringify(fixture)), fields);
  }
  // The valid shapes: a call with or without its error, an event; and
  // objects that only look like tagged bytes are data.
  const transport = replayRealtimeTransport(
    JSON.stringify(realtimeFixture([
      { ...close, error: { name: 'Error', message: 'm' } },
      close,
      {
        type: 'event',
        event: 'note',
        args: [
          { $bytes: '#', $type: 'ArrayBuffer', extra: 1 },
          { $bytes: '#' },
          { $bytes: '#', $type: 1 },
          { $bytes: 1, $type: 'ArrayBuffer' },
        ],
      },
    ])),
  );
  assert.equal(transport.status, 'disconnected');
});

const tool = {
  type: 'function',
  name: 'get_weather',
  description: 'Weather',
  parameters: { type: 'object', properties: {} },
  strict: true,
};

function modelRequest(fields: Record<string, unknown>): ModelRequest {
  return {
    input: 'Hi',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
    signal: new AbortController().signal,
    ...fields,
  } as unknown as ModelRequest;
}

test('summarizeRequest writes every present key, sorted, credentials removed', () => {
  const summary = summarizeRequest(modelRequest({
    input: [{ role: 'user', content: 'Hi' }],
    systemInstructions: 'Be brief',
    tools: [tool],
    handoffs: [{ toolName: 'transfer', inputJsonSchema: {} }],
    outputType: { type: 'json_schema', name: 'out' },
    modelSettings: { temperature: 0.5, providerData: { apiKey: 'k' } },
    previousResponseId: 'resp_1',
    conversationId: 'conv_1',
    prompt: { promptId: 'p', variables: { b: 1, a: 2 } },
  }));
  assert.deepEqual(Object.keys(summary), [
    'conversationId',
    'handoffs',
    'input',
    'instructions',
    'modelSettings',
    'outputType',
    'previousResponseId',
    'prompt',
    'tools',
  ]);
  assert.deepEqual(summary, {
    conversationId: 'conv_1',
    handoffs: [{ inputJsonSchema: {}, toolName: 'transfer' }],
    input: [{ content: 'Hi', role: 'user' }],
    instructions: 'Be brief',
    modelSettings: { providerData: { apiKey: '[redacted]' }, temperature: 0.5 },
    outputType: { name: 'out', type: 'json_schema' },
    previousResponseId: 'resp_1',
    prompt: { promptId: 'p', variables: { a: 2, b: 1 } },
    tools: [tool],
  });
});

test('summarizeRequest leaves out absent keys and fills the required ones', () => {
  const cases: [Record<string, unknown>, ModelFixtureRequest][] = [
    [{}, {
      handoffs: [],
      input: 'Hi',
      modelSettings: {},
      outputType: 'text',
      tools: [],
    }],
    [{
      input: undefined,
      tools: undefined,
      handoffs: undefined,
      modelSettings: undefined,
      outputType: undefined,
    }, {
      handoffs: [],
      input: null,
      modelSettings: {},
      outputType: null,
      tools: [],
    }],
    [{
      systemInstructions: 5,
      previousResponseId: 7,
      conversationId: null,
      prompt: undefined,
      tools: 'f',
      handoffs: { a: 1 },
    }, {
      handoffs: [],
      input: 'Hi',
      modelSettings: {},
      outputType: 'text',
      tools: [],
    }],
    [{ prompt: () => {} }, {
      handoffs: [],
      input: 'Hi',
      modelSettings: {},
      outputType: 'text',
      prompt: null,
      tools: [],
    } as unknown as ModelFixtureRequest],
    [{ systemInstructions: '' }, {
      handoffs: [],
      input: 'Hi',
      instructions: '',
      modelSettings: {},
      outputType: 'text',
      tools: [],
    }],
  ];
  for (const [fields, summary] of cases) {
    assert.deepEqual(summarizeRequest(modelRequest(fields)), summary);
  }
});

test('summarizeAspects summarizes only the compared aspects, exactly', () => {
  const full = modelRequest({
    systemInstructions: 'Be brief',
    tools: [tool, { type: 'web_search' }, {}],
    handoffs: [{ toolName: 'transfer' }],
    previousResponseId: 'resp_1',
  });
  const names = [
    { name: 'get_weather', type: 'function' },
    { name: null, type: 'web_search' },
    { name: null, type: null },
  ];
  const schemas = [tool, { type: 'web_search' }, {}];
  const cases: [string[], Record<string, FixtureJson | undefined>][] = [
    [[], { tools: [], handoffs: [] }],
    [['tools'], { tools: names, handoffs: [] }],
    [['toolSchemas'], { tools: schemas, handoffs: [] }],
    [['tools', 'toolSchemas'], { tools: schemas, handoffs: [] }],
    [['toolSchemas', 'tools'], { tools: schemas, handoffs: [] }],
    [['handoffs'], { tools: [], handoffs: [{ toolName: 'transfer' }] }],
    [['input', 'instructions'], {
      tools: [],
      handoffs: [],
      input: 'Hi',
      instructions: 'Be brief',
    }],
    [['previousResponseId', 'conversationId'], {
      tools: [],
      handoffs: [],
      previousResponseId: 'resp_1',
      conversationId: undefined,
    }],
  ];
  for (const [aspects, summary] of cases) {
    assert.deepEqual(
      summarizeAspects(full, aspects as never),
      summary,
      aspects.join(),
    );
  }
  assert.deepEqual(
    summarizeAspects(modelRequest({ tools: undefined }), ['tools'] as never),
    { tools: [], handoffs: [] },
  );
});

test('aspectOf reads each aspect of a summary, tools by name', () => {
  const summary = {
    input: 'Hi',
    tools: [
      tool,
      { type: 'web_search' },
      { name: null, type: 'mcp' },
      {},
      'f',
      null,
      [1],
    ],
    handoffs: [{ toolName: 'transfer' }],
    instructions: 'Be brief',
  } as unknown as ModelFixtureRequest;
  assert.deepEqual(aspectOf(summary, 'tools'), {
    value: [
      { name: 'get_weather' },
      { name: 'web_search' },
      { name: 'mcp' },
      { name: null },
      { name: null },
      { name: null },
      { name: null },
    ],
    path: 'tools',
  });
  assert.deepEqual(aspectOf(summary, 'toolSchemas'), {
    value: summary.tools,
    path: 'tools',
  });
  assert.deepEqual(aspectOf(summary, 'handoffs'), {
    value: [{ toolName: 'transfer' }],
    path: 'handoffs',
  });
  assert.deepEqual(aspectOf(summary, 'instructions'), {
    value: 'Be brief',
    path: 'instructions',
  });
  assert.deepEqual(aspectOf(summary, 'prompt'), {
    value: undefined,
    path: 'prompt',
  });
});

test("exposedSdkVersion reads the SDK module's METADATA when it has one", () => {
  assert.equal(exposedSdkVersion({ METADATA: { version: '1.2.3' } }), '1.2.3');
  assert.equal(exposedSdkVersion({ METADATA: { version: 1 } }), undefined);
  assert.equal(exposedSdkVersion({ METADATA: {} }), undefined);
  assert.equal(exposedSdkVersion({}), undefined);
  // The SDK of this repository exports none: recordings say the option's.
  assert.equal(exposedSdkVersion(), undefined);
});
