/** Malformed turn specs are rejected where they are written, with fields. */
import assert from 'node:assert/strict';
import test from 'node:test';
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

const emit = (): boolean => true;

function rejects(
  attempt: () => unknown,
  fields: {
    operation: string;
    reason: string;
    path: string;
    received?: string;
    suggestion?: string;
  },
): void {
  assert.throws(attempt, (error) => {
    assert(error instanceof InvalidRealtimeSpecError);
    assert.equal(error.name, 'InvalidRealtimeSpecError');
    assert.equal(error.operation, fields.operation);
    assert.equal(error.reason, fields.reason);
    assert.equal(error.path, fields.path);
    if (fields.received !== undefined) {
      assert.equal(error.received, fields.received);
    }
    assert.equal(error.suggestion, fields.suggestion);
    if (fields.suggestion !== undefined) {
      assert(
        error.message.endsWith(`(did you mean "${fields.suggestion}"?)`),
        error.message,
      );
    }
    assert.match(
      error.message,
      new RegExp(
        `^Invalid realtime spec \\("${fields.operation}"\\): expected "`,
      ),
    );
    assert(!error.message.endsWith('.'));
    return true;
  });
}

test('Turn builders name the malformed field, why, and what was given', () => {
  rejects(() => textTurn(emit, { text: [] }), {
    operation: 'textTurn',
    reason: 'invalid_value',
    path: 'spec.text',
  });
  rejects(() => textTurn(emit, { txt: 'hi' } as never), {
    operation: 'textTurn',
    reason: 'unknown_key',
    path: 'spec.txt',
    received: '"txt"',
    suggestion: 'text',
  });
  rejects(() => textTurn(emit, { text: 'hi', itemId: '' }), {
    operation: 'textTurn',
    reason: 'invalid_value',
    path: 'spec.itemId',
  });
  rejects(
    () =>
      audioTurn(emit, { transcript: ['a', 'b'], audio: [new ArrayBuffer(1)] }),
    { operation: 'audioTurn', reason: 'invalid_value', path: 'spec.audio' },
  );
  rejects(
    () =>
      audioTurn(
        emit,
        { transcript: ['a'], audio: [new Uint8Array(1)] } as never,
      ),
    { operation: 'audioTurn', reason: 'invalid_type', path: 'spec.audio[0]' },
  );
  rejects(
    () => functionCallTurn(emit, { name: 'x', awaitOutput: false } as never),
    {
      operation: 'functionCallTurn',
      reason: 'missing',
      path: 'spec.callId',
    },
  );
  rejects(() => functionCallTurn(emit, { name: 'x', callId: 'c' }), {
    operation: 'functionCallTurn',
    reason: 'missing',
    path: 'target.expectCall',
  });
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  rejects(
    () =>
      functionCallTurn(emit, {
        name: 'x',
        callId: 'c',
        arguments: cyclic,
        awaitOutput: false,
      }),
    {
      operation: 'functionCallTurn',
      reason: 'invalid_value',
      path: 'spec.arguments',
    },
  );
  rejects(() => handoffTurn(emit, { callId: 'c', awaitOutput: false }), {
    operation: 'handoffTurn',
    reason: 'missing',
    path: 'spec.to',
  });
  rejects(
    () =>
      mcpApprovalTurn(emit, {
        serverLabel: 's',
        name: 'n',
        arguments: '{}' as never,
      }),
    {
      operation: 'mcpApprovalTurn',
      reason: 'invalid_type',
      path: 'spec.arguments',
    },
  );
  rejects(
    () =>
      userSpeechTurn(emit, {
        transcript: 'x',
        audioStartMs: 50,
        audioEndMs: 10,
      }),
    {
      operation: 'userSpeechTurn',
      reason: 'invalid_value',
      path: 'spec.audioEndMs',
    },
  );
  rejects(() => interruptedTurn(emit, { transcript: ['a'], heard: 2 }), {
    operation: 'interruptedTurn',
    reason: 'invalid_value',
    path: 'spec.heard',
    received: '2',
  });
  rejects(
    () =>
      interruptedTurn(emit, {
        transcript: ['a'],
        heard: 1,
        trigger: 'vad' as never,
      }),
    {
      operation: 'interruptedTurn',
      reason: 'invalid_value',
      path: 'spec.trigger',
    },
  );
  const hostile = Object.defineProperty({}, 'text', {
    enumerable: true,
    get() {
      throw new Error('getter');
    },
  });
  rejects(() => textTurn(emit, hostile as never), {
    operation: 'textTurn',
    reason: 'unreadable',
    path: 'spec.text',
  });
  rejects(() => textTurn(42 as never, { text: 'x' }), {
    operation: 'textTurn',
    reason: 'invalid_type',
    path: 'target',
  });
});

test('Turn builders emit nothing when the spec is rejected', () => {
  const seen: string[] = [];
  const record = (type: string): boolean => {
    seen.push(type);
    return true;
  };
  assert.throws(
    () => audioTurn(record as never, { transcript: ['a'], chunkBytes: -1 }),
    InvalidRealtimeSpecError,
  );
  assert.deepEqual(seen, []);
});
