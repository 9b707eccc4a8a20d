import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import process from 'node:process';
import test from 'node:test';
import { Agent, type Model, Runner, tool } from '@openai/agents';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { z } from 'zod';
import {
  assistantMessage,
  functionCall,
  modelError,
  ScriptedModel,
} from '@scripted/agents';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  type ModelFixture,
  recordModel,
  recordRealtimeTransport,
  replayModel,
  replayRealtimeTransport,
} from '@scripted/agents/replay';
import { modelFixture } from '@scripted/agents/replay/files';
import { assertNonePlanted, plant, type Planted } from '../replay/_planted.ts';

function uniqueKey(): string {
  return `sk-test-${crypto.randomUUID()}`;
}

/** Every string reachable from `root`: own keys (enumerable or not), values,
 * symbol-keyed values, error causes, map and set entries, getters' results. */
function reachableStrings(root: unknown): string[] {
  const out: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      out.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || depth > 20) return;
    if (seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) {
      for (const [k, v] of value) visit(k, depth + 1), visit(v, depth + 1);
    }
    if (value instanceof Set) { for (const v of value) visit(v, depth + 1); }
    for (
      let object: object | null = value;
      object !== null && object !== Object.prototype &&
      object !== Array.prototype && object !== Error.prototype;
      object = Object.getPrototypeOf(object)
    ) {
      for (const key of Reflect.ownKeys(object)) {
        if (typeof key === 'string') out.push(key);
        let field: unknown;
        try {
          field = (value as Record<PropertyKey, unknown>)[key];
        } catch {
          continue;
        }
        if (typeof field !== 'function') visit(field, depth + 1);
      }
    }
  };
  visit(root, 0);
  return out;
}

function assertNoKey(what: string, value: unknown, key: string): void {
  const json = JSON.stringify(value) ?? '';
  assert(!json.includes(key), `${what}: the key is in JSON.stringify`);
  const leaked = reachableStrings(value).filter((text) => text.includes(key));
  assert.deepEqual(leaked, [], `${what}: the key is reachable`);
}

test('reachableStrings finds a key hidden in a non-enumerable field', () => {
  // The search must be able to fail, or the tests below prove nothing.
  const key = uniqueKey();
  const hidden = Object.defineProperty({}, 'secret', { value: { key } });
  const error = new Error('x', { cause: new Map([['k', key]]) });
  assert(reachableStrings(hidden).includes(key));
  assert(reachableStrings(error).includes(key));
});

test('ScriptedRealtimeTransport keeps a connect key out of calls, errors and JSON', async () => {
  for (const provide of ['string', 'function'] as const) {
    const key = uniqueKey();
    const apiKey = provide === 'string' ? key : () => Promise.resolve(key);
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(
      new RealtimeAgent({ name: 'Assistant' }),
      { transport },
    );
    const errors: unknown[] = [];
    // A matcher sees the recorded call, never the key.
    const seenByMatcher: unknown[] = [];
    const connected = transport.expectCall('connect', (call) => {
      seenByMatcher.push(call);
    });
    await session.connect({ apiKey });
    const call = await connected;
    assert.equal(call.method, 'connect');
    // A second connect nobody expected: an unexpected-call error.
    const wrong = transport.expectCall('sendMessage');
    wrong.catch((error) => errors.push(error));
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    await wrong.catch(() => undefined);
    // A matcher rejecting a keyed connect.
    transport.expectCall('connect', () => false).catch((error) =>
      errors.push(error)
    );
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    // The completion errors carry the recorded calls.
    for (const check of [() => transport.assertComplete()]) {
      try {
        check();
      } catch (error) {
        errors.push(error);
      }
    }
    // Injected failures of connect.
    transport.failNextCall('connect', new Error('refused'));
    transport.expectCall('connect').catch((error) => errors.push(error));
    await transport.connect({ apiKey } as never).catch((error) =>
      errors.push(error)
    );
    session.close();

    assert(errors.length >= 3, `only ${errors.length} errors were produced`);
    assert(transport.calls.length >= 3);
    assertNoKey(`${provide} calls`, transport.calls, key);
    assertNoKey(`${provide} matcher`, seenByMatcher, key);
    for (const error of errors) {
      const { message, name } = error as Error;
      assertNoKey(`${provide} ${name} message`, message, key);
      assertNoKey(`${provide} ${name} fields`, error, key);
    }
    assertNoKey(`${provide} transport`, transport, key);
    for (const record of transport.calls) {
      assertNoKey(`${provide} record`, JSON.parse(JSON.stringify(record)), key);
    }
    const connects = transport.calls.filter((c) => c.method === 'connect');
    for (const record of connects) {
      assert.equal(
        (record as unknown as { options: { apiKeyProvided: boolean } })
          .options.apiKeyProvided,
        true,
      );
    }
  }
});

