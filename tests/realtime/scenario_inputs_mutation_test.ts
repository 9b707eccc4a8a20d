/**
 * runScenario's run loop and input checks in detail: cleanup before the
 * failure is reported, the first failure kept, late expectations after a
 * failure, runs without a signal, and the exact scripting input errors;
 * plus connection edge cases and the audio record of a non-buffer.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidRealtimeScenarioInputError,
  type RealtimeScenarioRunContext,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import { recordRealtimeTransport } from '@scripted/agents/replay';
import { exposedSdkVersion } from '../../replay/record_model.ts';
import { trackedSignal } from '../_support/tracked_signal.ts';
import { createGate } from './_helpers.ts';

// deno-lint-ignore no-explicit-any
type Loose = any;

function inputError(
  fn: () => unknown,
  fields: Record<string, unknown>,
  message?: string,
): void {
  assert.throws(fn, (error) => {
    assert(error instanceof InvalidRealtimeScenarioInputError);
    for (const [key, value] of Object.entries(fields)) {
      assert.deepEqual(
        (error as unknown as Record<string, unknown>)[key],
        value,
        key,
      );
    }
    if (message !== undefined) assert.equal(error.message, message);
    return true;
  });
}

test('runScenario lets the scenario finish its cleanup before it reports a failure', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('app failed');
  let cleaned = false;
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        try {
          await ctx.expectCall('connect');
        } catch {
          for (let i = 0; i < 200; i++) await null;
          cleaned = true;
        }
      },
      exercise: async () => {
        await null;
        throw failure;
      },
    }),
    (error) => error === failure,
  );
  assert.equal(cleaned, true);
});

test('runScenario keeps the first failure: a late expectCall rejects with it, not with a later one', async () => {
  const transport = new ScriptedRealtimeTransport();
  const first = new Error('first');
  const second = new Error('second');
  let context: RealtimeScenarioRunContext | undefined;
  await assert.rejects(
    transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        context = ctx;
        try {
          await ctx.expectCall('connect');
        } catch {
          throw second;
        }
      },
      exercise: () => Promise.reject(first),
    }),
    (error) => error === first,
  );
  assert(context !== undefined);
  await assert.rejects(context.expectCall('close'), (error) => error === first);
  await assert.rejects(
    context.expectAnyOrder({ method: 'close' }),
    (error) => error === first,
  );
  // The inputs are still checked, synchronously, for the late calls.
  inputError(() => context!.expectCall('hang-up' as Loose), {
    reason: 'unknown_method',
    operation: 'expectCall',
    path: 'method',
    suggestion: 'close',
  });
  inputError(() => context!.expectCall('close', 5 as Loose), {
    reason: 'invalid_matcher',
    issue: 'not_a_function',
    operation: 'expectCall',
    path: 'matcher',
  });
  inputError(() => context!.expectAnyOrder(), {
    reason: 'invalid_expectation',
    issue: 'empty_group',
    operation: 'expectAnyOrder',
  });
});

test('runScenario runs without a signal', async () => {
  const transport = new ScriptedRealtimeTransport();
  const result = await transport.runScenario({
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
    },
    exercise: async () => {
      await transport.connect({ apiKey: 'test' });
      return 'done';
    },
  });
  assert.equal(result, 'done');
  const failure = new Error('no signal');
  await assert.rejects(
    transport.runScenario({
      scenario: () => {},
      exercise: () => Promise.reject(failure),
    }),
    (error) => error === failure,
  );
});

test('runScenario rejects bad options with their exact error', async () => {
  const transport = new ScriptedRealtimeTransport();
  const fn = () => {};
  await assert.rejects(
    async () => await transport.runScenario(null as Loose),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'invalid_option');
      assert.equal(error.issue, 'not_an_object');
      assert.equal(error.path, 'options');
      assert.equal(
        error.message,
        'Invalid realtime input ("runScenario"): expected "options" to be an options object with scenario and exercise, got null',
      );
      return true;
    },
  );
  await assert.rejects(
    async () =>
      await transport.runScenario({ scenario: 5, exercise: fn } as Loose),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.path, 'options.scenario');
      assert.equal(error.suggestion, undefined);
      return true;
    },
  );
  await assert.rejects(
    async () =>
      await transport.runScenario({
        scenario: fn,
        exercise: fn,
        signal: 5,
      } as Loose),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.issue, 'not_a_signal');
      assert.equal(
        error.message,
        'Invalid realtime input ("runScenario"): expected "options.signal" to be an AbortSignal or undefined, got 5',
      );
      return true;
    },
  );
});

test('runScenario refuses a second run on the same transport while one runs', async () => {
  const transport = new ScriptedRealtimeTransport();
  const release = createGate();
  const running = transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: () => {},
    exercise: () => release.promise,
  });
  await assert.rejects(
    async () =>
      await transport.runScenario({ scenario: () => {}, exercise: () => {} }),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'scenario_running');
      assert.equal(error.operation, 'runScenario');
      return true;
    },
  );
  release.release();
  await running;
});

test('expectAnyOrder rejects null, unreadable and revoked expectations', () => {
  const transport = new ScriptedRealtimeTransport();
  inputError(() => transport.expectAnyOrder(null as Loose), {
    reason: 'invalid_expectation',
    issue: 'not_an_object',
    path: 'expectations[0]',
    received: 'null',
  });
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  assert.throws(() => transport.expectAnyOrder(proxy as Loose), (error) => {
    // A revoked proxy cannot be read at all, not even as an object.
    assert(error instanceof InvalidRealtimeScenarioInputError);
    assert.equal(error.reason, 'unreadable_option');
    assert.equal(error.path, 'expectations[0]');
    assert.ok(error.cause instanceof TypeError);
    assert.match(error.received ?? '', /^the error "/);
    return true;
  });
  const cause = new Error('boom');
  const getter = {
    get method(): never {
      throw cause;
    },
  };
  assert.throws(
    () => transport.expectAnyOrder({ method: 'close' }, getter as Loose),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'unreadable_option');
      assert.equal(error.operation, 'expectAnyOrder');
      assert.equal(error.path, 'expectations[1].method');
      assert.equal(error.cause, cause);
      return true;
    },
  );
  const keys = new Proxy({}, {
    ownKeys(): never {
      throw cause;
    },
  });
  assert.throws(
    () => transport.expectAnyOrder(keys as Loose),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'unreadable_option');
      assert.equal(error.path, 'expectations[0]');
      assert.equal(error.cause, cause);
      return true;
    },
  );
});

test('expectCall suggests the method a written-out synonym stands for, and once checks its listener', () => {
  const transport = new ScriptedRealtimeTransport();
  for (
    const [written, suggestion] of [
      ['hang-up', 'close'],
      ['Hang Up', 'close'],
      ['function_call_output', 'sendFunctionCallOutput'],
    ] as const
  ) {
    inputError(() => transport.expectCall(written as Loose), {
      reason: 'unknown_method',
      suggestion,
    });
  }
  inputError(() => transport.once('audio_done', 5 as Loose), {
    reason: 'invalid_listener',
    operation: 'once',
    path: 'listener',
    received: '5',
  });
});

test('ScriptedRealtimeTransport: off() removes a once listener; a once listener still runs after its list was emptied mid-emit', () => {
  const transport = new ScriptedRealtimeTransport();
  const seen: string[] = [];
  const once = () => seen.push('once');
  transport.once('audio_done', once);
  transport.off('audio_done', once);
  assert.equal(transport.emit('audio_done'), false);
  const first = () => {
    seen.push('first');
    transport.off('audio_done', first);
    transport.off('audio_done', once);
  };
  transport.on('audio_done', first);
  transport.once('audio_done', once);
  assert.equal(transport.emit('audio_done'), true);
  assert.deepEqual(seen, ['first', 'once']);
  assert.equal(transport.emit('audio_done'), false);
});

test('ScriptedRealtimeTransport disconnect reports the first listener failure, and the error listener failure alone', async () => {
  const transport = new ScriptedRealtimeTransport();
  const changeFailure = new Error('change listener');
  const errorFailure = new Error('error listener');
  let failChange = true;
  transport.on('connection_change', (status) => {
    if (status === 'disconnected' && failChange) throw changeFailure;
  });
  transport.on('error', () => {
    throw errorFailure;
  });
  await transport.connect({ apiKey: 'test' });
  assert.throws(
    () => transport.disconnect(new Error('network')),
    (error) => error === changeFailure,
  );
  assert.equal(transport.status, 'disconnected');
  failChange = false;
  await transport.connect({ apiKey: 'test' });
  assert.throws(
    () => transport.disconnect(new Error('network')),
    (error) => error === errorFailure,
  );
  assert.equal(transport.status, 'disconnected');
});

test('A connect whose listener failed after a newer connect leaves the newer one connected', async () => {
  const transport = new ScriptedRealtimeTransport();
  const failure = new Error('listener');
  const statuses: string[] = [];
  let nested: Promise<void> | undefined;
  let once = true;
  transport.on('connection_change', (status) => {
    statuses.push(status);
    if (status === 'connecting' && once) {
      once = false;
      nested = transport.connect({ apiKey: 'test' });
      throw failure;
    }
  });
  await assert.rejects(
    transport.connect({ apiKey: 'test' }),
    (error) => error === failure,
  );
  await nested;
  assert.equal(transport.status, 'connected');
  assert.deepEqual(statuses, ['connecting', 'connecting', 'connected']);
});

test('sendAudio of a typed array is recorded as a copy of it', () => {
  const transport = new ScriptedRealtimeTransport();
  const bytes = new Uint8Array([1, 2, 3]);
  transport.sendAudio(bytes as Loose, {});
  const call = transport.calls[0] as { audio: unknown };
  assert(call.audio instanceof Uint8Array);
  assert.deepEqual([...call.audio], [1, 2, 3]);
  assert.notEqual(call.audio, bytes);
});

test('A recording without sdkVersion names the SDK version, or "unknown"', () => {
  const recording = recordRealtimeTransport(new ScriptedRealtimeTransport());
  assert.equal(
    recording.fixture().sdkVersion,
    exposedSdkVersion() ?? 'unknown',
  );
});

test('Scripting input that is not there or of the wrong kind gets the finer issue of its kind', () => {
  const transport = new ScriptedRealtimeTransport();
  for (const method of [42, undefined]) {
    inputError(() => transport.expectCall(method as Loose), {
      reason: 'unknown_method',
      issue: 'not_a_string',
      path: 'method',
      suggestion: undefined,
    });
  }
  inputError(() => transport.expectCall('mute', 42 as Loose), {
    reason: 'invalid_matcher',
    issue: 'not_a_function',
  });
  for (const listener of [undefined, 'no']) {
    inputError(() => transport.on('audio_done', listener as Loose), {
      reason: 'invalid_listener',
      issue: 'not_a_function',
      operation: 'on',
    });
  }
  inputError(
    () =>
      transport.runScenario({ scenario: 'no', exercise: () => {} } as Loose),
    {
      reason: 'invalid_option',
      issue: 'not_a_function',
      path: 'options.scenario',
      received: '"no"',
      suggestion: undefined,
    },
  );
  inputError(() => transport.expectAnyOrder(undefined as Loose), {
    reason: 'invalid_expectation',
    issue: 'not_an_object',
    path: 'expectations[0]',
    received: 'undefined',
  });
  // A lower-case name an object inherits is no synonym.
  inputError(() => transport.expectCall('constructor' as Loose), {
    reason: 'unknown_method',
    suggestion: undefined,
  });
  // A near miss gets the closest spelling.
  inputError(() => transport.expectCall('mutee' as Loose), {
    issue: 'unknown_method',
    suggestion: 'mute',
  });
});

test('runScenario removes its abort listener however it ends', async () => {
  const transport = new ScriptedRealtimeTransport();
  const done = trackedSignal();
  await transport.runScenario({
    signal: done.signal,
    scenario: async ({ expectCall }) => {
      await expectCall('mute');
    },
    exercise: () => transport.mute(true),
  });
  assert.equal(done.active(), 0);
  const failed = trackedSignal();
  await assert.rejects(
    transport.runScenario({
      signal: failed.signal,
      scenario: () => {},
      exercise: () => transport.interrupt(),
    }),
    { name: 'IncompleteRealtimeScenarioError' },
  );
  assert.equal(failed.active(), 0);
  const other = new ScriptedRealtimeTransport();
  const cancelled = trackedSignal();
  const reason = new Error('stop');
  await assert.rejects(
    other.runScenario({
      signal: cancelled.signal,
      scenario: async ({ expectCall }) => {
        await expectCall('mute').catch(() => {});
      },
      exercise: () => cancelled.controller.abort(reason),
    }),
    (error) =>
      error instanceof Error && error.name === 'AbortError' &&
      error.cause === reason,
  );
  assert.equal(cancelled.active(), 0);
});
