/**
 * The file helpers (`@scripted/agents/replay/files`) reject a wrong `path`
 * or environment at the call with an `InvalidRecordingError`
 * (`invalid_options`), hostile values included, never printing a
 * variable's value.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { ScriptedModel } from '@scripted/agents';
import { InvalidRecordingError } from '@scripted/agents/replay';
import {
  fixtureMode,
  mcpFixture,
  modelFixture,
  realtimeFixture,
  secretsFromEnvironment,
} from '@scripted/agents/replay/files';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function throwing(key: string): object {
  return Object.defineProperty({}, key, {
    enumerable: true,
    get(): never {
      throw new Error('boom');
    },
  });
}

/** Asserts an `invalid_options` error with exactly these fields. */
function check(
  path: string,
  expected: string,
  received: string | RegExp,
): (error: unknown) => boolean {
  return (error: unknown) => {
    assert.ok(error instanceof InvalidRecordingError, String(error));
    assert.equal(error.name, 'InvalidRecordingError');
    assert.equal(error.reason, 'invalid_options');
    assert.equal(error.path, path);
    assert.equal(error.expected, expected);
    if (typeof received === 'string') assert.equal(error.received, received);
    else assert.match(error.received, received);
    assert.equal(error.file, undefined);
    assert.equal(
      error.message,
      `Invalid recording: expected "${path}" to be ${expected}, got ${error.received} (reason "invalid_options")`,
    );
    return true;
  };
}

const variables = 'an object of variables';
const variable = 'a string or undefined';
const secret = 'sk-proj-abcdefghijklmnop0123456789';

type Case = [string, unknown, string, string, string | RegExp];

// What `secretsFromEnvironment(env)` and `fixtureMode(path, { env })` reject.
const environments: Case[] = [
  ['null', null, '', variables, 'null'],
  ['a number', 42, '', variables, '42'],
  ['an array', [], '', variables, 'an array of 0'],
  ['a revoked proxy', revoked(), '', 'readable', /^the error "[^"]+"$/],
  ['a throwing getter', throwing('CI'), '.CI', 'readable', 'the error "boom"'],
  ['a number variable', { CI: 1 }, '.CI', variable, 'a number'],
  ['a null variable', { CI: null }, '.CI', variable, 'null'],
  ['an object variable', { RECORD: {} }, '.RECORD', variable, 'an object'],
  [
    'a function variable',
    { RECORD: () => 1 },
    '.RECORD',
    variable,
    'a function',
  ],
  [
    'a "KEY" variable',
    { OPENAI_API_KEY: [secret] },
    '.OPENAI_API_KEY',
    variable,
    'an object',
  ],
];

for (const [name, env, path, expected, received] of environments) {
  test(`secretsFromEnvironment rejects ${name}`, () => {
    assert.throws(
      () => secretsFromEnvironment(env as never),
      check(`env${path}`, expected, received),
    );
  });
}

// What `fixtureMode(path, { env })` rejects; a variable that cannot be read
// might be CI's, which the CI rule handles (fixture_file_test.ts).
const modeEnvironments: Case[] = [
  ['a number', 42, '', 'an object', '42'],
  ['an array', [], '', 'an object', 'an array of 0'],
  ['a revoked proxy', revoked(), '', 'readable', /^the error "[^"]+"$/],
  ['a number CI', { CI: 1 }, '.CI', variable, 'a number'],
  ['a null CI', { CI: null }, '.CI', variable, 'null'],
  ['an object RECORD', { RECORD: {} }, '.RECORD', variable, 'an object'],
  ['a function RECORD', { RECORD: () => 1 }, '.RECORD', variable, 'a function'],
];

for (const [name, env, path, expected, received] of modeEnvironments) {
  test(`fixtureMode rejects an env option of ${name}`, async () => {
    await assert.rejects(
      fixtureMode('no/such/file.json', { env: env as never }),
      check(`options.env${path}`, expected, received),
    );
  });
}

test('The environment errors never show a value', async () => {
  const env = { OPENAI_API_KEY: secret, CI: 7 };
  await assert.rejects(fixtureMode('x.json', { env } as never), (error) => {
    assert.ok(error instanceof Error);
    assert.equal(String(error.message).includes('sk-proj'), false);
    assert.equal(String(error.message).includes('7'), false);
    return true;
  });
});

test('secretsFromEnvironment and fixtureMode read a plain environment', async () => {
  const env = { OPENAI_API_KEY: secret, HOME: '/root', CI: undefined };
  assert.deepEqual(secretsFromEnvironment(env), [secret]);
  assert.deepEqual(secretsFromEnvironment(Object.create(env)), []);
  assert.equal(await fixtureMode('no/such/file.json', { env }), 'record');
  assert.equal(
    await fixtureMode('no/such/file.json', { env: { RECORD: 'YES' } }),
    'record',
  );
  await assert.rejects(
    fixtureMode('no/such/file.json', { env: { CI: 'TRUE' } }),
    { name: 'FixtureFileError', reason: 'missing_in_ci' },
  );
  assert.equal(
    await fixtureMode('no/such/file.json', { env: { CI: 'False' } }),
    'record',
  );
});

const paths: [string, unknown, string][] = [
  ['a number', 42, '42'],
  ['undefined', undefined, 'undefined'],
  ['an empty string', '', '""'],
  ['an object', {}, 'an object'],
];

for (const [name, path, received] of paths) {
  test(`The file helpers reject a path of ${name}`, async () => {
    const fails = check('path', 'a non-empty string', received);
    await assert.rejects(fixtureMode(path as never), fails);
    const real = () => new ScriptedModel();
    await assert.rejects(modelFixture(path as never, { real }), fails);
    await assert.rejects(
      realtimeFixture(path as never, { real: real as never }),
      fails,
    );
    await assert.rejects(
      mcpFixture(path as never, { real: real as never }),
      fails,
    );
  });
}

test('The file helpers check the path before the options', async () => {
  await assert.rejects(
    modelFixture(1 as never, 2 as never),
    check('path', 'a non-empty string', '1'),
  );
  await assert.rejects(
    fixtureMode('x.json', 2 as never),
    check('options', 'an object', '2'),
  );
});
