/**
 * The exact events each turn builder delivers: the Realtime API's server
 * events (raw on `*` and by name) and the normalized events the SDK's
 * transport derives from them, in its order, with the ids, the
 * conversation's order, the usage and the playback the builders keep per
 * target. The fidelity suite (`tests/e2e/realtime_fidelity_test.ts`) proves
 * these sequences against the real transport; this file pins them where the
 * mutation run looks.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Usage } from '@openai/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  audioTurn,
  defaultTurnUsage,
  functionCallTurn,
  handoffTurn,
  interruptedTurn,
  mcpApprovalTurn,
  textTurn,
  userSpeechTurn,
} from '@scripted/agents/realtime/sim';
import { recorder } from './_spec_assert.ts';

type Event = Record<string, unknown>;

/** The server events (`*`), in order. */
function wire(events: unknown[][]): Event[] {
  return events.filter((e) => e[0] === '*').map((e) => e[1] as Event);
}

/** The wire types, in order. */
function types(events: unknown[][]): string[] {
  return wire(events).map((e) => e.type as string);
}

/** The normalized events (no `*`, no raw name), as `[name, ...args]`. */
function normalized(events: unknown[][]): unknown[][] {
  return events.filter((e) => e[0] !== '*' && !String(e[0]).includes('.'));
}

/** Each raw event is followed by its by-name copy: a distinct object. */
function checkByName(events: unknown[][]): void {
  events.forEach((entry, i) => {
    if (entry[0] !== '*') return;
    const raw = entry[1] as Event;
    const next = events[i + 1];
    assert.equal(next?.[0], raw.type);
    assert.notEqual(next?.[1], raw);
    const usage = (raw.response as { usage?: Event } | undefined)?.usage;
    if (usage) {
      // The transport's schema has no `total_tokens`: the parse drops it.
      const { total_tokens: _total, ...rest } = usage;
      assert.deepEqual(next?.[1], {
        ...raw,
        response: { ...(raw.response as Event), usage: rest },
      });
    } else {
      assert.deepEqual(next?.[1], raw);
    }
  });
}

/** A connected transport, a recording target on it, and its closing. */
async function onTransport(): Promise<{
  transport: ScriptedRealtimeTransport;
  events: unknown[][];
  target: never;
  close(): Promise<void>;
}> {
  const transport = new ScriptedRealtimeTransport();
  const connected = transport.expectCall('connect');
  await transport.connect({ apiKey: 'test' });
  await connected;
  const { events, emit } = recorder();
  const target = {
    emit: (type: string, ...args: unknown[]) => {
      emit(type, ...args);
      return true;
    },
    expectCall: transport.expectCall.bind(transport),
  };
  return {
    transport,
    events,
    target: target as never,
    close: async () => {
      const closed = transport.expectCall('close');
      transport.close();
      await closed;
      transport.assertComplete();
    },
  };
}

const response = (id: string, modalities: string[]) => ({
  object: 'realtime.response',
  id,
  status: 'in_progress',
  status_details: null,
  output: [],
  conversation_id: 'scripted_conversation',
  output_modalities: modalities,
  max_output_tokens: 'inf',
  audio: {
    output: { format: { type: 'audio/pcm', rate: 24000 }, voice: 'marin' },
  },
  usage: null,
  metadata: null,
});

const defaultWireUsage = {
  total_tokens: 60,
  input_tokens: 50,
  output_tokens: 10,
  input_token_details: { text_tokens: 50, audio_tokens: 0, cached_tokens: 0 },
  output_token_details: { text_tokens: 10, audio_tokens: 0 },
};

const rateLimits = [
  { name: 'requests', limit: 5000, remaining: 4999, reset_seconds: 0.012 },
  { name: 'tokens', limit: 400000, remaining: 399000, reset_seconds: 0.15 },
];

