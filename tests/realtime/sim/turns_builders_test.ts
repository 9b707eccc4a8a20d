/**
 * Each turn builder drives a real `RealtimeSession`; the checks are on what
 * the session does (its events, history, tool runs and outbound calls), not
 * on the builder's own event list. On Deno each runs with the ops and
 * resources sanitizers: no timer or listener outlives a scenario.
 */
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  RealtimeAgent,
  type RealtimeItem,
  RealtimeSession,
  tool,
} from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  assertHandoff,
  assertHistoryMatchesHeard,
  assertToolApprovalAnswered,
  audioTurn,
  functionCallTurn,
  handoffTurn,
  interruptedTurn,
  mcpApprovalTurn,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
  textTurn,
  userSpeechTurn,
  watchSession,
} from '@scripted/agents/realtime/sim';
import { at } from '../../_support/at.ts';
import { sanitizedTest as test } from '../../_support/sanitized.ts';
import { createGate } from '../_helpers.ts';

function setup(
  agent: RealtimeAgent = new RealtimeAgent({ name: 'Assistant' }),
) {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(agent, { transport });
  const events: string[] = [];
  for (
    const name of [
      'agent_start',
      'agent_end',
      'audio_start',
      'audio_stopped',
      'audio_interrupted',
      'history_added',
      'agent_tool_start',
      'agent_tool_end',
      'agent_handoff',
      'tool_approval_requested',
    ] as const
  ) {
    session.on(name, () => events.push(name));
  }
  return { transport, session, events };
}

function last(history: readonly RealtimeItem[]): RealtimeItem {
  const item = history.at(-1);
  assert(item !== undefined, 'history is empty');
  return item;
}

test('textTurn makes the session start and end the agent turn with the text in history', async () => {
  const { transport, session, events } = setup();
  const ends: string[] = [];
  session.on('agent_end', (_c, _a, output) => ends.push(output));
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      const result = textTurn(ctx, { text: ['Paris is ', 'the capital.'] });
      assert.match(result.responseId, /^scripted_response_/);
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      const ended = createGate();
      session.on('agent_end', () => ended.release());
      session.sendMessage('go');
      await ended.promise;
      session.close();
    },
  });
  assert.deepEqual(ends, ['Paris is the capital.']);
  assert.deepEqual(events, ['agent_start', 'history_added', 'agent_end']);
  assert.deepEqual(session.history, [{
    itemId: 'scripted_item_2',
    previousItemId: null,
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [{ type: 'output_text', text: 'Paris is the capital.' }],
  }]);
});

test('audioTurn plays every chunk and ends with the transcript', async () => {
  const { transport, session, events } = setup();
  const chunks: number[] = [];
  const ends: string[] = [];
  session.on('audio', (event) => chunks.push(event.data.byteLength));
  session.on('agent_end', (_c, _a, output) => ends.push(output));
  const audio = [new ArrayBuffer(4), new ArrayBuffer(8), new ArrayBuffer(2)];
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  audioTurn(transport, {
    transcript: ['It is ', 'sunny ', 'today.'],
    audio,
    itemId: 'answer_1',
  });
  assert.deepEqual(chunks, [4, 8, 2]);
  assert.deepEqual(ends, ['It is sunny today.']);
  assert.deepEqual(events, [
    'agent_start',
    'history_added',
    'audio_start',
    'audio_stopped',
    'agent_end',
  ]);
  const item = last(session.history);
  assert.equal(item.itemId, 'answer_1');
  assert.equal((item as { status?: string } | undefined)?.status, 'completed');
  assert.deepEqual(item.type === 'message' && item.content, [
    { type: 'output_audio', transcript: 'It is sunny today.', audio: null },
  ]);
  const closed = transport.expectCall('close');
  session.close();
  await closed;
  transport.assertComplete();
});