/** A stand-in provider answering with every planted credential. */
function plantedProvider(planted: Planted, fail = false): Model {
  const { byKey, shapes, custom } = planted;
  if (fail) {
    return new ScriptedModel([
      modelError(
        Object.assign(
          new Error(
            `401 Incorrect API key provided: ${custom} (sent as ${shapes.bearer}, body {"api_key":"${byKey.api_key}"})`,
          ),
          { name: 'AuthenticationError', status: 401, code: shapes.openai },
        ),
      ),
    ]);
  }
  const echoed = {
    // A gateway echoing what it received.
    headers: {
      authorization: byKey.authorization,
      'set-cookie': byKey['set-cookie'],
      id_token: byKey.id_token,
      'x-api-key': byKey['x-api-key'],
    },
    env: {
      OPENAI_API_KEY: byKey.OPENAI_API_KEY,
      aws_secret_access_key: byKey.aws_secret_access_key,
      credentials: { user: 'deploy', secret: byKey.credentials },
      refresh_token: byKey.refresh_token,
    },
    note:
      `echo ${shapes.slack} ${shapes.google} ${shapes.userinfo} ${shapes.lowerBearer}`,
  };
  return new ScriptedModel([
    {
      output: [
        functionCall('lookup', {
          city: 'Paris',
          api_key: byKey.api_key,
          sessionToken: byKey.sessionToken,
          note: shapes.github,
        }, {
          callId: 'call_1',
          providerData: { access_token: byKey.access_token },
        }),
      ],
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      responseId: 'resp_1',
      providerData: echoed,
    } as never,
    [
      assistantMessage(
        `${shapes.jwt} ${shapes.aws} ${shapes.query} ${shapes.openai} ${custom} ${shapes.githubPat} ${shapes.basic} ${shapes.token}`,
      ),
    ],
  ]);
}

/** Runs an agent carrying the planted credentials on `model`. */
async function plantedRun(
  model: Model,
  planted: Planted,
  stream: boolean,
): Promise<unknown> {
  const { byKey, shapes, custom, listed } = planted;
  const agent = new Agent({
    name: 'Vault',
    instructions: `Call the gateway with ${shapes.bearer}.`,
    model,
    modelSettings: {
      providerData: {
        extra_headers: {
          'x-api-key': byKey['x-api-key'],
          'OpenAI-Organization': byKey['OpenAI-Organization'],
          'OpenAI-Project': byKey['OpenAI-Project'],
          cookie: byKey.cookie,
          'x-auth-token': byKey['x-auth-token'],
        },
        extra_body: {
          client_secret: byKey.client_secret,
          passwd: byKey.passwd,
        },
      },
    },
    tools: [tool({
      name: 'lookup',
      description: 'Looks a city up with a key.',
      parameters: z.object({
        city: z.string(),
        api_key: z.string(),
        sessionToken: z.string(),
        note: z.string(),
      }),
      // A tool output in JSON, with credentials of its own.
      execute: () =>
        JSON.stringify({
          github_token: byKey.github_token,
          private_key: shapes.pem,
          password: byKey.password,
          session_token: byKey.session_token,
          apiKey: byKey.apiKey,
          ephemeral: shapes.ephemeral,
        }),
    })],
  });
  const prompt =
    `Deploy with ${shapes.userinfo}, ${custom} and ${listed}; key ${shapes.openai}; ${shapes.pem}`;
  const runner = new Runner({ tracingDisabled: true });
  if (!stream) return (await runner.run(agent, prompt)).finalOutput;
  const result = await runner.run(agent, prompt, { stream: true });
  for await (const _ of result) { /* drain */ }
  await result.completed;
  return result.finalOutput;
}

test('A recording carrying every planted credential stores none of them, and replays', async () => {
  for (const stream of [false, true]) {
    const planted = plant();
    const secrets = [planted.custom, planted.listed];
    const recording = recordModel(plantedProvider(planted), { secrets });
    const live = await plantedRun(recording, planted, stream);
    const json = recording.fixtureJson();
    assertNonePlanted(json, planted);
    const fixture = JSON.parse(json) as ModelFixture;
    assert.equal(fixture.calls.length, 2);
    assert.equal(fixture.calls[0]!.streamed, stream);
    // A parameter named like a credential keeps its schema.
    const lookup = fixture.calls[0]!.request.tools[0] as {
      parameters: { properties: Record<string, unknown>; required: string[] };
    };
    assert.deepEqual(lookup.parameters.properties.api_key, { type: 'string' });
    assert.deepEqual(lookup.parameters.properties.sessionToken, {
      type: 'string',
    });
    assert.deepEqual(lookup.parameters.required, [
      'city',
      'api_key',
      'sessionToken',
      'note',
    ]);
    // The run replays: each request redacted the same way compares equal.
    const replay = replayModel(json, { secrets });
    const replayed = await plantedRun(replay, planted, stream);
    replay.assertComplete();
    assert.equal(
      replayed,
      String(live).replaceAll(planted.custom, '[redacted]')
        .replace(/sk-proj-\w+/, '[redacted]')
        .replace(/eyJ[\w.-]+/, '[redacted]')
        .replace(/AKIA\w+/, '[redacted]')
        .replace(/api-key=\w+/, 'api-key=[redacted]')
        .replace(/github_pat_\w+/, '[redacted]')
        .replace(/Basic \S+/, 'Basic [redacted]')
        .replace(/Token \w+/, 'Token [redacted]'),
    );
  }
});

