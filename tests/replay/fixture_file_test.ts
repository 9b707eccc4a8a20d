import assert from 'node:assert/strict';
import {
  lstat,
  mkdir,
  readdir,
  readFile,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import process from 'node:process';
import test from 'node:test';
import { Agent, Runner } from '@openai/agents';
import type { RealtimeTransportLayer } from '@openai/agents/realtime';
import { assistantMessage, modelError, ScriptedModel } from '@scripted/agents';
import {
  InvalidRecordingError,
  type ModelFixture,
  ReplayMismatchError,
} from '@scripted/agents/replay';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import type { RealtimeFixture } from '@scripted/agents/replay';
import {
  FixtureFileError,
  type FixtureFileReason,
  fixtureMode,
  modelFixture,
  realtimeFixture,
  secretsFromEnvironment,
} from '@scripted/agents/replay/files';

// Committed recordings, read only (paths from the repository root, where
// every runtime runs the suite).
const modelFile = 'tests/replay/data/greeting_model.json';
const realtimeFile = 'tests/replay/data/greeting_realtime.json';
// Where recordings are written: the only folder the Deno stage may write.
const tempRoot = '.tmp/fixture-files';
// Not CI, nothing asked: what a developer's shell looks like.
const local = { env: {} };
const ci = { env: { CI: 'true' } };

function tempFolder(): string {
  return `${tempRoot}/${crypto.randomUUID()}`;
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

/** Asserts a FixtureFileError with these fields (message checked apart). */
function isFileError(
  reason: FixtureFileReason,
  file: string,
  detail?: string,
  callIndex?: number,
): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof FixtureFileError, String(error));
    assert.equal(error.name, 'FixtureFileError');
    assert.equal(error.reason, reason);
    assert.equal(error.file, file);
    assert.equal(error.detail, detail);
    assert.equal(error.callIndex, callIndex);
    assert.ok(error.message.includes(JSON.stringify(file)), error.message);
    return true;
  };
}

test('fixtureMode replays an existing file and records a missing one', async () => {
  assert.equal(await fixtureMode(modelFile, local), 'replay');
  assert.equal(
    await fixtureMode(`${tempFolder()}/missing.json`, local),
    'record',
  );
});

test('fixtureMode obeys the record option before the file, RECORD and CI', async () => {
  const missing = `${tempFolder()}/missing.json`;
  for (
    const env of [{ RECORD: '1' }, { CI: 'true' }, { CI: '1', RECORD: 'x' }]
  ) {
    assert.equal(
      await fixtureMode(modelFile, { record: false, env }),
      'replay',
    );
    assert.equal(await fixtureMode(missing, { record: false, env }), 'replay');
    assert.equal(await fixtureMode(modelFile, { record: true, env }), 'record');
    assert.equal(await fixtureMode(missing, { record: true, env }), 'record');
  }
  for (const record of ['yes', 1, null]) {
    await assert.rejects(
      fixtureMode(modelFile, { record: record as never, env: {} }),
      {
        name: 'InvalidRecordingError',
        reason: 'invalid_options',
        path: 'options.record',
        expected: 'a boolean',
        received: record === 'yes' ? '"yes"' : String(record),
        message:
          `Invalid recording: expected "options.record" to be a boolean, got ${
            record === 'yes' ? '"yes"' : String(record)
          } (reason "invalid_options")`,
      },
    );
  }
});

test('fixtureMode reads RECORD as 1, true, yes or on in any case, and rejects the rest', async () => {
  for (const value of ['1', 'true', 'TRUE', 'yes', 'Yes', 'on', 'ON']) {
    assert.equal(
      await fixtureMode(modelFile, { env: { RECORD: value } }),
      'record',
      value,
    );
  }
  assert.equal(await fixtureMode(modelFile, { env: { RECORD: '' } }), 'replay');
  for (const value of ['0', 'false', 'no', 'off', 'maybe', ' 1', 'yes!']) {
    await assert.rejects(
      fixtureMode(modelFile, { env: { RECORD: value } }),
      isFileError(
        'invalid_record_flag',
        modelFile,
        `RECORD=${JSON.stringify(value)}`,
      ),
    );
  }
  const error = await fixtureMode(modelFile, { env: { RECORD: 'maybe' } })
    .catch((thrown: unknown) => thrown as Error);
  assert.equal(
    (error as Error).message,
    `Invalid RECORD for fixture file "${modelFile}": expected 1, true, yes or on (any case) to record, or nothing to replay, got RECORD="maybe"`,
  );
});

