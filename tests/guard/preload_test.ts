/**
 * `@scripted/agents/guard/preload` turns a guard on when it is loaded.
 * It is imported inside the test (the suite runs in one module graph) and
 * its guard restored at the end, so no other test runs under it. A runner
 * that runs the suite again in the same process (the mutation runner) gets
 * the module it already loaded, its guard restored: that run checks only
 * what is still true then (the same module, the guard off, nothing patched).
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { OpenAIResponsesModel } from '@openai/agents';
import { blockRealCalls } from '@scripted/agents/guard';
import { assertBlocked, made, rejection } from './_blocked.ts';

const runtimeFetch = globalThis.fetch;

test('guard/preload turns a guard on for the process when it is loaded', async () => {
  const original = OpenAIResponsesModel.prototype.getResponse;
  const { preloadedGuard } = await import('@scripted/agents/guard/preload');
  if (!preloadedGuard.active && preloadedGuard.blocked.length > 0) {
    // Loaded and restored by an earlier run in this process.
    const again = await import('@scripted/agents/guard/preload');
    assert.equal(again.preloadedGuard, preloadedGuard);
    assertFetchNotBlocked();
    return;
  }
  try {
    assert.equal(preloadedGuard.active, true);
    assert.deepEqual(preloadedGuard.allow, []);
    assert.notEqual(OpenAIResponsesModel.prototype.getResponse, original);
    assertBlocked(await rejection(fetch('https://example.com/')), {
      kind: 'fetch',
      call: 'fetch',
      target: 'example.com',
      host: 'example.com',
      allow: ['fetch', 'example.com'],
    });
    // A test's own guard decides over it, then hands back.
    {
      using _mine = blockRealCalls({ allow: ['fetch'] });
      const error = await rejection(fetch('http://exa mple.com/'));
      assert.equal(error instanceof TypeError, true);
    }
    assert.equal(made(preloadedGuard.blocked).length, 1);
    // Loaded again, it is the same module: no second guard.
    const again = await import('@scripted/agents/guard/preload');
    assert.equal(again.preloadedGuard, preloadedGuard);
  } finally {
    preloadedGuard.restore();
  }
  assert.equal(OpenAIResponsesModel.prototype.getResponse, original);
  assertFetchNotBlocked();
});

/** Once restored, `fetch` is the one the runtime had when this file loaded. */
function assertFetchNotBlocked(): void {
  assert.equal(globalThis.fetch, runtimeFetch);
}
