import assert from 'node:assert/strict';
import test from 'node:test';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { createSession } from './_helpers.ts';

function chunk(seed: number, length = 960): ArrayBuffer {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i++) bytes[i] = (seed * 31 + i) & 0xff;
  return bytes.buffer;
}

function audioOf(transport: ScriptedRealtimeTransport, index: number) {
  const call = transport.calls[index];
  assert(call?.method === 'sendAudio');
  return call;
}

test('sendAudio records each chunk detached, across many chunks', async () => {
  const { session, transport } = createSession();
  await session.connect({ apiKey: 'test' });
  const sent: ArrayBuffer[] = [];
  // Enough 960-byte chunks to fill several of the recorder's slabs.
  for (let i = 0; i < 300; i++) {
    const audio = chunk(i);
    sent.push(audio);
    session.sendAudio(audio, { commit: i % 2 === 0 });
  }
  const expected = sent.map((audio) => new Uint8Array(audio.slice(0)));
  // The caller reuses its buffers: the records must not change.
  for (const audio of sent) new Uint8Array(audio).fill(0);
  for (let i = 0; i < sent.length; i++) {
    const call = audioOf(transport, i + 1);
    assert(call.audio instanceof ArrayBuffer);
    assert.notEqual(call.audio, sent[i]);
    assert.deepEqual(new Uint8Array(call.audio), expected[i]);
    assert.deepEqual(call.options, { commit: i % 2 === 0 });
  }
  session.close();
});

test('sendAudio records stay frozen and hand out a fresh copy of the bytes on every read', () => {
  const transport = new ScriptedRealtimeTransport();
  transport.sendAudio(chunk(1, 4), { commit: false });
  const call = audioOf(transport, 0);
  const expected = [...new Uint8Array(call.audio)];
  assert.notEqual(call.audio, call.audio);
  // A reader's write never reaches the record.
  new Uint8Array(call.audio).fill(0);
  new Uint8Array(audioOf(transport, 0).audio).fill(0);
  assert.deepEqual([...new Uint8Array(call.audio)], expected);
  assert.deepEqual([...new Uint8Array(audioOf(transport, 0).audio)], expected);
  assert(Object.isFrozen(call));
  assert.deepEqual(Object.keys(call), ['index', 'method', 'audio', 'options']);
  assert.throws(() => {
    (call as { audio: unknown }).audio = null;
  }, TypeError);
  assert.deepEqual(
    JSON.parse(JSON.stringify(call)),
    { index: 0, method: 'sendAudio', audio: {}, options: { commit: false } },
  );
});

test('sendAudio copies large chunks and empty chunks too', () => {
  const transport = new ScriptedRealtimeTransport();
  const large = chunk(7, 100_000);
  const empty = new ArrayBuffer(0);
  transport.sendAudio(large, { commit: true });
  transport.sendAudio(empty, { commit: true });
  const expected = new Uint8Array(large.slice(0));
  new Uint8Array(large).fill(0);
  const first = audioOf(transport, 0).audio;
  assert.notEqual(first, large);
  assert.deepEqual(new Uint8Array(first), expected);
  new Uint8Array(first).fill(1);
  assert.deepEqual(new Uint8Array(audioOf(transport, 0).audio), expected);
  const second = audioOf(transport, 1).audio;
  assert.notEqual(second, empty);
  assert.equal(second.byteLength, 0);
});

test('sendAudio hands a matcher its own copy of the recorded chunk', async () => {
  const transport = new ScriptedRealtimeTransport();
  const expected = transport.expectCall('sendAudio', (call) => {
    assert.deepEqual([...new Uint8Array(call.audio)], [1, 2, 3]);
    new Uint8Array(call.audio).fill(9);
  });
  transport.sendAudio(new Uint8Array([1, 2, 3]).buffer, { commit: false });
  const call = await expected;
  assert.notEqual(call, transport.calls[0]);
  assert.deepEqual([...new Uint8Array(call.audio)], [1, 2, 3]);
  // The resolved copy's bytes are the caller's own too.
  new Uint8Array(call.audio).fill(7);
  assert.deepEqual([...new Uint8Array(call.audio)], [7, 7, 7]);
  assert.deepEqual(
    [...new Uint8Array(audioOf(transport, 0).audio)],
    [1, 2, 3],
  );
  transport.assertComplete();
});
