/**
 * The virtual clock drives realtime scenarios: a 30 s silence timeout, a
 * scenario deadline, emits at virtual times. Every test runs under Deno's
 * ops and resources sanitizers: no timer or listener survives it.
 */
import assert from 'node:assert/strict';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import {
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import {
  audioTurn,
  InvalidRealtimeSpecError,
  textTurn,
  VirtualClock,
} from '@scripted/agents/realtime/sim';
import { sanitizedTest } from '../../_support/sanitized.ts';
import { trackedSignal } from '../../_support/tracked_signal.ts';
import { createGate } from '../_helpers.ts';

/**
 * The application under test: hangs up when the user stays silent for
 * `silenceMs` after the assistant finished speaking. Its timing comes from
 * an injected `timeout` (in production: `AbortSignal.timeout`).
 */
function hangUpOnSilence(
  session: RealtimeSession,
  silenceMs: number,
  timeout: (ms: number) => AbortSignal,
): () => void {
  let deadline: AbortSignal | undefined;
  const onSilence = (): void => session.close();
  const disarm = (): void => deadline?.removeEventListener('abort', onSilence);
  const arm = (): void => {
    disarm();
    deadline = timeout(silenceMs);
    deadline.addEventListener('abort', onSilence, { once: true });
  };
  session.on('agent_end', arm);
  session.on('transport_event', (event) => {
    if (event.type === 'input_audio_buffer.speech_started') disarm();
  });
  return () => {
    disarm();
    session.off('agent_end', arm);
  };
}

sanitizedTest(
  'VirtualClock runs a 30 s silence timeout on virtual time',
  async () => {
    const clock = new VirtualClock({ autoAdvance: true });
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const stop = hangUpOnSilence(session, 30_000, (ms) => clock.timeout(ms));
    let closedAt: number | undefined;
    try {
      await transport.runScenario({
        signal: AbortSignal.timeout(5_000),
        scenario: async (ctx) => {
          await ctx.expectCall('connect');
          await ctx.expectCall('sendMessage');
          textTurn(ctx, { text: 'Anything else?' });
          // The app hangs up after 30 s of silence: virtual, not real.
          await ctx.expectCall('close');
          closedAt = clock.now;
        },
        exercise: async () => {
          await session.connect({ apiKey: 'test' });
          // The app runs until it hangs up.
          const hungUp = createGate();
          transport.on('connection_change', (status) => {
            if (status === 'disconnected') hungUp.release();
          });
          session.sendMessage('Hi');
          await hungUp.promise;
        },
      });
    } finally {
      stop();
      clock.dispose();
    }
    assert.equal(closedAt, 30_000);
    transport.assertClosed();
  },
);

sanitizedTest(
  'VirtualClock fires nothing early: advance() moves time in explicit steps',
  async () => {
    const clock = new VirtualClock();
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const stop = hangUpOnSilence(session, 30_000, (ms) => clock.timeout(ms));
    const connected = transport.expectCall('connect');
    await session.connect({ apiKey: 'test' });
    await connected;
    textTurn(transport, { text: 'Anything else?' });
    const closed = transport.expectCall('close');
    await clock.advance(29_999);
    assert.equal(transport.status, 'connected');
    await clock.advance(1);
    await closed;
    assert.equal(transport.status, 'disconnected');
    stop();
    assert.equal(clock.dispose(), 0);
  },
);

sanitizedTest(
  'VirtualClock emits turns at virtual times and the scenario sleeps on virtual time',
  async () => {
    const clock = new VirtualClock({ autoAdvance: true });
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const startedAt: number[] = [];
    session.on('audio_start', () => startedAt.push(clock.now));
    try {
      await transport.runScenario({
        signal: AbortSignal.timeout(5_000),
        scenario: async (ctx) => {
          await ctx.expectCall('connect');
          await ctx.expectCall('sendMessage');
          clock.at(1_500, () => audioTurn(ctx, { transcript: 'First.' }));
          await clock.sleep(10_000);
          audioTurn(ctx, { transcript: 'Second.' });
          await ctx.expectCall('close');
        },
        exercise: async () => {
          await session.connect({ apiKey: 'test' });
          const second = createGate();
          session.on('agent_end', () => {
            if (startedAt.length === 2) second.release();
          });
          session.sendMessage('Hi');
          await second.promise;
          session.close();
        },
      });
    } finally {
      clock.dispose();
    }
    assert.deepEqual(startedAt, [1_500, 10_000]);
  },
);

sanitizedTest(
  'VirtualClock deadline cancels a stuck scenario at once, on virtual time',
  async () => {
    const clock = new VirtualClock({ autoAdvance: true });
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const gate = createGate();
    try {
      await assert.rejects(
        transport.runScenario({
          signal: clock.timeout(60_000),
          scenario: async ({ expectCall }) => {
            try {
              await expectCall('connect');
              await expectCall('sendMessage');
            } catch (error) {
              gate.fail(error);
              throw error;
            }
          },
          exercise: async () => {
            try {
              await session.connect({ apiKey: 'test' });
              await gate.promise; // never sends the message
            } finally {
              session.close();
            }
          },
        }),
        (error) => {
          assert(error instanceof ScriptedRealtimeScenarioCancelledError);
          assert.deepEqual(error.pendingExpectations, [
            { order: 2, method: 'sendMessage' },
          ]);
          assert.equal((error.cause as DOMException).name, 'TimeoutError');
          return true;
        },
      );
      assert.equal(clock.now, 60_000);
    } finally {
      clock.dispose();
    }
  },
);

sanitizedTest(
  'VirtualClock sleep rejects on abort and leaves no timer or listener',
  async () => {
    const clock = new VirtualClock();
    const { controller, signal, active } = trackedSignal();
    const sleeping = clock.sleep(1_000, { signal });
    assert.equal(active(), 1);
    assert.equal(clock.pending, 1);
    const reason = new Error('stop');
    controller.abort(reason);
    await assert.rejects(sleeping, reason);
    assert.equal(active(), 0);
    assert.equal(clock.pending, 0);
    const done = clock.sleep(5, { signal });
    await assert.rejects(done, reason);
    clock.dispose();
  },
);

sanitizedTest(
  'VirtualClock orders timers by time, then by scheduling order',
  async () => {
    const clock = new VirtualClock({ start: 100 });
    const order: string[] = [];
    clock.setTimeout(() => order.push('b'), 10);
    clock.at(105, () => order.push('a'));
    clock.setTimeout(() => order.push('c'), 10);
    clock.at(50, () => order.push('now'));
    await clock.advance(0);
    assert.deepEqual(order, ['now']);
    assert.equal(await clock.next(), true);
    assert.equal(clock.now, 105);
    await clock.advance(100);
    assert.deepEqual(order, ['now', 'a', 'b', 'c']);
    assert.equal(clock.now, 205);
    clock.dispose();
  },
);

sanitizedTest(
  'VirtualClock reports a timer callback failure from advance()',
  async () => {
    const clock = new VirtualClock();
    const failure = new Error('boom');
    let later = 0;
    clock.setTimeout(() => {
      throw failure;
    }, 1);
    clock.setTimeout(() => later++, 2);
    await assert.rejects(clock.advance(5), failure);
    assert.equal(later, 1);
    clock.dispose();
  },
);

sanitizedTest(
  'VirtualClock dispose cancels auto-advance and pending timers',
  () => {
    const clock = new VirtualClock({ autoAdvance: true });
    const signal = clock.timeout(1_000);
    clock.setTimeout(() => {}, 5);
    assert.equal(clock.dispose(), 2);
    assert.equal(signal.aborted, false);
    assert.throws(() => clock.setTimeout(() => {}, 1), (error) => {
      assert(error instanceof InvalidRealtimeSpecError);
      assert.equal(error.reason, 'disposed');
      return true;
    });
  },
);

sanitizedTest(
  'VirtualClock rejects malformed input with InvalidRealtimeSpecError',
  async () => {
    const clock = new VirtualClock();
    const cases: [() => unknown, string, string][] = [
      [() => clock.setTimeout(() => {}, -1), 'invalid_value', 'delay'],
      [() => clock.timeout(Number.NaN), 'invalid_value', 'ms'],
      [() => clock.setTimeout('code' as never, 1), 'invalid_type', 'callback'],
      [() => clock.at('soon' as never, () => {}), 'invalid_type', 'time'],
      [
        () => clock.sleep(1, { signal: {} as never }),
        'invalid_type',
        'options.signal',
      ],
      [
        () => new VirtualClock({ autoAdvance: 'yes' as never }),
        'invalid_type',
        'options.autoAdvance',
      ],
      [
        () => new VirtualClock({ start: Infinity }),
        'invalid_value',
        'options.start',
      ],
    ];
    for (const [attempt, reason, path] of cases) {
      assert.throws(attempt, (error) => {
        assert(error instanceof InvalidRealtimeSpecError);
        assert.equal(error.name, 'InvalidRealtimeSpecError');
        assert.equal(error.reason, reason);
        assert.equal(error.path, path);
        return true;
      });
    }
    await assert.rejects(clock.advance(-5), InvalidRealtimeSpecError);
    clock.dispose();
  },
);

sanitizedTest(
  'VirtualClock patches nothing global: real timers and Date keep running',
  async () => {
    const globals = [
      globalThis.setTimeout,
      globalThis.clearTimeout,
      globalThis.setInterval,
      Date.now,
      performance.now,
      AbortSignal.timeout,
    ];
    const clock = new VirtualClock({ autoAdvance: true });
    const realStart = Date.now();
    await clock.sleep(3_600_000);
    assert.equal(clock.now, 3_600_000);
    // An hour of virtual time, a few real milliseconds.
    assert(Date.now() - realStart < 60_000);
    assert.deepEqual(
      [
        globalThis.setTimeout,
        globalThis.clearTimeout,
        globalThis.setInterval,
        Date.now,
        performance.now,
        AbortSignal.timeout,
      ],
      globals,
    );
    clock.dispose();
  },
);
