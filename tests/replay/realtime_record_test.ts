import assert from 'node:assert/strict';
import test from 'node:test';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  InvalidRecordingError,
  type RealtimeFixture,
  recordRealtimeTransport,
  replayRealtimeTransport,
} from '@scripted/agents/replay';

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function listen(transport: RealtimeTransportLayer, seen: unknown[]): void {
  transport.on('audio', (event) => seen.push(event));
  // Errors compare by name and message (Deno's assert also compares stacks).
  transport.on('error', (event) => {
    const error = event.error as Error;
    seen.push({
      ...event,
      error: { name: error.name, message: error.message },
    });
  });
  transport.on('connection_change', (status) => seen.push(status));
}

test('recordRealtimeTransport replays bytes, errors, failed calls and a remote close in order', async () => {
  const key = `sk-proj-${crypto.randomUUID()}`;
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real, { sdkVersion: 'test' });
  const live: unknown[] = [];
  listen(recording, live);

  await recording.connect({ apiKey: key, model: 'gpt-realtime' });
  real.emit('audio', {
    type: 'audio',
    data: new Uint8Array([1, 2, 3]).buffer,
    responseId: 'resp_1',
  });
  recording.sendAudio(new Uint8Array([9, 8]).buffer, { commit: true });
  real.emit('error', { type: 'error', error: new Error('boom') });
  real.failNextCall('sendMessage', new Error('socket closed'));
  assert.throws(() => recording.sendMessage('Hi', {}), /socket closed/);
  real.disconnect();

  const json = recording.fixtureJson();
  assert.equal(json.includes(key), false, 'the key leaked');
  assert.equal(JSON.stringify(recording).includes(key), false);
  const fixture = JSON.parse(json) as RealtimeFixture;
  assert.deepEqual(
    fixture.log.map((entry) =>
      entry.type === 'call'
        ? `call ${entry.method}${entry.error ? ' (failed)' : ''}`
        : `event ${entry.event}`
    ),
    [
      'call connect',
      'event connection_change',
      'event connection_change',
      'event audio',
      'call sendAudio',
      'event error',
      'call sendMessage (failed)',
      'event connection_change',
    ],
  );
  assert.deepEqual(fixture.log[0], {
    type: 'call',
    method: 'connect',
    data: { options: { apiKeyProvided: true, model: 'gpt-realtime' } },
  });

  const replay = replayRealtimeTransport(json);
  const replayed: unknown[] = [];
  listen(replay, replayed);
  await replay.connect({ apiKey: 'another key', model: 'gpt-realtime' });
  await tick();
  replay.sendAudio(new Uint8Array([9, 8]).buffer, { commit: true });
  await tick();
  assert.throws(() => replay.sendMessage('Hi', {}), /socket closed/);
  await tick();
  assert.deepEqual(replayed, live);
  assert(replayed[2] !== live[2], 'the replay shares the recorded event');
  assert.deepEqual((replayed[3] as { error: unknown }).error, {
    name: 'Error',
    message: 'boom',
  });
  replay.assertComplete();
  replay.assertClosed();
});

test('fromRecording rejects malformed Realtime fixtures with InvalidRecordingError', () => {
  const valid = {
    version: 1,
    kind: 'realtime',
    sdkVersion: 'x',
    log: [{ type: 'call', method: 'mute', data: { muted: true } }],
  };
  const cases: [unknown, string, string][] = [
    ['nope', 'invalid_json', ''],
    [{ ...valid, kind: 'model' }, 'wrong_kind', 'kind'],
    [{ ...valid, log: 'x' }, 'invalid_fixture', 'log'],
    [
      { ...valid, log: [{ type: 'call', method: 'toString', data: {} }] },
      'invalid_call',
      'log[0].method',
    ],
    [
      { ...valid, log: [{ type: 'call', method: 'close' }] },
      'invalid_call',
      'log[0].data',
    ],
    [
      { ...valid, log: [{ type: 'event', event: '', args: [] }] },
      'invalid_call',
      'log[0].event',
    ],
    [{ ...valid, log: [{ type: 'other' }] }, 'invalid_call', 'log[0].type'],
  ];
  for (const [fixture, reason, path] of cases) {
    assert.throws(
      () => replayRealtimeTransport(fixture as never),
      (error: unknown) => {
        assert(error instanceof InvalidRecordingError, String(error));
        assert.equal(error.reason, reason);
        assert.equal(error.path, path);
        return true;
      },
    );
  }
  const replay = replayRealtimeTransport(valid as never);
  replay.mute(true);
  replay.assertComplete();
});

test('recordRealtimeTransport forwards each event once, to on, once and off listeners', () => {
  const real = new ScriptedRealtimeTransport();
  const transport = recordRealtimeTransport(real);
  const heard: string[] = [];
  const first = () => heard.push('first');
  const second = () => heard.push('second');
  const onlyOnce = () => heard.push('once');
  assert.equal(transport.on('audio_interrupted', first), transport);
  assert.equal(transport.on('audio_interrupted', second), transport);
  assert.equal(transport.once('audio_interrupted', onlyOnce), transport);
  real.emit('audio_interrupted');
  assert.equal(transport.off('audio_interrupted', second), transport);
  real.emit('audio_interrupted');
  assert.deepEqual(heard, ['first', 'second', 'once', 'first']);
  // Logged once per event, whatever the number of listeners.
  assert.deepEqual(
    transport.fixture().log.map((entry) =>
      entry.type === 'event' ? entry.event : entry.method
    ),
    ['audio_interrupted', 'audio_interrupted'],
  );
  // Its own emit reaches its listeners, not the log.
  assert.equal(transport.emit('audio_interrupted'), true);
  assert.deepEqual(heard, ['first', 'second', 'once', 'first', 'first']);
  assert.equal(transport.fixture().log.length, 2);
  // No version option, none exposed by the SDK: unknown.
  assert.equal(transport.fixture().sdkVersion, 'unknown');
  assert.equal(
    recordRealtimeTransport(new ScriptedRealtimeTransport(), {
      sdkVersion: '0.20.0',
    }).fixture().sdkVersion,
    '0.20.0',
  );
});
