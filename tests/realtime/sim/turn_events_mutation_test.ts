/**
 * The exact inbound event sequence each turn builder emits (the documented
 * order of the SDK's OpenAI transport, with the wire fields the session
 * reads), the ids it generates, and how it uses its target.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Usage } from '@openai/agents';
import {
  audioTurn,
  functionCallTurn,
  interruptedTurn,
  mcpApprovalTurn,
  textTurn,
  userSpeechTurn,
} from '@scripted/agents/realtime/sim';
import { recorder } from './_spec_assert.ts';

const zeroUsage = {
  inputTokens: 0,
  outputTokens: 0,
  totalTokens: 0,
  inputTokensDetails: {},
  outputTokensDetails: {},
};

/** Buffers become `bytes:N`, a `Usage` becomes `Usage` (checked first). */
function plain(events: unknown[][]): unknown[][] {
  return events.map((event) =>
    event.map((arg) => {
      if (arg instanceof Usage) {
        assert.deepEqual({ ...arg }, { ...new Usage() });
        return 'Usage';
      }
      if (typeof arg === 'object' && arg !== null && 'data' in arg) {
        const data = (arg as { data: unknown }).data;
        assert(data instanceof ArrayBuffer);
        return { ...arg, data: `bytes:${data.byteLength}` };
      }
      return arg;
    })
  );
}

function started(id: string): unknown[] {
  return ['turn_started', {
    type: 'response_started',
    providerData: { type: 'response.created', response: { id } },
  }];
}

function assistant(
  itemId: string,
  status: string,
  content: unknown[],
): unknown[] {
  return ['item_update', {
    itemId,
    type: 'message',
    role: 'assistant',
    status,
    content,
  }];
}

function done(id: string, output: unknown[], status: string): unknown[][] {
  return [['usage_update', 'Usage'], ['turn_done', {
    type: 'response_done',
    response: { id, output, usage: zeroUsage, providerData: { status } },
  }]];
}

