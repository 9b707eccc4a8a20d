/**
 * Inbound faults against a real `RealtimeSession`: what the session does
 * when events are dropped, duplicated, delayed, reordered, or the
 * connection drops mid-turn and the app reconnects. Every injection is in
 * the transport's records (`faults`, placed among `calls`), in the
 * failures the transport reports, and in the injector's log.
 */
import assert from 'node:assert/strict';
import { z } from 'zod';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import {
  IncompleteRealtimeScenarioError,
  RealtimeCallMatcherError,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import {
  audioTurn,
  functionCallTurn,
  injectFaults,
  InvalidRealtimeSpecError,
  type RealtimeFault,
  textTurn,
  VirtualClock,
  watchSession,
} from '@scripted/agents/realtime/sim';
import { at } from '../../_support/at.ts';
import { sanitizedTest } from '../../_support/sanitized.ts';
import { createGate } from '../_helpers.ts';

async function connected(agent = new RealtimeAgent({ name: 'A' })) {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(agent, { transport });
  const connect = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connect;
  return {
    transport,
    session,
    async close() {
      const closed = transport.expectCall('close');
      session.close();
      await closed;
      transport.assertComplete();
    },
  };
}

sanitizedTest(
  'A dropped audio chunk never reaches the session and is logged',
  async () => {
    const { transport, session, close } = await connected();
    const sizes: number[] = [];
    session.on('audio', (event) => sizes.push(event.data.byteLength));
    const faulty = injectFaults(transport, [
      { kind: 'drop', event: 'audio', nth: 2 },
    ]);
    audioTurn(faulty, {
      transcript: ['a', 'b', 'c'],
      audio: [new ArrayBuffer(1), new ArrayBuffer(2), new ArrayBuffer(3)],
    });
    assert.deepEqual(sizes, [1, 3]);
    assert.deepEqual(faulty.log, [{
      index: 0,
      fault: 0,
      kind: 'drop',
      action: 'dropped',
      event: 'audio',
      // The raw server events come through the injector too.
      sequence: 21,
      time: undefined,
      afterCall: 1,
    }]);
    // The same record is in the transport's records, after the connect.
    assert.deepEqual(transport.faults, faulty.log);
    assert.deepEqual(faulty.unused, []);
    await close();
  },
);

sanitizedTest(
  'A turn_done duplicated twice makes the session end the agent turn three times',
  async () => {
    const { transport, session, close } = await connected();
    const ends: string[] = [];
    session.on('agent_end', (_c, _a, output) => ends.push(output));
    const faulty = injectFaults(transport, [
      { kind: 'duplicate', event: 'turn_done', copies: 2 },
    ]);
    textTurn(faulty, { text: 'Hi' });
    assert.deepEqual(ends, ['Hi', 'Hi', 'Hi']);
    assert.deepEqual(faulty.log.map((r) => r.action), [
      'duplicated',
      'duplicated',
    ]);
    await close();
  },
);

sanitizedTest(
  'A duplicated function_call runs the tool once: the session dedupes by call id',
  async () => {
    let runs = 0;
    const ping = tool({
      name: 'ping',
      description: 'Ping.',
      parameters: z.object({}),
      execute: () => `pong ${++runs}`,
    });
    const { transport, close } = await connected(
      new RealtimeAgent({ name: 'A', tools: [ping] }),
    );
    const faulty = injectFaults(transport, [
      { kind: 'duplicate', event: 'function_call' },
    ]);
    const turn = await functionCallTurn(faulty, { name: 'ping', callId: 'c1' });
    assert.equal(turn.output?.output, 'pong 1');
    // Let the duplicate's handling finish, then check what it sent.
    const settled = createGate();
    setTimeout(settled.release, 0);
    await settled.promise;
    assert.equal(runs, 1);
    // The SDK re-sends the committed output for the duplicate call id
    // instead of running the tool again.
    await transport.expectCall(
      'sendFunctionCallOutput',
      (call) => call.toolCall.callId === 'c1' && call.output === 'pong 1',
    );
    assert.equal(at(faulty.log, 0).action, 'duplicated');
    await close();
  },
);

sanitizedTest('A delayed turn_done arrives at its virtual time', async () => {
  const clock = new VirtualClock();
  const { transport, session, close } = await connected();
  const endedAt: number[] = [];
  session.on('agent_end', () => endedAt.push(clock.now));
  const faulty = injectFaults(transport, [
    { kind: 'delay', event: 'turn_done', ms: 750 },
  ], { clock });
  textTurn(faulty, { text: 'Late' });
  assert.deepEqual(endedAt, []);
  await clock.advance(749);
  assert.deepEqual(endedAt, []);
  await clock.advance(1);
  assert.deepEqual(endedAt, [750]);
  assert.deepEqual(
    faulty.log.map((r) => [r.action, r.time]),
    [['delayed', 0], ['delivered-late', 750]],
  );
  clock.dispose();
  await close();
});

sanitizedTest(
  'Reordered transcript deltas reach the session in the window order',
  async () => {
    const { transport, session, close } = await connected();
    const watcher = watchSession(session);
    const deltas: string[] = [];
    transport.on('audio_transcript_delta', (event) => deltas.push(event.delta));
    const faulty = injectFaults(transport, [
      { kind: 'reorder', event: 'audio_transcript_delta', window: 7 },
    ]);
    // The window spans what comes between two deltas: the next chunk's raw
    // and normalized events, then the next delta's.
    audioTurn(faulty, { transcript: ['one ', 'two ', 'three'] });
    assert.deepEqual(deltas, ['two ', 'one ', 'three']);
    const held = [
      'audio_transcript_delta',
      '*',
      'response.output_audio.delta',
      'audio',
      '*',
      'response.output_audio_transcript.delta',
      'audio_transcript_delta',
    ];
    assert.deepEqual(
      faulty.log.map((r) => `${r.action}:${r.event}`),
      [
        ...held.map((event) => `held:${event}`),
        ...held.reverse().map((event) => `released:${event}`),
      ],
    );
    watcher.stop();
    await close();
  },
);

sanitizedTest(
  'A reorder window with an explicit order, flushed at the end of the stream',
  async () => {
    const { transport, close } = await connected();
    const seen: string[] = [];
    transport.on('output_text_delta', (event) => seen.push(event.delta));
    const faulty = injectFaults(transport, [
      {
        kind: 'reorder',
        event: 'output_text_delta',
        window: 5,
        order: [1, 0, 2, 4, 3],
      },
    ]);
    for (const delta of ['a', 'b', 'c']) {
      faulty.emit('output_text_delta', {
        type: 'output_text_delta',
        itemId: 'i',
        delta,
        responseId: 'r',
      });
    }
    assert.deepEqual(seen, []);
    assert.equal(faulty.flush(), 3);
    assert.deepEqual(seen, ['b', 'a', 'c']);
    assert.equal(faulty.flush(), 0);
    await close();
  },
);

sanitizedTest(
  'A disconnect mid-turn: the app reconnects and the scenario continues',
  async () => {
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const ends: string[] = [];
    const audio: number[] = [];
    session.on('agent_end', (_c, _a, output) => ends.push(output));
    session.on('audio', () => audio.push(1));
    const failure = new Error('socket reset');
    const errors: unknown[] = [];
    session.on('error', (event) => errors.push(event.error));
    const faulty = injectFaults(transport, [
      { kind: 'disconnect', event: 'audio', nth: 2, error: failure },
    ]);
    // The application: reconnect whenever the transport drops.
    let reconnecting: Promise<void> | undefined;
    let closing = false;
    transport.on('connection_change', (status) => {
      if (status === 'disconnected' && !closing) {
        reconnecting = session.connect({ apiKey: 'test' });
      }
    });
    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        await ctx.expectCall('connect');
        await ctx.expectCall('sendMessage');
        audioTurn(faulty, { transcript: ['Hello ', 'there ', 'friend'] });
        assert.equal(transport.status, 'disconnected');
        await ctx.expectCall('connect');
        await ctx.expectCall('sendMessage', (call) => call.message === 'again');
        textTurn(faulty, { text: 'Back.' });
        await ctx.expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        const back = createGate();
        session.on('agent_end', () => back.release());
        session.sendMessage('Hi');
        // Wait for the reconnect the listener started, then talk again.
        while (reconnecting === undefined) {
          const tick = createGate();
          setTimeout(tick.release, 0);
          await tick.promise;
        }
        await reconnecting;
        session.sendMessage('again');
        await back.promise;
        closing = true;
        session.close();
      },
    });
    assert.deepEqual(audio, [1]);
    assert.deepEqual(ends, ['Back.']);
    assert.deepEqual(errors, [failure]);
    const actions = faulty.log.map((r) => r.action);
    assert.equal(actions[0], 'disconnected');
    assert(actions.slice(1).every((a) => a === 'lost'));
    assert.equal(faulty.log.at(-1)?.event, 'turn_done');
    transport.assertComplete();
    transport.assertClosed();
  },
);

