/**
 * A value the user marks secret, split across a stream's deltas, goes from
 * every delta it touches — in a model fixture and in a Realtime log — and
 * the stored deltas, joined, are the redacted text.
 *
 * @module
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { assistantMessage, modelStream, ScriptedModel } from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { recordModel, recordRealtimeTransport } from '@scripted/agents/replay';

// No rule knows this shape: only `secrets` removes it.
const secret = 'plum-orchard-4417';
const text = `The door code is ${secret}, keep it.`;
// Cut inside the secret: neither delta holds it whole.
const cut = text.indexOf(secret) + 6;
const deltas = [text.slice(0, cut), text.slice(cut)];
const stored = 'The door code is [redacted], keep it.';

test('recordModel removes a secret split across two stream deltas from both', async () => {
  const real = new ScriptedModel([
    modelStream([
      { type: 'response_started' },
      ...deltas.map((delta) => ({ type: 'output_text_delta' as const, delta })),
      {
        type: 'response_done',
        response: {
          id: 'resp_1',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          output: [assistantMessage(text)],
        },
      },
    ] as never),
  ]);
  const model = recordModel(real, { secrets: [secret] });
  const result = await new Runner({ tracingDisabled: true }).run(
    new Agent({ name: 'Keys', model }),
    'What is the code?',
    { stream: true },
  );
  for await (const _ of result) { /* drain */ }
  await result.completed;
  const json = model.fixtureJson();
  for (const half of [secret.slice(0, 6), secret.slice(6)]) {
    assert.ok(!json.includes(half), `stored half "${half}"`);
  }
  const events = model.fixture().calls[0]!.events as {
    type: string;
    delta?: unknown;
  }[];
  const found = events.filter((e) => e.type === 'output_text_delta')
    .map((e) => e.delta);
  assert.deepEqual(found, ['The door code is [redacted]', ', keep it.']);
  assert.equal(found.join(''), stored);
});

test('recordRealtimeTransport removes a secret split across two transcript deltas from both', async () => {
  const real = new ScriptedRealtimeTransport();
  const transport = recordRealtimeTransport(real, { secrets: [secret] });
  const session = new RealtimeSession(new RealtimeAgent({ name: 'Keys' }), {
    transport,
  });
  await session.connect({ apiKey: 'test' });
  for (const delta of deltas) {
    real.emit('audio_transcript_delta', {
      type: 'transcript_delta',
      delta,
      itemId: 'item_1',
      responseId: 'resp_1',
    });
  }
  session.close();
  const json = transport.fixtureJson();
  for (const half of [secret.slice(0, 6), secret.slice(6)]) {
    assert.ok(!json.includes(half), `stored half "${half}"`);
  }
  const found = (transport.fixture().log as readonly {
    event?: string;
    args?: { delta?: unknown }[];
  }[]).filter((entry) => entry.event === 'audio_transcript_delta')
    .map((entry) => entry.args![0]!.delta);
  assert.deepEqual(found, ['The door code is [redacted]', ', keep it.']);
  assert.equal(found.join(''), stored);
});
