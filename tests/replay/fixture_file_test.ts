import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import process from 'node:process';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { assistantMessage, ScriptedModel } from '@scripted/agents';
import {
  type ModelFixture,
  ReplayMismatchError,
} from '@scripted/agents/replay';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import type { RealtimeFixture } from '@scripted/agents/replay';
import {
  fixtureMode,
  modelFixture,
  realtimeFixture,
} from '@scripted/agents/replay/files';

// Committed recordings, read only (paths from the repository root, where
// every runtime runs the suite).
const modelFile = 'tests/replay/data/greeting_model.json';
const realtimeFile = 'tests/replay/data/greeting_realtime.json';
// Where recordings are written: the only folder the Deno stage may write.
const tempRoot = '.tmp/fixture-files';

function tempFolder(): string {
  return `${tempRoot}/${crypto.randomUUID()}`;
}

/** Runs `body` with the `RECORD` variable set to `value` (or unset). */
async function withRecord<T>(
  value: string | undefined,
  body: () => Promise<T>,
): Promise<T> {
  const before = process.env.RECORD;
  if (value === undefined) delete process.env.RECORD;
  else process.env.RECORD = value;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.RECORD;
    else process.env.RECORD = before;
  }
}

function notCalled(): never {
  throw new Error('the real double was built while replaying');
}

async function greet(model: Agent['model'], input = 'Hello'): Promise<unknown> {
  const agent = new Agent({
    name: 'Greeter',
    instructions: 'Greet in French.',
    model,
  });
  const result = await new Runner({ tracingDisabled: true }).run(agent, input);
  return result.finalOutput;
}

test('fixtureMode replays an existing file and records a missing one', async () => {
  await withRecord(undefined, async () => {
    assert.equal(await fixtureMode(modelFile), 'replay');
    assert.equal(await fixtureMode(`${tempFolder()}/missing.json`), 'record');
    assert.equal(await fixtureMode(modelFile, {}), 'replay');
  });
});

test('fixtureMode obeys the record option before the file and RECORD', async () => {
  const missing = `${tempFolder()}/missing.json`;
  await withRecord('1', async () => {
    assert.equal(await fixtureMode(modelFile, { record: false }), 'replay');
    assert.equal(await fixtureMode(missing, { record: false }), 'replay');
  });
  await withRecord(undefined, async () => {
    assert.equal(await fixtureMode(modelFile, { record: true }), 'record');
    assert.equal(await fixtureMode(missing, { record: true }), 'record');
  });
});

test('fixtureMode records an existing file when RECORD is 1 or true', async () => {
  const cases: [string, string][] = [
    ['1', 'record'],
    ['true', 'record'],
    ['0', 'replay'],
    ['false', 'replay'],
    ['yes', 'replay'],
    ['TRUE', 'replay'],
    ['', 'replay'],
  ];
  for (const [value, mode] of cases) {
    assert.equal(
      await withRecord(value, () => fixtureMode(modelFile)),
      mode,
      `RECORD=${value}`,
    );
  }
});

test('fixtureMode rethrows a read error other than a missing file', async () => {
  await withRecord(undefined, async () => {
    await assert.rejects(
      fixtureMode('tests/fixtures/data'),
      (error: unknown) => (error as { code?: unknown }).code === 'EISDIR',
    );
  });
});

test('modelFixture replays the committed file through Agent and Runner', async () => {
  const recorded = JSON.parse(
    await readFile(modelFile, 'utf8'),
  ) as ModelFixture;
  assert.equal(recorded.calls.length, 1);
  const fixture = await withRecord(
    undefined,
    () => modelFixture(modelFile, { real: notCalled }),
  );
  assert.equal(fixture.mode, 'replay');
  assert.equal(await greet(fixture.model), 'Bonjour');
  const finished = fixture.finish();
  assert.ok(finished instanceof Promise);
  assert.equal(await finished, undefined);
  assert.equal(fixture.model instanceof ScriptedModel, true);
});

test('modelFixture replay passes the replay options and rejects an unfinished replay', async () => {
  // A different input: compared by default, not with compare: false.
  const strict = await modelFixture(modelFile, {
    real: notCalled,
    record: false,
  });
  await assert.rejects(greet(strict.model, 'Hi'), ReplayMismatchError);
  await assert.rejects(strict.finish(), ReplayMismatchError);
  const loose = await modelFixture(modelFile, {
    real: notCalled,
    record: false,
    compare: false,
  });
  assert.equal(await greet(loose.model, 'Hi'), 'Bonjour');
  await loose.finish();
  // Nothing run: finish() rejects (never throws) with the pending call.
  const unused = await modelFixture(modelFile, {
    real: notCalled,
    record: false,
  });
  const finished = unused.finish();
  assert.ok(finished instanceof Promise);
  await assert.rejects(finished, {
    name: 'UnconsumedModelStepsError',
    message: 'Incomplete model script: 1 step left ("responder")',
  });
});