test('textTurn delivers the text answer as the API streams it and the transport normalizes it', () => {
  const { events, emit } = recorder();
  assert.deepEqual(textTurn(emit, { text: ['Par', 'is'] }), {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  const at = { response_id: r, output_index: 0 };
  const part = { ...at, item_id: i, content_index: 0 };
  const open = {
    id: i,
    object: 'realtime.item',
    type: 'message',
    status: 'in_progress',
    role: 'assistant',
    content: [],
  };
  const closed = {
    ...open,
    status: 'completed',
    content: [{ type: 'output_text', text: 'Paris' }],
  };
  const created = response(r, ['text']);
  const expected = [
    { type: 'response.created', response: created },
    { type: 'rate_limits.updated', rate_limits: rateLimits },
    { type: 'response.output_item.added', ...at, item: open },
    { type: 'conversation.item.added', previous_item_id: null, item: open },
    {
      type: 'response.content_part.added',
      ...part,
      part: { type: 'text', text: '' },
    },
    { type: 'response.output_text.delta', ...part, delta: 'Par' },
    { type: 'response.output_text.delta', ...part, delta: 'is' },
    { type: 'response.output_text.done', ...part, text: 'Paris' },
    {
      type: 'response.content_part.done',
      ...part,
      part: { type: 'text', text: 'Paris' },
    },
    { type: 'response.output_item.done', ...at, item: closed },
    { type: 'conversation.item.done', previous_item_id: null, item: closed },
    {
      type: 'response.done',
      response: {
        ...created,
        status: 'completed',
        status_details: null,
        output: [closed],
        usage: defaultWireUsage,
      },
    },
  ].map((e, n) => ({ event_id: `scripted_event_${n + 1}`, ...e }));
  assert.deepEqual(wire(events), expected);
  checkByName(events);
  const message = (status: string, content: unknown[]) => ({
    itemId: i,
    type: 'message',
    role: 'assistant',
    status,
    content,
  });
  const usage = (events.find((e) => e[0] === 'usage_update') ?? [])[1];
  assert(usage instanceof Usage);
  assert.deepEqual(normalized(events), [
    ['turn_started', {
      type: 'response_started',
      providerData: { ...expected[0] },
    }],
    ['item_update', message('in_progress', [])],
    ['item_update', { ...message('in_progress', []), previousItemId: null }],
    ['output_text_delta', {
      type: 'output_text_delta',
      delta: 'Par',
      itemId: i,
      responseId: r,
    }],
    ['output_text_delta', {
      type: 'output_text_delta',
      delta: 'is',
      itemId: i,
      responseId: r,
    }],
    ['item_update', message('completed', closed.content)],
    [
      'item_update',
      { ...message('completed', closed.content), previousItemId: null },
    ],
    ['usage_update', usage],
    ['turn_done', {
      type: 'response_done',
      response: {
        id: r,
        output: [closed],
        usage: {
          inputTokens: 50,
          inputTokensDetails: defaultWireUsage.input_token_details,
          outputTokens: 10,
          outputTokensDetails: defaultWireUsage.output_token_details,
          totalTokens: 60,
        },
      },
    }],
  ]);
  assert.equal(usage.requests, 1);
  assert.equal(usage.inputTokens, 50);
  assert.equal(usage.outputTokens, 10);
  assert.equal(usage.totalTokens, 60);
  assert.deepEqual(usage.inputTokensDetails, [
    defaultWireUsage.input_token_details,
  ]);
  // The next turn on this target counts on and follows the first item.
  const next = recorder();
  assert.deepEqual(textTurn(emit, { text: 'x' }), {
    responseId: 'scripted_response_3',
    itemId: 'scripted_item_4',
  });
  assert.equal((wire(events)[12] as Event).event_id, 'scripted_event_13');
  assert.equal(
    (wire(events).find((e, n) =>
      n > 11 && e.type === 'conversation.item.added'
    ) as Event).previous_item_id,
    i,
  );
  // Another target starts again from 1, with nothing before its item.
  assert.deepEqual(textTurn(next.emit, { text: 'x' }), {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
  });
  assert.equal(wire(next.events)[3]?.previous_item_id, null);
});

test('A spec usage is reported as given; without details the transport reads {}', () => {
  const { events, emit } = recorder();
  textTurn(emit, {
    text: 'a',
    usage: {
      inputTokens: 7,
      outputTokens: 3,
      outputTokensDetails: { audio_tokens: 2, text_tokens: 1 },
    },
  });
  const done = wire(events).at(-1) as { response: { usage: unknown } };
  assert.deepEqual(done.response.usage, {
    total_tokens: 10,
    input_tokens: 7,
    output_tokens: 3,
    output_token_details: { audio_tokens: 2, text_tokens: 1 },
  });
  const [, usage] = events.find((e) => e[0] === 'usage_update') as [
    string,
    Usage,
  ];
  assert.equal(usage.inputTokens, 7);
  assert.equal(usage.outputTokens, 3);
  assert.equal(usage.totalTokens, 10);
  const [, turn] = events.find((e) => e[0] === 'turn_done') as [
    string,
    { response: { usage: unknown } },
  ];
  assert.deepEqual(turn.response.usage, {
    inputTokens: 7,
    inputTokensDetails: {},
    outputTokens: 3,
    outputTokensDetails: { audio_tokens: 2, text_tokens: 1 },
    totalTokens: 10,
  });
  // Without any details, neither is sent.
  const bare = recorder();
  textTurn(bare.emit, {
    text: 'a',
    usage: { inputTokens: 1, outputTokens: 0 },
  });
  assert.deepEqual(
    (wire(bare.events).at(-1) as { response: { usage: unknown } }).response
      .usage,
    { total_tokens: 1, input_tokens: 1, output_tokens: 0 },
  );
  // The default is the documented one, frozen.
  assert(Object.isFrozen(defaultTurnUsage));
  assert(Object.isFrozen(defaultTurnUsage.inputTokensDetails));
  assert.deepEqual(defaultTurnUsage, {
    inputTokens: 50,
    outputTokens: 10,
    inputTokensDetails: { text_tokens: 50, audio_tokens: 0, cached_tokens: 0 },
    outputTokensDetails: { text_tokens: 10, audio_tokens: 0 },
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
      seen.push(this === target, method, typeof matcher);
      return Promise.resolve({
        index: 3,
        method,
        output: 'out',
        toolCall: { callId: 'c' },
      });
    },
  };
  textTurn(target as never, { text: 'a', responseId: 'r', itemId: 'i' });
  assert.equal(target.events.length, 30);
  const turn = await functionCallTurn(target as never, {
    name: 'f',
    callId: 'c',
    responseId: 'r2',
    itemId: 'i2',
  });
  assert.deepEqual(seen, [true, 'sendFunctionCallOutput', 'function']);
  assert.equal(turn.output?.output, 'out');
});

test('audioTurn streams one audio and one transcript delta per chunk, in the chosen order', () => {
  const audio = [new Uint8Array([1, 2, 3]).buffer, new ArrayBuffer(5)];
  const { events, emit } = recorder();
  const result = audioTurn(emit, { transcript: ['It ', 'is'], audio });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  assert.deepEqual(result, { responseId: r, itemId: i });
  assert.deepEqual(types(events), [
    'response.created',
    'rate_limits.updated',
    'response.output_item.added',
    'conversation.item.added',
    'response.content_part.added',
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
    'response.output_audio.done',
    'response.output_audio_transcript.done',
    'response.content_part.done',
    'response.output_item.done',
    'conversation.item.done',
    'response.done',
  ]);
  checkByName(events);
  const raw = wire(events);
  assert.deepEqual(raw[0]?.response, response(r, ['audio']));
  assert.deepEqual(raw[2]?.item, {
    id: i,
    object: 'realtime.item',
    type: 'message',
    status: 'in_progress',
    role: 'assistant',
    content: [],
  });
  assert.equal(raw[5]?.delta, 'AQID');
  assert.equal(raw[7]?.delta, 'AAAAAAA=');
  const part = {
    response_id: r,
    output_index: 0,
    item_id: i,
    content_index: 0,
  };
  assert.deepEqual(raw[4], {
    event_id: 'scripted_event_5',
    type: 'response.content_part.added',
    ...part,
    part: { type: 'audio', transcript: '' },
  });
  assert.deepEqual(raw[10], {
    event_id: 'scripted_event_11',
    type: 'response.output_audio_transcript.done',
    ...part,
    transcript: 'It is',
  });
  assert.deepEqual(raw[11]?.part, { type: 'audio', transcript: 'It is' });
  assert.deepEqual((raw[12]?.item as Event).content, [
    { type: 'output_audio', transcript: 'It is' },
  ]);
  const names = normalized(events).map((e) => e[0]);
  assert.deepEqual(names, [
    'turn_started',
    'item_update',
    'item_update',
    'audio',
    'audio_transcript_delta',
    'audio',
    'audio_transcript_delta',
    'audio_done',
    'item_update',
    'item_update',
    'usage_update',
    'turn_done',
  ]);
  const chunks = normalized(events).filter((e) => e[0] === 'audio').map((e) =>
    e[1] as { type: string; data: ArrayBuffer; responseId: string }
  );
  assert.deepEqual(
    chunks.map((c) => [c.type, [...new Uint8Array(c.data)], c.responseId]),
    [['audio', [1, 2, 3], r], ['audio', [0, 0, 0, 0, 0], r]],
  );
  // The transport decodes its own copy.
  assert.notEqual(chunks[0]?.data, audio[0]);
  assert.deepEqual(normalized(events)[4], ['audio_transcript_delta', {
    type: 'transcript_delta',
    delta: 'It ',
    itemId: i,
    responseId: r,
  }]);
  const reversed = recorder();
  audioTurn(reversed.emit, {
    transcript: ['a', 'b'],
    order: 'transcript-first',
  });
  assert.deepEqual(types(reversed.events).slice(5, 9), [
    'response.output_audio_transcript.delta',
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
    'response.output_audio.delta',
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
});

function userSpeechTypes(): string[] {
  return [
    'input_audio_buffer.speech_started',
    'input_audio_buffer.speech_stopped',
    'input_audio_buffer.committed',
    'conversation.item.added',
    'conversation.item.done',
  ];
}

test('userSpeechTurn delivers the speech, the completed user item, the transcription and the retrieved item', () => {
  const { events, emit } = recorder();
  assert.deepEqual(userSpeechTurn(emit, { transcript: ['Hel', 'lo'] }), {
    itemId: 'scripted_item_1',
  });
  const i = 'scripted_item_1';
  assert.deepEqual(types(events), [
    ...userSpeechTypes(),
    'conversation.item.input_audio_transcription.delta',
    'conversation.item.input_audio_transcription.delta',
    'conversation.item.input_audio_transcription.completed',
    'conversation.item.retrieved',
  ]);
  checkByName(events);
  const raw = wire(events).map(({ event_id: _id, ...rest }) => rest);
  const item = {
    id: i,
    object: 'realtime.item',
    type: 'message',
    status: 'completed',
    role: 'user',
    content: [{ type: 'input_audio', transcript: null }],
  };
  assert.deepEqual(raw, [
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
    {
      type: 'input_audio_buffer.committed',
      previous_item_id: null,
      item_id: i,
    },
    { type: 'conversation.item.added', previous_item_id: null, item },
    { type: 'conversation.item.done', previous_item_id: null, item },
    {
      type: 'conversation.item.input_audio_transcription.delta',
      item_id: i,
      content_index: 0,
      delta: 'Hel',
    },
    {
      type: 'conversation.item.input_audio_transcription.delta',
      item_id: i,
      content_index: 0,
      delta: 'lo',
    },
    {
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: i,
      content_index: 0,
      transcript: 'Hello',
      usage: {
        type: 'tokens',
        total_tokens: 12,
        input_tokens: 8,
        input_token_details: { text_tokens: 0, audio_tokens: 8 },
        output_tokens: 4,
      },
    },
    {
      type: 'conversation.item.retrieved',
      item: {
        ...item,
        content: [{ type: 'input_audio', transcript: 'Hello' }],
      },
    },
  ]);
  const user = (previous: Record<string, unknown>, transcript: unknown) => ({
    itemId: i,
    ...previous,
    type: 'message',
    role: 'user',
    status: 'completed',
    content: [{ type: 'input_audio', transcript }],
  });
  const updates = normalized(events);
  assert.deepEqual(updates, [
    ['item_update', user({ previousItemId: null }, null)],
    ['item_update', user({ previousItemId: null }, null)],
    ['item_update', user({ previousItemId: undefined }, 'Hello')],
  ]);
  assert('previousItemId' in (updates[2]?.[1] as object));
});

test('userSpeechTurn uses the given times; the end defaults to the start plus one second', () => {
  const times = (spec: Record<string, unknown>): unknown[] => {
    const { events, emit } = recorder();
    userSpeechTurn(emit, { transcript: 'x', itemId: 'u', ...spec });
    const raw = wire(events);
    return [raw[0]?.audio_start_ms, raw[1]?.audio_end_ms];
  };
  assert.deepEqual(times({}), [0, 1000]);
  assert.deepEqual(times({ audioStartMs: 250 }), [250, 1250]);
  assert.deepEqual(times({ audioStartMs: 250, audioEndMs: 250 }), [250, 250]);
  assert.deepEqual(times({ audioEndMs: 40 }), [0, 40]);
});

test('userSpeechTurn after an audio answer interrupts it: truncated unless all of it was heard', () => {
  // All heard (the default): audio_interrupted, no truncation.
  const all = recorder();
  audioTurn(all.emit, { transcript: ['a', 'b', 'c'] });
  const before = all.events.length;
  userSpeechTurn(all.emit, { transcript: 'Thanks' });
  const after = all.events.slice(before);
  assert.deepEqual(after.slice(0, 3).map((e) => e[0]), [
    '*',
    'input_audio_buffer.speech_started',
    'audio_interrupted',
  ]);
  assert(!types(after).includes('conversation.item.truncated'));
  assert.equal(wire(after)[2]?.previous_item_id, 'scripted_item_2');
  // A second speech finds nothing playing any more.
  const again = all.events.length;
  userSpeechTurn(all.emit, { transcript: 'More' });
  assert(!all.events.slice(again).some((e) => e[0] === 'audio_interrupted'));

  // One chunk of three heard: truncated at 20 ms, retrieved without transcript.
  const one = recorder();
  audioTurn(one.emit, { transcript: ['a', 'b', 'c'], itemId: 'ans' });
  const from = one.events.length;
  userSpeechTurn(one.emit, { transcript: 'Stop', heard: 1 });
  const cut = one.events.slice(from);
  assert.deepEqual(types(cut).slice(0, 4), [
    'input_audio_buffer.speech_started',
    'conversation.item.truncated',
    'conversation.item.retrieved',
    'input_audio_buffer.speech_stopped',
  ]);
  const raw = wire(cut);
  assert.deepEqual(
    { ...raw[1], event_id: undefined },
    {
      event_id: undefined,
      type: 'conversation.item.truncated',
      item_id: 'ans',
      content_index: 0,
      audio_end_ms: 20,
    },
  );
  assert.deepEqual((raw[2]?.item as Event).content, [{ type: 'output_audio' }]);
  assert.equal((raw[2]?.item as Event).status, 'completed');
  // The user's item follows the answer.
  assert.equal(raw[4]?.previous_item_id, 'ans');
  // heard: 0 truncates at 0 ms.
  const none = recorder();
  audioTurn(none.emit, { transcript: ['a', 'b'] });
  const start = none.events.length;
  userSpeechTurn(none.emit, { transcript: 'x', heard: 0 });
  assert.equal(wire(none.events.slice(start))[1]?.audio_end_ms, 0);
});

test('Playback follows the latest spoken answer and survives a text answer', () => {
  const { events, emit } = recorder();
  audioTurn(emit, { transcript: ['a', 'b'], itemId: 'first' });
  audioTurn(emit, { transcript: ['c'], itemId: 'second', chunkBytes: 48 });
  textTurn(emit, { text: 'in between' });
  const from = events.length;
  userSpeechTurn(emit, { transcript: 'x', heard: 0 });
  const cut = wire(events.slice(from));
  // The second answer is what plays: 1 ms long, cut at 0.
  assert.deepEqual(
    [cut[1]?.type, cut[1]?.item_id, cut[1]?.audio_end_ms],
    ['conversation.item.truncated', 'second', 0],
  );
  assert.throws(
    () => userSpeechTurn(emit, { transcript: 'x', heard: 1 }),
    /an integer from 0 to the chunks of the answer playing \(0\)/,
  );
});

test('interruptedTurn by speech: heard chunks, speech, the cancelled response, then the truncation', async () => {
  const { events, emit } = recorder();
  const result = await interruptedTurn(emit, {
    transcript: ['Once ', 'upon ', 'a time'],
    heard: 2,
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  assert.deepEqual(result, {
    responseId: r,
    itemId: i,
    heard: 'Once upon ',
    interrupt: undefined,
  });
  checkByName(events);
  assert.deepEqual(types(events), [
    'response.created',
    'rate_limits.updated',
    'response.output_item.added',
    'conversation.item.added',
    'response.content_part.added',
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
    'input_audio_buffer.speech_started',
    'response.output_audio.done',
    'response.output_audio_transcript.done',
    'response.content_part.done',
    'response.output_item.done',
    'conversation.item.done',
    'response.done',
    'conversation.item.truncated',
    'conversation.item.retrieved',
  ]);
  const raw = wire(events);
  assert.deepEqual(raw[9], {
    event_id: 'scripted_event_10',
    type: 'input_audio_buffer.speech_started',
    audio_start_ms: 0,
    item_id: 'scripted_item_3',
  });
  const incomplete = {
    id: i,
    object: 'realtime.item',
    type: 'message',
    status: 'incomplete',
    role: 'assistant',
    content: [{ type: 'output_audio', transcript: 'Once upon ' }],
  };
  assert.deepEqual(raw[13]?.item, incomplete);
  const done = raw[15]?.response as Event;
  assert.deepEqual(
    [done.status, done.status_details, done.output],
    ['cancelled', { type: 'cancelled', reason: 'turn_detected' }, [
      incomplete,
    ]],
  );
  assert.equal(raw[16]?.audio_end_ms, 40);
  assert.deepEqual(raw[17]?.item, {
    ...incomplete,
    content: [{ type: 'output_audio' }],
  });
  const names = normalized(events).map((e) => e[0]);
  assert.deepEqual(names.slice(7), [
    'audio_interrupted',
    'audio_done',
    'item_update',
    'item_update',
    'usage_update',
    'turn_done',
    'item_update',
  ]);
});

test('interruptedTurn by speech with nothing heard cancels without audio_interrupted or truncation', async () => {
  const { events, emit } = recorder();
  const result = await interruptedTurn(emit, { transcript: 'abc', heard: 0 });
  assert.equal(result.heard, '');
  assert(!events.some((e) => e[0] === 'audio_interrupted'));
  assert(!types(events).includes('conversation.item.truncated'));
  assert.equal(
    (wire(events).at(-1)?.response as Event).status,
    'cancelled',
  );
  assert.equal(
    (wire(events).find((e) =>
      e.type === 'response.output_audio_transcript.done'
    ))
      ?.transcript,
    '',
  );
});

test('interruptedTurn by interrupt: audio_interrupted inside the call, then the client-cancelled response', async () => {
  const { transport, events, target, close } = await onTransport();
  const pending = interruptedTurn(target, {
    transcript: ['a', 'b', 'c'],
    heard: 1,
    trigger: 'interrupt',
    responseId: 'r',
    itemId: 'i',
  });
  assert.deepEqual(types(events).slice(-2), [
    'response.output_audio.delta',
    'response.output_audio_transcript.delta',
  ]);
  const count = events.length;
  transport.interrupt();
  // Emitted synchronously inside interrupt().
  assert.deepEqual(events.slice(count), [['audio_interrupted']]);
  const result = await pending;
  assert.equal(result.heard, 'a');
  assert.deepEqual(result.interrupt, transport.calls[1]);
  assert.deepEqual(types(events.slice(count)), [
    'response.output_audio.done',
    'response.output_audio_transcript.done',
    'response.content_part.done',
    'response.output_item.done',
    'conversation.item.done',
    'response.done',
    'conversation.item.truncated',
    'conversation.item.retrieved',
  ]);
  const raw = wire(events);
  assert.deepEqual(
    (raw.find((e) => e.type === 'response.done')?.response as Event)
      .status_details,
    { type: 'cancelled', reason: 'client_cancelled' },
  );
  assert.equal(
    raw.find((e) => e.type === 'conversation.item.truncated')?.audio_end_ms,
    20,
  );
  assert(!types(events).includes('input_audio_buffer.speech_started'));
  await close();
});

test('interruptedTurn by interrupt before any audio: a no-op, and the answer plays to completion', async () => {
  const { transport, events, target, close } = await onTransport();
  const pending = interruptedTurn(target, {
    transcript: ['a', 'b'],
    heard: 0,
    trigger: 'interrupt',
  });
  assert.equal(types(events).at(-1), 'response.content_part.added');
  transport.interrupt();
  const result = await pending;
  assert.equal(result.heard, '');
  assert(!events.some((e) => e[0] === 'audio_interrupted'));
  assert.equal(events.filter((e) => e[0] === 'audio').length, 2);
  assert.equal(
    (wire(events).find((e) => e.type === 'response.output_item.done')
      ?.item as Event).status,
    'completed',
  );
  const done = wire(events).at(-1) as Event;
  assert.equal((done.response as Event).status, 'completed');
  assert.equal(
    wire(events).find((e) => e.type === 'response.output_audio_transcript.done')
      ?.transcript,
    'ab',
  );
  await close();
});

test('interruptedTurn late: the whole answer first, then the cut; truncated unless all was heard', async () => {
  const speech = recorder();
  const result = await interruptedTurn(speech.emit, {
    transcript: ['a', 'b', 'c'],
    heard: 1,
    late: true,
  });
  assert.equal(result.heard, 'a');
  assert.deepEqual(types(speech.events).slice(-6), [
    'response.output_item.done',
    'conversation.item.done',
    'response.done',
    'input_audio_buffer.speech_started',
    'conversation.item.truncated',
    'conversation.item.retrieved',
  ]);
  assert.equal(
    (wire(speech.events).find((e) => e.type === 'response.done')
      ?.response as Event).status,
    'completed',
  );
  assert.equal(
    wire(speech.events).find((e) => e.type === 'conversation.item.truncated')
      ?.audio_end_ms,
    20,
  );
  assert.equal(
    speech.events.filter((e) => e[0] === 'audio_interrupted').length,
    1,
  );
  // All heard: interrupted, nothing to truncate.
  const all = recorder();
  await interruptedTurn(all.emit, {
    transcript: ['a', 'b'],
    heard: 2,
    late: true,
  });
  assert.equal(types(all.events).at(-1), 'input_audio_buffer.speech_started');
  assert.equal(all.events.at(-1)?.[0], 'audio_interrupted');

  // By the app: the same cut, inside interrupt(), with no cancel to answer.
  const { transport, events: appEvents, target, close } = await onTransport();
  const app = { events: appEvents };
  const pending = interruptedTurn(target, {
    transcript: ['a', 'b', 'c'],
    heard: 2,
    late: true,
    trigger: 'interrupt',
  });
  assert.equal(types(app.events).at(-1), 'response.done');
  transport.interrupt();
  assert.equal(app.events.at(-1)?.[0], 'audio_interrupted');
  await pending;
  assert.deepEqual(types(app.events).slice(-3), [
    'response.done',
    'conversation.item.truncated',
    'conversation.item.retrieved',
  ]);
  assert.equal(wire(app.events).at(-2)?.audio_end_ms, 40);
  await close();
});

test('functionCallTurn: the call, a task for the tool, the rest of the response, then the output echo', async () => {
  const { transport, events, target, close } = await onTransport();
  const pending = functionCallTurn(target, {
    name: 'lookup',
    arguments: { id: 1 },
    callId: 'call_1',
  });
  const r = 'scripted_response_1';
  const i = 'scripted_item_2';
  // Up to the item's done; the rest waits for a task.
  assert.deepEqual(types(events), [
    'response.created',
    'rate_limits.updated',
    'response.output_item.added',
    'conversation.item.added',
    'response.function_call_arguments.delta',
    'response.function_call_arguments.done',
    'response.output_item.done',
  ]);
  const raw = wire(events);
  const added = {
    id: i,
    object: 'realtime.item',
    type: 'function_call',
    status: 'in_progress',
    name: 'lookup',
    call_id: 'call_1',
    arguments: '',
  };
  assert.deepEqual(raw[2]?.item, added);
  assert.deepEqual(raw[4], {
    event_id: 'scripted_event_5',
    type: 'response.function_call_arguments.delta',
    response_id: r,
    output_index: 0,
    item_id: i,
    call_id: 'call_1',
    delta: '{"id":1}',
  });
  assert.equal(raw[5]?.arguments, '{"id":1}');
  const completed = { ...added, status: 'completed', arguments: '{"id":1}' };
  assert.deepEqual(raw[6]?.item, completed);
  assert.deepEqual(normalized(events).slice(1), [
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
  ]);
  // The app answers within the task: the completed item comes in the call.
  const count = events.length;
  transport.sendFunctionCallOutput(
    {
      type: 'function_call',
      id: i,
      callId: 'call_1',
      name: 'lookup',
      arguments: '{"id":1}',
    } as never,
    'found',
    true,
  );
  assert.deepEqual(events.slice(count), [['item_update', {
    itemId: i,
    previousItemId: undefined,
    type: 'function_call',
    status: 'completed',
    arguments: '{"id":1}',
    name: 'lookup',
    output: 'found',
  }]]);
  const result = await pending;
  assert.equal(result.output?.output, 'found');
  assert.deepEqual(result.callId, 'call_1');
  assert.deepEqual(types(events).slice(7), [
    'conversation.item.done',
    'response.done',
    'conversation.item.added',
    'conversation.item.added'.replace('added', 'done'),
  ]);
  const tail = wire(events);
  assert.deepEqual(tail[7]?.item, completed);
  assert.equal(tail[7]?.previous_item_id, null);
  const echo = {
    id: 'scripted_item_3',
    object: 'realtime.item',
    type: 'function_call_output',
    output: 'found',
    call_id: 'call_1',
  };
  assert.deepEqual(
    [tail[9]?.previous_item_id, tail[9]?.item],
    [i, echo],
  );
  assert.deepEqual([tail[10]?.previous_item_id, tail[10]?.item], [i, echo]);
  await close();
});

test('functionCallTurn without waiting ends after the response; string arguments pass verbatim', async () => {
  const args = async (spec: Record<string, unknown>): Promise<unknown> => {
    const { events, emit } = recorder();
    const result = await functionCallTurn(emit, {
      name: 'f',
      callId: 'c',
      awaitOutput: false,
      ...spec,
    });
    assert.equal(result.output, undefined);
    assert.equal(types(events).at(-1), 'response.done');
    return wire(events)[5]?.arguments;
  };
  assert.equal(await args({}), '{}');
  assert.equal(await args({ arguments: 'not json' }), 'not json');
  assert.equal(await args({ arguments: '' }), '');
  assert.equal(
    await args({ arguments: { a: [1, 'x'], b: null } }),
    '{"a":[1,"x"],"b":null}',
  );
});

test('handoffTurn expects the new configuration, then the output; answers with the echo', async () => {
  const { transport, events, target, close } = await onTransport();
  const pending = handoffTurn(target, {
    toolName: 'transfer_to_b',
    callId: 'h',
  });
  transport.updateSessionConfig({ instructions: 'B' });
  transport.sendFunctionCallOutput(
    {
      type: 'function_call',
      id: 'scripted_item_2',
      callId: 'h',
      name: 'transfer_to_b',
      arguments: '{}',
    } as never,
    '{"assistant":"b"}',
    true,
  );
  const result = await pending;
  assert.equal(result.toolName, 'transfer_to_b');
  assert.equal(result.sessionConfig?.config.instructions, 'B');
  assert.equal(result.output?.output, '{"assistant":"b"}');
  assert.deepEqual(types(events).slice(-2), [
    'conversation.item.added',
    'conversation.item.done',
  ]);
  assert.equal(
    events.filter((e) =>
      e[0] === 'item_update' &&
      (e[1] as { status?: string }).status === 'completed'
    ).length,
    1,
  );
  await close();
  const quiet = recorder();
  const alone = await handoffTurn(quiet.emit, {
    toolName: 't',
    callId: 'c',
    awaitOutput: false,
  });
  assert.deepEqual([alone.output, alone.sessionConfig], [undefined, undefined]);
  assert.equal(types(quiet.events).at(-1), 'response.done');
});

test('mcpApprovalTurn: a response holding the approval request, then the echo of the answer', async () => {
  const { events, emit } = recorder();
  const result = await mcpApprovalTurn(emit, {
    serverLabel: 'files',
    name: 'rm',
    arguments: { path: '/a' },
    awaitResponse: false,
  });
  assert.deepEqual(result, {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
    response: undefined,
  });
  assert.deepEqual(types(events), [
    'response.created',
    'rate_limits.updated',
    'response.output_item.added',
    'conversation.item.added',
    'response.output_item.done',
    'conversation.item.done',
    'response.done',
  ]);
  const item = {
    id: 'scripted_item_2',
    object: 'realtime.item',
    type: 'mcp_approval_request',
    server_label: 'files',
    name: 'rm',
    arguments: '{"path":"/a"}',
  };
  assert.deepEqual(wire(events)[2]?.item, item);
  const request = {
    itemId: 'scripted_item_2',
    type: 'mcp_approval_request',
    serverLabel: 'files',
    name: 'rm',
    arguments: { path: '/a' },
    approved: undefined,
  };
  const names = normalized(events);
  // Only conversation.item.done carries the request to the session.
  assert.deepEqual(names.map((e) => e[0]), [
    'turn_started',
    'item_update',
    'mcp_approval_request',
    'usage_update',
    'turn_done',
  ]);
  assert.deepEqual(names.slice(1, 3), [
    ['item_update', request],
    ['mcp_approval_request', request],
  ]);
  assert.equal(names[1]?.[1], names[2]?.[1]);
  // Delivered on the item's done, not its added.
  const at = events.findIndex((e) => e[0] === 'mcp_approval_request');
  const before = events.slice(0, at).filter((e) => e[0] === '*').at(-1);
  assert.equal((before?.[1] as Event).type, 'conversation.item.done');
  assert('approved' in (names[1]?.[1] as object));
  const empty = recorder();
  await mcpApprovalTurn(empty.emit, {
    serverLabel: 's',
    name: 'n',
    awaitResponse: false,
  });
  assert.equal((wire(empty.events)[2]?.item as Event).arguments, '{}');

  const { transport, events: answeredEvents, target, close } =
    await onTransport();
  const answered = { events: answeredEvents };
  for (const reason of [undefined, 'not now']) {
    const pending = mcpApprovalTurn(target, {
      serverLabel: 's',
      name: 'n',
      itemId: `m_${reason}`,
    });
    transport.sendMcpResponse(
      { itemId: `m_${reason}` } as never,
      reason === undefined,
      reason,
    );
    const { response } = await pending;
    assert.equal(response?.approved, reason === undefined);
    const echo = wire(answered.events).at(-1) as Event;
    assert.equal(echo.previous_item_id, `m_${reason}`);
    assert.deepEqual(echo.item, {
      id: reason === undefined ? 'scripted_item_2' : 'scripted_item_4',
      object: 'realtime.item',
      type: 'mcp_approval_response',
      approval_request_id: `m_${reason}`,
      approve: reason === undefined,
      ...(reason === undefined ? {} : { reason }),
    });
  }
  // An answer placed after an earlier item leaves the conversation's end.
  const late = mcpApprovalTurn(target, {
    serverLabel: 's',
    name: 'n',
    itemId: 'm_late',
  });
  textTurn(target, { text: 'meanwhile', itemId: 'txt' });
  transport.sendMcpResponse({ itemId: 'm_late' } as never, true);
  await late;
  assert.equal(
    (wire(answered.events).at(-1) as Event).previous_item_id,
    'm_late',
  );
  textTurn(target, { text: 'after' });
  assert.equal(
    wire(answered.events).filter((e) => e.type === 'conversation.item.added')
      .at(-1)?.previous_item_id,
    'txt',
  );
  await close();
});

test('Every responding builder reports its usage, ids and output modality', async () => {
  const usage = {
    inputTokens: 9,
    outputTokens: 1,
    outputTokensDetails: { audio_tokens: 1 },
  };
  const wireUsage = {
    total_tokens: 10,
    input_tokens: 9,
    output_tokens: 1,
    output_token_details: { audio_tokens: 1 },
  };
  const ids = { responseId: 'r', itemId: 'i' };
  const runs: [string, (emit: never) => unknown][] = [
    ['text', (emit) => textTurn(emit, { text: 'a', usage, ...ids })],
    ['audio', (emit) => audioTurn(emit, { transcript: 'a', usage, ...ids })],
    [
      'audio',
      (emit) =>
        interruptedTurn(emit, { transcript: 'a', heard: 1, usage, ...ids }),
    ],
    ['audio', (emit) =>
      functionCallTurn(emit, {
        name: 'f',
        callId: 'c',
        awaitOutput: false,
        usage,
        ...ids,
      })],
    ['audio', (emit) =>
      handoffTurn(emit, {
        toolName: 't',
        callId: 'c',
        awaitOutput: false,
        usage,
        ...ids,
      })],
    ['audio', (emit) =>
      mcpApprovalTurn(emit, {
        serverLabel: 's',
        name: 'n',
        awaitResponse: false,
        usage,
        ...ids,
      })],
  ];
  for (const [modality, run] of runs) {
    const { events, emit } = recorder();
    await run(emit as never);
    const raw = wire(events);
    const created = raw[0]?.response as Event;
    assert.deepEqual([created.id, created.output_modalities], [
      'r',
      [modality],
    ]);
    assert.deepEqual((raw[2]?.item as Event).id, 'i');
    const done = raw.find((e) => e.type === 'response.done')
      ?.response as Event;
    assert.deepEqual([done.id, done.usage], ['r', wireUsage]);
  }
});

test('Items chain in the conversation: each names the one before it', () => {
  const { events, emit } = recorder();
  textTurn(emit, { text: 'a', itemId: 'one' });
  audioTurn(emit, { transcript: 'b', itemId: 'two' });
  userSpeechTurn(emit, { transcript: 'c', itemId: 'three' });
  const placed = wire(events)
    .filter((e) =>
      e.type === 'conversation.item.added' ||
      e.type === 'conversation.item.done' ||
      e.type === 'input_audio_buffer.committed'
    )
    .map((e) => [
      e.type,
      (e.item as Event | undefined)?.id ?? e.item_id,
      e.previous_item_id,
    ]);
  assert.deepEqual(placed, [
    ['conversation.item.added', 'one', null],
    ['conversation.item.done', 'one', null],
    ['conversation.item.added', 'two', 'one'],
    ['conversation.item.done', 'two', 'one'],
    ['input_audio_buffer.committed', 'three', 'two'],
    ['conversation.item.added', 'three', 'two'],
    ['conversation.item.done', 'three', 'two'],
  ]);
});

test('An interrupted answer is in progress, then incomplete, and its response cancelled', async () => {
  const byApp = await onTransport();
  const pending = interruptedTurn(byApp.target, {
    transcript: ['a', 'b'],
    heard: 1,
    trigger: 'interrupt',
  });
  byApp.transport.interrupt();
  await pending;
  const speech = recorder();
  await interruptedTurn(speech.emit, { transcript: ['a', 'b'], heard: 1 });
  for (const events of [byApp.events, speech.events]) {
    const raw = wire(events);
    const added = raw[2]?.item as Event;
    assert.deepEqual([added.status, added.content], ['in_progress', []]);
    const done = raw.find((e) => e.type === 'response.output_item.done')
      ?.item as Event;
    assert.deepEqual([done.status, done.content], [
      'incomplete',
      [{ type: 'output_audio', transcript: 'a' }],
    ]);
    const response = raw.find((e) => e.type === 'response.done')
      ?.response as Event;
    assert.equal(response.status, 'cancelled');
    assert.equal(
      raw.filter((e) => e.type === 'response.done').length,
      1,
    );
  }
  await byApp.close();
  // Late: the answer completed before the cut, once.
  const late = await onTransport();
  const cut = interruptedTurn(late.target, {
    transcript: ['a', 'b'],
    heard: 1,
    late: true,
    trigger: 'interrupt',
  });
  late.transport.interrupt();
  await cut;
  const raw = wire(late.events);
  assert.deepEqual(
    raw.filter((e) => e.type === 'response.done').map((e) =>
      (e.response as Event).status
    ),
    ['completed'],
  );
  assert.equal(
    (raw.find((e) => e.type === 'response.output_item.done')?.item as Event)
      .status,
    'completed',
  );
  await late.close();
});

test('functionCallTurn without waiting reports its ids and no output', async () => {
  const { emit } = recorder();
  assert.deepEqual(
    await functionCallTurn(emit, {
      name: 'f',
      callId: 'c',
      awaitOutput: false,
    }),
    {
      responseId: 'scripted_response_1',
      itemId: 'scripted_item_2',
      callId: 'c',
      output: undefined,
    },
  );
});