test('fixtureMode never records in CI unless the code asks', async () => {
  const missing = `${tempFolder()}/missing.json`;
  const ciValues = ['true', '1', 'yes', 'TRUE', 'github'];
  for (const value of ciValues) {
    const env = { CI: value };
    assert.equal(await fixtureMode(modelFile, { env }), 'replay');
    await assert.rejects(
      fixtureMode(missing, { env }),
      isFileError(
        'missing_in_ci',
        missing,
        `CI is set (CI=${JSON.stringify(value)})`,
      ),
    );
    await assert.rejects(
      fixtureMode(modelFile, { env: { ...env, RECORD: 'on' } }),
      isFileError(
        'record_in_ci',
        modelFile,
        `CI is set (CI=${JSON.stringify(value)})`,
      ),
    );
  }
  // Set to nothing or to a false value, CI is not CI.
  for (const value of ['', '0', 'false', 'FALSE']) {
    assert.equal(await fixtureMode(missing, { env: { CI: value } }), 'record');
    assert.equal(
      await fixtureMode(modelFile, { env: { CI: value, RECORD: '1' } }),
      'record',
    );
  }
  // An environment that cannot be read might be CI: nothing records.
  const unreadable = new Proxy({}, {
    get() {
      throw new Error('no permission');
    },
  });
  const cannot = 'the environment cannot be read to rule out CI';
  await assert.rejects(
    fixtureMode(missing, { env: unreadable }),
    isFileError('missing_in_ci', missing, cannot),
  );
  assert.equal(await fixtureMode(modelFile, { env: unreadable }), 'replay');
  const error = await fixtureMode(missing, ci).catch((e: unknown) => e);
  assert.equal(
    (error as Error).message,
    `Fixture file "${missing}" is missing and CI is set (CI="true"): not recording in CI; record it locally with RECORD=1 <your test command> and commit it, or pass record: true`,
  );
  const recordInCi = await fixtureMode(modelFile, {
    env: { CI: 'true', RECORD: '1' },
  }).catch((e: unknown) => e);
  assert.equal(
    (recordInCi as Error).message,
    `RECORD asks to record fixture file "${modelFile}" and CI is set (CI="true"): not recording in CI; unset RECORD, or pass record: true`,
  );
});

test('fixtureMode reads CI and RECORD from the process environment by default', async () => {
  const saved = { CI: process.env.CI, RECORD: process.env.RECORD };
  const restore = (name: 'CI' | 'RECORD') => {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  };
  try {
    process.env.CI = 'true';
    process.env.RECORD = 'Yes';
    await assert.rejects(
      fixtureMode(modelFile),
      isFileError('record_in_ci', modelFile, 'CI is set (CI="true")'),
    );
    process.env.CI = 'false';
    assert.equal(await fixtureMode(modelFile), 'record');
    assert.equal(await fixtureMode(modelFile, null as never), 'record');
  } finally {
    restore('CI');
    restore('RECORD');
  }
});

test('fixtureMode names a file it cannot read', async () => {
  await assert.rejects(
    fixtureMode('tests/replay/data', local),
    isFileError('unreadable', 'tests/replay/data', 'EISDIR'),
  );
});

