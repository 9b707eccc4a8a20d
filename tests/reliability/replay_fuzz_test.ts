import assert from 'node:assert/strict';
import test from 'node:test';
import fc from 'fast-check';
import {
  assistantMessage,
  functionCall,
  type ScriptedModel,
} from '@scripted/agents';
import { replayModel, replayRealtimeTransport } from '@scripted/agents/replay';
import {
  anyValue,
  fuzzParameters,
  materialize,
  mutatedRecord,
  outcomeOf,
} from '../_support/fuzz.ts';
import { at } from '../_support/at.ts';

const recordingError = ['InvalidRecordingError'];

const text = fc.string({ maxLength: 12 });
const modelRequest = fc.record({
  input: fc.oneof(
    text,
    fc.array(
      text.map((content) => ({ type: 'message', role: 'user', content })),
      { maxLength: 3 },
    ),
  ),
  tools: fc.array(
    text.map((name) => ({ type: 'function', name, parameters: {} })),
    { maxLength: 2 },
  ),
  handoffs: fc.constant([]),
  outputType: fc.constant('text'),
  modelSettings: fc.constant({}),
});
const output = fc.array(
  fc.oneof(
    text.map((value) => assistantMessage(value)),
    text.map((name) => functionCall(name || 'f', {}, { callId: 'c1' })),
  ),
  { maxLength: 2 },
).map((items) => JSON.parse(JSON.stringify(items)));
const outcome = fc.oneof(
  output.map((items) => ({ streamed: false, response: { output: items } })),
  fc.constant({
    streamed: true,
    events: [{ type: 'response_started' }, {
      type: 'output_text_delta',
      delta: 'x',
    }],
  }),
  fc.constant({
    streamed: false,
    error: { name: 'APIError', message: 'boom', status: 500 },
    retryAdvice: { suggested: true },
  }),
);
const modelFixture = fc.array(fc.tuple(modelRequest, outcome), {
  maxLength: 4,
}).map((calls) => ({
  version: 1,
  kind: 'model',
  sdkVersion: '0.20.0',
  calls: calls.map(([request, result], index) => ({
    index,
    request,
    ...result,
  })),
}));

const realtimeFixture = fc.array(
  fc.oneof(
    fc.constantFrom(
      { type: 'call', method: 'connect', data: { options: {} } },
      { type: 'call', method: 'sendMessage', data: { message: 'hi' } },
      { type: 'call', method: 'close', data: {} },
      {
        type: 'call',
        method: 'mute',
        data: { muted: true },
        error: { name: 'Error', message: 'no' },
      },
    ),
    fc.constantFrom(
      { type: 'event', event: '*', args: [{ type: 'session.created' }] },
      {
        type: 'event',
        event: 'audio',
        args: [{ data: { $bytes: 'AQID', $type: 'ArrayBuffer' } }],
      },
      { type: 'event', event: 'connection_change', args: ['disconnected'] },
    ),
  ),
  { maxLength: 5 },
).map((log) => ({ version: 1, kind: 'realtime', sdkVersion: 'x', log }));

/** A valid fixture with one part replaced, removed or made hostile. */
function damaged(
  fixture: fc.Arbitrary<Record<string, unknown>>,
  listKey: 'calls' | 'log',
): fc.Arbitrary<unknown> {
  return fixture.chain((valid) => {
    const list = valid[listKey] as Record<string, unknown>[];
    const envelope = mutatedRecord(valid);
    if (list.length === 0) return envelope;
    return fc.oneof(
      envelope,
      fc.tuple(fc.nat(list.length - 1), fc.constant(null)).chain(([index]) =>
        mutatedRecord(at(list, index)).map((entry) => ({
          ...valid,
          [listKey]: list.map((item, i) => (i === index ? entry : item)),
        }))
      ),
    );
  });
}

/** JSON text of a valid fixture, cut short or with one character changed. */
function damagedText(
  fixture: fc.Arbitrary<Record<string, unknown>>,
): fc.Arbitrary<string> {
  return fc.tuple(fixture, fc.nat(), fc.string({ maxLength: 1 })).map(
    ([valid, at, replacement]) => {
      const json = JSON.stringify(valid);
      const i = at % (json.length + 1);
      return json.slice(0, i) + replacement + json.slice(i + 1);
    },
  );
}

test('ScriptedModel.fromRecording accepts every generated valid fixture', () => {
  fc.assert(
    fc.property(modelFixture, (fixture) => {
      const model = replayModel(fixture as never);
      assert.equal(model.remainingSteps, fixture.calls.length);
      replayModel(JSON.stringify(fixture));
    }),
    fuzzParameters(),
  );
});

test('ScriptedModel.fromRecording rejects anything else only with InvalidRecordingError', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyValue,
        damaged(modelFixture, 'calls'),
        damagedText(modelFixture),
      ),
      (input) => {
        outcomeOf(
          () => replayModel(materialize(input) as never),
          recordingError,
        );
      },
    ),
    fuzzParameters(),
  );
});

test('ScriptedModel.fromRecording replays any accepted fixture without crashing', async () => {
  await fc.assert(
    fc.asyncProperty(damaged(modelFixture, 'calls'), async (input) => {
      const result = outcomeOf(
        () =>
          replayModel(materialize(input) as never, {
            compare: false,
          }),
        recordingError,
      );
      if (!result.accepted) return;
      const model = result.value as ScriptedModel;
      const request = {
        input: 'x',
        modelSettings: {},
        tools: [],
        handoffs: [],
        outputType: 'text' as const,
        tracing: false as const,
      };
      while (model.remainingSteps > 0) {
        try {
          for await (const _ of model.getStreamedResponse(request)) { /* */ }
        } catch (error) {
          // Recorded errors come back as plain errors; nothing else escapes.
          assert(error instanceof Error);
          assert(!(error instanceof TypeError), String(error));
          assert(!(error instanceof RangeError), String(error));
        }
      }
    }),
    fuzzParameters(),
  );
});

test('ScriptedRealtimeTransport.fromRecording rejects malformed logs only with InvalidRecordingError', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyValue,
        realtimeFixture,
        damaged(realtimeFixture, 'log'),
        damagedText(realtimeFixture),
      ),
      (input) => {
        outcomeOf(
          () =>
            replayRealtimeTransport(
              materialize(input) as never,
            ),
          recordingError,
        );
      },
    ),
    fuzzParameters(),
  );
});
