import assert from 'node:assert/strict';
import test from 'node:test';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  InvalidRecordingError,
  recordModel,
  recordRealtimeTransport,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';
import {
  fixtureMode,
  modelFixture,
  realtimeFixture,
} from '@scripted/agents/replay/files';

const modelFile = 'tests/replay/data/greeting_model.json';
const modelJson = JSON.stringify({
  version: 1,
  kind: 'model',
  sdkVersion: 'x',
  calls: [],
});
const realtimeJson = JSON.stringify({
  version: 1,
  kind: 'realtime',
  sdkVersion: 'x',
  log: [],
});

/** Asserts an `invalid_options` error with exactly these fields. */
function isOptionError(
  path: string,
  expected: string,
  received: string,
  suggestion?: string,
): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof InvalidRecordingError, String(error));
    assert.equal(error.reason, 'invalid_options');
    assert.equal(error.path, path);
    assert.equal(error.expected, expected);
    assert.equal(error.received, received);
    assert.equal(error.suggestion, suggestion);
    assert.equal(error.file, undefined);
    assert.equal(
      error.message,
      `Invalid recording: expected ${
        JSON.stringify(path)
      } to be ${expected}, got ${received}${
        suggestion === undefined
          ? ''
          : ` (did you mean ${JSON.stringify(suggestion)}?)`
      } (reason "invalid_options")`,
    );
    return true;
  };
}

test('The recorders read their options once, naming a bad one', () => {
  const real = () => new ScriptedModel([]);
  const cases: [unknown, ReturnType<typeof isOptionError>][] = [
    [{ sdkVersion: 1 }, isOptionError('options.sdkVersion', 'a string', '1')],
    [
      { redact: 'x' },
      isOptionError('options.redact', 'a synchronous function', '"x"'),
    ],
    [
      { redact: async (call: unknown) => await call },
      isOptionError(
        'options.redact',
        'a synchronous function',
        'an async function',
      ),
    ],
    [
      { sdkVersoin: 'x' },
      isOptionError(
        'options.sdkVersoin',
        'only "redact", "secrets" and "sdkVersion"',
        '"sdkVersoin"',
        'sdkVersion',
      ),
    ],
    ['x', isOptionError('options', 'an object', '"x"')],
  ];
  for (const [options, check] of cases) {
    assert.throws(() => recordModel(real(), options as never), check);
    assert.throws(
      () =>
        recordRealtimeTransport(
          new ScriptedRealtimeTransport(),
          options as never,
        ),
      check,
    );
  }
  // Null and undefined read as none.
  recordModel(real(), null as never);
  recordModel(real(), undefined);
  recordRealtimeTransport(new ScriptedRealtimeTransport(), null as never);
});

test('The replays read their options once, naming a bad one', () => {
  const both: [unknown, ReturnType<typeof isOptionError>][] = [
    [{ compare: 'no' }, isOptionError('options.compare', 'a boolean', '"no"')],
    [
      { redact: 1 },
      isOptionError('options.redact', 'a synchronous function', '1'),
    ],
    [
      { secrets: {} },
      isOptionError('options.secrets', 'an array of strings', 'an object'),
    ],
  ];
  for (const [options, check] of both) {
    assert.throws(() => replayModel(modelJson, options as never), check);
    assert.throws(
      () => replayRealtimeTransport(realtimeJson, options as never),
      check,
    );
  }
  assert.throws(
    () => replayModel(modelJson, { aspect: ['input'] } as never),
    isOptionError(
      'options.aspect',
      'only "compare", "redact", "secrets" and "aspects"',
      '"aspect"',
      'aspects',
    ),
  );
  assert.throws(
    () => replayModel(modelJson, { aspects: ['input', 'tool'] } as never),
    isOptionError(
      'options.aspects[1]',
      'one of "toolSchemas", "tools", "handoffs", "instructions", "outputType", "modelSettings", "prompt", "previousResponseId", "conversationId" or "input"',
      '"tool"',
      'tools',
    ),
  );
  // A Realtime replay has no aspects.
  assert.throws(
    () => replayRealtimeTransport(realtimeJson, { aspects: [] } as never),
    isOptionError(
      'options.aspects',
      'only "compare", "redact" and "secrets"',
      '"aspects"',
    ),
  );
  replayModel(modelJson, null as never);
  replayRealtimeTransport(realtimeJson, null as never);
});

test('replayModel compares nothing when compare is false, whatever the aspects', async () => {
  const recording = recordModel(
    new ScriptedModel([[assistantMessage('Hi')]]),
  );
  await recording.getResponse({
    input: 'a',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  });
  const replay = replayModel(recording.fixture(), {
    compare: false,
    aspects: ['input'],
  });
  await replay.getResponse({
    input: 'b',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  });
  replay.assertComplete();
  // An empty list compares nothing either.
  const none = replayModel(recording.fixture(), { aspects: [] });
  await none.getResponse({
    input: 'c',
    modelSettings: {},
    tools: [],
    handoffs: [],
    outputType: 'text',
    tracing: false,
  });
});

test('The file helpers read their options once, naming a bad or misspelt one', async () => {
  const real = () => new ScriptedModel([]);
  await assert.rejects(
    modelFixture(modelFile, { real, keepError: true } as never),
    isOptionError(
      'options.keepError',
      'only "real", "record", "env", "keepErrors", "redact", "secrets", "sdkVersion", "aspects" and "compare"',
      '"keepError"',
      'keepErrors',
    ),
  );
  await assert.rejects(
    realtimeFixture(modelFile, { real, aspects: [] } as never),
    isOptionError(
      'options.aspects',
      'only "real", "record", "env", "keepErrors", "redact", "secrets", "sdkVersion" and "compare"',
      '"aspects"',
    ),
  );
  await assert.rejects(
    modelFixture(modelFile, {} as never),
    isOptionError('options.real', 'a function', 'undefined'),
  );
  await assert.rejects(
    realtimeFixture(modelFile, undefined as never),
    isOptionError('options', 'an object', 'undefined'),
  );
  await assert.rejects(
    modelFixture(modelFile, { real: 'model' } as never),
    isOptionError('options.real', 'a function', '"model"'),
  );
  await assert.rejects(
    modelFixture(modelFile, { real, env: 'CI=true' } as never),
    isOptionError('options.env', 'an object', '"CI=true"'),
  );
  await assert.rejects(
    modelFixture(modelFile, { real, keepErrors: 1 } as never),
    isOptionError('options.keepErrors', 'a boolean', '1'),
  );
  // The core's options, checked by the core.
  await assert.rejects(
    modelFixture(modelFile, { real, env: {}, compare: 'x' } as never),
    isOptionError('options.compare', 'a boolean', '"x"'),
  );
  await assert.rejects(
    fixtureMode(modelFile, 'record' as never),
    isOptionError('options', 'an object', '"record"'),
  );
  // fixtureMode takes any helper's options, and null.
  assert.equal(
    await fixtureMode(modelFile, { real, env: {}, other: 1 } as never),
    'replay',
  );
});