test('modelFixture in CI with the file missing fails before building the model', async () => {
  const path = `${tempFolder()}/missing.json`;
  let built = 0;
  const real = () => {
    built++;
    return new ScriptedModel([]);
  };
  await assert.rejects(
    modelFixture(path, { real, ...ci }),
    isFileError('missing_in_ci', path, 'CI is set (CI="true")'),
  );
  await assert.rejects(
    realtimeFixture(path, { real: notCalled, ...ci }),
    isFileError('missing_in_ci', path, 'CI is set (CI="true")'),
  );
  await assert.rejects(
    modelFixture(path, { real, record: false, env: {} }),
    isFileError('missing', path),
  );
  assert.equal(built, 0);
  // The code asks: recorded even in CI.
  const asked = await modelFixture(path, { real, record: true, ...ci });
  assert.equal(asked.mode, 'record');
  assert.equal(built, 1);
  const missing = await modelFixture(path, { real, record: false, env: {} })
    .catch((e: unknown) => e);
  assert.equal(
    (missing as Error).message,
    `Fixture file "${path}" is missing: record it once with RECORD=1 <your test command> (or pass record: true), then commit it`,
  );
});

test('modelFixture replays the committed file through Agent and Runner', async () => {
  const recorded = JSON.parse(
    await readFile(modelFile, 'utf8'),
  ) as ModelFixture;
  assert.equal(recorded.calls.length, 1);
  const fixture = await modelFixture(modelFile, { real: notCalled, ...ci });
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
    message: [
      'Incomplete model script: 1 step left ("responder")',
      'Timeline (1 step; ">" marks the first divergence):',
      '> step 0 "responder": pending',
    ].join('\n'),
  });
});

