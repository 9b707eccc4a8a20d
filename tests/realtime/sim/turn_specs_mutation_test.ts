/**
 * Every malformed input a turn builder rejects, before emitting anything:
 * the exact `InvalidRealtimeSpecError` (operation, reason, path, issue,
 * received, suggestion) and its full message.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent } from '@openai/agents/realtime';
import {
  audioTurn,
  functionCallTurn,
  handoffTurn,
  interruptedTurn,
  InvalidRealtimeSpecError,
  mcpApprovalTurn,
  textTurn,
  userSpeechTurn,
} from '@scripted/agents/realtime/sim';
import { recorder, throwsSpec } from './_spec_assert.ts';

// deno-lint-ignore no-explicit-any
type Loose = any;

/** Throws the unreadable error of a revoked proxy at `path`. */
function throwsRevoked(fn: () => unknown, operation: string, path: string) {
  assert.throws(fn, (error) => {
    assert(error instanceof InvalidRealtimeSpecError);
    assert.deepEqual(
      [error.operation, error.reason, error.path, error.issue],
      [operation, 'unreadable', path, 'readable'],
    );
    assert.match(error.received, /^the error "/);
    assert(
      error.message.startsWith(
        `Invalid realtime spec ("${operation}"): expected "${path}" to be readable, got the error "`,
      ),
    );
    return true;
  });
}

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

test('Turn builders reject a target that is neither a function nor an object with emit()', () => {
  throwsSpec(
    () => textTurn(42 as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'target',
      issue: 'an emit function or an object with emit()',
      received: '42',
    },
    'Invalid realtime spec ("textTurn"): expected "target" to be an emit function or an object with emit(), got 42',
  );
  throwsSpec(
    () => audioTurn(null as Loose, { transcript: 'a' }),
    {
      operation: 'audioTurn',
      reason: 'invalid_type',
      path: 'target',
      issue: 'an emit function or an object with emit()',
      received: 'null',
    },
    'Invalid realtime spec ("audioTurn"): expected "target" to be an emit function or an object with emit(), got null',
  );
  throwsSpec(
    () => textTurn({} as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'missing',
      path: 'target.emit',
      issue: 'a function',
      received: 'undefined',
    },
    'Invalid realtime spec ("textTurn"): expected "target.emit" to be a function, got undefined',
  );
  throwsSpec(
    () => textTurn({ emit: 'x' } as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'target.emit',
      issue: 'a function',
      received: '"x"',
    },
    'Invalid realtime spec ("textTurn"): expected "target.emit" to be a function, got "x"',
  );
  const hostile = {
    get emit(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => textTurn(hostile as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'target.emit',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "target.emit" to be readable, got the error "boom"',
  );
  const lateHostile = {
    emit: () => true,
    get expectCall(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => textTurn(lateHostile as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'target.expectCall',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "target.expectCall" to be readable, got the error "boom"',
  );
  throwsSpec(
    () => textTurn({ emit: () => true, expectCall: 7 } as Loose, { text: 'a' }),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'target.expectCall',
      issue: 'a function',
      received: '7',
    },
    'Invalid realtime spec ("textTurn"): expected "target.expectCall" to be a function, got 7',
  );
  // An object with emit() and no expectCall is fine for a builder that never waits.
  const { events, emit } = recorder();
  textTurn({ emit }, { text: 'a' });
  assert.equal(events.length, 30);
});

test('Turn builders reject a spec that is not a plain object or has an unknown key', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => textTurn(emit, 'hi' as Loose),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'spec',
      issue: 'an object',
      received: '"hi"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec" to be an object, got "hi"',
  );
  throwsSpec(
    () => textTurn(emit, null as Loose),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'spec',
      issue: 'an object',
      received: 'null',
    },
    'Invalid realtime spec ("textTurn"): expected "spec" to be an object, got null',
  );
  throwsSpec(
    () => textTurn(emit, ['a'] as Loose),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'spec',
      issue: 'an object',
      received: 'an array of 1',
    },
    'Invalid realtime spec ("textTurn"): expected "spec" to be an object, got an array of 1',
  );
  // A revoked proxy: what the engine throws is its own (V8, JSC).
  throwsRevoked(() => textTurn(emit, revoked() as Loose), 'textTurn', 'spec');
  const keysThrow = new Proxy({ text: 'a' }, {
    ownKeys(): never {
      throw new Error('boom');
    },
  });
  throwsSpec(
    () => textTurn(emit, keysThrow as Loose),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'spec',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec" to be readable, got the error "boom"',
  );
  throwsSpec(
    () => textTurn(emit, { txt: 'a' } as Loose),
    {
      operation: 'textTurn',
      reason: 'unknown_key',
      path: 'spec.txt',
      issue: 'only "text", "responseId", "itemId" and "usage"',
      received: '"txt"',
      suggestion: 'text',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.txt" to be only "text", "responseId", "itemId" and "usage", got "txt" (did you mean "text"?)',
  );
  throwsSpec(
    () => textTurn(emit, { text: 'a', zzzzzz: 1 } as Loose),
    {
      operation: 'textTurn',
      reason: 'unknown_key',
      path: 'spec.zzzzzz',
      issue: 'only "text", "responseId", "itemId" and "usage"',
      received: '"zzzzzz"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.zzzzzz" to be only "text", "responseId", "itemId" and "usage", got "zzzzzz"',
  );
  // A symbol key is no field: the one reader looks at string keys only.
  assert.deepEqual(
    textTurn(emit, {
      text: 'a',
      itemId: 'sym',
      [Symbol('s')]: 1,
    } as Loose).itemId,
    'sym',
  );
  events.length = 0;
  const getter = {
    get text(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => textTurn(emit, getter as Loose),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'spec.text',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text" to be readable, got the error "boom"',
  );
  // A null-prototype spec is a plain object.
  const bare = Object.assign(Object.create(null), { text: 'ok' });
  textTurn(emit, bare);
  assert.equal(events.length, 30);
});

test('Turn builders reject malformed deltas: wrong type, empty list, bad element, hostile array', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => textTurn(emit, { text: 5 } as Loose),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'spec.text',
      issue: 'an array',
      received: '5',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text" to be an array, got 5',
  );
  throwsSpec(
    () => textTurn(emit, {} as Loose),
    {
      operation: 'textTurn',
      reason: 'missing',
      path: 'spec.text',
      issue: 'an array',
      received: 'undefined',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text" to be an array, got undefined',
  );
  throwsSpec(
    () => textTurn(emit, { text: [] }),
    {
      operation: 'textTurn',
      reason: 'invalid_value',
      path: 'spec.text',
      issue: 'a non-empty list',
      received: 'an array of 0',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text" to be a non-empty list, got an array of 0',
  );
  throwsSpec(
    () => audioTurn(emit, { transcript: ['a', 3] } as Loose),
    {
      operation: 'audioTurn',
      reason: 'invalid_type',
      path: 'spec.transcript[1]',
      issue: 'a string',
      received: '3',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.transcript[1]" to be a string, got 3',
  );
  throwsSpec(
    () => audioTurn(emit, { transcript: [undefined] } as Loose),
    {
      operation: 'audioTurn',
      reason: 'missing',
      path: 'spec.transcript[0]',
      issue: 'a string',
      received: 'undefined',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.transcript[0]" to be a string, got undefined',
  );
  const element = ['a'];
  Object.defineProperty(element, 1, {
    get(): never {
      throw new Error('boom');
    },
    enumerable: true,
  });
  throwsSpec(
    () => textTurn(emit, { text: element }),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'spec.text[1]',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text[1]" to be readable, got the error "boom"',
  );
  const length = new Proxy(['a'], {
    get(target, key): unknown {
      if (key === 'length') throw new Error('boom');
      return Reflect.get(target, key);
    },
  });
  throwsSpec(
    () => textTurn(emit, { text: length }),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'spec.text',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.text" to be readable, got the error "boom"',
  );
  // A revoked proxy: what the engine throws is its own (V8, JSC).
  throwsRevoked(
    () => textTurn(emit, { text: revoked() } as Loose),
    'textTurn',
    'spec.text',
  );
  // Empty strings are deltas too.
  textTurn(emit, { text: ['', ''] });
  assert.deepEqual(
    events.filter((e) => e[0] === 'output_text_delta').length,
    2,
  );
});

test('Turn builders reject an empty or non-string id and keep a valid one', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => textTurn(emit, { text: 'a', responseId: '' }),
    {
      operation: 'textTurn',
      reason: 'invalid_value',
      path: 'spec.responseId',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.responseId" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => textTurn(emit, { text: 'a', itemId: 5 } as Loose),
    {
      operation: 'textTurn',
      reason: 'invalid_type',
      path: 'spec.itemId',
      issue: 'a non-empty string',
      received: '5',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.itemId" to be a non-empty string, got 5',
  );
  assert.deepEqual(events, []);
});

test('audioTurn and interruptedTurn reject bad chunk sizes and audio lists', () => {
  const { events, emit } = recorder();
  for (
    const [value, received] of [[-1, '-1'], [1.5, '1.5'], [NaN, 'NaN']] as const
  ) {
    throwsSpec(
      () => audioTurn(emit, { transcript: 'a', chunkBytes: value }),
      {
        operation: 'audioTurn',
        reason: 'invalid_value',
        path: 'spec.chunkBytes',
        issue: 'an integer >= 0 <= 1048576',
        received,
      },
      `Invalid realtime spec ("audioTurn"): expected "spec.chunkBytes" to be an integer >= 0 <= 1048576, got ${received}`,
    );
  }
  throwsSpec(
    () => audioTurn(emit, { transcript: 'a', chunkBytes: '8' } as Loose),
    {
      operation: 'audioTurn',
      reason: 'invalid_type',
      path: 'spec.chunkBytes',
      issue: 'an integer >= 0 <= 1048576',
      received: '"8"',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.chunkBytes" to be an integer >= 0 <= 1048576, got "8"',
  );
  throwsSpec(
    () => audioTurn(emit, { transcript: 'a', chunkBytes: (1 << 20) + 1 }),
    {
      operation: 'audioTurn',
      reason: 'invalid_value',
      path: 'spec.chunkBytes',
      issue: 'an integer >= 0 <= 1048576',
      received: '1048577',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.chunkBytes" to be an integer >= 0 <= 1048576, got 1048577',
  );
  throwsSpec(
    () =>
      audioTurn(emit, { transcript: ['a', 'b'], audio: [new ArrayBuffer(1)] }),
    {
      operation: 'audioTurn',
      reason: 'invalid_value',
      path: 'spec.audio',
      issue: 'one ArrayBuffer per transcript delta (2)',
      received: 'an array of 1',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.audio" to be one ArrayBuffer per transcript delta (2), got an array of 1',
  );
  throwsSpec(
    () =>
      audioTurn(emit, {
        transcript: ['a'],
        audio: [new ArrayBuffer(1), new ArrayBuffer(1)],
      }),
    {
      operation: 'audioTurn',
      reason: 'invalid_value',
      path: 'spec.audio',
      issue: 'one ArrayBuffer per transcript delta (1)',
      received: 'an array of 2',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.audio" to be one ArrayBuffer per transcript delta (1), got an array of 2',
  );
  throwsSpec(
    () =>
      audioTurn(
        emit,
        {
          transcript: ['a', 'b'],
          audio: [new ArrayBuffer(1), new Uint8Array(1)],
        } as Loose,
      ),
    {
      operation: 'audioTurn',
      reason: 'invalid_type',
      path: 'spec.audio[1]',
      issue: 'an ArrayBuffer',
      received: 'a class instance (Uint8Array)',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.audio[1]" to be an ArrayBuffer, got a class instance (Uint8Array)',
  );
  throwsSpec(
    () =>
      audioTurn(emit, { transcript: 'a', audio: new ArrayBuffer(1) } as Loose),
    {
      operation: 'audioTurn',
      reason: 'invalid_type',
      path: 'spec.audio',
      issue: 'an array',
      received: 'a class instance (ArrayBuffer)',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.audio" to be an array, got a class instance (ArrayBuffer)',
  );
  throwsSpec(
    () => interruptedTurn(emit, { transcript: ['a'], heard: 0, audio: [] }),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_value',
      path: 'spec.audio',
      issue: 'one ArrayBuffer per transcript delta (1)',
      received: 'an array of 0',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.audio" to be one ArrayBuffer per transcript delta (1), got an array of 0',
  );
  assert.deepEqual(events, []);
});

test('userSpeechTurn rejects a missing transcript, times out of order and more heard than plays', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => userSpeechTurn(emit, {} as Loose),
    {
      operation: 'userSpeechTurn',
      reason: 'missing',
      path: 'spec.transcript',
      issue: 'an array',
      received: 'undefined',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.transcript" to be an array, got undefined',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: ['a', 1] } as Loose),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_type',
      path: 'spec.transcript[1]',
      issue: 'a string',
      received: '1',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.transcript[1]" to be a string, got 1',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', heard: 1 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.heard',
      issue: 'an integer from 0 to the chunks of the answer playing (0)',
      received: '1',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.heard" to be an integer from 0 to the chunks of the answer playing (0), got 1',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', heard: -1 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.heard',
      issue: 'an integer from 0 to the chunks of the answer playing (0)',
      received: '-1',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.heard" to be an integer from 0 to the chunks of the answer playing (0), got -1',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', audioStartMs: -1 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioStartMs',
      issue: 'an integer >= 0',
      received: '-1',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.audioStartMs" to be an integer >= 0, got -1',
  );
  throwsSpec(
    () =>
      userSpeechTurn(emit, {
        transcript: 'a',
        audioStartMs: 250,
        audioEndMs: 249,
      }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioEndMs',
      issue: 'an integer >= 250',
      received: '249',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.audioEndMs" to be an integer >= 250, got 249',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', audioEndMs: 2.5 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioEndMs',
      issue: 'an integer >= 0',
      received: '2.5',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.audioEndMs" to be an integer >= 0, got 2.5',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', audioStartMs: Infinity }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioStartMs',
      issue: 'an integer >= 0',
      received: 'Infinity',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.audioStartMs" to be an integer >= 0, got Infinity',
  );
  assert.deepEqual(events, []);
});

test('interruptedTurn rejects a bad heard count or trigger, and an interrupt trigger without expectCall', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => interruptedTurn(emit, { transcript: ['a', 'b'], heard: 3 }),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_value',
      path: 'spec.heard',
      issue: 'an integer >= 0 <= 2',
      received: '3',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.heard" to be an integer >= 0 <= 2, got 3',
  );
  throwsSpec(
    () => interruptedTurn(emit, { transcript: ['a'] } as Loose),
    {
      operation: 'interruptedTurn',
      reason: 'missing',
      path: 'spec.heard',
      issue: 'an integer >= 0 <= 1',
      received: 'undefined',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.heard" to be an integer >= 0 <= 1, got undefined',
  );
  throwsSpec(
    () => interruptedTurn(emit, { transcript: ['a'], heard: -1 }),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_value',
      path: 'spec.heard',
      issue: 'an integer >= 0 <= 1',
      received: '-1',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.heard" to be an integer >= 0 <= 1, got -1',
  );
  throwsSpec(
    () =>
      interruptedTurn(
        emit,
        { transcript: ['a'], heard: 1, trigger: 'barge' } as Loose,
      ),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_value',
      path: 'spec.trigger',
      issue: 'one of "speech" or "interrupt"',
      received: '"barge"',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.trigger" to be one of "speech" or "interrupt", got "barge"',
  );
  throwsSpec(
    () =>
      interruptedTurn(emit, {
        transcript: ['a'],
        heard: 1,
        trigger: 'interrupt',
      }),
    {
      operation: 'interruptedTurn',
      reason: 'missing',
      path: 'target.expectCall',
      issue:
        'a function (pass the scenario context or the transport, or set the await option to false)',
      received: 'undefined',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "target.expectCall" to be a function (pass the scenario context or the transport, or set the await option to false), got undefined',
  );
  assert.deepEqual(events, []);
});

test('functionCallTurn rejects bad names, ids, await flags and arguments before emitting', () => {
  const { events, emit } = recorder();
  const base = { name: 'f', callId: 'c', awaitOutput: false };
  throwsSpec(
    () => functionCallTurn(emit, { ...base, name: '' }),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_value',
      path: 'spec.name',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.name" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => functionCallTurn(emit, { name: 'f', awaitOutput: false } as Loose),
    {
      operation: 'functionCallTurn',
      reason: 'missing',
      path: 'spec.callId',
      issue: 'a non-empty string',
      received: 'undefined',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.callId" to be a non-empty string, got undefined',
  );
  throwsSpec(
    () => functionCallTurn(emit, { ...base, callId: '' }),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_value',
      path: 'spec.callId',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.callId" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => functionCallTurn(emit, { ...base, awaitOutput: 'no' } as Loose),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_type',
      path: 'spec.awaitOutput',
      issue: 'a boolean',
      received: '"no"',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.awaitOutput" to be a boolean, got "no"',
  );
  throwsSpec(
    () => functionCallTurn(emit, { name: 'f', callId: 'c' }),
    {
      operation: 'functionCallTurn',
      reason: 'missing',
      path: 'target.expectCall',
      issue:
        'a function (pass the scenario context or the transport, or set the await option to false)',
      received: 'undefined',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "target.expectCall" to be a function (pass the scenario context or the transport, or set the await option to false), got undefined',
  );
  throwsSpec(
    () => functionCallTurn(emit, { ...base, arguments: { n: 1n } }),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_value',
      path: 'spec.arguments',
      issue: 'JSON text or a JSON-serializable object',
      received: 'an object',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments" to be JSON text or a JSON-serializable object, got an object',
  );
  throwsSpec(
    () => functionCallTurn(emit, { ...base, arguments: [1] } as Loose),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_type',
      path: 'spec.arguments',
      issue: 'an object',
      received: 'an array of 1',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments" to be an object, got an array of 1',
  );
  throwsSpec(
    () => functionCallTurn(emit, { ...base, arguments: 5 } as Loose),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_type',
      path: 'spec.arguments',
      issue: 'an object',
      received: '5',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments" to be an object, got 5',
  );
  // A revoked proxy: what the engine throws is its own (V8, JSC).
  throwsRevoked(
    () => functionCallTurn(emit, { ...base, arguments: revoked() as Loose }),
    'functionCallTurn',
    'spec.arguments',
  );
  const getter = {
    get amount(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => functionCallTurn(emit, { ...base, arguments: getter }),
    {
      operation: 'functionCallTurn',
      reason: 'unreadable',
      path: 'spec.arguments.amount',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments.amount" to be readable, got the error "boom"',
  );
  assert.deepEqual(events, []);
});

test('functionCallTurn rejects symbol keys in the arguments, which JSON cannot carry', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () =>
      functionCallTurn(emit, {
        name: 'f',
        callId: 'c',
        awaitOutput: false,
        arguments: { a: 1, [Symbol('hidden')]: 2 },
      }),
    {
      operation: 'functionCallTurn',
      reason: 'unknown_key',
      path: 'spec.arguments.Symbol(hidden)',
      issue: 'absent: JSON cannot carry a symbol key',
      received: 'a symbol',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments.Symbol(hidden)" to be absent: JSON cannot carry a symbol key, got a symbol',
  );
  assert.deepEqual(events, []);
});

test('mcpApprovalTurn rejects string arguments, empty names and a bad await flag', () => {
  const { events, emit } = recorder();
  const base = { serverLabel: 's', name: 'n', awaitResponse: false };
  throwsSpec(
    () => mcpApprovalTurn(emit, { ...base, arguments: '{}' } as Loose),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_type',
      path: 'spec.arguments',
      issue: 'an object',
      received: '"{}"',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "spec.arguments" to be an object, got "{}"',
  );
  throwsSpec(
    () => mcpApprovalTurn(emit, { ...base, serverLabel: '' }),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_value',
      path: 'spec.serverLabel',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "spec.serverLabel" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => mcpApprovalTurn(emit, { ...base, name: '' }),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_value',
      path: 'spec.name',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "spec.name" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => mcpApprovalTurn(emit, { ...base, awaitResponse: 1 } as Loose),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_type',
      path: 'spec.awaitResponse',
      issue: 'a boolean',
      received: '1',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "spec.awaitResponse" to be a boolean, got 1',
  );
  throwsSpec(
    () => mcpApprovalTurn(emit, { serverLabel: 's', name: 'n' }),
    {
      operation: 'mcpApprovalTurn',
      reason: 'missing',
      path: 'target.expectCall',
      issue:
        'a function (pass the scenario context or the transport, or set the await option to false)',
      received: 'undefined',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "target.expectCall" to be a function (pass the scenario context or the transport, or set the await option to false), got undefined',
  );
  throwsSpec(
    () => mcpApprovalTurn(emit, { ...base, arguments: { n: 1n } }),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_value',
      path: 'spec.arguments',
      issue: 'JSON text or a JSON-serializable object',
      received: 'an object',
    },
    'Invalid realtime spec ("mcpApprovalTurn"): expected "spec.arguments" to be JSON text or a JSON-serializable object, got an object',
  );
  assert.deepEqual(events, []);
});

test('mcpApprovalTurn detaches the arguments through JSON', async () => {
  const { events, emit } = recorder();
  const args = { path: '/a', when: new Date(0), nested: { n: 1 } };
  await mcpApprovalTurn(emit, {
    serverLabel: 's',
    name: 'n',
    arguments: args,
    awaitResponse: false,
  });
  const sent = (events.find((e) => e[0] === 'mcp_approval_request')![1] as {
    arguments: Record<string, unknown>;
  }).arguments;
  assert.deepEqual(sent, {
    path: '/a',
    when: '1970-01-01T00:00:00.000Z',
    nested: { n: 1 },
  });
  assert.notEqual(sent.nested, args.nested);
});

test('handoffTurn needs exactly one of "to" and "toolName", and a readable agent', () => {
  const { events, emit } = recorder();
  const base = { callId: 'c', awaitOutput: false };
  throwsSpec(
    () => handoffTurn(emit, base),
    {
      operation: 'handoffTurn',
      reason: 'missing',
      path: 'spec.to',
      issue: 'given: exactly one of "to" (an agent) and "toolName"',
      received: 'undefined',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to" to be given: exactly one of "to" (an agent) and "toolName", got undefined',
  );
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: { name: 'B' }, toolName: 't' }),
    {
      operation: 'handoffTurn',
      reason: 'missing',
      path: 'spec.toolName',
      issue: 'given: exactly one of "to" (an agent) and "toolName"',
      received: '"both"',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.toolName" to be given: exactly one of "to" (an agent) and "toolName", got "both"',
  );
  throwsSpec(
    () => handoffTurn(emit, { ...base, toolName: '' }),
    {
      operation: 'handoffTurn',
      reason: 'invalid_value',
      path: 'spec.toolName',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.toolName" to be a non-empty string, got ""',
  );
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: 5 } as Loose),
    {
      operation: 'handoffTurn',
      reason: 'invalid_type',
      path: 'spec.to',
      issue: 'an agent',
      received: '5',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to" to be an agent, got 5',
  );
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: null } as Loose),
    {
      operation: 'handoffTurn',
      reason: 'invalid_type',
      path: 'spec.to',
      issue: 'an agent',
      received: 'null',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to" to be an agent, got null',
  );
  const hostile = {
    get name(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: hostile }),
    {
      operation: 'handoffTurn',
      reason: 'unreadable',
      path: 'spec.to.name',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to.name" to be readable, got the error "boom"',
  );
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: { name: '' } }),
    {
      operation: 'handoffTurn',
      reason: 'invalid_value',
      path: 'spec.to.name',
      issue: 'a non-empty string',
      received: '""',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to.name" to be a non-empty string, got ""',
  );
  let reads = 0;
  const once = {
    get name(): string {
      if (reads++ > 0) throw new Error('second read');
      return 'Billing';
    },
  };
  throwsSpec(
    () => handoffTurn(emit, { ...base, to: once }),
    {
      operation: 'handoffTurn',
      reason: 'invalid_value',
      path: 'spec.to',
      issue: 'an agent',
      received: 'an object',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.to" to be an agent, got an object',
  );
  throwsSpec(
    () => handoffTurn(emit, { to: { name: 'B' }, callId: 'c' }),
    {
      operation: 'handoffTurn',
      reason: 'missing',
      path: 'target.expectCall',
      issue:
        'a function (pass the scenario context or the transport, or set the await option to false)',
      received: 'undefined',
    },
    'Invalid realtime spec ("handoffTurn"): expected "target.expectCall" to be a function (pass the scenario context or the transport, or set the await option to false), got undefined',
  );
  assert.deepEqual(events, []);
});

test('handoffTurn names the call after the agent or the given tool name', async () => {
  const { events, emit } = recorder();
  const billing = new RealtimeAgent({ name: 'Billing' });
  const byAgent = await handoffTurn(emit, {
    to: billing,
    callId: 'c1',
    awaitOutput: false,
  });
  assert.deepEqual(byAgent, {
    responseId: 'scripted_response_1',
    itemId: 'scripted_item_2',
    callId: 'c1',
    toolName: 'transfer_to_Billing',
    output: undefined,
    sessionConfig: undefined,
  });
  const calls = events.filter((e) => e[0] === 'function_call');
  assert.deepEqual(calls[0], ['function_call', {
    id: 'scripted_item_2',
    type: 'function_call',
    callId: 'c1',
    arguments: '{}',
    name: 'transfer_to_Billing',
    responseId: 'scripted_response_1',
  }]);
  const byName = await handoffTurn(emit, {
    toolName: 'go_there',
    callId: 'c2',
    arguments: '{"why":"x"}',
    awaitOutput: false,
    responseId: 'r',
    itemId: 'i',
  });
  assert.equal(byName.toolName, 'go_there');
  assert.deepEqual(events.filter((e) => e[0] === 'function_call')[1], [
    'function_call',
    {
      id: 'i',
      type: 'function_call',
      callId: 'c2',
      arguments: '{"why":"x"}',
      name: 'go_there',
      responseId: 'r',
    },
  ]);
  assert.equal(calls.length, 1);
});

test('handoffTurn waits for the new session config and the transfer output, then completes the item', async () => {
  const { events, emit } = recorder();
  const asked: string[] = [];
  const config = { index: 1, method: 'updateSessionConfig', config: {} };
  const output = {
    index: 2,
    method: 'sendFunctionCallOutput',
    output: 'moved',
    toolCall: { id: 'i', callId: 'c', name: 't', arguments: '{}' },
  };
  const target = {
    emit,
    expectCall: (method: string, matcher?: (call: unknown) => boolean) => {
      asked.push(method);
      const call = method === 'updateSessionConfig' ? config : output;
      matcher?.(call);
      return Promise.resolve(call);
    },
  };
  const result = await handoffTurn(target as never, {
    toolName: 't',
    callId: 'c',
    responseId: 'r',
    itemId: 'i',
  });
  assert.deepEqual(asked, ['updateSessionConfig', 'sendFunctionCallOutput']);
  assert.deepEqual(result, {
    responseId: 'r',
    itemId: 'i',
    callId: 'c',
    toolName: 't',
    output,
    sessionConfig: config,
  });
  assert.deepEqual(
    events.find((e) =>
      e[0] === 'item_update' &&
      (e[1] as { status: string }).status === 'completed'
    ),
    ['item_update', {
      itemId: 'i',
      previousItemId: undefined,
      type: 'function_call',
      status: 'completed',
      arguments: '{}',
      name: 't',
      output: 'moved',
    }],
  );
  assert.equal(
    (events.at(-2) as [string, { item: { type: string } }])[1].item.type,
    'function_call_output',
  );
});

test('audioTurn and interruptedTurn keep given ids, audio and chunk sizes; bad transcripts are named', async () => {
  const { events, emit } = recorder();
  assert.deepEqual(
    audioTurn(emit, { transcript: 'a', responseId: 'r1', itemId: 'i1' }),
    { responseId: 'r1', itemId: 'i1' },
  );
  const buffer = new ArrayBuffer(2);
  const turn = await interruptedTurn(emit, {
    transcript: ['a', 'b'],
    heard: 1,
    audio: [buffer, new ArrayBuffer(3)],
    responseId: 'r2',
    itemId: 'i2',
  });
  assert.deepEqual(turn, {
    responseId: 'r2',
    itemId: 'i2',
    heard: 'a',
    interrupt: undefined,
  });
  const audio = events.filter((e) => e[0] === 'audio').map((e) =>
    (e[1] as { data: ArrayBuffer }).data
  );
  assert.equal(audio.length, 2);
  // The transport decodes a copy of each chunk from the wire.
  assert.notEqual(audio[1], buffer);
  assert.equal(audio[1]?.byteLength, 2);
  throwsSpec(
    () => interruptedTurn(emit, { transcript: 5, heard: 0 } as Loose),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_type',
      path: 'spec.transcript',
      issue: 'an array',
      received: '5',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.transcript" to be an array, got 5',
  );
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'a', audioStartMs: 1.5 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioStartMs',
      issue: 'an integer >= 0',
      received: '1.5',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.audioStartMs" to be an integer >= 0, got 1.5',
  );
});

test('A target object without expectCall cannot wait, and handoffTurn checks its await flag', () => {
  const { events, emit } = recorder();
  throwsSpec(
    () => functionCallTurn({ emit }, { name: 'f', callId: 'c' }),
    {
      operation: 'functionCallTurn',
      reason: 'missing',
      path: 'target.expectCall',
      issue:
        'a function (pass the scenario context or the transport, or set the await option to false)',
      received: 'undefined',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "target.expectCall" to be a function (pass the scenario context or the transport, or set the await option to false), got undefined',
  );
  throwsSpec(
    () =>
      handoffTurn(
        emit,
        { toolName: 't', callId: 'c', awaitOutput: 'x' } as Loose,
      ),
    {
      operation: 'handoffTurn',
      reason: 'invalid_type',
      path: 'spec.awaitOutput',
      issue: 'a boolean',
      received: '"x"',
    },
    'Invalid realtime spec ("handoffTurn"): expected "spec.awaitOutput" to be a boolean, got "x"',
  );
  throwsSpec(
    () =>
      functionCallTurn(
        emit,
        {
          name: 'f',
          callId: 'c',
          awaitOutput: false,
          arguments: null,
        } as Loose,
      ),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_type',
      path: 'spec.arguments',
      issue: 'an object',
      received: 'null',
    },
    'Invalid realtime spec ("functionCallTurn"): expected "spec.arguments" to be an object, got null',
  );
  const noProto = new Proxy(new ArrayBuffer(1), {
    getPrototypeOf(): never {
      throw new Error('boom');
    },
  });
  throwsSpec(
    () => audioTurn(emit, { transcript: 'a', audio: [noProto] }),
    {
      operation: 'audioTurn',
      reason: 'unreadable',
      path: 'spec.audio[0]',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.audio[0]" to be readable, got the error "boom"',
  );
  assert.deepEqual(events, []);
});

test('A usage, a delta order and a late flag are checked where they are written', () => {
  const { events, emit } = recorder();
  audioTurn(emit, { transcript: ['a', 'b'] });
  throwsSpec(
    () => userSpeechTurn(emit, { transcript: 'x', heard: 1.5 }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.heard',
      issue: 'an integer from 0 to the chunks of the answer playing (2)',
      received: '1.5',
    },
    'Invalid realtime spec ("userSpeechTurn"): expected "spec.heard" to be an integer from 0 to the chunks of the answer playing (2), got 1.5',
  );
  events.length = 0;
  const usage = (value: unknown) => () =>
    textTurn(emit, { text: 'a', usage: value } as Loose);
  const cases: [unknown, string, string, string, string][] = [
    [5, 'invalid_type', 'spec.usage', 'an object', '5'],
    [
      { inputTokens: 1 },
      'missing',
      'spec.usage.outputTokens',
      'an integer >= 0',
      'undefined',
    ],
    [
      { inputTokens: -1, outputTokens: 0 },
      'invalid_value',
      'spec.usage.inputTokens',
      'an integer >= 0',
      '-1',
    ],
    [
      { inputTokens: 1, outputTokens: 1, inputTokensDetails: null },
      'invalid_type',
      'spec.usage.inputTokensDetails',
      'an object',
      'null',
    ],
    [
      { inputTokens: 1, outputTokens: 1, outputTokensDetails: { a: -1 } },
      'invalid_value',
      'spec.usage.outputTokensDetails.a',
      'a finite number >= 0',
      '-1',
    ],
    [
      { inputTokens: 1, outputTokens: 1, inputTokensDetails: { b: 'x' } },
      'invalid_type',
      'spec.usage.inputTokensDetails.b',
      'a finite number >= 0',
      '"x"',
    ],
  ];
  for (const [value, reason, path, issue, received] of cases) {
    throwsSpec(
      usage(value),
      { operation: 'textTurn', reason, path, issue, received },
      `Invalid realtime spec ("textTurn"): expected "${path}" to be ${issue}, got ${received}`,
    );
  }
  throwsSpec(
    usage({ inputTokens: 1, outputTokens: 1, total: 2 }),
    {
      operation: 'textTurn',
      reason: 'unknown_key',
      path: 'spec.usage.total',
      issue:
        'only "inputTokens", "outputTokens", "inputTokensDetails" and "outputTokensDetails"',
      received: '"total"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.usage.total" to be only "inputTokens", "outputTokens", "inputTokensDetails" and "outputTokensDetails", got "total"',
  );
  const hostile = {
    get text_tokens(): never {
      throw new Error('boom');
    },
  };
  throwsSpec(
    usage({ inputTokens: 1, outputTokens: 1, inputTokensDetails: hostile }),
    {
      operation: 'textTurn',
      reason: 'unreadable',
      path: 'spec.usage.inputTokensDetails.text_tokens',
      issue: 'readable',
      received: 'the error "boom"',
    },
    'Invalid realtime spec ("textTurn"): expected "spec.usage.inputTokensDetails.text_tokens" to be readable, got the error "boom"',
  );
  throwsSpec(
    () => audioTurn(emit, { transcript: 'a', order: 'audio_first' } as Loose),
    {
      operation: 'audioTurn',
      reason: 'invalid_value',
      path: 'spec.order',
      issue: 'one of "audio-first" or "transcript-first"',
      received: '"audio_first"',
      suggestion: 'audio-first',
    },
    'Invalid realtime spec ("audioTurn"): expected "spec.order" to be one of "audio-first" or "transcript-first", got "audio_first" (did you mean "audio-first"?)',
  );
  throwsSpec(
    () =>
      interruptedTurn(emit, {
        transcript: 'a',
        heard: 0,
        late: 'yes',
      } as Loose),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_type',
      path: 'spec.late',
      issue: 'a boolean',
      received: '"yes"',
    },
    'Invalid realtime spec ("interruptedTurn"): expected "spec.late" to be a boolean, got "yes"',
  );
  assert.deepEqual(events, []);
});