sanitizedTest('Faults that never matched are reported as unused', async () => {
  const { transport, close } = await connected();
  const faulty = injectFaults(transport, [
    { kind: 'drop', event: 'audio', nth: 9 },
    { kind: 'drop', event: 'turn_done' },
  ]);
  textTurn(faulty, { text: 'x' });
  assert.deepEqual(faulty.unused, [0]);
  await close();
});

sanitizedTest(
  'injectFaults rejects malformed fault specs with InvalidRealtimeSpecError',
  () => {
    const transport = new ScriptedRealtimeTransport();
    // The fault, the reason, the path and the did-you-mean suggestion.
    const cases: [unknown, string, string, string?][] = [
      [[{ kind: 'explode', event: 'audio' }], 'unknown_kind', 'faults[0].kind'],
      [
        [{ kind: 'duplicat', event: 'audio' }],
        'unknown_kind',
        'faults[0].kind',
        'duplicate',
      ],
      [[{ event: 'audio' }], 'missing', 'faults[0].kind'],
      [[{ kind: 'drop' }], 'missing', 'faults[0].event'],
      [[{ kind: 'drop', event: '*' }], 'invalid_value', 'faults[0].event'],
      [
        [{ kind: 'drop', event: 'audio', nth: 0 }],
        'invalid_value',
        'faults[0].nth',
      ],
      [
        [{ kind: 'drop', event: 'audio', ms: 5 }],
        'unknown_key',
        'faults[0].ms',
      ],
      [
        [{ kind: 'delay', event: 'audio', ms: 5 }],
        'requires_clock',
        'faults[0].ms',
      ],
      [
        [{ kind: 'reorder', event: 'audio', window: 1 }],
        'invalid_value',
        'faults[0].window',
      ],
      [
        [{ kind: 'reorder', event: 'audio', window: 2, order: [0, 0] }],
        'invalid_value',
        'faults[0].order',
      ],
      [
        [{ kind: 'drop', event: 'audio', evnt: 'x' }],
        'unknown_key',
        'faults[0].evnt',
        'event',
      ],
      ['drop', 'invalid_type', 'faults'],
    ];
    for (const [faults, reason, path, suggestion] of cases) {
      assert.throws(
        () => injectFaults(transport, faults as RealtimeFault[]),
        (error) => {
          assert(error instanceof InvalidRealtimeSpecError);
          assert.equal(error.name, 'InvalidRealtimeSpecError');
          assert.equal(error.operation, 'injectFaults');
          assert.equal(error.reason, reason, `${path}: ${error.message}`);
          assert.equal(error.path, path);
          assert.equal(error.suggestion, suggestion);
          if (suggestion !== undefined) {
            assert(
              error.message.endsWith(`(did you mean "${suggestion}"?)`),
              error.message,
            );
          }
          return true;
        },
      );
    }
  },
);