test('modelFixture names the file, line and column of a damaged fixture, and how to re-record', async () => {
  const folder = tempFolder();
  const path = `${folder}/damaged.json`;
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(
      path,
      '{\n  "version": 1,\n  "kind": "model"\n  "calls": [',
      'utf8',
    );
    const error = await modelFixture(path, { real: notCalled, ...ci })
      .catch((e: unknown) => e);
    assert.ok(error instanceof InvalidRecordingError, String(error));
    assert.equal(error.reason, 'invalid_json');
    assert.equal(error.file, path);
    assert.equal(error.line, 4);
    assert.equal(error.column, 3);
    assert.equal(
      error.message,
      `Invalid recording ${path}:4:3: expected "," or a closing bracket, got "\\"" (reason "invalid_json"); re-record it: RECORD=1 <your test command>, or delete the file`,
    );
    // A malformed item: the path inside the file.
    const fixture = JSON.parse(await readFile(modelFile, 'utf8'));
    fixture.calls[0].response.output[0].content = 'oops';
    await writeFile(path, JSON.stringify(fixture), 'utf8');
    const item = await realtimeFixture(path, { real: notCalled, ...ci })
      .catch((e: unknown) => e);
    assert.ok(item instanceof InvalidRecordingError);
    assert.equal(item.reason, 'wrong_kind');
    const call = await modelFixture(path, { real: notCalled, ...ci })
      .catch((e: unknown) => e);
    assert.ok(call instanceof InvalidRecordingError);
    assert.equal(call.file, path);
    assert.equal(call.line, undefined);
    assert.equal(call.callIndex, 0);
    assert.equal(
      call.message,
      `Invalid recording ${path}: expected "calls[0].response.output[0].content" to be an array, got "oops" (reason "invalid_call"); re-record it: RECORD=1 <your test command>, or delete the file`,
    );
    // A newer fixture: upgrade, not re-record.
    await writeFile(path, '{"version": 2}', 'utf8');
    await assert.rejects(
      modelFixture(path, { real: notCalled, ...ci }),
      {
        name: 'InvalidRecordingError',
        reason: 'newer_version',
        message:
          `Invalid recording ${path}: expected "version" to be fixture version 1, got 2 (reason "newer_version"); upgrade @scripted/agents: a newer version wrote this fixture`,
      },
    );
    // Errors other than the fixture's pass through as they are.
    await writeFile(path, await readFile(modelFile, 'utf8'), 'utf8');
    await assert.rejects(
      modelFixture(path, { real: notCalled, ...ci, aspects: 'input' as never }),
      (thrown: unknown) =>
        thrown instanceof InvalidRecordingError &&
        thrown.reason === 'invalid_options' && thrown.file === undefined &&
        thrown.path === 'options.aspects',
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture records into a new folder, then replays the written file', async () => {
  const folder = tempFolder();
  const path = `${folder}/nested/greeting.json`;
  try {
    let built = 0;
    const recording = await modelFixture(path, {
      real: () => {
        built++;
        return Promise.resolve(
          new ScriptedModel([[assistantMessage('Salut')]]),
        );
      },
      sdkVersion: 'unit',
      ...local,
    });
    assert.equal(recording.mode, 'record');
    assert.equal(built, 1);
    assert.equal(await greet(recording.model), 'Salut');
    const finished = recording.finish();
    assert.ok(finished instanceof Promise);
    assert.equal(await finished, undefined);
    const text = await readFile(path, 'utf8');
    const written = JSON.parse(text) as ModelFixture;
    assert.equal(written.kind, 'model');
    assert.equal(written.sdkVersion, 'unit');
    assert.equal(written.calls.length, 1);
    assert.equal(written.calls[0]!.request.instructions, 'Greet in French.');
    assert.ok(text.endsWith('}\n'));
    // Written whole, through a temporary file that is gone.
    assert.deepEqual(await readdir(`${folder}/nested`), ['greeting.json']);

    const replaying = await modelFixture(path, { real: notCalled, ...local });
    assert.equal(replaying.mode, 'replay');
    assert.equal(await greet(replaying.model), 'Salut');
    await replaying.finish();
    assert.equal(built, 1);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture records over an existing file when RECORD says so, replacing it whole', async () => {
  const folder = tempFolder();
  const path = `${folder}/greeting.json`;
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(path, await readFile(modelFile, 'utf8'), 'utf8');
    const recordings = await Promise.all(
      ['Salut', 'Coucou'].map(async (word) => {
        const fixture = await modelFixture(path, {
          real: () => new ScriptedModel([[assistantMessage(word)]]),
          env: { RECORD: 'yes' },
        });
        assert.equal(fixture.mode, 'record');
        assert.equal(await greet(fixture.model), word);
        return fixture;
      }),
    );
    // Two recorders at once: one whole fixture remains.
    await Promise.all(recordings.map((fixture) => fixture.finish()));
    assert.deepEqual(await readdir(folder), ['greeting.json']);
    const replay = await modelFixture(path, { real: notCalled, ...ci });
    assert.match(String(await greet(replay.model)), /^(Salut|Coucou)$/);
    await replay.finish();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

/**
 * A symbolic link to a copy of the committed model fixture, made here
 * (Node, Bun), or the committed one where links cannot be made (Deno grants
 * `symlink` only with unscoped read and write permissions).
 */
async function linkedFixture(): Promise<{ link: string; target: string }> {
  const folder = tempFolder();
  const target = `${folder}/target.json`;
  const link = `${folder}/link.json`;
  await mkdir(folder, { recursive: true });
  await writeFile(target, await readFile(modelFile, 'utf8'), 'utf8');
  try {
    await symlink('target.json', link);
    return { link, target };
  } catch {
    await rm(folder, { recursive: true, force: true });
    return { link: 'tests/replay/data/greeting_link.json', target: modelFile };
  }
}

test('modelFixture never writes through a symbolic link', async () => {
  const { link, target } = await linkedFixture();
  try {
    assert.equal((await lstat(link)).isSymbolicLink(), true);
    const before = await readFile(target, 'utf8');
    // Replaying reads through the link.
    const replay = await modelFixture(link, { real: notCalled, ...ci });
    assert.equal(await greet(replay.model), 'Bonjour');
    await replay.finish();
    const recording = await modelFixture(link, {
      real: () => new ScriptedModel([[assistantMessage('Salut')]]),
      record: true,
    });
    await greet(recording.model);
    await assert.rejects(recording.finish(), isFileError('symlink', link));
    assert.equal(await readFile(target, 'utf8'), before);
    assert.equal((await lstat(link)).isSymbolicLink(), true);
    const error = await recording.finish().catch((e: unknown) => e);
    assert.equal(
      (error as Error).message,
      `Fixture file "${link}" is a symbolic link: not writing through it; replace it with a regular file, or name the link's target in the test`,
    );
  } finally {
    if (link.startsWith(tempRoot)) {
      await rm(link.slice(0, link.lastIndexOf('/')), {
        recursive: true,
        force: true,
      });
    }
  }
});

test('modelFixture names a file it cannot write', async () => {
  const folder = tempFolder();
  try {
    await mkdir(`${folder}/taken.json`, { recursive: true });
    const recording = await modelFixture(`${folder}/taken.json`, {
      real: () => new ScriptedModel([[assistantMessage('Salut')]]),
      record: true,
    });
    await greet(recording.model);
    await assert.rejects(recording.finish(), (error: unknown) => {
      assert.ok(error instanceof FixtureFileError);
      assert.equal(error.reason, 'unwritable');
      assert.equal(error.file, `${folder}/taken.json`);
      assert.match(String(error.detail), /^E[A-Z]+$/);
      assert.ok(error.cause instanceof Error);
      return true;
    });
    assert.deepEqual(await readdir(folder), ['taken.json']);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture does not write a recording that failed at the provider, unless kept', async () => {
  const folder = tempFolder();
  const path = `${folder}/failed.json`;
  const failing = () =>
    new ScriptedModel([
      modelError(
        Object.assign(
          new Error('Incorrect API key provided: acme-live-0123456789'),
          { name: 'AuthenticationError', status: 401 },
        ),
      ),
    ]);
  const env = { ACME_API_KEY: 'acme-live-0123456789' };
  try {
    const recording = await modelFixture(path, { real: failing, env });
    await assert.rejects(greet(recording.model), { status: 401 });
    await assert.rejects(
      recording.finish(),
      isFileError(
        'failed_recording',
        path,
        'AuthenticationError (401): Incorrect API key provided: [redacted]',
        0,
      ),
    );
    await assert.rejects(readFile(path, 'utf8'), { code: 'ENOENT' });
    const error = await recording.finish().catch((e: unknown) => e);
    assert.equal(
      (error as Error).message,
      `Recording of fixture file "${path}" failed at the provider: call 0 threw AuthenticationError (401): Incorrect API key provided: [redacted]; the file was not written (fix the cause and record again, or pass keepErrors: true to keep a recording of the failure)`,
    );
    const kept = await modelFixture(path, {
      real: failing,
      env,
      keepErrors: true,
    });
    await assert.rejects(greet(kept.model), { status: 401 });
    await kept.finish();
    const text = await readFile(path, 'utf8');
    assert.equal(text.includes('acme-live-0123456789'), false);
    const replay = await modelFixture(path, { real: notCalled, env });
    await assert.rejects(greet(replay.model), {
      name: 'AuthenticationError',
      status: 401,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture removes the values of secret-looking variables, and replays alike', async () => {
  const folder = tempFolder();
  const path = `${folder}/secret.json`;
  const key = `acme:${crypto.randomUUID()}`;
  const env = { ACME_SERVICE_TOKEN: key, OTHER: 'not-a-secret-name' };
  try {
    const recording = await modelFixture(path, {
      real: () => new ScriptedModel([[assistantMessage(`Your key is ${key}`)]]),
      env,
      secrets: ['user-typed-value'],
    });
    assert.equal(
      await greet(recording.model, `Use ${key} and user-typed-value`),
      `Your key is ${key}`,
    );
    await recording.finish();
    const text = await readFile(path, 'utf8');
    assert.equal(text.includes(key), false);
    assert.equal(text.includes('user-typed-value'), false);
    assert.equal(text.includes('not-a-secret-name'), false);
    // The same run replays: its request is redacted the same way.
    const replay = await modelFixture(path, {
      real: notCalled,
      env,
      secrets: ['user-typed-value'],
    });
    assert.equal(
      await greet(replay.model, `Use ${key} and user-typed-value`),
      'Your key is [redacted]',
    );
    await replay.finish();
    // Recording needs the variables; replaying does without.
    const unlisted = new Proxy({}, {
      ownKeys() {
        throw new Error('no permission');
      },
    });
    await assert.rejects(
      modelFixture(`${folder}/other.json`, {
        real: notCalled,
        record: true,
        env: unlisted,
      }),
      isFileError(
        'environment',
        `${folder}/other.json`,
        '"Error: no permission"',
      ),
    );
    const bare = await modelFixture(path, { real: notCalled, env: unlisted });
    assert.equal(bare.mode, 'replay');
    // A malformed secrets option is the recorder's to reject.
    await assert.rejects(
      modelFixture(path, { real: notCalled, env, secrets: 'x' as never }),
      { name: 'InvalidRecordingError', reason: 'invalid_options' },
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('secretsFromEnvironment reads the process environment by default', () => {
  const name = `SCRIPTED_AGENTS_TEST_${
    crypto.randomUUID().slice(0, 8)
  }_API_KEY`;
  const value = `value-${crypto.randomUUID()}`;
  process.env[name] = value;
  try {
    assert.ok(secretsFromEnvironment().includes(value));
    assert.deepEqual(secretsFromEnvironment({ [name]: value }), [value]);
  } finally {
    delete process.env[name];
  }
  assert.equal(secretsFromEnvironment().includes(value), false);
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
  const fixture = await realtimeFixture(realtimeFile, {
    real: notCalled,
    ...ci,
  });
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
    message: [
      'Incomplete realtime scenario: 3 pending expectations left ("connect", "sendMessage", "close")',
      'Timeline (3 expectations; ">" marks the first divergence):',
      '> expectation 0 "connect": pending',
      '  expectation 1 "sendMessage": pending',
      '  expectation 2 "close": pending',
    ].join('\n'),
  });
});

test('realtimeFixture records into a new folder, then replays the written file', async () => {
  const folder = tempFolder();
  const path = `${folder}/voice/greeting.json`;
  try {
    const real = new ScriptedRealtimeTransport();
    const recording = await realtimeFixture(path, {
      real: () => real,
      sdkVersion: 'unit',
      ...local,
    });
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
    const replaying = await realtimeFixture(path, { real: notCalled, ...ci });
    assert.equal(replaying.mode, 'replay');
    assert.deepEqual(await talk(replaying.transport), ['resp_2']);
    await replaying.finish();
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('realtimeFixture does not write a recording whose call failed, unless kept', async () => {
  const folder = tempFolder();
  const path = `${folder}/voice.json`;
  const failing = () => {
    const real = new ScriptedRealtimeTransport();
    real.failNextCall(
      'sendMessage',
      Object.assign(new Error('socket closed'), { name: 'ConnectionError' }),
    );
    return real;
  };
  try {
    for (const keepErrors of [false, true]) {
      const recording = await realtimeFixture(path, {
        real: failing,
        keepErrors,
        ...local,
      });
      await recording.transport.connect({ apiKey: 'k', model: 'm' });
      assert.throws(() => recording.transport.sendMessage('Hi', {}), {
        message: 'socket closed',
      });
      recording.transport.close();
      if (!keepErrors) {
        await assert.rejects(
          recording.finish(),
          isFileError(
            'failed_recording',
            path,
            'ConnectionError: socket closed',
            1,
          ),
        );
        await assert.rejects(readFile(path, 'utf8'), { code: 'ENOENT' });
      } else {
        await recording.finish();
        const written = JSON.parse(await readFile(path, 'utf8'));
        assert.equal(written.log[1].error.message, 'socket closed');
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("modelFixture adds the process environment's secrets when no env is given", async () => {
  const folder = tempFolder();
  const path = `${folder}/process.json`;
  const name = `SCRIPTED_AGENTS_TEST_${crypto.randomUUID().slice(0, 8)}_TOKEN`;
  const value = `process-${crypto.randomUUID()}`;
  process.env[name] = value;
  try {
    const recording = await modelFixture(path, {
      real: () => new ScriptedModel([[assistantMessage(`Got ${value}`)]]),
      record: true,
    });
    await greet(recording.model, `Use ${value}`);
    await recording.finish();
    const stored = await readFile(path, 'utf8');
    assert.equal(stored.includes(value), false);
    assert.match(stored, /Got \[redacted\]/);
    // With the option's secrets too, both go.
    const both = await modelFixture(path, {
      real: () => new ScriptedModel([[assistantMessage(`Got ${value}`)]]),
      record: true,
      secrets: ['option-secret-1'],
    });
    await greet(both.model, `Use ${value} and option-secret-1`);
    await both.finish();
    const again = await readFile(path, 'utf8');
    assert.equal(again.includes(value), false);
    assert.equal(again.includes('option-secret-1'), false);
    // A malformed option stays the recorder's to reject, with its path.
    await assert.rejects(
      modelFixture(path, {
        real: () => new ScriptedModel([]),
        record: true,
        secrets: 'option-secret-1' as never,
      }),
      { name: 'InvalidRecordingError', path: 'options.secrets' },
    );
  } finally {
    delete process.env[name];
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture names what the file system refused, and the cause', async () => {
  const folder = tempFolder();
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(`${folder}/file`, 'not a folder', 'utf8');
    // A fixture below a file: its folder cannot be made.
    const path = `${folder}/file/fixture.json`;
    const recording = await modelFixture(path, {
      real: () => new ScriptedModel([[assistantMessage('Salut')]]),
      record: true,
    });
    await greet(recording.model);
    const error = await recording.finish().catch((e: unknown) => e);
    assert.ok(error instanceof FixtureFileError, String(error));
    assert.equal(error.reason, 'unwritable');
    assert.equal(error.detail, 'ENOTDIR');
    assert.ok(error.cause instanceof Error);
    assert.equal(
      error.message,
      `Fixture file "${path}" cannot be written: ENOTDIR`,
    );
    // Errors without a cause have none.
    const missing = new FixtureFileError({ reason: 'missing', file: path });
    assert.equal('cause' in missing, false);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('modelFixture cuts a long provider error in the failed-recording message', async () => {
  const folder = tempFolder();
  const path = `${folder}/long.json`;
  try {
    const long = 'm'.repeat(300);
    const recording = await modelFixture(path, {
      real: () => new ScriptedModel([modelError(new Error(long))]),
      record: true,
    });
    await assert.rejects(greet(recording.model));
    await assert.rejects(
      recording.finish(),
      isFileError('failed_recording', path, `Error: ${'m'.repeat(200)}…`, 0),
    );
    const exact = await modelFixture(path, {
      real: () => new ScriptedModel([modelError(new Error('e'.repeat(200)))]),
      record: true,
    });
    await assert.rejects(greet(exact.model));
    await assert.rejects(
      exact.finish(),
      isFileError('failed_recording', path, `Error: ${'e'.repeat(200)}`, 0),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test('realtimeFixture counts calls, not events, to name the failed one', async () => {
  const folder = tempFolder();
  const path = `${folder}/voice.json`;
  try {
    // The first call fails.
    const first = await realtimeFixture(path, {
      real: () => {
        const real = new ScriptedRealtimeTransport();
        real.failNextCall('connect', new Error('refused'));
        return real;
      },
      record: true,
    });
    await assert.rejects(first.transport.connect({ apiKey: 'k' }));
    await assert.rejects(
      first.finish(),
      isFileError('failed_recording', path, 'Error: refused', 0),
    );
    // Events before the failed call do not count.
    const real = new ScriptedRealtimeTransport();
    const later = await realtimeFixture(path, {
      real: () => real,
      record: true,
    });
    later.transport.on('audio_interrupted', () => {});
    await later.transport.connect({ apiKey: 'k' });
    real.emit('audio_interrupted');
    real.emit('audio_interrupted');
    real.failNextCall('mute', new Error('no'));
    assert.throws(() => later.transport.mute(true));
    await assert.rejects(
      later.finish(),
      isFileError('failed_recording', path, 'Error: no', 1),
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
