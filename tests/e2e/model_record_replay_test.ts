import assert from 'node:assert/strict';
import test from 'node:test';
import {
  type Model,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
} from '@openai/agents';
import OpenAI from 'openai';
import {
  type ModelFixture,
  recordModel,
  ReplayMismatchError,
  replayModel,
} from '@scripted/agents/replay';
import { startProvider } from './_provider.ts';
import {
  instructions,
  prompt,
  reachableStrings,
  runTravelAgent,
  sdkVersion,
  uniqueKey,
} from './_agent.ts';

type Api = 'responses' | 'chat';

function realModel(api: Api, client: OpenAI): Model {
  return api === 'responses'
    ? new OpenAIResponsesModel(client, 'gpt-4.1')
    : new OpenAIChatCompletionsModel(client, 'gpt-4.1');
}

/** Records one run against the local provider, then stops the provider. */
async function record(api: Api, stream: boolean) {
  const key = uniqueKey();
  const server = await startProvider();
  try {
    const client = new OpenAI({
      apiKey: key,
      baseURL: server.baseURL,
      maxRetries: 0,
    });
    const model = recordModel(realModel(api, client), {
      sdkVersion: sdkVersion(),
    });
    const live = await runTravelAgent(model, { stream });
    return { key, live, json: model.fixtureJson(), requests: server.requests };
  } finally {
    await server.close();
  }
}

for (const api of ['responses', 'chat'] as const) {
  for (const stream of [false, true]) {
    const mode = stream ? 'streamed' : 'plain';
    test(`recordModel records a real ${api} model (${mode}) and the fixture replays it identically`, async () => {
      const { key, live, json, requests } = await record(api, stream);

      // The real client really talked to the provider, with the key.
      assert.equal(requests.length, 3);
      for (const request of requests) {
        assert.equal(request.authorization, `Bearer ${key}`);
        assert.equal(request.body.stream === true, stream);
      }
      assert.deepEqual(live.toolCalls, [
        'get_weather(Paris)',
        'get_time(Paris)',
      ]);
      assert.equal(
        live.finalOutput,
        'In Paris it is 18°C and cloudy; the local time is 14:05.',
      );

      // The fixture: versioned, key-free, one call per model call.
      assert.equal(json.includes(key), false, 'the API key leaked');
      assert.equal(
        json.includes(key.slice(12)),
        false,
        'part of the key leaked',
      );
      const fixture = JSON.parse(json) as ModelFixture;
      assert.deepEqual(
        reachableStrings(fixture).filter((s) => s.includes(key)),
        [],
      );
      assert.deepEqual(Object.keys(fixture), [
        'version',
        'kind',
        'sdkVersion',
        'calls',
      ]);
      assert.equal(fixture.version, 1);
      assert.equal(fixture.kind, 'model');
      assert.equal(fixture.sdkVersion, sdkVersion());
      assert.equal(fixture.calls.length, 3);
      for (const call of fixture.calls) {
        assert.equal(call.streamed, stream);
        assert.equal(call.request.instructions, instructions);
        assert.deepEqual(
          call.request.tools.map((tool) => (tool as { name: string }).name),
          ['get_weather', 'get_time'],
        );
        assert.equal(
          stream ? call.events !== undefined : call.response !== undefined,
          true,
        );
      }
      // Stable: the same recording serializes to the same text.
      assert.equal(JSON.stringify(fixture, null, 2) + '\n', json);

      // Replay with the provider gone: same output, tool calls and history.
      const replay = replayModel(json);
      const replayed = await runTravelAgent(replay, { stream });
      replay.assertComplete();
      assert.equal(replayed.finalOutput, live.finalOutput);
      assert.deepEqual(replayed.toolCalls, live.toolCalls);
      assert.deepEqual(replayed.history, live.history);
      assert.equal(replay.calls.length, 3);
      assert.equal(requests.length, 3, 'the replay reached the provider');
    });
  }
}

test('Replay of a real recording fails at the first changed input, tool or instruction', async () => {
  const { json } = await record('responses', false);
  const cases = [
    {
      change: { prompt: 'What is the weather in Lyon?' },
      aspect: 'input',
      path: 'input[0].content',
      recorded: prompt,
      actual: 'What is the weather in Lyon?',
    },
    {
      change: { instructions: 'You are a verbose travel assistant.' },
      aspect: 'instructions',
      path: 'instructions',
      recorded: instructions,
      actual: 'You are a verbose travel assistant.',
    },
    {
      change: { withoutTimeTool: true },
      aspect: 'toolSchemas',
      path: 'tools[1]',
      // The whole serialized tool (its fields vary with the SDK release).
      recorded: (value: unknown) =>
        (value as { name?: unknown; description?: unknown }).name ===
          'get_time' &&
        (value as { description?: unknown }).description ===
          'Local time for a city.',
      actual: undefined,
    },
  ];
  for (const expected of cases) {
    const replay = replayModel(json);
    const error = await runTravelAgent(replay, {
      stream: false,
      ...expected.change,
    }).then(() => undefined, (error: unknown) => error);
    assert(error instanceof ReplayMismatchError, String(error));
    assert.equal(error.name, 'ReplayMismatchError');
    assert.equal(error.double, 'model');
    assert.equal(error.callIndex, 0);
    assert.equal(error.aspect, expected.aspect);
    assert.equal(error.path, expected.path);
    if (typeof expected.recorded === 'function') {
      assert.ok(expected.recorded(error.recorded), String(error.recorded));
    } else assert.deepEqual(error.recorded, expected.recorded);
    assert.deepEqual(error.actual, expected.actual);
    // Remembered as drift.
    assert.throws(() => replay.assertComplete(), (thrown) => thrown === error);
  }
  // Without comparing, the changed prompt replays the recorded answers.
  const loose = replayModel(json, { compare: false });
  const result = await runTravelAgent(loose, {
    stream: false,
    prompt: 'What is the weather in Lyon?',
  });
  assert.equal(
    result.finalOutput,
    'In Paris it is 18°C and cloudy; the local time is 14:05.',
  );
  loose.assertComplete();
});