sanitizedTest(
  'A dropped turn_done that stalls the app is named by the cancellation',
  async () => {
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const faulty = injectFaults(transport, [
      { kind: 'drop', event: 'turn_done' },
    ]);
    const controller = new AbortController();
    const ended = createGate();
    session.on('agent_end', () => ended.release());
    try {
      const error = await runFailing(transport.runScenario({
        signal: controller.signal,
        scenario: async (ctx) => {
          await ctx.expectCall('connect');
          await ctx.expectCall('sendMessage');
          textTurn(faulty, { text: 'Never finished' });
          const closed = ctx.expectCall('close');
          // The app waits for agent_end, which the dropped turn_done was.
          controller.abort(new Error('stalled'));
          await closed;
        },
        exercise: async () => {
          await session.connect({ apiKey: 'test' });
          session.sendMessage('Hi');
          await ended.promise;
          session.close();
        },
      }));
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.deepEqual(error.pendingExpectations, [
        { order: 3, method: 'close' },
      ]);
      assert.deepEqual(error.injectedFaults, transport.faults);
      assert.deepEqual(
        transport.faults.map((f) => [f.action, f.event, f.afterCall]),
        [['dropped', 'turn_done', 2]],
      );
      assert.equal(
        error.message,
        'Realtime scenario cancelled by its signal: 1 pending expectation ' +
          '("close"), 1 injected fault: dropped "turn_done" ' +
          '(faults[0], after 2 calls)',
      );
    } finally {
      ended.release();
      session.close();
    }
  },
);

