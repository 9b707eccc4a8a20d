/**
 * A marked value (`secrets`) in every part a recording stores, through the
 * core recorders and replays: none stored, and a replay given the same
 * values compares equal where one without them does not.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import type { ModelRequest, StreamEvent } from '@openai/agents-core';
import {
  assistantMessage,
  modelError,
  modelStream,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  type ModelReplayAspect,
  recordModel,
  recordRealtimeTransport,
  ReplayMismatchError,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';

const marked = 'marked-value-0123';
const secrets = [marked];
const aspects: ModelReplayAspect[] = [
  'toolSchemas',
  'handoffs',
  'instructions',
  'outputType',
  'modelSettings',
  'prompt',
  'input',
];

/** A request holding the marked value in every part it has. */
function request(value = marked): ModelRequest {
  return {
    input: `Use ${value}`,
    systemInstructions: `Say ${value}`,
    tools: [{
      type: 'function',
      name: 'f',
      description: `Knows ${value}`,
      parameters: { type: 'object', properties: {} },
      strict: true,
    }],
    handoffs: [{ toolName: 't', toolDescription: `To ${value}` }],
    outputType: { type: 'json_schema', name: `out ${value}` },
    modelSettings: { providerData: { note: value } },
    prompt: { promptId: 'p', variables: { v: value } },
    tracing: false,
  } as unknown as ModelRequest;
}

test('recordModel removes a marked value from every part, and replay compares alike', async () => {
  const real = new ScriptedModel([
    {
      output: [assistantMessage(`Said ${marked}`)],
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      providerData: { echo: marked },
    } as never,
    modelStream([
      { type: 'response_started', providerData: { echo: marked } },
      { type: 'output_text_delta', delta: marked },
    ] as StreamEvent[]),
    modelError(new Error(`refused ${marked}`), {
      suggested: true,
      reason: `retry ${marked}`,
    }),
  ]);
  const recording = recordModel(real, { secrets });
  await recording.getResponse(request());
  for await (const _ of recording.getStreamedResponse(request())) { /* */ }
  const error = await recording.getResponse(request()).catch((e) => e);
  await recording.getRetryAdvice({
    error,
    attempt: 1,
    stream: false,
    lastRequest: request(),
  } as never);
  const json = recording.fixtureJson();
  assert.equal(json.includes(marked), false);
  assert.equal(json.split('[redacted]').length - 1 >= 20, true);

  // The same requests compare equal on every aspect.
  const replay = replayModel(json, { secrets, aspects });
  await replay.getResponse(request());
  for await (const _ of replay.getStreamedResponse(request())) { /* */ }
  await replay.getResponse(request()).catch(() => undefined);
  replay.assertComplete();

  // Without the values, each aspect differs: the marked value shows.
  for (const aspect of aspects) {
    const bare = replayModel(json, { aspects: [aspect] });
    const drift = await bare.getResponse(request()).catch((e: unknown) => e);
    assert.ok(drift instanceof ReplayMismatchError, aspect);
    assert.equal(drift.aspect, aspect);
    assert.match(JSON.stringify(drift.actual), new RegExp(marked));
  }
});

test('recordModel redacts again what its redact hook returns', async () => {
  const recording = recordModel(new ScriptedModel([[assistantMessage('ok')]]), {
    secrets,
    // A hook putting the value back, in a new field of the request.
    redact: (call) => ({
      ...call,
      request: { ...call.request, prompt: { again: marked } },
    }),
  });
  await recording.getResponse(request('other'));
  const json = recording.fixtureJson();
  assert.equal(json.includes(marked), false);
  assert.match(json, /"again": "\[redacted\]"/);
});

test('recordRealtimeTransport removes a marked value from calls, events and errors, and replay compares alike', async () => {
  const real = new ScriptedRealtimeTransport();
  real.failNextCall('sendMessage', new Error(`refused ${marked}`));
  const transport = recordRealtimeTransport(real, { secrets });
  transport.on('*', () => {});
  await transport.connect({
    apiKey: 'k',
    model: 'm',
    url: `wss://h/${marked}`,
  });
  assert.throws(() => transport.sendMessage(`Hi ${marked}`, {}));
  real.emit('*', { type: 'note', text: marked });
  transport.sendMessage(`Bye ${marked}`, {});
  transport.close();
  const json = transport.fixtureJson();
  assert.equal(json.includes(marked), false);
  assert.deepEqual(
    JSON.parse(json).log.map((entry: { error?: { message: string } }) =>
      entry.error?.message
    ).filter(Boolean),
    ['refused [redacted]'],
  );

  const replay = replayRealtimeTransport(json, { secrets });
  await replay.connect({ apiKey: 'x', model: 'm', url: `wss://h/${marked}` });
  assert.throws(() => replay.sendMessage(`Hi ${marked}`, {}));
  replay.sendMessage(`Bye ${marked}`, {});
  replay.close();
  replay.assertComplete();

  const bare = replayRealtimeTransport(json);
  await assert.rejects(
    bare.connect({ apiKey: 'x', model: 'm', url: `wss://h/${marked}` }),
    (error: unknown) =>
      error instanceof ReplayMismatchError &&
      error.path === 'options.url' && error.actual === `wss://h/${marked}`,
  );
});

test('recordRealtimeTransport redacts again what its redact hook returns', () => {
  const transport = recordRealtimeTransport(new ScriptedRealtimeTransport(), {
    secrets,
    redact: (entry) =>
      entry.type === 'call' ? { ...entry, data: { again: marked } } : entry,
  });
  transport.mute(true);
  const json = transport.fixtureJson();
  assert.equal(json.includes(marked), false);
  assert.match(json, /"again": "\[redacted\]"/);
  // The same hook on replay: the call compares equal.
  const replay = replayRealtimeTransport(json, {
    secrets,
    redact: (entry) =>
      entry.type === 'call' ? { ...entry, data: { again: marked } } : entry,
  });
  replay.mute(false);
  replay.assertComplete();
});
