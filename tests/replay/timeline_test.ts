/**
 * A replay mismatch ends its message with the timeline: the recorded
 * calls, the calls that replayed them, and the one that differs, marked.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedMcpServer } from '@scripted/agents/mcp';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  recordMcpServer,
  recordModel,
  recordRealtimeTransport,
  replayMcpServer,
  ReplayMismatchError,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';

const runner = new Runner({ tracingDisabled: true });
const arithmetic = (execute: (a: number, b: number) => number) =>
  tool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: z.object({ a: z.number(), b: z.number() }),
    execute: ({ a, b }) => String(execute(a, b)),
  });

test('A model replay mismatch marks the call that differs', async () => {
  const real = new ScriptedModel([
    [functionCall('add', { a: 1, b: 2 }, { callId: 'c1' })],
    [assistantMessage('3')],
  ]);
  const recording = recordModel(real, { sdkVersion: 'test' });
  const adds = arithmetic((a, b) => a + b);
  await runner.run(
    new Agent({ name: 'A', model: recording, tools: [adds] }),
    'Add 1 and 2',
  );
  // The tool changed: the second request carries another result.
  const subtracts = arithmetic((a, b) => a - b);
  const model = replayModel(recording.fixtureJson());
  const error = await runner.run(
    new Agent({ name: 'A', model, tools: [subtracts] }),
    'Add 1 and 2',
  ).catch((e: unknown) => e);
  assert(error instanceof ReplayMismatchError);
  assert.equal(error.callIndex, 1);
  assert.equal(error.path, 'input[2].output.text');
  assert.equal(
    error.message,
    [
      'Replay mismatch at model call 1: expected "input[2].output.text" to be "3" as recorded, got "-1" (aspect "input"; re-record the fixture, or stop comparing the aspect)',
      'Timeline (2 recorded calls, 2 calls; ">" marks the first divergence):',
      '  call 0 "getResponse" -> recorded call 0 "getResponse"',
      '> call 1 "getResponse": differs from the recording at "input[2].output.text"',
      '  recorded call 1 "getResponse": pending',
    ].join('\n'),
  );
  assert.throws(() => model.assertComplete(), (thrown) => thrown === error);
});

test('A streamed model replay names getStreamedResponse on both sides', async () => {
  const real = new ScriptedModel([
    [functionCall('add', { a: 1, b: 2 }, { callId: 'c1' })],
    [assistantMessage('3')],
  ]);
  const recording = recordModel(real, { sdkVersion: 'test' });
  const streamed = async (
    model: ScriptedModel | typeof recording,
    execute: (a: number, b: number) => number,
  ) => {
    const result = await runner.run(
      new Agent({ name: 'A', model, tools: [arithmetic(execute)] }),
      'Add 1 and 2',
      { stream: true },
    );
    for await (const _ of result) { /* drain */ }
    await result.completed;
  };
  await streamed(recording, (a, b) => a + b);
  const model = replayModel(recording.fixtureJson());
  const error = await streamed(model, (a, b) => a - b).then(
    () => undefined,
    (e: unknown) => e,
  );
  assert(error instanceof ReplayMismatchError);
  assert.deepEqual(error.message.split('\n').slice(1), [
    'Timeline (2 recorded calls, 2 calls; ">" marks the first divergence):',
    '  call 0 "getStreamedResponse" -> recorded call 0 "getStreamedResponse"',
    '> call 1 "getStreamedResponse": differs from the recording at "input[2].output.text"',
    '  recorded call 1 "getStreamedResponse": pending',
  ]);
});

test('A Realtime replay mismatch marks the call that differs', async () => {
  const real = new ScriptedRealtimeTransport();
  const recording = recordRealtimeTransport(real, { sdkVersion: 'test' });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport: recording,
  });
  await session.connect({ apiKey: 'test' });
  session.sendMessage('Hi');
  session.close();
  const replay = replayRealtimeTransport(recording.fixtureJson());
  const again = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport: replay,
  });
  await again.connect({ apiKey: 'test' });
  assert.throws(() => again.sendMessage('Bye'), (error) => {
    assert(error instanceof ReplayMismatchError);
    assert.equal(error.callIndex, 1);
    assert.equal(
      error.message,
      [
        'Replay mismatch at realtime call 1: expected "message" to be "Hi" as recorded, got "Bye" (aspect "sendMessage"; re-record the fixture, or stop comparing the aspect)',
        'Timeline (3 recorded calls, 2 calls; ">" marks the first divergence):',
        '  call 0 "connect" -> recorded call 0 "connect"',
        '> call 1 "sendMessage": differs from the recording at "message"',
        '  recorded call 1 "sendMessage": pending',
        '  recorded call 2 "close": pending',
      ].join('\n'),
    );
    return true;
  });
  again.close();
});

test('An MCP replay mismatch ends with the timeline, the differing call marked', async () => {
  const real = new ScriptedMcpServer({
    name: 'weather',
    tools: [{ name: 'get_weather' }, { name: 'get_time' }],
    calls: [
      { tool: 'get_time', result: '12:00' },
      { tool: 'get_weather', result: 'Sunny' },
      { tool: 'get_time', result: '12:01' },
    ],
  });
  const recording = recordMcpServer(real);
  await recording.listTools();
  await recording.callTool('get_time', { zone: 'CET' });
  await recording.callTool('get_weather', { city: 'Oslo' });
  await recording.callTool('get_time', { zone: 'CET' });
  const server = replayMcpServer(recording.fixture());
  const model = new ScriptedModel([
    [functionCall('get_time', { zone: 'CET' }, { callId: 'c1' })],
    [functionCall('get_weather', { city: 'Rome' }, { callId: 'c2' })],
    [assistantMessage('done')],
  ]);
  const agent = new Agent({ name: 'A', model, mcpServers: [server] });
  // The SDK hands the failure to the model; assertComplete() rethrows it.
  await runner.run(agent, 'go');
  assert.throws(() => server.assertComplete(), (error) => {
    assert(error instanceof ReplayMismatchError);
    assert.equal(error.double, 'mcp');
    assert.equal(error.callIndex, 1);
    assert.equal(
      error.message,
      [
        'Replay mismatch at mcp call 1: expected "arguments.city" to be "Oslo" as recorded, got "Rome" (aspect "arguments"; re-record the fixture, or stop comparing the aspect)',
        'Timeline (3 recorded calls, 2 calls; ">" marks the first divergence):',
        '  call 0 "get_time" -> recorded call 0 "get_time"',
        '> call 1 "get_weather": differs from the recording at "arguments.city"',
        '  recorded call 1 "get_weather": pending',
        '  recorded call 2 "get_time": pending',
      ].join('\n'),
    );
    return true;
  });
});