sanitizedTest(
  'A duplicated turn_done that makes the app answer twice is named by assertComplete',
  async () => {
    const { transport, session, close } = await connected();
    session.on('agent_end', () => session.sendMessage('Thanks'));
    const faulty = injectFaults(transport, [
      { kind: 'duplicate', event: 'turn_done' },
    ]);
    textTurn(faulty, { text: 'Done.' });
    await transport.expectCall('sendMessage');
    assert.throws(() => transport.assertComplete(), (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.unconsumedCalls.map((c) => c.method), [
        'sendMessage',
      ]);
      assert.deepEqual(error.injectedFaults, transport.faults);
      assert.equal(
        error.message,
        [
          'Incomplete realtime scenario: 1 unconsumed call left ' +
          '("sendMessage"), 1 injected fault: duplicated "turn_done" ' +
          // The original turn_done went first; its answer is call 1.
          '(faults[0], after 2 calls)',
          // The timeline: the duplicate sits after call 1, and the answer
          // to it, call 2, is what no expectation took.
          'Timeline (2 expectations, 1 injected fault, 3 calls; ">" marks the first divergence):',
          '  call 0 "connect" -> expectation 0 "connect"',
          '  call 1 "sendMessage" "Thanks" -> expectation 1 "sendMessage"',
          '  duplicated "turn_done" (faults[0]): injected fault',
          '> call 2 "sendMessage" "Thanks": matched no expectation',
        ].join('\n'),
      );
      return true;
    });
    await transport.expectCall('sendMessage');
    await close();
  },
);

sanitizedTest(
  'Mismatch errors name the faults injected before the call',
  async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'test' });
    await transport.expectCall('connect');
    const faulty = injectFaults(transport, [
      { kind: 'drop', event: 'audio_done' },
      { kind: 'duplicate', event: 'audio_interrupted' },
    ]);
    faulty.emit('audio_done');
    faulty.emit('audio_interrupted');
    const closed = transport.expectCall('close');
    assert.throws(() => transport.interrupt(), (error) => {
      assert(error instanceof UnexpectedRealtimeCallError);
      assert.deepEqual(error.injectedFaults, transport.faults);
      // The faults end the first line; the timeline follows.
      assert.match(
        error.message,
        /, 2 injected faults: dropped "audio_done" \(faults\[0\], after 1 call\), duplicated "audio_interrupted" \(faults\[1\], after 1 call\)\nTimeline /,
      );
      return true;
    });
    await assert.rejects(closed, UnexpectedRealtimeCallError);
    const muted = transport.expectCall('mute', (call) => call.muted);
    assert.throws(() => transport.mute(false), (error) => {
      assert(error instanceof RealtimeCallMatcherError);
      assert.equal(error.injectedFaults.length, 2);
      assert.match(error.message, /returned false, 2 injected faults: /);
      return true;
    });
    await assert.rejects(muted, RealtimeCallMatcherError);
    // The faults sit among the calls: after the connect, before interrupt.
    assert.deepEqual(transport.calls.map((c) => c.method), [
      'connect',
      'interrupt',
      'mute',
    ]);
    // Serialized too (JSON drops the undefined `time`).
    assert.deepEqual(
      JSON.parse(JSON.stringify(transport)).faults,
      transport.faults.map(({ time: _, ...fault }) => fault),
    );
  },
);

sanitizedTest(
  'Without faults the records and errors keep the drop-in shape',
  async () => {
    const transport = new ScriptedRealtimeTransport();
    await transport.connect({ apiKey: 'test' });
    assert.deepEqual(transport.faults, []);
    assert.deepEqual(Object.keys(transport.toJSON()), [
      'status',
      'muted',
      'calls',
    ]);
    assert.throws(() => transport.assertComplete(), (error) => {
      assert(error instanceof IncompleteRealtimeScenarioError);
      assert.deepEqual(error.injectedFaults, []);
      assert.equal(
        error.message,
        [
          'Incomplete realtime scenario: 1 unconsumed call left ("connect")',
          'Timeline (1 call; ">" marks the first divergence):',
          '> call 0 "connect": matched no expectation',
        ].join('\n'),
      );
      return true;
    });
    await transport.expectCall('connect');
    transport.close();
    await transport.expectCall('close');
  },
);

sanitizedTest(
  'Faults on a transport that records nothing are logged on the injector only',
  () => {
    const delivered: string[] = [];
    const bare = {
      status: 'connected',
      emit: (type: PropertyKey, ..._args: unknown[]) => {
        delivered.push(String(type));
        return true;
      },
      disconnect: () => {},
    };
    const faulty = injectFaults(bare, [{ kind: 'drop', event: 'audio' }]);
    faulty.emit('audio', {
      type: 'audio',
      data: new ArrayBuffer(1),
      responseId: 'r',
    });
    faulty.emit('audio_done');
    assert.deepEqual(delivered, ['audio_done']);
    assert.equal(at(faulty.log, 0).afterCall, undefined);
  },
);

/** The rejection of `run`; fails when it resolves. */
async function runFailing(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  assert.fail('Expected the scenario to fail');
}