test('functionCallTurn makes the real session run the tool and send its output', async () => {
  const seen: string[] = [];
  const lookup = tool({
    name: 'lookup_order',
    description: 'Looks up an order.',
    parameters: z.object({ orderId: z.string() }),
    execute: ({ orderId }) => {
      seen.push(orderId);
      return `Order ${orderId} shipped`;
    },
  });
  const { transport, session, events } = setup(
    new RealtimeAgent({ name: 'Orders', tools: [lookup] }),
  );
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      const turn = await functionCallTurn(ctx, {
        name: 'lookup_order',
        arguments: { orderId: '42' },
        callId: 'call_1',
        itemId: 'fc_1',
      });
      assert.equal(turn.output?.output, 'Order 42 shipped');
      assert.equal(turn.output?.toolCall.callId, 'call_1');
      assert.equal(turn.output?.startResponse, true);
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('go');
      const gate = createGate();
      session.on('history_updated', (history) => {
        const item = history.find((i) => i.itemId === 'fc_1');
        if (item?.type === 'function_call' && item.status === 'completed') {
          gate.release();
        }
      });
      await gate.promise;
      session.close();
    },
  });
  assert.deepEqual(seen, ['42']);
  // The tool runs in the task after the call, before the response ends.
  assert.deepEqual(events, [
    'agent_start',
    'history_added',
    'agent_tool_start',
    'agent_tool_end',
    'agent_end',
  ]);
  assert.deepEqual(session.history, [{
    itemId: 'fc_1',
    previousItemId: undefined,
    type: 'function_call',
    status: 'completed',
    arguments: '{"orderId":"42"}',
    name: 'lookup_order',
    output: 'Order 42 shipped',
  }]);
  transport.assertComplete();
});

for (const decision of ['approved', 'rejected'] as const) {
  test(`functionCallTurn on a tool that needs approval waits for the app, which ${decision} it`, async () => {
    let ran = 0;
    const refund = tool({
      name: 'refund',
      description: 'Refunds an order.',
      parameters: z.object({ amount: z.number() }),
      needsApproval: true,
      execute: ({ amount }) => {
        ran++;
        return `Refunded ${amount}`;
      },
    });
    const { transport, session } = setup(
      new RealtimeAgent({ name: 'Support', tools: [refund] }),
    );
    const watcher = watchSession(session);
    session.on('tool_approval_requested', (_c, _a, request) => {
      void (decision === 'approved'
        ? session.approve(request.approvalItem)
        : session.reject(request.approvalItem));
    });
    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        await ctx.expectCall('connect');
        await ctx.expectCall('sendMessage');
        const turn = await functionCallTurn(ctx, {
          name: 'refund',
          arguments: { amount: 5 },
          callId: 'call_r',
        });
        if (decision === 'approved') {
          assert.equal(turn.output?.output, 'Refunded 5');
        } else {
          assert.notEqual(turn.output?.output, 'Refunded 5');
        }
        await ctx.expectCall('close');
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        session.sendMessage('go');
        const gate = createGate();
        transport.on('item_update', (item) => {
          if (item.type === 'function_call' && item.status === 'completed') {
            gate.release();
          }
        });
        await gate.promise;
        session.close();
      },
    });
    assert.equal(ran, decision === 'approved' ? 1 : 0);
    assert.deepEqual(watcher.approvals, [{
      type: 'function_approval',
      toolName: 'refund',
      callId: 'call_r',
      itemId: undefined,
    }]);
    assertToolApprovalAnswered(watcher, { toolName: 'refund', decision });
    assert.throws(
      () =>
        assertToolApprovalAnswered(watcher, {
          toolName: 'refund',
          decision: decision === 'approved' ? 'rejected' : 'approved',
        }),
      (error) => {
        assert(error instanceof RealtimeToolApprovalAssertionError);
        assert.equal(error.name, 'RealtimeToolApprovalAssertionError');
        assert.equal(error.requested, 1);
        assert.equal(error.actualDecision, decision);
        return true;
      },
    );
    watcher.stop();
  });
}

