import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import test from 'node:test';
import fc from 'fast-check';
import {
  assistantMessage,
  functionCall,
  type ScriptedModel,
} from '@scripted/agents';
import {
  type InvalidRecordingError,
  recordModel,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';
import {
  modelFixture as modelFixtureFile,
  realtimeFixture as realtimeFixtureFile,
} from '@scripted/agents/replay/files';
import { encode } from '../../_internal/encode.ts';
import { defaultRedaction, redaction } from '../../_internal/redact.ts';
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
const item = fc.oneof(
  text.map((value) => assistantMessage(value)),
  text.map((name) => functionCall(name || 'f', {}, { callId: 'c1' })),
).map((value) => JSON.parse(JSON.stringify(value)));
// An output item with one part replaced, removed or made hostile: what the
// SDK's own schemas must turn into an InvalidRecordingError.
const damagedItem = item.chain((valid) =>
  fc.oneof(
    mutatedRecord(valid),
    fc.constant({ ...valid, type: 'mesage' }),
    fc.constant({ ...valid, content: 'oops' }),
    fc.constant({ ...valid, content: [{ type: 'output_text', text: 42 }] }),
  )
);
const output = fc.array(item, { maxLength: 2 });
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

/** A valid model fixture with one output item damaged. */
const damagedItems = fc.tuple(modelFixture, damagedItem).map(
  ([fixture, bad]) => {
    const calls = fixture.calls as Record<string, unknown>[];
    const index = calls.findIndex((call) => call.response !== undefined);
    if (index < 0) return fixture;
    const call = calls[index]!;
    const response = call.response as { output: unknown[] };
    return {
      ...fixture,
      calls: calls.map((c, i) =>
        i === index
          ? { ...call, response: { output: [...response.output, bad] } }
          : c
      ),
    };
  },
);

test('replayModel accepts every generated valid fixture', () => {
  fc.assert(
    fc.property(modelFixture, (fixture) => {
      const model = replayModel(fixture as never);
      assert.equal(model.remainingSteps, fixture.calls.length);
      replayModel(JSON.stringify(fixture));
    }),
    fuzzParameters(),
  );
});

test('replayModel rejects anything else only with InvalidRecordingError', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        anyValue,
        damaged(modelFixture, 'calls'),
        damagedItems,
        damagedText(modelFixture),
      ),
      (input) => {
        const result = outcomeOf(
          () => replayModel(materialize(input) as never),
          recordingError,
        );
        if (result.accepted) return;
        const error = result.error as unknown as InvalidRecordingError;
        // A JSON error points inside the text; a shape error at a path.
        if (error.reason === 'invalid_json') {
          assert.ok(typeof input === 'string');
          assert.ok(error.line! >= 1 && error.column! >= 1);
          assert.ok(error.line! <= input.split('\n').length);
        } else assert.equal(error.line, undefined);
      },
    ),
    fuzzParameters(),
  );
});

