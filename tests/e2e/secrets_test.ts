/**
 * Credentials against the SDK's real OpenAI model and client: a local
 * provider that echoes the credential headers back the way some gateways
 * do, a key of a custom format that only an environment variable holds, and
 * a 401 quoting it. None of it may reach the fixture file.
 *
 * @module
 */
import assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import process from 'node:process';
import test from 'node:test';
import { OpenAIResponsesModel } from '@openai/agents';
import OpenAI from 'openai';
import { FixtureFileError, modelFixture } from '@scripted/agents/replay/files';
import { startProvider } from './_provider.ts';
import { runTravelAgent, sdkVersion } from './_agent.ts';

function id(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** Runs `body` with a custom-format key held only by `ACME_…_API_KEY`. */
async function withEnvironmentKey(
  body: (key: string) => Promise<void>,
): Promise<void> {
  const name = `ACME_${id().slice(0, 8).toUpperCase()}_API_KEY`;
  const key = `acme|live|${id()}`;
  process.env[name] = key;
  try {
    await body(key);
  } finally {
    delete process.env[name];
  }
}

test('A gateway echoing credentials, and a key only in the environment, stay out of the fixture file', async () => {
  await withEnvironmentKey(async (key) => {
    const server = await startProvider({ echo: true });
    const path = `.tmp/e2e-fixtures/${id()}/echo.json`;
    const planted = {
      organization: `org-${id()}`,
      project: `proj_${id()}`,
      cookie: `session=${id()}`,
      token: `xat-${id()}`,
      github: `ghp_${id()}`,
    };
    const real = () =>
      new OpenAIResponsesModel(
        new OpenAI({
          // The client's key; the recording learns it only from the
          // environment (no `secrets` option here).
          apiKey: key,
          organization: planted.organization,
          project: planted.project,
          defaultHeaders: {
            cookie: planted.cookie,
            'x-auth-token': planted.token,
          },
          baseURL: server.baseURL,
          maxRetries: 0,
        }),
        'gpt-4.1',
      );
    try {
      for (const stream of [false, true]) {
        const recording = await modelFixture(path, {
          real,
          record: true,
          sdkVersion: sdkVersion(),
        });
        await runTravelAgent(recording.model, {
          stream,
          prompt:
            `What is the weather in Paris? (deploy token ${planted.github})`,
        });
        await recording.finish();
        const stored = await readFile(path, 'utf8');
        // The provider saw them all…
        const seen = server.requests.at(-1)!;
        assert.equal(seen.authorization, `Bearer ${key}`);
        // …and the fixture holds none.
        for (const secret of [key, ...Object.values(planted)]) {
          assert.equal(stored.includes(secret), false, `${secret} leaked`);
        }
        for (const part of Object.values(planted)) {
          assert.equal(stored.includes(part.slice(-20)), false);
        }
        assert.ok(stored.includes('[redacted]'));
        // The echo itself was recorded, credentials removed.
        assert.match(
          stored,
          /"note": "forwarded with Authorization: Bearer \[redacted\]"/,
        );
        // It replays, with the provider's echo where it was recorded.
        const replay = await modelFixture(path, {
          real: () => assert.fail('not recording'),
          env: { CI: 'true' },
        });
        await runTravelAgent(replay.model, {
          stream,
          prompt:
            `What is the weather in Paris? (deploy token ${planted.github})`,
        });
        await replay.finish();
      }
    } finally {
      await server.close();
      await rm(path.slice(0, path.lastIndexOf('/')), {
        recursive: true,
        force: true,
      });
    }
  });
});

test('A 401 quoting a key only in the environment is not written, nor quoted by the error', async () => {
  await withEnvironmentKey(async (key) => {
    const server = await startProvider({ reject: true });
    const path = `.tmp/e2e-fixtures/${id()}/rejected.json`;
    const real = () =>
      new OpenAIResponsesModel(
        new OpenAI({ apiKey: key, baseURL: server.baseURL, maxRetries: 0 }),
        'gpt-4.1',
      );
    try {
      const recording = await modelFixture(path, { real, record: true });
      const failure = await runTravelAgent(recording.model, { stream: false })
        .catch((error: unknown) => error);
      // The SDK's own error quotes the key: it is the provider's message.
      assert.match(String(failure), /401/);
      const error = await recording.finish().catch((e: unknown) => e);
      assert.ok(error instanceof FixtureFileError, String(error));
      assert.equal(error.reason, 'failed_recording');
      assert.equal(error.callIndex, 0);
      assert.match(String(error.detail), /^\w+ \(401\): .*\[redacted\]/);
      assert.equal(error.message.includes(key), false);
      await assert.rejects(readFile(path, 'utf8'), { code: 'ENOENT' });
      // Kept on purpose: written, still without the key.
      const kept = await modelFixture(path, {
        real,
        record: true,
        keepErrors: true,
      });
      await runTravelAgent(kept.model, { stream: false }).catch(() => {});
      await kept.finish();
      const stored = await readFile(path, 'utf8');
      assert.equal(stored.includes(key), false);
      assert.match(stored, /"status": 401/);
    } finally {
      await server.close();
      await rm(path.slice(0, path.lastIndexOf('/')), {
        recursive: true,
        force: true,
      });
    }
  });
});