test('A failed recording stores no credential of the provider error', async () => {
  const planted = plant();
  const recording = recordModel(plantedProvider(planted, true), {
    secrets: [planted.custom, planted.listed],
  });
  await assert.rejects(plantedRun(recording, planted, false), { status: 401 });
  const json = recording.fixtureJson();
  assertNonePlanted(json, planted);
  const error = (JSON.parse(json) as ModelFixture).calls[0]!.error as Record<
    string,
    unknown
  >;
  assert.equal(
    error.message,
    '401 Incorrect API key provided: [redacted] (sent as Bearer [redacted], body {"api_key":"[redacted]"})',
  );
  assert.equal(error.code, '[redacted]');
  assert.equal(error.status, 401);
});

test('A custom-format key only in an environment variable never reaches the file', async () => {
  const planted = plant();
  const name = `ACME_GATEWAY_${crypto.randomUUID().slice(0, 8)}_API_KEY`;
  const folder = `.tmp/fixture-files/${crypto.randomUUID()}`;
  const path = `${folder}/planted.json`;
  process.env[name] = planted.custom;
  try {
    // The test names no secret: the file helper reads the environment.
    const fixture = await modelFixture(path, {
      real: () => plantedProvider(planted),
      record: true,
      secrets: [planted.listed],
    });
    await plantedRun(fixture.model, planted, false);
    await fixture.finish();
    const stored = await readFile(path, 'utf8');
    assertNonePlanted(stored, planted);
    assert.ok(stored.includes('[redacted]'));
    const replay = await modelFixture(path, {
      real: () => assert.fail('not recording'),
      record: false,
      secrets: [planted.listed],
    });
    await plantedRun(replay.model, planted, false);
    await replay.finish();
  } finally {
    delete process.env[name];
    await rm(folder, { recursive: true, force: true });
  }
});

test('A Realtime recording stores no connect URL key, session token or client secret', async () => {
  const planted = plant();
  const { byKey, shapes, custom, listed } = planted;
  const real = new ScriptedRealtimeTransport();
  const transport = recordRealtimeTransport(real, {
    secrets: [custom, listed],
  });
  transport.on('*', () => {});
  // Userinfo and credential query parameters in the connect URL.
  const url = `${
    shapes.userinfo.replace('https:', 'wss:').replace(
      'git.example.com/repo.git',
      'rt.example.com/v1/realtime',
    )
  }?model=gpt-realtime&api_key=${byKey.api_key}&client_secret=${byKey.client_secret}`;
  await transport.connect({
    apiKey: shapes.openai,
    url,
    model: 'gpt-realtime',
  });
  real.emit('*', {
    type: 'session.created',
    session: {
      client_secret: { value: shapes.ephemeral, expires_at: 1 },
      session_token: byKey.session_token,
      tools: [{
        type: 'function',
        name: 'lookup',
        parameters: {
          type: 'object',
          properties: { api_key: { type: 'string' } },
        },
      }],
    },
  });
  transport.sendMessage(`Use ${shapes.bearer} and ${custom}, ${listed}`, {
    sessionToken: byKey.sessionToken,
  });
  transport.updateSessionConfig({
    providerData: { 'x-api-key': byKey['x-api-key'] },
  } as never);
  real.emit('*', {
    type: 'error',
    error: { message: `bad key ${shapes.jwt} ${shapes.github}` },
  });
  transport.close();
  const json = transport.fixtureJson();
  assertNonePlanted(json, planted);
  assert.equal(JSON.stringify(transport).includes(byKey.api_key), false);
  // The session's tool schema keeps its property named api_key.
  assert.ok(json.includes('"api_key": {\n'), 'the schema node was redacted');
  // Replaying the same calls compares equal: redacted alike.
  const replay = replayRealtimeTransport(json, { secrets: [custom, listed] });
  await replay.connect({ apiKey: 'other', url, model: 'gpt-realtime' });
  replay.sendMessage(`Use ${shapes.bearer} and ${custom}, ${listed}`, {
    sessionToken: 'another-session-token',
  });
  replay.updateSessionConfig({
    providerData: { 'x-api-key': 'another' },
  } as never);
  replay.close();
  replay.assertComplete();
});
