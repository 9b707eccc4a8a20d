import assert from 'node:assert/strict';
import process from 'node:process';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import { sanitizedTest } from '../_support/sanitized.ts';
import { trackedSignal } from '../_support/tracked_signal.ts';
import { runWorkflows } from '../_support/transcript_workflows.ts';

test('trackedSignal counts a listener nobody removed', () => {
  // The listener checks below must be able to fail.
  const tracked = trackedSignal();
  const listener = () => {};
  tracked.signal.addEventListener('abort', listener);
  assert.equal(tracked.active(), 1);
  tracked.signal.removeEventListener('abort', listener);
  assert.equal(tracked.active(), 0);
  tracked.signal.addEventListener('abort', () => {}, { once: true });
  tracked.controller.abort();
  assert.equal(tracked.active(), 0);
});

function session(transport: ScriptedRealtimeTransport): RealtimeSession {
  return new RealtimeSession(new RealtimeAgent({ name: 'Assistant' }), {
    transport,
  });
}

sanitizedTest(
  'ScriptedRealtimeTransport runScenario removes its signal listener and timers when it succeeds',
  async () => {
    const tracked = trackedSignal();
    const transport = new ScriptedRealtimeTransport();
    const app = session(transport);
    await transport.runScenario({
      signal: tracked.signal,
      scenario: async ({ expectCall }) => {
        await expectCall('connect');
        await expectCall('close');
      },
      exercise: async () => {
        await app.connect({ apiKey: 'test' });
        app.close();
      },
    });
    assert.equal(tracked.active(), 0);
    transport.assertComplete();
  },
);

sanitizedTest(
  'ScriptedRealtimeTransport runScenario removes its signal listener when a side fails',
  async () => {
    const tracked = trackedSignal();
    const transport = new ScriptedRealtimeTransport();
    const failure = new Error('exercise failed');
    await assert.rejects(
      transport.runScenario({
        signal: tracked.signal,
        scenario: async ({ expectCall }) => {
          await expectCall('connect').catch(() => undefined);
        },
        exercise: () => Promise.reject(failure),
      }),
      failure,
    );
    assert.equal(tracked.active(), 0);
  },
);

sanitizedTest(
  'ScriptedRealtimeTransport runScenario removes its signal listener when the signal cancels it',
  async () => {
    const tracked = trackedSignal();
    const transport = new ScriptedRealtimeTransport();
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const run = transport.runScenario({
      signal: tracked.signal,
      scenario: async ({ expectCall }) => {
        await expectCall('connect').catch(() => undefined);
      },
      exercise: () => blocked,
    });
    assert.equal(tracked.active() > 0, true, 'runScenario listens to signal');
    tracked.controller.abort(new Error('deadline'));
    await assert.rejects(run, (error: Error) => {
      assert.equal(error.name, 'AbortError');
      assert.equal(
        (error as unknown as { code: string }).code,
        'scripted_realtime_scenario_cancelled',
      );
      assert.deepEqual(
        (error as unknown as { pendingExpectations: unknown[] })
          .pendingExpectations,
        [{ order: 1, method: 'connect' }],
      );
      return true;
    });
    release();
    assert.equal(tracked.active(), 0);
  },
);

sanitizedTest(
  'Every transcript workflow leaves no timer, op or resource behind',
  async () => {
    // On Deno the sanitizers check this test; elsewhere it still must pass.
    const transcript = await runWorkflows() as Record<string, unknown>;
    // Every workflow ran to its end and left its record.
    assert.deepEqual(Object.keys(transcript).sort(), [
      'autoModel',
      'modelErrors',
      'modelPlain',
      'modelStreamed',
      'realtime',
      'runSnapshot',
      'sandbox',
    ]);
  },
);

test('The doubles make no network request in any workflow', async () => {
  const attempts: string[] = [];
  const globals = globalThis as Record<string, unknown>;
  const saved = { fetch: globals.fetch, WebSocket: globals.WebSocket };
  globals.fetch = (input: unknown) => {
    attempts.push(`fetch ${String(input)}`);
    return Promise.reject(new Error('network is off in this test'));
  };
  globals.WebSocket = class {
    constructor(url: unknown) {
      attempts.push(`WebSocket ${String(url)}`);
      throw new Error('network is off in this test');
    }
  };
  try {
    await runWorkflows();
  } finally {
    globals.fetch = saved.fetch;
    globals.WebSocket = saved.WebSocket;
  }
  assert.deepEqual(attempts, []);
});

test('The Deno run denies network, subprocesses and writes', () => {
  const deno = (globalThis as {
    Deno?: {
      permissions: {
        querySync(d: { name: string; path?: string }): { state: string };
      };
    };
  }).Deno;
  if (deno === undefined) return; // Bun and Node have no permission model.
  // `npm test` passes --deny-net/run; a bare run only must not grant.
  const strict = process.env.SCRIPTED_AGENTS_STRICT === '1';
  for (const name of ['net', 'run']) {
    const { state } = deno.permissions.querySync({ name });
    if (strict) {
      assert.equal(state, 'denied', `npm test must deny ${name}`);
    } else {
      assert.notEqual(state, 'granted', `deno test runs with ${name} allowed`);
    }
  }
  // Writes: nowhere but the fixture-file tests' folder under `npm test`
  // (`--allow-write=.tmp/fixture-files/`), nowhere in a bare run.
  for (const path of ['.', 'README.md', '.tmp', 'tests']) {
    const { state } = deno.permissions.querySync({ name: 'write', path });
    assert.notEqual(state, 'granted', `writes to ${path} are allowed`);
  }
  if (strict) {
    const { state } = deno.permissions.querySync({
      name: 'write',
      path: '.tmp/fixture-files/x.json',
    });
    assert.equal(state, 'granted', 'npm test must let the fixture tests write');
  }
});
