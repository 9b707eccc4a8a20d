/**
 * Written beside the guide's examples in every consumer cell, each of which
 * loads `@scripted/agents/guard/preload` the way docs/guard.md gives it for
 * its runner (`node --import`/`--require`, `bun test --preload`, Deno's
 * `--preload` file, vitest's and Jest's setup files): the guard is on
 * before this file's first line, and a real call fails with
 * `RealCallBlockedError` before it leaves. The examples beside it, the
 * library's doubles, pass under the same guard. Plain JavaScript apart from
 * the file name, so the Jest ESM cell runs it as `.mjs` unchanged.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { Agent, OpenAIProvider, Runner } from '@openai/agents';

// Nothing here loads the guard before the calls below: only the setup
// file can have turned it on.
test('the setup file turned the guard on: real calls fail before they leave', async () => {
  const fetched = await fetch('https://example.com/').then(
    () => 'sent',
    (error) => error,
  );
  assert.equal(fetched.name, 'RealCallBlockedError');
  assert.equal(fetched.kind, 'fetch');
  const modelProvider = new OpenAIProvider({
    apiKey: 'sk-test',
    baseURL: 'https://models.example.com/v1',
  });
  const agent = new Agent({ name: 'Unscripted', model: 'gpt-4.1' });
  const ran = await new Runner({ modelProvider, tracingDisabled: true })
    .run(agent, 'Hi')
    .then(() => 'ran', (error) => error);
  assert.equal(ran.name, 'RealCallBlockedError');
  assert.equal(ran.kind, 'model');
  assert.equal(ran.agent, 'Unscripted');
});
