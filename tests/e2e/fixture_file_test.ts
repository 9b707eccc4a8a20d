import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import test from 'node:test';
import { OpenAIResponsesModel } from '@openai/agents';
import {
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  RealtimeSession,
  type RealtimeTransportLayer,
} from '@openai/agents/realtime';
import OpenAI from 'openai';
import { InvalidRecordingError } from '@scripted/agents/replay';
import {
  FixtureFileError,
  fixtureMode,
  modelFixture,
  realtimeFixture,
} from '@scripted/agents/replay/files';
import { startProvider } from './_provider.ts';
import { runTravelAgent, sdkVersion, uniqueKey } from './_agent.ts';
import { startRealtimeServer } from './_realtime_server.ts';

function tempPath(name: string): string {
  return `.tmp/e2e-fixtures/${crypto.randomUUID()}/${name}`;
}

// Our CI sets CI=true: each test says which environment it means.
const local = { env: {} };

test('modelFixture records when the file is missing, then replays from it', async () => {
  const path = tempPath('travel.json');
  const key = uniqueKey();
  const server = await startProvider();
  let realBuilt = 0;
  const real = () => {
    realBuilt++;
    return new OpenAIResponsesModel(
      new OpenAI({ apiKey: key, baseURL: server.baseURL, maxRetries: 0 }),
      'gpt-4.1',
    );
  };
  try {
    assert.equal(await fixtureMode(path, local), 'record');
    const recording = await modelFixture(path, {
      real,
      sdkVersion: sdkVersion(),
      ...local,
    });
    assert.equal(recording.mode, 'record');
    const live = await runTravelAgent(recording.model, { stream: false });
    await recording.finish();
    const text = await readFile(path, 'utf8');
    assert.equal(text.includes(key), false, 'the key reached the file');
    assert.equal(JSON.parse(text).calls.length, 3);
    await server.close();

    assert.equal(await fixtureMode(path, local), 'replay');
    const replaying = await modelFixture(path, { real, env: { CI: 'true' } });
    assert.equal(replaying.mode, 'replay');
    const replayed = await runTravelAgent(replaying.model, { stream: false });
    await replaying.finish();
    assert.equal(realBuilt, 1, 'the replay built the real model');
    assert.equal(replayed.finalOutput, live.finalOutput);
    assert.deepEqual(replayed.history, live.history);
    assert.equal(server.requests.length, 3);

    // `record: true` re-records even though the file exists.
    assert.equal(await fixtureMode(path, { record: true }), 'record');
  } finally {
    await server.close();
    await rm(path.slice(0, path.lastIndexOf('/')), {
      recursive: true,
      force: true,
    });
  }
});

test('modelFixture replaying a damaged file fails with InvalidRecordingError', async () => {
  const path = tempPath('damaged.json');
  try {
    const recording = await modelFixture(path, {
      real: () => {
        throw new Error('not needed');
      },
      record: false,
    }).catch((error: unknown) => error);
    // A missing file cannot replay: the error names it.
    assert.ok(recording instanceof FixtureFileError, String(recording));
    assert.equal(recording.reason, 'missing');
    assert.equal(recording.file, path);
    await mkdir(path.slice(0, path.lastIndexOf('/')), { recursive: true });
    await writeFile(path, '{"version": 1, "kind": "model", "calls": [', 'utf8');
    await assert.rejects(
      modelFixture(path, { real: () => assert.fail('not needed'), ...local }),
      (error: unknown) =>
        error instanceof InvalidRecordingError &&
        error.reason === 'invalid_json' && error.file === path &&
        error.line === 1 && error.column === 43,
    );
  } finally {
    await rm(path.slice(0, path.lastIndexOf('/')), {
      recursive: true,
      force: true,
    });
  }
});

test('realtimeFixture records a WebSocket session to a file and replays it', async () => {
  const path = tempPath('voice.json');
  const server = await startRealtimeServer();
  const url = server.url;
  const talk = async (
    transport: RealtimeTransportLayer,
  ) => {
    const session = new RealtimeSession(
      new RealtimeAgent({ name: 'Greeter' }),
      { transport, model: 'gpt-realtime' },
    );
    await session.connect({ apiKey: uniqueKey(), url });
    session.close();
  };
  try {
    const recording = await realtimeFixture(path, {
      real: () => new OpenAIRealtimeWebSocket({ url }),
      ...local,
    });
    assert.equal(recording.mode, 'record');
    await talk(recording.transport);
    await recording.finish();
    await server.close();
    const replaying = await realtimeFixture(path, {
      real: () => assert.fail('not needed'),
      env: { CI: 'true' },
    });
    assert.equal(replaying.mode, 'replay');
    await talk(replaying.transport);
    await replaying.finish();
  } finally {
    await server.close();
    await rm(path.slice(0, path.lastIndexOf('/')), {
      recursive: true,
      force: true,
    });
  }
});
