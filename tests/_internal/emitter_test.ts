import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidRealtimeScenarioInputError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';

test('ScriptedRealtimeTransport emit delivers synchronously in registration order', () => {
  const transport = new ScriptedRealtimeTransport();
  const seen: string[] = [];
  transport.on(
    'audio_transcript_delta',
    (event) => seen.push(`a:${event.delta}`),
  );
  transport.on(
    'audio_transcript_delta',
    (event) => seen.push(`b:${event.delta}`),
  );
  const delivered = transport.emit('audio_transcript_delta', {
    type: 'transcript_delta',
    itemId: 'item_1',
    delta: 'hi',
    responseId: 'response_1',
  });
  assert.equal(delivered, true);
  assert.deepEqual(seen, ['a:hi', 'b:hi']);
  assert.equal(transport.emit('audio_done'), false);
});

test('ScriptedRealtimeTransport emit passes arguments by identity and the transport as this', () => {
  const transport = new ScriptedRealtimeTransport();
  const data = new Uint8Array([1, 2]).buffer;
  let received: unknown;
  let self: unknown;
  transport.on('audio', function (this: unknown, event) {
    received = event.data;
    self = this;
  });
  transport.emit('audio', { type: 'audio', data, responseId: 'r' });
  assert.equal(received, data);
  assert.equal(self, transport);
});

test('ScriptedRealtimeTransport once removes the listener before its first call', () => {
  const transport = new ScriptedRealtimeTransport();
  let calls = 0;
  transport.once('audio_done', () => {
    calls++;
    transport.emit('audio_done');
  });
  transport.emit('audio_done');
  transport.emit('audio_done');
  assert.equal(calls, 1);
});

test('ScriptedRealtimeTransport off removes the most recently registered matching listener', () => {
  const transport = new ScriptedRealtimeTransport();
  let calls = 0;
  const listener = (): void => {
    calls++;
  };
  transport.once('audio_done', listener);
  transport.on('audio_done', listener);
  transport.off('audio_done', listener);
  // The `on` registration is gone; only the `once` one remains.
  transport.emit('audio_done');
  transport.emit('audio_done');
  assert.equal(calls, 1);
  transport.off('audio_done', listener);
  transport.off('audio_done', listener);
  assert.equal(transport.emit('audio_done'), false);
});

test('ScriptedRealtimeTransport emit propagates a listener failure and stops there', () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('listener broke');
  let later = false;
  transport.on('audio_done', () => {
    throw failure;
  });
  transport.on('audio_done', () => {
    later = true;
  });
  assert.throws(
    () => transport.emit('audio_done'),
    (error) => error === failure,
  );
  assert.equal(later, false);
});

test('ScriptedRealtimeTransport emit walks the listeners it started with', () => {
  const transport = new ScriptedRealtimeTransport();
  const seen: string[] = [];
  const second = (): void => {
    seen.push('second');
  };
  transport.on('audio_done', () => {
    seen.push('first');
    transport.off('audio_done', second);
    transport.on('audio_done', () => seen.push('added'));
  });
  transport.on('audio_done', second);
  transport.emit('audio_done');
  assert.deepEqual(seen, ['first', 'second']);
});

test('ScriptedRealtimeTransport on rejects a listener that is not a function', () => {
  const transport = new ScriptedRealtimeTransport();
  assert.throws(
    // @ts-expect-error: not a function
    () => transport.on('audio_done', 'nope'),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.name, 'InvalidRealtimeScenarioInputError');
      assert.equal(error.reason, 'invalid_listener');
      assert.equal(error.issue, 'not_a_function');
      assert.equal(error.operation, 'on');
      assert.equal(error.path, 'listener');
      assert.equal(error.expected, 'a function');
      assert.equal(error.received, '"nope"');
      return true;
    },
  );
});
