/**
 * Written beside the guide's examples in the vitest and Jest cells, whose
 * setup files load `@scripted/agents/guard/preload` (`vitest.config.mjs`,
 * `jest.config.cjs`, `jest.esm.config.cjs` + `guard.setup.mjs`): the guard
 * is on before this file's first line, and a real call fails with
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
  // The setup file's module: the guard it turned on saw both.
  const { preloadedGuard } = await import('@scripted/agents/guard/preload');
  assert.equal(preloadedGuard.active, true);
  assert.equal(preloadedGuard.blocked.length, 2);
});