test('assertToolApprovalAnswered fails when the app never answers a request', async () => {
  const refund = tool({
    name: 'refund',
    description: 'Refunds an order.',
    parameters: z.object({ amount: z.number() }),
    needsApproval: true,
    execute: () => 'never',
  });
  const { transport, session, events } = setup(
    new RealtimeAgent({ name: 'Support', tools: [refund] }),
  );
  const watcher = watchSession(session);
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  await functionCallTurn(transport, {
    name: 'refund',
    arguments: { amount: 5 },
    callId: 'call_x',
    awaitOutput: false,
  });
  // The session decides asynchronously: wait for its request.
  const requested = createGate();
  session.on('tool_approval_requested', () => requested.release());
  if (!events.includes('tool_approval_requested')) await requested.promise;
  assert.throws(
    () => assertToolApprovalAnswered(watcher, { toolName: 'refund' }),
    (error) => {
      assert(error instanceof RealtimeToolApprovalAssertionError);
      assert.equal(error.requested, 1);
      assert.equal(error.expectedDecision, 'any');
      assert.equal(error.actualDecision, 'none');
      return true;
    },
  );
  watcher.stop();
  const closed = transport.expectCall('close');
  session.close();
  await closed;
});

test('handoffTurn makes the session hand off: new config, agent_handoff, transfer output', async () => {
  const billing = new RealtimeAgent({
    name: 'Billing',
    instructions: 'You handle invoices.',
  });
  const triage = new RealtimeAgent({ name: 'Triage', handoffs: [billing] });
  const { transport, session, events } = setup(triage);
  const watcher = watchSession(session);
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      const turn = await handoffTurn(ctx, { to: billing, callId: 'call_h' });
      assert.equal(turn.toolName, 'transfer_to_Billing');
      assert.equal(
        turn.sessionConfig?.config.instructions,
        'You handle invoices.',
      );
      assert.match(String(turn.output?.output), /Billing/);
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('go');
      const gate = createGate();
      transport.on('item_update', (item) => {
        if (item.type === 'function_call' && item.status === 'completed') {
          gate.release();
        }
      });
      await gate.promise;
      session.close();
    },
  });
  assert.equal(session.currentAgent, billing);
  assert(events.includes('agent_handoff'));
  assert.deepEqual(watcher.handoffs, [{ from: 'Triage', to: 'Billing' }]);
  assertHandoff(watcher, { from: triage, to: 'Billing' });
  watcher.stop();
});

test('mcpApprovalTurn raises tool_approval_requested and the app answer reaches sendMcpResponse', async () => {
  const { transport, session, events } = setup();
  const watcher = watchSession(session);
  session.on('tool_approval_requested', (_c, _a, request) => {
    assert.equal(request.type, 'mcp_approval_request');
    void session.approve(request.approvalItem);
  });
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      const { response } = await mcpApprovalTurn(ctx, {
        serverLabel: 'files',
        name: 'delete_file',
        arguments: { path: '/tmp/a' },
        itemId: 'mcp_1',
      });
      assert.equal(response?.approved, true);
      assert.equal(response?.approvalRequest.itemId, 'mcp_1');
      assert.equal(response?.approvalRequest.serverLabel, 'files');
      assert.deepEqual(response?.approvalRequest.arguments, { path: '/tmp/a' });
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('go');
      const gate = createGate();
      // Close once the approval reached the transport.
      const timer = setInterval(() => {
        if (transport.calls.some((c) => c.method === 'sendMcpResponse')) {
          gate.release();
        }
      }, 1);
      try {
        await gate.promise;
      } finally {
        clearInterval(timer);
      }
      session.close();
    },
  });
  // The request comes inside a response.
  assert.deepEqual(events, [
    'agent_start',
    'history_added',
    'tool_approval_requested',
    'agent_end',
  ]);
  assert.equal(at(session.history, 0).type, 'mcp_approval_request');
  assertToolApprovalAnswered(watcher, {
    toolName: 'delete_file',
    decision: 'approved',
  });
  watcher.stop();
});

test('userSpeechTurn fills the user transcript into the session history', async () => {
  const { transport, session, events } = setup();
  const raw: string[] = [];
  session.on('transport_event', (event) => raw.push(event.type));
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  userSpeechTurn(transport, { transcript: 'What time is it?', itemId: 'u1' });
  assert.deepEqual(raw, [
    'input_audio_buffer.speech_started',
    'input_audio_buffer.speech_stopped',
    'input_audio_buffer.committed',
    'conversation.item.added',
    'conversation.item.done',
    'conversation.item.input_audio_transcription.delta',
    'conversation.item.input_audio_transcription.completed',
    'conversation.item.retrieved',
  ]);
  // The user's turn adds an item; no agent turn starts.
  assert.deepEqual(events, ['history_added']);
  // The item as retrieved: its placement is not restated.
  assert.deepEqual(session.history, [{
    itemId: 'u1',
    previousItemId: undefined,
    type: 'message',
    role: 'user',
    status: 'completed',
    content: [
      { type: 'input_audio', transcript: 'What time is it?', audio: null },
    ],
  }]);
  const closed = transport.expectCall('close');
  session.close();
  await closed;
});