test('replayModel replays any accepted fixture without crashing', async () => {
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

test('replayRealtimeTransport rejects malformed logs only with InvalidRecordingError', () => {
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

test('A damaged fixture file fails only with structured errors naming it', async () => {
  const folder = `.tmp/fixture-files/${crypto.randomUUID()}`;
  const path = `${folder}/fuzzed.json`;
  await mkdir(folder, { recursive: true });
  const structured = ['InvalidRecordingError', 'FixtureFileError'];
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          damagedText(modelFixture),
          damagedText(realtimeFixture),
          // As text: what JSON cannot hold (a bigint) becomes a string.
          damagedItems.map((fixture) =>
            JSON.stringify(
              fixture,
              (_, value) => typeof value === 'bigint' ? String(value) : value,
            )
          ),
          fc.string({ maxLength: 40 }),
        ),
        fc.boolean(),
        async (text, model) => {
          await writeFile(path, text, 'utf8');
          const open = model
            ? () =>
              modelFixtureFile(path, {
                real: () => assert.fail('not recording'),
                env: { CI: 'true' },
              })
            : () =>
              realtimeFixtureFile(path, {
                real: () => assert.fail('not recording'),
                env: { CI: 'true' },
              });
          let thrown: unknown;
          try {
            await open();
            return;
          } catch (error) {
            thrown = error;
          }
          assert.ok(thrown instanceof Error);
          assert.ok(structured.includes(thrown.name), String(thrown));
          assert.equal((thrown as { file?: unknown }).file, path);
          assert.ok(thrown.message.includes(path), thrown.message);
        },
      ),
      {
        ...fuzzParameters(),
        numRuns: Math.min(fuzzParameters().numRuns!, 300),
      },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

const jsonValue = fc.jsonValue({ maxDepth: 3 });
// Text built of credential-shape fragments, to reach every pattern.
const shapedText = fc.array(
  fc.oneof(
    fc.constantFrom(
      'Bearer ',
      'basic ',
      'Token ',
      'sk-',
      'ek_',
      'eyJ',
      '.',
      'api_key',
      'password',
      'token',
      '=',
      ': ',
      '"',
      "'",
      '?',
      '&',
      ' ',
      '\n',
      'https://',
      '@',
      '-----BEGIN PRIVATE KEY-----',
      '-----END PRIVATE KEY-----',
      'ghp_',
      'github_pat_',
      'AKIA',
      'xoxb-',
      'AIza',
      '[redacted]',
      '{',
      '}',
      'xai-',
      'gsk_',
      'hf_',
      'glpat-',
      'npm_',
      'sk_live_',
      'rk_test_',
      'https://hooks.slack.com/services/',
      'curl -u ',
      '--user=',
      ':',
      ';',
      '\t',
      '--',
      'Cookie: ',
      'X-Amz-Signature=',
      'Ocp-Apim-Subscription-Key: ',
    ),
    fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
  ),
  { maxLength: 16 },
).map((parts) => parts.join(''));
const secret = fc.string({ minLength: 8, maxLength: 16 }).filter((value) =>
  !'[redacted]'.includes(value)
);

test('Redacting is stable: redacting again changes nothing', () => {
  fc.assert(
    fc.property(
      jsonValue,
      fc.oneof(fc.string({ maxLength: 60 }), shapedText),
      secret,
      (value, text, marked) => {
        const how = { redaction: redaction([marked]) };
        const once = encode(value, how);
        assert.deepEqual(encode(once, how), once);
        const line = defaultRedaction.text(text);
        assert.equal(defaultRedaction.text(line), line);
        const json = encode(JSON.stringify(value), how);
        assert.equal(encode(json, how), json);
      },
    ),
    fuzzParameters(),
  );
});

test('A marked value never reaches a recording, wherever it is planted', async () => {
  await fc.assert(
    fc.asyncProperty(
      jsonValue,
      secret,
      fc.constantFrom('value', 'text', 'json', 'key-name'),
      async (value, marked, where) => {
        const planted = where === 'value'
          ? { data: value, note: marked }
          : where === 'text'
          ? { data: value, note: `before ${marked} after` }
          : where === 'json'
          ? { data: JSON.stringify({ inner: value, hidden: marked }) }
          : { data: value, password: `${marked}` };
        const real = {
          getResponse: () =>
            Promise.resolve({
              output: [assistantMessage('ok')],
              usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 },
              providerData: planted,
            }),
          getStreamedResponse: () => {
            throw new Error('not streamed');
          },
        };
        const recording = recordModel(real as never, { secrets: [marked] });
        await recording.getResponse({
          input: JSON.stringify(planted),
          modelSettings: { providerData: planted },
          tools: [],
          handoffs: [],
          outputType: 'text',
          tracing: false,
        } as never);
        const json = recording.fixtureJson();
        assert.equal(json.includes(marked), false);
        assert.equal(
          json.includes(JSON.stringify(marked).slice(1, -1)),
          false,
        );
        replayModel(json, { secrets: [marked] });
      },
    ),
    fuzzParameters(),
  );
});
