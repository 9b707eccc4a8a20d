/**
 * The free-text scanner through the real recorders and the SDK: YAML and
 * `.env` dumps, named pairs, cookies and the newer shapes, planted in tool
 * outputs, model messages, stream deltas cut inside each credential, and
 * Realtime transcript deltas.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelStream,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  recordModel,
  recordRealtimeTransport,
  replayModel,
} from '@scripted/agents/replay';
import { redaction } from '../../_internal/redact.ts';
import { assertNonePlanted, plant, type Planted } from '../replay/_planted.ts';

/** What must stay: look like pairs or schemes, hold no credential. */
const kept = ['max_tokens: 5', 'name: Alice', 'Bearer authentication'];

/** Every newer shape and named pair, one a line, with the kept text. */
function dump(planted: Planted): string {
  return [
    ...Object.values(planted.newShapes),
    ...Object.values(planted.pairs),
    ...kept,
  ].join('\n');
}

/** `text` cut in the middle of every planted credential it holds. */
function cutInside(text: string, planted: Planted): string[] {
  const cuts = new Set<number>([0, text.length]);
  for (const part of planted.secretParts) {
    const at = text.indexOf(part);
    if (at >= 0) cuts.add(at + Math.floor(part.length / 2));
  }
  const sorted = [...cuts].sort((a, b) => a - b);
  return sorted.slice(1).map((end, i) => text.slice(sorted[i], end));
}

/** Asserts no half of a planted credential is stored either. */
function assertNoHalves(stored: string, planted: Planted): void {
  const halves = planted.secretParts.flatMap((part) => {
    const mid = Math.floor(part.length / 2);
    return [part.slice(0, mid), part.slice(mid)];
  }).filter((half) => stored.includes(half));
  assert.deepEqual(halves, [], 'a half of a planted credential was stored');
}

/** Asserts redacting every stored string again changes nothing. */
function assertStable(value: unknown, secrets: readonly string[]): void {
  const again = redaction(secrets);
  const walk = (node: unknown): void => {
    if (typeof node === 'string') assert.equal(again.text(node), node);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        assert.equal(again.text(key), key);
        walk(item);
      }
    }
  };
  walk(value);
}

// The Azure header as a key name: the same value in both runs, for replay.
let subscriptionKey = '';

function agentOn(
  model: ScriptedModel | ReturnType<typeof replayModel>,
  text: string,
) {
  return new Agent({
    name: 'Ops',
    model,
    modelSettings: {
      providerData: {
        extra_headers: { 'Ocp-Apim-Subscription-Key': subscriptionKey },
      },
    },
    tools: [tool({
      name: 'dump_config',
      description: 'Prints the service configuration.',
      parameters: z.object({}),
      execute: () => text,
    })],
  });
}

function script(text: string, planted: Planted, stream: boolean) {
  const message = assistantMessage(text);
  const last = stream
    ? modelStream([
      { type: 'response_started' },
      ...cutInside(text, planted).map((delta) => ({
        type: 'output_text_delta' as const,
        delta,
      })),
      {
        type: 'response_done',
        response: {
          id: 'resp_2',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          output: [message],
        },
      },
    ] as never)
    : [message];
  return new ScriptedModel([[
    functionCall('dump_config', {}, { callId: 'call_1' }),
  ], last]);
}

async function runOn(agent: Agent, prompt: string, stream: boolean) {
  const runner = new Runner({ tracingDisabled: true });
  if (!stream) return (await runner.run(agent, prompt)).finalOutput;
  const result = await runner.run(agent, prompt, { stream: true });
  for await (const _ of result) { /* drain */ }
  await result.completed;
  return result.finalOutput;
}

test('Dumps, pairs, cookies and the newer shapes stay out of a model fixture, plain and streamed', async () => {
  for (const stream of [false, true]) {
    const planted = plant();
    subscriptionKey = planted.byKey['Ocp-Apim-Subscription-Key'];
    const text = dump(planted);
    const recording = recordModel(script(text, planted, stream));
    const prompt = `Check this:\n${text}`;
    assert.equal(
      await runOn(agentOn(recording as never, text), prompt, stream),
      text,
    );
    const json = recording.fixtureJson();
    assertNonePlanted(json, planted);
    assertNoHalves(json, planted);
    for (const plain of kept) assert.ok(json.includes(plain), plain);
    assert.ok(json.includes('"Ocp-Apim-Subscription-Key": "[redacted]"'));
    // The cookie names and the schemes before a value stay.
    assert.ok(json.includes('Cookie: theme=[redacted]; sid=[redacted]'));
    const fixture = JSON.parse(json);
    assertStable(fixture, []);
    if (stream) {
      const events = fixture.calls[1].events as {
        type: string;
        delta?: string;
      }[];
      const deltas = events.filter((e) => e.type === 'output_text_delta');
      // One stored delta per received one; joined, the redacted text.
      assert.equal(deltas.length, cutInside(text, planted).length);
      assert.equal(
        deltas.map((e) => e.delta).join(''),
        redaction([]).text(text),
      );
    }
    // The run replays: each request is redacted alike.
    const replay = replayModel(json);
    const again = await runOn(agentOn(replay, text), prompt, stream);
    replay.assertComplete();
    assert.equal(again, redaction([]).text(text));
  }
});

test('A credential split across Realtime transcript deltas is stored in neither', async () => {
  const planted = plant();
  const text = dump(planted);
  const real = new ScriptedRealtimeTransport();
  const transport = recordRealtimeTransport(real);
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Ops' }), {
    transport,
  });
  await session.connect({ apiKey: 'test' });
  const deltas = cutInside(text, planted);
  for (const delta of deltas) {
    real.emit('audio_transcript_delta', {
      type: 'transcript_delta',
      delta,
      itemId: 'item_1',
      responseId: 'resp_1',
    });
    real.emit('*', {
      type: 'response.output_audio_transcript.delta',
      delta,
      item_id: 'item_1',
      output_index: 0,
      content_index: 0,
    });
  }
  session.close();
  const json = transport.fixtureJson();
  assertNonePlanted(json, planted);
  assertNoHalves(json, planted);
  for (const plain of kept) assert.ok(json.includes(plain), plain);
  const fixture = JSON.parse(json);
  assertStable(fixture, []);
  const stored = (type: string) =>
    (fixture.log as {
      event?: string;
      args?: { type?: string; delta: string }[];
    }[])
      .filter((entry) => entry.event === type)
      .map((entry) => entry.args![0]!)
      .filter((arg) => typeof arg.delta === 'string');
  for (const type of ['audio_transcript_delta', '*']) {
    const found = stored(type);
    assert.equal(found.length, deltas.length, type);
    assert.equal(
      found.map((arg) => arg.delta).join(''),
      redaction([]).text(text),
      type,
    );
  }
});