test('textTurn emits started, the open item, one delta each, the completed item, usage and done', () => {
  const { events, emit } = recorder();
  const result = textTurn(emit, { text: ['Par', 'is'] });
  assert.deepEqual(result, {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  const content = [{ type: 'output_text', text: 'Paris' }];
  assert.deepEqual(plain(events), [
    started(r),
    assistant(i, 'in_progress', []),
    ['output_text_delta', {
      type: 'output_text_delta',
      itemId: i,
      delta: 'Par',
      responseId: r,
    }],
    ['output_text_delta', {
      type: 'output_text_delta',
      itemId: i,
      delta: 'is',
      responseId: r,
    }],
    assistant(i, 'completed', content),
    ...done(r, [{
      type: 'message',
      id: i,
      role: 'assistant',
      status: 'completed',
      content,
    }], 'completed'),
  ]);
  // The counter is per target and counts on: the next turn gets 3 and 4.
  assert.deepEqual(textTurn(emit, { text: 'x' }), {
    responseId: 'scripted_response_3',
    itemId: 'scripted_item_4',
  });
  // Another target starts from 1 again.
  assert.deepEqual(textTurn(recorder().emit, { text: 'x' }), {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
  });
});

test('textTurn keeps given ids and a single string is one delta', () => {
  const { events, emit } = recorder();
  assert.deepEqual(
    textTurn(emit, { text: 'Hi', responseId: 'r9', itemId: 'i9' }),
    { responseId: 'r9', itemId: 'i9' },
  );
  assert.deepEqual(events.map((e) => e[0]), [
    'turn_started',
    'item_update',
    'output_text_delta',
    'item_update',
    'usage_update',
    'turn_done',
  ]);
  assert.deepEqual(events[2], ['output_text_delta', {
    type: 'output_text_delta',
    itemId: 'i9',
    delta: 'Hi',
    responseId: 'r9',
  }]);
  // Given ids consume no generated number.
  assert.deepEqual(textTurn(emit, { text: 'x' }), {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
  });
});

test('A target object gets emit and expectCall called on itself', async () => {
  const seen: unknown[] = [];
  const target = {
    events: [] as string[],
    emit(this: { events: string[] }, type: string): boolean {
      this.events.push(type);
      return true;
    },
    expectCall(this: unknown, method: string, matcher: unknown) {
      seen.push(this === target, method, matcher);
      return Promise.resolve({ index: 3, method, output: 'out' });
    },
  };
  textTurn(target as never, { text: 'a', responseId: 'r', itemId: 'i' });
  assert.equal(target.events.length, 6);
  const turn = await functionCallTurn(target as never, {
    name: 'f',
    callId: 'c',
    responseId: 'r2',
    itemId: 'i2',
  });
  assert.deepEqual(seen, [true, 'sendFunctionCallOutput', undefined]);
  assert.deepEqual(turn, {
    responseId: 'r2',
    itemId: 'i2',
    callId: 'c',
    output: { index: 3, method: 'sendFunctionCallOutput', output: 'out' },
  });
  assert.deepEqual(target.events.slice(6), [
    'turn_started',
    'item_update',
    'function_call',
    'usage_update',
    'turn_done',
    'item_update',
  ]);
});

test('audioTurn emits one audio and transcript delta per chunk, then audio_done and the completed item', () => {
  const { events, emit } = recorder();
  const result = audioTurn(emit, {
    transcript: ['It ', 'is'],
    audio: [new ArrayBuffer(3), new ArrayBuffer(5)],
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  assert.deepEqual(result, { responseId: r, itemId: i });
  const content = [{ type: 'output_audio', transcript: 'It is' }];
  assert.deepEqual(plain(events), [
    started(r),
    assistant(i, 'in_progress', []),
    ['audio', { type: 'audio', data: 'bytes:3', responseId: r }],
    ['audio_transcript_delta', {
      type: 'transcript_delta',
      itemId: i,
      delta: 'It ',
      responseId: r,
    }],
    ['audio', { type: 'audio', data: 'bytes:5', responseId: r }],
    ['audio_transcript_delta', {
      type: 'transcript_delta',
      itemId: i,
      delta: 'is',
      responseId: r,
    }],
    ['audio_done'],
    assistant(i, 'completed', content),
    ...done(r, [{
      type: 'message',
      id: i,
      role: 'assistant',
      status: 'completed',
      content,
    }], 'completed'),
  ]);
});

test('audioTurn makes chunks of 960 bytes by default and of chunkBytes when given', () => {
  const sizes = (spec: Record<string, unknown>): number[] => {
    const { events, emit } = recorder();
    audioTurn(emit, { transcript: ['a', 'b', 'c'], ...spec });
    return events.filter((e) => e[0] === 'audio').map((e) =>
      (e[1] as { data: ArrayBuffer }).data.byteLength
    );
  };
  assert.deepEqual(sizes({}), [960, 960, 960]);
  assert.deepEqual(sizes({ chunkBytes: 0 }), [0, 0, 0]);
  assert.deepEqual(sizes({ chunkBytes: 7 }), [7, 7, 7]);
  assert.deepEqual(sizes({ chunkBytes: 1 << 20 }), [1 << 20, 1 << 20, 1 << 20]);
  // Each default chunk is its own buffer.
  const { events, emit } = recorder();
  audioTurn(emit, { transcript: ['a', 'b'] });
  const [a, b] = events.filter((e) => e[0] === 'audio').map((e) =>
    (e[1] as { data: ArrayBuffer }).data
  );
  assert.notEqual(a, b);
});

test('userSpeechTurn emits the raw speech events, each also as "*", then the user item and its transcript', () => {
  const { events, emit } = recorder();
  assert.deepEqual(userSpeechTurn(emit, { transcript: 'Hello' }), {
    itemId: 'scripted_item_1',
  });
  const i = 'scripted_item_1';
  const rawEvents = [
    {
      type: 'input_audio_buffer.speech_started',
      audio_start_ms: 0,
      item_id: i,
    },
    {
      type: 'input_audio_buffer.speech_stopped',
      audio_end_ms: 1000,
      item_id: i,
    },
    { type: 'input_audio_buffer.committed', item_id: i },
  ];
  const transcription = {
    type: 'conversation.item.input_audio_transcription.completed',
    item_id: i,
    content_index: 0,
    transcript: 'Hello',
  };
  assert.deepEqual(events, [
    ...rawEvents.flatMap((e) => [['*', e], [e.type, e]]),
    ['item_update', {
      itemId: i,
      type: 'message',
      role: 'user',
      status: 'in_progress',
      content: [{ type: 'input_audio', transcript: null }],
    }],
    ['*', transcription],
    [transcription.type, transcription],
  ]);
  // The "*" copy and the typed copy are distinct objects.
  assert.notEqual(events[0]![1], events[1]![1]);
});

test('userSpeechTurn uses the given times; the end defaults to the start plus one second', () => {
  const times = (spec: Record<string, unknown>): unknown[] => {
    const { events, emit } = recorder();
    userSpeechTurn(emit, { transcript: 'x', itemId: 'u', ...spec });
    return [
      (events[0]![1] as { audio_start_ms: number }).audio_start_ms,
      (events[2]![1] as { audio_end_ms: number }).audio_end_ms,
    ];
  };
  assert.deepEqual(times({}), [0, 1000]);
  assert.deepEqual(times({ audioStartMs: 250 }), [250, 1250]);
  assert.deepEqual(times({ audioStartMs: 250, audioEndMs: 250 }), [250, 250]);
  assert.deepEqual(times({ audioEndMs: 40 }), [0, 40]);
  assert.deepEqual(userSpeechTurn(recorder().emit, { transcript: '' }), {
    itemId: 'scripted_item_1',
  });
});

test('interruptedTurn by speech plays only the heard chunks, then speech_started, audio_interrupted and the cancelled item', async () => {
  const { events, emit } = recorder();
  const result = await interruptedTurn(emit, {
    transcript: ['Once ', 'upon ', 'a time'],
    heard: 2,
    chunkBytes: 4,
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  assert.deepEqual(result, {
    responseId: r,
    itemId: i,
    heard: 'Once upon ',
    interrupt: undefined,
  });
  const speech = {
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: 0,
    item_id: 'scripted_item_3',
  };
  const content = [{ type: 'output_audio', transcript: 'Once upon ' }];
  assert.deepEqual(plain(events), [
    started(r),
    assistant(i, 'in_progress', []),
    ['audio', { type: 'audio', data: 'bytes:4', responseId: r }],
    ['audio_transcript_delta', {
      type: 'transcript_delta',
      itemId: i,
      delta: 'Once ',
      responseId: r,
    }],
    ['audio', { type: 'audio', data: 'bytes:4', responseId: r }],
    ['audio_transcript_delta', {
      type: 'transcript_delta',
      itemId: i,
      delta: 'upon ',
      responseId: r,
    }],
    ['*', speech],
    [speech.type, speech],
    ['audio_interrupted'],
    assistant(i, 'incomplete', content),
    ...done(r, [{
      type: 'message',
      id: i,
      role: 'assistant',
      status: 'incomplete',
      content,
    }], 'cancelled'),
  ]);
});

test('interruptedTurn hears nothing with heard 0 and everything with heard equal to the deltas', async () => {
  for (const [heard, text, audios] of [[0, '', 0], [2, 'ab', 2]] as const) {
    const { events, emit } = recorder();
    const result = await interruptedTurn(emit, {
      transcript: ['a', 'b'],
      heard,
    });
    assert.equal(result.heard, text);
    assert.equal(events.filter((e) => e[0] === 'audio').length, audios);
    assert.equal(
      events.filter((e) => e[0] === 'audio_transcript_delta').length,
      audios,
    );
  }
});

test('interruptedTurn by interrupt waits for the app interrupt() call and reports it', async () => {
  const { events, emit } = recorder();
  let release!: (call: unknown) => void;
  const calls: unknown[] = [];
  const target = {
    emit,
    expectCall: (method: string, matcher: unknown) => {
      calls.push([method, matcher, events.length]);
      return new Promise((resolve) => {
        release = resolve;
      });
    },
  };
  const pending = interruptedTurn(target as never, {
    transcript: ['a', 'b', 'c'],
    heard: 1,
    trigger: 'interrupt',
    responseId: 'r',
    itemId: 'i',
  });
  // Everything heard was played before the wait; nothing after it yet.
  assert.deepEqual(calls, [['interrupt', undefined, 4]]);
  assert.deepEqual(events.map((e) => e[0]), [
    'turn_started',
    'item_update',
    'audio',
    'audio_transcript_delta',
  ]);
  const call = { index: 5, method: 'interrupt' };
  release(call);
  const result = await pending;
  assert.deepEqual(result, {
    responseId: 'r',
    itemId: 'i',
    heard: 'a',
    interrupt: call,
  });
  assert.deepEqual(events.slice(4).map((e) => e[0]), [
    'audio_interrupted',
    'item_update',
    'usage_update',
    'turn_done',
  ]);
  // No speech_started is emitted for an app interrupt.
  assert(!events.some((e) => e[0] === '*'));
});

test('functionCallTurn without waiting emits the call turn and returns no output', async () => {
  const { events, emit } = recorder();
  const result = await functionCallTurn(emit, {
    name: 'lookup',
    arguments: { id: 1 },
    callId: 'call_1',
    awaitOutput: false,
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  assert.deepEqual(result, {
    responseId: r,
    itemId: i,
    callId: 'call_1',
    output: undefined,
  });
  assert.deepEqual(plain(events), [
    started(r),
    ['item_update', {
      itemId: i,
      type: 'function_call',
      status: 'in_progress',
      arguments: '{"id":1}',
      name: 'lookup',
      output: null,
    }],
    ['function_call', {
      id: i,
      type: 'function_call',
      callId: 'call_1',
      arguments: '{"id":1}',
      name: 'lookup',
      responseId: r,
    }],
    ...done(r, [{
      type: 'function_call',
      id: i,
      callId: 'call_1',
      name: 'lookup',
      arguments: '{"id":1}',
      status: 'completed',
    }], 'completed'),
  ]);
});

test('functionCallTurn passes string arguments verbatim and defaults to "{}"', async () => {
  const args = async (spec: Record<string, unknown>): Promise<unknown> => {
    const { events, emit } = recorder();
    await functionCallTurn(emit, {
      name: 'f',
      callId: 'c',
      awaitOutput: false,
      ...spec,
    });
    return (events[1]![1] as { arguments: unknown }).arguments;
  };
  assert.equal(await args({}), '{}');
  assert.equal(await args({ arguments: 'not json' }), 'not json');
  assert.equal(await args({ arguments: '' }), '');
  assert.equal(
    await args({ arguments: { a: [1, 'x'], b: null } }),
    '{"a":[1,"x"],"b":null}',
  );
});

test('functionCallTurn, once answered, emits the completed call item with the output', async () => {
  const { events, emit } = recorder();
  const target = {
    emit,
    expectCall: () =>
      Promise.resolve({
        index: 1,
        method: 'sendFunctionCallOutput',
        output: 'done!',
      }),
  };
  const result = await functionCallTurn(target as never, {
    name: 'f',
    arguments: '{"x":1}',
    callId: 'c',
    itemId: 'fc',
    responseId: 'r',
  });
  assert.equal(result.output?.output, 'done!');
  assert.deepEqual(events.at(-1), ['item_update', {
    itemId: 'fc',
    type: 'function_call',
    status: 'completed',
    arguments: '{"x":1}',
    name: 'f',
    output: 'done!',
  }]);
  assert.equal(events.length, 6);
});

test('mcpApprovalTurn without waiting emits the request item and the approval event', async () => {
  const { events, emit } = recorder();
  const result = await mcpApprovalTurn(emit, {
    serverLabel: 'files',
    name: 'rm',
    arguments: { path: '/a' },
    awaitResponse: false,
  });
  assert.deepEqual(result, { itemId: 'scripted_item_1', response: undefined });
  const item = {
    itemId: 'scripted_item_1',
    type: 'mcp_approval_request',
    serverLabel: 'files',
    name: 'rm',
    arguments: { path: '/a' },
    approved: null,
  };
  assert.deepEqual(events, [['item_update', item], [
    'mcp_approval_request',
    item,
  ]]);
  assert.notEqual(events[0]![1], events[1]![1]);
  const empty = recorder();
  await mcpApprovalTurn(empty.emit, {
    serverLabel: 's',
    name: 'n',
    awaitResponse: false,
    itemId: 'm',
  });
  assert.deepEqual(
    (empty.events[0]![1] as { arguments: unknown }).arguments,
    {},
  );
});

test('mcpApprovalTurn waits for sendMcpResponse and reports it', async () => {
  const { events, emit } = recorder();
  const asked: unknown[] = [];
  const response = { index: 2, method: 'sendMcpResponse', approved: true };
  const target = {
    emit,
    expectCall: (method: string) => {
      asked.push(method, events.length);
      return Promise.resolve(response);
    },
  };
  const result = await mcpApprovalTurn(target as never, {
    serverLabel: 's',
    name: 'n',
    itemId: 'm',
  });
  assert.deepEqual(asked, ['sendMcpResponse', 2]);
  assert.deepEqual(result, { itemId: 'm', response });
});
