import assert from 'node:assert/strict';
import test from 'node:test';
import {
  OpenAIRealtimeWebSocket,
  RealtimeAgent,
  type RealtimeItem,
  RealtimeSession,
  type RealtimeTransportLayer,
  tool,
} from '@openai/agents/realtime';
import { z } from 'zod';
import {
  type RealtimeFixture,
  recordRealtimeTransport,
  ReplayMismatchError,
  replayRealtimeTransport,
} from '@scripted/agents/replay';
import { at } from '../_support/at.ts';
import { realtimeAnswer, startRealtimeServer } from './_realtime_server.ts';
import { reachableStrings, sdkVersion, uniqueKey } from './_agent.ts';

interface SessionView {
  readonly toolCalls: readonly string[];
  readonly history: readonly RealtimeItem[];
}

/** One voice-agent turn: connect, ask, let the tool run, get the answer. */
async function converse(
  transport: RealtimeTransportLayer,
  options: { apiKey: string; url?: string; message?: string },
): Promise<SessionView> {
  const toolCalls: string[] = [];
  const agent = new RealtimeAgent({
    name: 'Weather assistant',
    instructions: 'Answer in one sentence.',
    tools: [tool({
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: z.object({ city: z.string() }),
      execute: ({ city }) => {
        toolCalls.push(`get_weather(${city})`);
        return `${city}: 18°C, cloudy`;
      },
    })],
  });
  const session = new RealtimeSession(agent, {
    transport,
    model: 'gpt-realtime',
  });
  // A bound on a hang, not a speed check: one turn takes under a second
  // alone, and 6.7 s was seen on two cores shared with other work.
  const signal = AbortSignal.timeout(30_000);
  try {
    const answered = new Promise<void>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason));
      session.on('history_updated', (history) => {
        const last = history.at(-1);
        if (
          last?.type === 'message' && last.role === 'assistant' &&
          last.status === 'completed' &&
          JSON.stringify(last.content).includes(realtimeAnswer)
        ) resolve();
      });
    });
    // A run that fails before the answer leaves this pending: its timeout
    // must not surface later, in another test.
    answered.catch(() => undefined);
    await session.connect({
      apiKey: options.apiKey,
      ...(options.url === undefined ? {} : { url: options.url }),
    });
    session.sendMessage(options.message ?? 'What is the weather in Paris?');
    await answered;
    return { toolCalls, history: session.history };
  } finally {
    try {
      session.close();
    } catch {
      // A replay that drifted also rejects the close; the first error counts.
    }
  }
}

async function recordConversation() {
  const key = uniqueKey();
  const server = await startRealtimeServer();
  try {
    const transport = recordRealtimeTransport(
      new OpenAIRealtimeWebSocket({ url: server.url }),
      { sdkVersion: sdkVersion() },
    );
    const live = await converse(transport, { apiKey: key, url: server.url });
    return {
      key,
      live,
      url: server.url,
      json: transport.fixtureJson(),
      transport,
      server,
    };
  } finally {
    await server.close();
  }
}

test('recordRealtimeTransport records the SDK WebSocket transport and the log replays the turn identically', async () => {
  const { key, live, url, json, transport, server } =
    await recordConversation();

  // The SDK's transport really talked to the server, with the key.
  assert.deepEqual(server.authorizations, [`Bearer ${key}`]);
  assert(
    server.received.some((message) =>
      message.type === 'conversation.item.create'
    ),
  );
  assert.deepEqual(live.toolCalls, ['get_weather(Paris)']);

  // Key-free, versioned, one ordered log of calls and events.
  assert.equal(json.includes(key), false, 'the API key leaked');
  assert.equal(json.includes(key.slice(12)), false, 'part of the key leaked');
  assert.equal(JSON.stringify(transport).includes(key), false);
  const fixture = JSON.parse(json) as RealtimeFixture;
  assert.deepEqual(
    reachableStrings(fixture).filter((s) => s.includes(key)),
    [],
  );
  assert.equal(fixture.version, 1);
  assert.equal(fixture.kind, 'realtime');
  assert.equal(fixture.sdkVersion, sdkVersion());
  const calls = fixture.log.filter((entry) => entry.type === 'call');
  assert.deepEqual(calls.map((call) => call.method), [
    'connect',
    'sendMessage',
    'sendFunctionCallOutput',
    'close',
  ]);
  assert.equal(
    (at(calls, 0).data as { options: { apiKeyProvided: boolean } }).options
      .apiKeyProvided,
    true,
  );
  assert(
    fixture.log.some((entry) =>
      entry.type === 'event' && entry.event === 'function_call'
    ),
  );

  // Replay with the server gone.
  const replay = replayRealtimeTransport(json);
  const replayed = await converse(replay, { apiKey: 'sk-other', url });
  replay.assertComplete();
  replay.assertClosed();
  assert.deepEqual(replayed.toolCalls, live.toolCalls);
  assert.deepEqual(replayed.history, live.history);
  assert.deepEqual(replay.calls.map((call) => call.method), [
    'connect',
    'sendMessage',
    'sendFunctionCallOutput',
    'close',
  ]);
});

test('Replay of a real Realtime recording fails at a changed message or agent', async () => {
  const { json, url } = await recordConversation();

  // A changed user message: the sendMessage call differs.
  const replay = replayRealtimeTransport(json);
  const error = await converse(replay, {
    apiKey: 'sk-other',
    url,
    message: 'What is the weather in Lyon?',
  }).then(() => undefined, (thrown: unknown) => thrown);
  assert(error instanceof ReplayMismatchError, String(error));
  assert.equal(error.name, 'ReplayMismatchError');
  assert.equal(error.double, 'realtime');
  assert.equal(error.callIndex, 1);
  assert.equal(error.aspect, 'sendMessage');
  assert.equal(error.path, 'message');
  assert.equal(error.recorded, 'What is the weather in Paris?');
  assert.equal(error.actual, 'What is the weather in Lyon?');
  assert.throws(() => replay.assertComplete(), (thrown) => thrown === error);

  // A changed agent (no tools, no instructions): the connect differs.
  const other = replayRealtimeTransport(json);
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Weather assistant' }),
    { transport: other, model: 'gpt-realtime' },
  );
  const drift = await session.connect({ apiKey: 'sk-other', url }).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  try {
    session.close();
  } catch {
    // The close is unexpected too; the first error counts.
  }
  assert(drift instanceof ReplayMismatchError, String(drift));
  assert.equal(drift.callIndex, 0);
  assert.equal(drift.aspect, 'connect');
  assert.match(drift.path, /^options\.initialSessionConfig\./);
  assert.throws(() => other.assertComplete(), (thrown) => thrown === drift);

  // Without comparing, the changed message replays the recorded turn.
  const loose = replayRealtimeTransport(json, {
    compare: false,
  });
  const view = await converse(loose, {
    apiKey: 'sk-other',
    url,
    message: 'What is the weather in Lyon?',
  });
  assert.deepEqual(view.toolCalls, ['get_weather(Paris)']);
  loose.assertComplete();
});
