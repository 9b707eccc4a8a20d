import assert from 'node:assert/strict';
import test from 'node:test';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  type RealtimeFixture,
  type RealtimeFixtureEntry,
  recordRealtimeTransport,
  ReplayMismatchError,
  replayRealtimeTransport,
} from '@scripted/agents/replay';

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function recordedMessages(): Promise<string> {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real, { sdkVersion: 'test' });
  recording.on('connection_change', () => {});
  await recording.connect({ apiKey: 'k', model: 'gpt-realtime' });
  recording.sendMessage('Hi', {});
  recording.sendMessage('Bye', {});
  return recording.fixtureJson();
}

test('Realtime fromRecording names the first differing argument of a call', async () => {
  const json = await recordedMessages();
  const replay = replayRealtimeTransport(json);
  await replay.connect({ apiKey: 'k', model: 'gpt-realtime' });
  replay.sendMessage('Hi', {});
  const error = (() => {
    try {
      replay.sendMessage('Later', {});
    } catch (e) {
      return e;
    }
  })();
  assert(error instanceof ReplayMismatchError);
  assert.equal(error.double, 'realtime');
  assert.equal(error.callIndex, 2);
  assert.equal(error.aspect, 'sendMessage');
  assert.equal(error.recorded, 'Bye');
  assert.equal(error.actual, 'Later');
  assert.match(error.path, /^message/);
  assert.match(error.message, /^Replay mismatch at realtime call 2/);
});

test('Realtime fromRecording with compare false replays other arguments', async () => {
  const json = await recordedMessages();
  for (
    const options of [{ compare: false }, {
      compare: false,
      redact: undefined,
    }] as {
      compare: boolean;
    }[]
  ) {
    const replay = replayRealtimeTransport(json, options);
    await replay.connect({ apiKey: 'k', model: 'another' });
    replay.sendMessage('One', {});
    replay.sendMessage('Two', {});
    replay.assertComplete();
  }
  // `compare: true` and an empty options object compare.
  for (const options of [{ compare: true }, {}]) {
    const strict = replayRealtimeTransport(json, options);
    await strict.connect({ apiKey: 'k', model: 'gpt-realtime' });
    assert.throws(() => strict.sendMessage('One', {}), ReplayMismatchError);
  }
});

test('Realtime fromRecording applies the redact hook to each replayed call', async () => {
  const redact = (entry: RealtimeFixtureEntry): RealtimeFixtureEntry =>
    entry.type === 'call' && entry.method === 'sendMessage'
      ? { ...entry, data: { redacted: true } }
      : entry;
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real, { redact });
  await recording.connect({ apiKey: 'k', model: 'gpt-realtime' });
  recording.sendMessage('secret one', {});
  const json = recording.fixtureJson();
  const seen: RealtimeFixtureEntry[] = [];
  const replay = replayRealtimeTransport(json, {
    redact: (entry) => {
      seen.push(structuredClone(entry));
      return redact(entry);
    },
  });
  await replay.connect({ apiKey: 'k', model: 'gpt-realtime' });
  replay.sendMessage('secret two', {});
  replay.assertComplete();
  assert.equal(seen.length, 2);
  assert.equal(seen[0]!.type, 'call');
  assert.equal((seen[1] as { method: string }).method, 'sendMessage');
  // Without the hook the redacted recording differs.
  const plain = replayRealtimeTransport(json);
  await plain.connect({ apiKey: 'k', model: 'gpt-realtime' });
  assert.throws(() => plain.sendMessage('secret two', {}), ReplayMismatchError);
});

test('Realtime fromRecording reads null options as none', async () => {
  const json = await recordedMessages();
  const replay = replayRealtimeTransport(
    json,
    null as unknown as undefined,
  );
  await replay.connect({ apiKey: 'k', model: 'gpt-realtime' });
  assert.throws(() => replay.sendMessage('Other', {}), ReplayMismatchError);
});

test('Realtime fromRecording accepts a log without calls', async () => {
  const fixture: RealtimeFixture = {
    version: 1,
    kind: 'realtime',
    sdkVersion: 'x',
    log: [],
  };
  replayRealtimeTransport(fixture).assertComplete();
  const events = JSON.parse(await recordedMessages()) as RealtimeFixture;
  const onlyEvents = events.log.filter((entry) => entry.type === 'event');
  assert(onlyEvents.length > 0);
  const replay = replayRealtimeTransport({
    ...events,
    log: onlyEvents,
  });
  replay.assertComplete();
});

test('Realtime fromRecording emits each event after the call that preceded it', async () => {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real);
  recording.on('audio', () => {});
  real.emit('audio', {
    type: 'audio',
    data: new ArrayBuffer(1),
    responseId: 'r',
  });
  await recording.connect({ apiKey: 'k', model: 'gpt-realtime' });
  recording.sendMessage('A', {});
  recording.sendMessage('B', {});
  real.emit('audio', {
    type: 'audio',
    data: new ArrayBuffer(3),
    responseId: 'r',
  });
  real.emit('audio', {
    type: 'audio',
    data: new ArrayBuffer(4),
    responseId: 'r',
  });
  const json = recording.fixtureJson();

  const replay = replayRealtimeTransport(json);
  const seen: number[] = [];
  replay.on(
    'audio',
    (event: { data: ArrayBuffer }) => seen.push(event.data.byteLength),
  );
  await tick();
  assert.deepEqual(seen, []);
  await replay.connect({ apiKey: 'k', model: 'gpt-realtime' });
  await tick();
  assert.deepEqual(seen, [1]);
  replay.sendMessage('A', {});
  await tick();
  assert.deepEqual(seen, [1]);
  replay.sendMessage('B', {});
  await tick();
  assert.deepEqual(seen, [1, 3, 4]);
  replay.assertComplete();
});

test('Realtime fromRecording fails the first call when it was recorded failing', async () => {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real);
  real.failNextCall('connect', new Error('no route'));
  await assert.rejects(
    recording.connect({ apiKey: 'k', model: 'gpt-realtime' }),
    /no route/,
  );
  const replay = replayRealtimeTransport(
    recording.fixtureJson(),
  );
  await assert.rejects(
    replay.connect({ apiKey: 'k', model: 'gpt-realtime' }),
    /^Error: no route$/,
  );
});

test('Realtime fromRecording replays a local disconnect once', async () => {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real);
  recording.on('connection_change', () => {});
  await recording.connect({ apiKey: 'k', model: 'gpt-realtime' });
  recording.close();
  const json = recording.fixtureJson();
  const replay = replayRealtimeTransport(json);
  const statuses: unknown[] = [];
  replay.on('connection_change', (status) => statuses.push(status));
  await replay.connect({ apiKey: 'k', model: 'gpt-realtime' });
  await tick();
  replay.close();
  await tick();
  await tick();
  const live: unknown[] = [];
  const again = new ScriptedRealtimeTransport();
  again.on('connection_change', (status) => live.push(status));
  await again.connect({ apiKey: 'k', model: 'gpt-realtime' });
  again.close();
  assert.deepEqual(statuses, live);
  replay.assertComplete();
});