test('interruptedTurn cuts the answer when the user barges in; history keeps what was heard', async () => {
  const { transport, session, events } = setup();
  const watcher = watchSession(session);
  const chunks: number[] = [];
  session.on('audio', (event) => chunks.push(event.data.byteLength));
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  const turn = await interruptedTurn(transport, {
    transcript: ['Once ', 'upon ', 'a time ', 'there was'],
    heard: 2,
    itemId: 'story',
  });
  assert.equal(turn.heard, 'Once upon ');
  assert.equal(chunks.length, 2);
  // The session plays the heard chunks; the transport interrupts them, and
  // the cancelled response's audio done stops the audio.
  assert.deepEqual(events, [
    'agent_start',
    'history_added',
    'audio_start',
    'audio_interrupted',
    'audio_stopped',
    'agent_end',
  ]);
  assert.deepEqual(watcher.interruptions, [{
    itemId: 'story',
    heard: 'Once upon ',
  }]);
  const item = session.history.find((i) => i.itemId === 'story');
  assert.equal((item as { status?: string } | undefined)?.status, 'incomplete');
  assertHistoryMatchesHeard(watcher, { itemId: 'story' });
  watcher.stop();
  const closed = transport.expectCall('close');
  session.close();
  await closed;
});

test('interruptedTurn with trigger "interrupt" waits for the app stop button', async () => {
  const { transport, session, events } = setup();
  const watcher = watchSession(session);
  // The stop button, pressed once the first words were heard.
  transport.on('audio_transcript_delta', () => session.interrupt());
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ctx.expectCall('sendMessage');
      const turn = await interruptedTurn(ctx, {
        transcript: ['A', 'B', 'C'],
        heard: 1,
        trigger: 'interrupt',
      });
      assert.equal(turn.interrupt?.method, 'interrupt');
      await ctx.expectCall('close');
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      session.sendMessage('go');
      const gate = createGate();
      session.on('agent_end', () => gate.release());
      await gate.promise;
      session.close();
    },
  });
  // audio_interrupted comes inside session.interrupt(), before the
  // cancelled response stops the audio.
  assert.deepEqual(events, [
    'agent_start',
    'history_added',
    'audio_start',
    'audio_interrupted',
    'audio_stopped',
    'agent_end',
  ]);
  assertHistoryMatchesHeard(watcher);
  watcher.stop();
});

test('assertHistoryMatchesHeard fails when history keeps words the user never heard', async () => {
  const { transport, session } = setup();
  const watcher = watchSession(session);
  assert.throws(() => assertHistoryMatchesHeard(watcher), (error) => {
    assert(error instanceof RealtimeTruncationAssertionError);
    assert.equal(error.heard, undefined);
    return true;
  });
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  await interruptedTurn(transport, {
    transcript: ['Hello ', 'world'],
    heard: 1,
    itemId: 'a1',
  });
  // A buggy app (or server) restores the whole planned answer.
  transport.emit('item_update', {
    itemId: 'a1',
    type: 'message',
    role: 'assistant',
    status: 'incomplete',
    content: [{ type: 'output_audio', transcript: 'Hello world' }],
  });
  assert.throws(() => assertHistoryMatchesHeard(watcher), (error) => {
    assert(error instanceof RealtimeTruncationAssertionError);
    assert.equal(error.name, 'RealtimeTruncationAssertionError');
    assert.equal(error.itemId, 'a1');
    assert.equal(error.heard, 'Hello ');
    assert.equal(error.transcript, 'Hello world');
    return true;
  });
  watcher.stop();
  const closed = transport.expectCall('close');
  session.close();
  await closed;
});