test('modelFixture records into a new folder, then replays the written file', async () => {
  const folder = tempFolder();
  const path = `${folder}/nested/greeting.json`;
  try {
    let built = 0;
    const recording = await withRecord(undefined, () =>
      modelFixture(path, {
        real: () => {
          built++;
          return Promise.resolve(
            new ScriptedModel([[assistantMessage('Salut')]]),
          );
        },
        sdkVersion: 'unit',
      }));
    assert.equal(recording.mode, 'record');
    assert.equal(built, 1);
    assert.equal(await greet(recording.model), 'Salut');
    const finished = recording.finish();
    assert.ok(finished instanceof Promise);
    assert.equal(await finished, undefined);
    const written = JSON.parse(await readFile(path, 'utf8')) as ModelFixture;
    assert.equal(written.kind, 'model');
    assert.equal(written.sdkVersion, 'unit');
    assert.equal(written.calls.length, 1);
    assert.equal(written.calls[0]!.request.instructions, 'Greet in French.');

    const replaying = await withRecord(
      undefined,
      () => modelFixture(path, { real: notCalled }),
    );
    assert.equal(replaying.mode, 'replay');
    assert.equal(await greet(replaying.model), 'Salut');
    await replaying.finish();
    assert.equal(built, 1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture records over an existing file when RECORD=1', async () => {
  let built = 0;
  const fixture = await withRecord('1', () =>
    modelFixture(modelFile, {
      real: () => {
        built++;
        return new ScriptedModel([[assistantMessage('Salut')]]);
      },
    }));
  // Not finished: the committed file stays as it is.
  assert.equal(fixture.mode, 'record');
  assert.equal(built, 1);
  assert.equal(await greet(fixture.model), 'Salut');
});

async function talk(transport: RealtimeTransportLayer): Promise<unknown[]> {
  const heard: unknown[] = [];
  transport.on('audio', (event) => heard.push(event.responseId));
  await transport.connect({ apiKey: 'another key', model: 'gpt-realtime' });
  transport.sendMessage('Hi', {});
  // Let a replayed event arrive.
  await new Promise((resolve) => setTimeout(resolve, 0));
  transport.close();
  return heard;
}

test('realtimeFixture replays the committed file', async () => {
  const recorded = JSON.parse(
    await readFile(realtimeFile, 'utf8'),
  ) as RealtimeFixture;
  assert.equal(recorded.log.length, 4);
  const fixture = await withRecord(
    undefined,
    () => realtimeFixture(realtimeFile, { real: notCalled }),
  );
  assert.equal(fixture.mode, 'replay');
  assert.ok(fixture.transport instanceof ScriptedRealtimeTransport);
  assert.deepEqual(await talk(fixture.transport), ['resp_1']);
  const finished = fixture.finish();
  assert.ok(finished instanceof Promise);
  assert.equal(await finished, undefined);
  // Nothing sent: finish() rejects with what is left.
  const unused = await realtimeFixture(realtimeFile, {
    real: notCalled,
    record: false,
  });
  const pending = unused.finish();
  assert.ok(pending instanceof Promise);
  await assert.rejects(pending, {
    name: 'IncompleteRealtimeScenarioError',
    message:
      'Incomplete realtime scenario: 3 pending expectations left ("connect", "sendMessage", "close")',
  });
});

test('realtimeFixture records into a new folder, then replays the written file', async () => {
  const folder = tempFolder();
  const path = `${folder}/voice/greeting.json`;
  try {
    const real = new ScriptedRealtimeTransport();
    const recording = await withRecord(
      undefined,
      () => realtimeFixture(path, { real: () => real, sdkVersion: 'unit' }),
    );
    assert.equal(recording.mode, 'record');
    recording.transport.on('audio', () => {});
    await recording.transport.connect({ apiKey: 'k', model: 'gpt-realtime' });
    recording.transport.sendMessage('Hi', {});
    real.emit('audio', {
      type: 'audio',
      data: new Uint8Array([1]).buffer,
      responseId: 'resp_2',
    });
    recording.transport.close();
    await recording.finish();
    const written = JSON.parse(
      await readFile(path, 'utf8'),
    ) as RealtimeFixture;
    assert.equal(written.kind, 'realtime');
    assert.equal(written.sdkVersion, 'unit');
    assert.deepEqual(
      written.log.map((entry) =>
        entry.type === 'call' ? entry.method : entry.event
      ),
      ['connect', 'sendMessage', 'audio', 'close'],
    );
    const replaying = await withRecord(
      undefined,
      () => realtimeFixture(path, { real: notCalled }),
    );
    assert.equal(replaying.mode, 'replay');
    assert.deepEqual(await talk(replaying.transport), ['resp_2']);
    await replaying.finish();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
