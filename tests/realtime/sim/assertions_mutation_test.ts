/**
 * The session assertions on a real `RealtimeSession`: what the watcher
 * records (approvals, handoffs, interruptions with what was heard) and the
 * exact error each assertion throws, with its fields and full message.
 */
import assert from 'node:assert/strict';
import { z } from 'zod';
import { RealtimeAgent, RealtimeSession, tool } from '@openai/agents/realtime';
import {
  type RealtimeScenarioContext,
  ScriptedRealtimeTransport,
} from '@scripted/agents/realtime';
import {
  assertHandoff,
  assertHistoryMatchesHeard,
  assertNoCallAfterClose,
  assertToolApprovalAnswered,
  audioTurn,
  functionCallTurn,
  handoffTurn,
  interruptedTurn,
  mcpApprovalTurn,
  RealtimeCallAfterCloseError,
  RealtimeHandoffAssertionError,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
  textTurn,
  watchSession,
} from '@scripted/agents/realtime/sim';
import { sanitizedTest as test } from '../../_support/sanitized.ts';
import { createGate } from '../_helpers.ts';
import { throwsSpec } from './_spec_assert.ts';

// deno-lint-ignore no-explicit-any
type Loose = any;

function approvalError(
  fn: () => void,
  fields: {
    toolName: string | undefined;
    requested: number;
    expectedDecision: string;
    actualDecision: string;
  },
  message: string,
): void {
  assert.throws(fn, (error) => {
    assert(error instanceof RealtimeToolApprovalAssertionError);
    assert.equal(error.name, 'RealtimeToolApprovalAssertionError');
    assert.deepEqual({
      toolName: error.toolName,
      requested: error.requested,
      expectedDecision: error.expectedDecision,
      actualDecision: error.actualDecision,
    }, fields);
    assert.equal(error.message, message);
    return true;
  });
}

function needsApproval(name: string) {
  return tool({
    name,
    description: `The ${name} tool.`,
    parameters: z.object({ n: z.number() }),
    needsApproval: true,
    execute: ({ n }) => `${name} ${n}`,
  });
}

/** Runs turns on a session whose app decides each approval by call id. */
async function approvals(
  decide: Record<string, 'approve' | 'reject' | 'ignore'>,
  turns: (
    ctx: RealtimeScenarioContext,
    requested: (callId: string) => Promise<void>,
  ) => Promise<void>,
) {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({
      name: 'Support',
      tools: [needsApproval('refund'), needsApproval('cancel')],
    }),
    { transport },
  );
  const watcher = watchSession(session);
  const gates = new Map<string, ReturnType<typeof createGate>>();
  const gate = (callId: string) => {
    let g = gates.get(callId);
    if (g === undefined) gates.set(callId, g = createGate());
    return g;
  };
  session.on('tool_approval_requested', (_c, _a, request) => {
    const callId = (request.approvalItem.rawItem as { callId: string }).callId;
    gate(callId).release();
    const decision = decide[callId];
    if (decision === 'approve') void session.approve(request.approvalItem);
    if (decision === 'reject') void session.reject(request.approvalItem);
  });
  const finished = createGate();
  const ready = createGate();
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      // The session is ready once connect() resolved.
      await ready.promise;
      await turns(ctx, (callId) => gate(callId).promise);
      const closed = ctx.expectCall('close');
      finished.release();
      await closed;
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      ready.release();
      await finished.promise;
      session.close();
    },
  });
  return { watcher, session, transport };
}

test('watchSession rejects what is not a session', () => {
  const cases: [unknown, string, string, string, string][] = [
    [5, 'invalid_type', 'session', 'a RealtimeSession', '5'],
    [null, 'invalid_type', 'session', 'a RealtimeSession', 'null'],
    [{}, 'missing', 'session.on', 'a RealtimeSession', 'undefined'],
    [
      { on() {}, off() {}, transport: {} },
      'missing',
      'session.transport.on',
      'a function',
      'undefined',
    ],
    [
      {
        get on(): never {
          throw new Error('boom');
        },
      },
      'unreadable',
      'session.on',
      'readable',
      'the error "boom"',
    ],
  ];
  for (const [value, reason, path, issue, received] of cases) {
    throwsSpec(
      () => watchSession(value as Loose),
      { operation: 'watchSession', reason, path, issue, received },
      `Invalid realtime spec ("watchSession"): expected "${path}" to be ${issue}, got ${received}`,
    );
  }
});

test('assertToolApprovalAnswered: a rejected then an approved request of one tool, and an ignored one of another', async () => {
  const { watcher } = await approvals(
    { r1: 'reject', r2: 'approve', c1: 'ignore' },
    async (ctx, requested) => {
      await functionCallTurn(ctx, {
        name: 'refund',
        arguments: { n: 1 },
        callId: 'r1',
      });
      await functionCallTurn(ctx, {
        name: 'refund',
        arguments: { n: 2 },
        callId: 'r2',
      });
      await functionCallTurn(ctx, {
        name: 'cancel',
        arguments: { n: 3 },
        callId: 'c1',
        awaitOutput: false,
      });
      await requested('c1');
    },
  );
  assert.deepEqual(watcher.approvals, [
    {
      type: 'function_approval',
      toolName: 'refund',
      callId: 'r1',
      itemId: undefined,
    },
    {
      type: 'function_approval',
      toolName: 'refund',
      callId: 'r2',
      itemId: undefined,
    },
    {
      type: 'function_approval',
      toolName: 'cancel',
      callId: 'c1',
      itemId: undefined,
    },
  ]);
  assert(Object.isFrozen(watcher.approvals));
  assert(Object.isFrozen(watcher.approvals[0]));
  // Any answer of refund, or a specific one: each request is looked at.
  assertToolApprovalAnswered(watcher, { toolName: 'refund' });
  assertToolApprovalAnswered(watcher, {
    toolName: 'refund',
    decision: 'rejected',
  });
  assertToolApprovalAnswered(watcher, {
    toolName: 'refund',
    decision: 'approved',
  });
  assertToolApprovalAnswered(watcher, { toolName: 'refund', decision: 'any' });
  // Any tool: refund was answered.
  assertToolApprovalAnswered(watcher);
  approvalError(
    () => assertToolApprovalAnswered(watcher, { toolName: 'cancel' }),
    {
      toolName: 'cancel',
      requested: 1,
      expectedDecision: 'any',
      actualDecision: 'none',
    },
    'Realtime tool approval not answered as expected: "cancel" was requested 1 time(s), expected an answer, got "none"',
  );
  approvalError(
    () =>
      assertToolApprovalAnswered(watcher, {
        toolName: 'cancel',
        decision: 'approved',
      }),
    {
      toolName: 'cancel',
      requested: 1,
      expectedDecision: 'approved',
      actualDecision: 'none',
    },
    'Realtime tool approval not answered as expected: "cancel" was requested 1 time(s), expected an answer of "approved", got "none"',
  );
  approvalError(
    () => assertToolApprovalAnswered(watcher, { toolName: 'lookup' }),
    {
      toolName: 'lookup',
      requested: 0,
      expectedDecision: 'any',
      actualDecision: 'none',
    },
    'Realtime tool approval not requested: expected a request for "lookup", the session raised none',
  );
});

test('assertToolApprovalAnswered reports the last decision seen when none matches', async () => {
  const { watcher } = await approvals(
    { r1: 'reject', r2: 'reject' },
    async (ctx) => {
      for (const callId of ['r1', 'r2']) {
        await functionCallTurn(ctx, {
          name: 'refund',
          arguments: { n: 1 },
          callId,
        });
      }
    },
  );
  approvalError(
    () =>
      assertToolApprovalAnswered(watcher, {
        toolName: 'refund',
        decision: 'approved',
      }),
    {
      toolName: 'refund',
      requested: 2,
      expectedDecision: 'approved',
      actualDecision: 'rejected',
    },
    'Realtime tool approval not answered as expected: "refund" was requested 2 time(s), expected an answer of "approved", got "rejected"',
  );
  approvalError(
    () => assertToolApprovalAnswered(watcher, { decision: 'approved' }),
    {
      toolName: undefined,
      requested: 2,
      expectedDecision: 'approved',
      actualDecision: 'rejected',
    },
    'Realtime tool approval not answered as expected: any tool was requested 2 time(s), expected an answer of "approved", got "rejected"',
  );
});

test('assertToolApprovalAnswered with no request at all', () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const watcher = watchSession(session);
  approvalError(
    () => assertToolApprovalAnswered(watcher),
    {
      toolName: undefined,
      requested: 0,
      expectedDecision: 'any',
      actualDecision: 'none',
    },
    'Realtime tool approval not requested: expected a request for any tool, the session raised none',
  );
  watcher.stop();
});

for (const approve of [true, false]) {
  test(`assertToolApprovalAnswered reads an MCP answer from sendMcpResponse (${approve ? 'approved' : 'rejected'})`, async () => {
    const transport = new ScriptedRealtimeTransport();
    const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
      transport,
    });
    const watcher = watchSession(session);
    const answered = new Set<string>();
    session.on('tool_approval_requested', (_c, _a, request) => {
      const itemId = (request.approvalItem.rawItem as {
        providerData?: { itemId?: string };
      }).providerData?.itemId;
      if (itemId !== 'm1') return;
      answered.add(itemId);
      void (approve
        ? session.approve(request.approvalItem)
        : session.reject(request.approvalItem));
    });
    const finished = createGate();
    const ready = createGate();
    await transport.runScenario({
      signal: AbortSignal.timeout(5_000),
      scenario: async (ctx) => {
        await ctx.expectCall('connect');
        // The session is ready once connect() resolved.
        await ready.promise;
        await mcpApprovalTurn(ctx, {
          serverLabel: 'files',
          name: 'delete_file',
          itemId: 'm1',
        });
        await mcpApprovalTurn(ctx, {
          serverLabel: 'files',
          name: 'list_files',
          itemId: 'm2',
          awaitResponse: false,
        });
        const closed = ctx.expectCall('close');
        finished.release();
        await closed;
      },
      exercise: async () => {
        await session.connect({ apiKey: 'test' });
        ready.release();
        await finished.promise;
        session.close();
      },
    });
    assert.deepEqual(watcher.approvals, [
      {
        type: 'mcp_approval_request',
        toolName: 'delete_file',
        callId: undefined,
        itemId: 'm1',
      },
      {
        type: 'mcp_approval_request',
        toolName: 'list_files',
        callId: undefined,
        itemId: 'm2',
      },
    ]);
    const decision = approve ? 'approved' : 'rejected';
    const other = approve ? 'rejected' : 'approved';
    assertToolApprovalAnswered(watcher, { toolName: 'delete_file', decision });
    assertToolApprovalAnswered(watcher, { decision });
    approvalError(
      () =>
        assertToolApprovalAnswered(watcher, {
          toolName: 'delete_file',
          decision: other,
        }),
      {
        toolName: 'delete_file',
        requested: 1,
        expectedDecision: other,
        actualDecision: decision,
      },
      `Realtime tool approval not answered as expected: "delete_file" was requested 1 time(s), expected an answer of "${other}", got "${decision}"`,
    );
    approvalError(
      () => assertToolApprovalAnswered(watcher, { toolName: 'list_files' }),
      {
        toolName: 'list_files',
        requested: 1,
        expectedDecision: 'any',
        actualDecision: 'none',
      },
      'Realtime tool approval not answered as expected: "list_files" was requested 1 time(s), expected an answer, got "none"',
    );
    watcher.stop();
  });
}

function handoffError(
  fn: () => void,
  fields: { expectedAgent: string; activeAgent: string; handoffs: string[] },
  message: string,
): void {
  assert.throws(fn, (error) => {
    assert(error instanceof RealtimeHandoffAssertionError);
    assert.equal(error.name, 'RealtimeHandoffAssertionError');
    assert.deepEqual({
      expectedAgent: error.expectedAgent,
      activeAgent: error.activeAgent,
      handoffs: [...error.handoffs],
    }, fields);
    assert.equal(error.message, message);
    return true;
  });
}

test('assertHandoff checks the handoff target, its origin and the active agent', async () => {
  const billing = new RealtimeAgent({ name: 'Billing' });
  const triage = new RealtimeAgent({ name: 'Triage', handoffs: [billing] });
  billing.handoffs = [triage];
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(triage, { transport });
  const watcher = watchSession(session);
  handoffError(
    () => assertHandoff(watcher, { to: 'Billing' }),
    { expectedAgent: 'Billing', activeAgent: 'Triage', handoffs: [] },
    'Realtime handoff not observed: expected active agent "Billing" after a handoff, got "Triage" (handoffs: none)',
  );
  const finished = createGate();
  const back = createGate();
  const ready = createGate();
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      // The session is ready once connect() resolved.
      await ready.promise;
      await handoffTurn(ctx, { to: billing, callId: 'h1' });
      // Billing is active: checked while it is.
      assertHandoff(watcher, { to: 'Billing' });
      assertHandoff(watcher, { to: billing, from: 'Triage' });
      assertHandoff(watcher, { to: 'Billing', from: triage });
      handoffError(
        () => assertHandoff(watcher, { to: 'Billing', from: 'Billing' }),
        {
          expectedAgent: 'Billing',
          activeAgent: 'Billing',
          handoffs: ['Triage -> Billing'],
        },
        'Realtime handoff not observed: expected active agent "Billing" after a handoff, got "Billing" (handoffs: "Triage -> Billing")',
      );
      handoffError(
        () => assertHandoff(watcher, { to: 'Triage' }),
        {
          expectedAgent: 'Triage',
          activeAgent: 'Billing',
          handoffs: ['Triage -> Billing'],
        },
        'Realtime handoff not observed: expected active agent "Triage" after a handoff, got "Billing" (handoffs: "Triage -> Billing")',
      );
      await handoffTurn(ctx, { to: triage, callId: 'h2' });
      back.release();
      const closed = ctx.expectCall('close');
      finished.release();
      await closed;
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      ready.release();
      await finished.promise;
      session.close();
    },
  });
  await back.promise;
  assert.deepEqual(watcher.handoffs, [
    { from: 'Triage', to: 'Billing' },
    { from: 'Billing', to: 'Triage' },
  ]);
  assert(Object.isFrozen(watcher.handoffs));
  assert(Object.isFrozen(watcher.handoffs[0]));
  // Billing was handed off to, but is no longer active.
  handoffError(
    () => assertHandoff(watcher, { to: 'Billing' }),
    {
      expectedAgent: 'Billing',
      activeAgent: 'Triage',
      handoffs: ['Triage -> Billing', 'Billing -> Triage'],
    },
    'Realtime handoff not observed: expected active agent "Billing" after a handoff, got "Triage" (handoffs: "Triage -> Billing", "Billing -> Triage")',
  );
  assertHandoff(watcher, { to: 'Triage', from: 'Billing' });
  // Triage is active, but no handoff went from Triage to Triage.
  handoffError(
    () => assertHandoff(watcher, { to: 'Triage', from: 'Triage' }),
    {
      expectedAgent: 'Triage',
      activeAgent: 'Triage',
      handoffs: ['Triage -> Billing', 'Billing -> Triage'],
    },
    'Realtime handoff not observed: expected active agent "Triage" after a handoff, got "Triage" (handoffs: "Triage -> Billing", "Billing -> Triage")',
  );
  watcher.stop();
});

function truncationError(
  fn: () => void,
  fields: {
    itemId: string | undefined;
    heard: string | undefined;
    transcript: string | undefined;
  },
  message: string,
): void {
  assert.throws(fn, (error) => {
    assert(error instanceof RealtimeTruncationAssertionError);
    assert.equal(error.name, 'RealtimeTruncationAssertionError');
    assert.deepEqual({
      itemId: error.itemId,
      heard: error.heard,
      transcript: error.transcript,
    }, fields);
    assert.equal(error.message, message);
    return true;
  });
}

async function connectedSession() {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const watcher = watchSession(session);
  const connected = transport.expectCall('connect');
  await session.connect({ apiKey: 'test' });
  await connected;
  const close = async () => {
    watcher.stop();
    const closed = transport.expectCall('close');
    session.close();
    await closed;
    transport.assertComplete();
  };
  return { transport, session, watcher, close };
}

test('The watcher records what was heard of each interrupted answer; a finished answer is not being spoken', async () => {
  const { transport, watcher, close } = await connectedSession();
  truncationError(
    () => assertHistoryMatchesHeard(watcher),
    { itemId: undefined, heard: undefined, transcript: undefined },
    'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
  );
  audioTurn(transport, { transcript: ['a', 'b'], itemId: 'done' });
  // After audio_done nothing is being spoken.
  transport.emit('audio_interrupted');
  assert.deepEqual(watcher.interruptions, [{ itemId: undefined, heard: '' }]);
  truncationError(
    () => assertHistoryMatchesHeard(watcher),
    { itemId: undefined, heard: undefined, transcript: undefined },
    'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer, got none',
  );
  await interruptedTurn(transport, {
    transcript: ['Once ', 'upon ', 'a time'],
    heard: 2,
    itemId: 'story',
  });
  // An interruption right after is of nothing being spoken.
  transport.emit('audio_interrupted');
  // A delta without an item id is ignored.
  transport.emit('audio_transcript_delta', { delta: 'zz' } as Loose);
  transport.emit('audio_interrupted');
  assert.deepEqual(watcher.interruptions, [
    { itemId: undefined, heard: '' },
    { itemId: 'story', heard: 'Once upon ' },
    { itemId: undefined, heard: '' },
    { itemId: undefined, heard: '' },
  ]);
  assert(Object.isFrozen(watcher.interruptions));
  assert(Object.isFrozen(watcher.interruptions[1]));
  assertHistoryMatchesHeard(watcher);
  assertHistoryMatchesHeard(watcher, { itemId: 'story' });
  truncationError(
    () => assertHistoryMatchesHeard(watcher, { itemId: 'done' }),
    { itemId: 'done', heard: undefined, transcript: undefined },
    'Realtime interruption not observed: expected an "audio_interrupted" during a spoken answer (item "done"), got none',
  );
  await close();
});

test('assertHistoryMatchesHeard names an item whose history kept unheard words, or that is gone', async () => {
  const { transport, watcher, close } = await connectedSession();
  await interruptedTurn(transport, {
    transcript: ['One ', 'two ', 'three'],
    heard: 1,
    itemId: 'a',
  });
  // Cut before any audio: the transport has nothing to interrupt.
  await interruptedTurn(transport, {
    transcript: ['Red ', 'green'],
    heard: 0,
    itemId: 'b',
  });
  assert.deepEqual(watcher.interruptions, [{ itemId: 'a', heard: 'One ' }]);
  // An interruption while nothing is spoken names no item.
  transport.emit('audio_interrupted');
  assert.deepEqual(watcher.interruptions, [
    { itemId: 'a', heard: 'One ' },
    { itemId: undefined, heard: '' },
  ]);
  assertHistoryMatchesHeard(watcher);
  // The app (wrongly) writes the whole answer back: text parts count too.
  transport.emit('item_update', {
    itemId: 'a',
    type: 'message',
    role: 'assistant',
    status: 'completed',
    content: [
      { type: 'output_audio', transcript: 'One ' },
      { type: 'output_text', text: 'two three' },
    ],
  } as Loose);
  truncationError(
    () => assertHistoryMatchesHeard(watcher),
    { itemId: 'a', heard: 'One ', transcript: 'One two three' },
    'Realtime history does not match what was heard: item "a" should hold "One ", got "One two three"',
  );
  transport.emit('item_deleted', { itemId: 'a' } as Loose);
  truncationError(
    () => assertHistoryMatchesHeard(watcher, { itemId: 'a' }),
    { itemId: 'a', heard: 'One ', transcript: undefined },
    'Realtime history does not match what was heard: item "a" should hold "One ", got no such item',
  );
  await close();
});

test('The watcher stops recording after stop()', async () => {
  const { transport, watcher, close } = await connectedSession();
  watcher.stop();
  await interruptedTurn(transport, {
    transcript: ['a', 'b'],
    heard: 1,
    itemId: 'x',
  });
  textTurn(transport, { text: 'hi' });
  assert.deepEqual(watcher.interruptions, []);
  watcher.stop();
  await close();
});

function afterClose(
  calls: string[],
  fields: { callIndex: number; method: string; closeIndex: number },
): void {
  assert.throws(
    () =>
      assertNoCallAfterClose({ calls: calls.map((method) => ({ method })) }),
    (error) => {
      assert(error instanceof RealtimeCallAfterCloseError);
      assert.equal(error.name, 'RealtimeCallAfterCloseError');
      assert.deepEqual({
        callIndex: error.callIndex,
        method: error.method,
        closeIndex: error.closeIndex,
      }, fields);
      assert.equal(
        error.message,
        `Realtime call after close: call ${fields.callIndex} ("${fields.method}") came after "close" at call ${fields.closeIndex} with no "connect" between`,
      );
      return true;
    },
  );
}

test('assertNoCallAfterClose allows repeated closes and reconnects, and names the first call after a close', () => {
  const ok = (calls: string[]) =>
    assertNoCallAfterClose({ calls: calls.map((method) => ({ method })) });
  ok([]);
  ok(['connect', 'sendMessage', 'close']);
  ok(['connect', 'close', 'close', 'connect', 'sendMessage', 'close']);
  ok(['sendMessage', 'connect']);
  ok(['sendMessage', 'mute', 'connect', 'mute']);
  afterClose(['connect', 'close', 'interrupt'], {
    callIndex: 2,
    method: 'interrupt',
    closeIndex: 1,
  });
  afterClose(['connect', 'close', 'close', 'mute', 'sendMessage'], {
    callIndex: 3,
    method: 'mute',
    closeIndex: 2,
  });
  afterClose(['close', 'connect', 'close', 'connect', 'close', 'sendAudio'], {
    callIndex: 5,
    method: 'sendAudio',
    closeIndex: 4,
  });
});

test('assertNoCallAfterClose works on the real transport and rejects what has no calls', async () => {
  const transport = new ScriptedRealtimeTransport();
  await transport.connect({ apiKey: 'test' });
  transport.close();
  assertNoCallAfterClose(transport);
  transport.mute(true);
  assert.throws(
    () => assertNoCallAfterClose(transport),
    RealtimeCallAfterCloseError,
  );
  const calls = 'an array of recorded calls';
  const cases: [unknown, string, string, string, string][] = [
    [{}, 'missing', 'transport.calls', calls, 'undefined'],
    [{ calls: 'x' }, 'invalid_type', 'transport.calls', calls, '"x"'],
    [5, 'invalid_type', 'transport', 'a transport with recorded calls', '5'],
    [
      {
        get calls(): never {
          throw new Error('boom');
        },
      },
      'unreadable',
      'transport.calls',
      'readable',
      'the error "boom"',
    ],
  ];
  for (const [value, reason, path, issue, received] of cases) {
    throwsSpec(
      () => assertNoCallAfterClose(value as Loose),
      { operation: 'assertNoCallAfterClose', reason, path, issue, received },
      `Invalid realtime spec ("assertNoCallAfterClose"): expected "${path}" to be ${issue}, got ${received}`,
    );
  }
});

test('The watcher reads partial events without failing', () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const watcher = watchSession(session);
  const emit = session.emit.bind(session) as (
    type: string,
    ...args: unknown[]
  ) => boolean;
  emit('tool_approval_requested', {}, {}, {
    type: 'function_approval',
    tool: { name: 'refund' },
  });
  emit('tool_approval_requested', {}, {}, {
    type: 'function_approval',
    approvalItem: {
      rawItem: { name: 'by_raw', callId: 'c9', providerData: { itemId: 'x' } },
    },
  });
  emit('tool_approval_requested', {}, {}, {
    type: 'mcp_approval_request',
    approvalItem: { rawItem: { name: 'mcp_tool', callId: 'c8' } },
  });
  emit('tool_approval_requested', {}, {}, {});
  emit('tool_approval_requested', {}, {}, {
    type: 'mcp_approval_request',
    tool: { name: 'bare_mcp' },
  });
  assert.deepEqual(watcher.approvals, [
    {
      type: 'function_approval',
      toolName: 'refund',
      callId: undefined,
      itemId: undefined,
    },
    {
      type: 'function_approval',
      toolName: 'by_raw',
      callId: 'c9',
      itemId: undefined,
    },
    {
      type: 'mcp_approval_request',
      toolName: 'mcp_tool',
      callId: undefined,
      itemId: undefined,
    },
    {
      type: 'function_approval',
      toolName: 'undefined',
      callId: undefined,
      itemId: undefined,
    },
    {
      type: 'mcp_approval_request',
      toolName: 'bare_mcp',
      callId: undefined,
      itemId: undefined,
    },
  ]);
  emit('agent_handoff', {}, undefined, undefined);
  assert.deepEqual(watcher.handoffs, [{ from: 'undefined', to: 'undefined' }]);
  transport.emit('audio_transcript_delta', undefined as Loose);
  transport.emit('audio_transcript_delta', {
    itemId: 'x',
    delta: 'Hel',
  } as Loose);
  // A delta without an item id does not end the item being spoken.
  transport.emit('audio_transcript_delta', { delta: '??' } as Loose);
  transport.emit('audio_transcript_delta', {
    itemId: 'x',
    delta: 'lo',
  } as Loose);
  // Not connected: the session event stands for the transport's.
  emit('audio_interrupted', {}, {});
  assert.deepEqual(watcher.interruptions, [{ itemId: 'x', heard: 'Hello' }]);
  watcher.stop();
});

test('assertHistoryMatchesHeard reads a non-message item under the interrupted id as no transcript', async () => {
  const { transport, watcher, close } = await connectedSession();
  await interruptedTurn(transport, {
    transcript: ['Yes ', 'no'],
    heard: 1,
    itemId: 'a',
  });
  // A part with neither transcript nor text adds nothing.
  transport.emit('item_update', {
    itemId: 'a',
    type: 'message',
    role: 'assistant',
    status: 'incomplete',
    content: [
      { type: 'output_audio', transcript: 'Yes ', audio: null },
      { type: 'output_audio', audio: null },
    ],
  } as Loose);
  assertHistoryMatchesHeard(watcher);
  transport.emit('item_update', {
    itemId: 'a',
    type: 'function_call',
    status: 'completed',
    arguments: '{}',
    name: 'f',
    output: null,
  } as Loose);
  truncationError(
    () => assertHistoryMatchesHeard(watcher),
    { itemId: 'a', heard: 'Yes ', transcript: '' },
    'Realtime history does not match what was heard: item "a" should hold "Yes ", got ""',
  );
  await close();
});

test('assertToolApprovalAnswered counts an output sent without approve() or reject() as no decision', async () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Support', tools: [needsApproval('refund')] }),
    { transport },
  );
  const watcher = watchSession(session);
  const requested = createGate();
  session.on('tool_approval_requested', () => requested.release());
  const finished = createGate();
  const ready = createGate();
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ready.promise;
      await functionCallTurn(ctx, {
        name: 'refund',
        arguments: { n: 1 },
        callId: 'r1',
        itemId: 'fc',
        awaitOutput: false,
      });
      await requested.promise;
      const out = ctx.expectCall('sendFunctionCallOutput');
      void transport.sendFunctionCallOutput(
        {
          id: 'fc',
          type: 'function_call',
          callId: 'r1',
          arguments: '{"n":1}',
          name: 'refund',
        } as Loose,
        'bypassed',
        false,
      );
      await out;
      const closed = ctx.expectCall('close');
      finished.release();
      await closed;
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      ready.release();
      await finished.promise;
      session.close();
    },
  });
  approvalError(
    () => assertToolApprovalAnswered(watcher, { toolName: 'refund' }),
    {
      toolName: 'refund',
      requested: 1,
      expectedDecision: 'any',
      actualDecision: 'none',
    },
    'Realtime tool approval not answered as expected: "refund" was requested 1 time(s), expected an answer, got "none"',
  );
  watcher.stop();
});

test('watchSession needs on(), off() and a transport with on()', () => {
  const on = () => {};
  const cases: [unknown, string, string, string, string][] = [
    [
      { off: on, transport: { on } },
      'missing',
      'session.on',
      'a RealtimeSession',
      'undefined',
    ],
    [
      { on, transport: { on } },
      'missing',
      'session.off',
      'a RealtimeSession',
      'undefined',
    ],
    [
      { on, off: on },
      'missing',
      'session.transport',
      'a transport',
      'undefined',
    ],
    [
      { on, off: on, transport: { on: 1 } },
      'invalid_type',
      'session.transport.on',
      'a function',
      '1',
    ],
  ];
  for (const [value, reason, path, issue, received] of cases) {
    throwsSpec(
      () => watchSession(value as Loose),
      { operation: 'watchSession', reason, path, issue, received },
      `Invalid realtime spec ("watchSession"): expected "${path}" to be ${issue}, got ${received}`,
    );
  }
  // The minimal shape is accepted.
  watchSession({ on, off: on, transport: { on } } as Loose).stop();
});

test('watcher.stop() removes its session and transport listeners; a transport without off() is fine', () => {
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport,
  });
  const watcher = watchSession(session);
  const emitSession = session.emit.bind(session) as (
    type: string,
    ...args: unknown[]
  ) => boolean;
  assert.equal(transport.emit('audio_transcript_delta', {} as Loose), true);
  assert.equal(transport.emit('audio_done'), true);
  assert.equal(emitSession('agent_handoff', {}, {}, {}), true);
  watcher.stop();
  assert.equal(transport.emit('audio_transcript_delta', {} as Loose), false);
  assert.equal(transport.emit('audio_done'), false);
  assert.equal(emitSession('agent_handoff', {}, {}, {}), false);
  assert.equal(emitSession('tool_approval_requested', {}, {}, {}), false);
  assert.equal(emitSession('audio_interrupted', {}, {}), false);
  const on = () => {};
  watchSession({ on, off: on, transport: { on } } as Loose).stop();
});

test('assertToolApprovalAnswered waits for the output: an approved call still running is not answered yet', async () => {
  const gate = createGate();
  const slow = tool({
    name: 'slow',
    description: 'A slow tool.',
    parameters: z.object({ n: z.number() }),
    needsApproval: true,
    execute: async () => {
      await gate.promise;
      return 'ok';
    },
  });
  const quick = tool({
    name: 'quick',
    description: 'A quick tool.',
    parameters: z.object({ n: z.number() }),
    execute: () => 'done',
  });
  const transport = new ScriptedRealtimeTransport();
  const session = new RealtimeSession(
    new RealtimeAgent({ name: 'Support', tools: [slow, quick] }),
    { transport },
  );
  const watcher = watchSession(session);
  session.on('tool_approval_requested', (_c, _a, request) => {
    void session.approve(request.approvalItem);
  });
  const started = createGate();
  session.on('agent_tool_start', (_c, _a, startedTool) => {
    if (startedTool.name === 'slow') started.release();
  });
  const finished = createGate();
  const ready = createGate();
  await transport.runScenario({
    signal: AbortSignal.timeout(5_000),
    scenario: async (ctx) => {
      await ctx.expectCall('connect');
      await ready.promise;
      // Another call's output does not answer this one.
      await functionCallTurn(ctx, {
        name: 'quick',
        arguments: { n: 0 },
        callId: 'q1',
      });
      const turn = functionCallTurn(ctx, {
        name: 'slow',
        arguments: { n: 1 },
        callId: 's1',
      });
      await started.promise;
      approvalError(
        () =>
          assertToolApprovalAnswered(watcher, {
            toolName: 'slow',
            decision: 'approved',
          }),
        {
          toolName: 'slow',
          requested: 1,
          expectedDecision: 'approved',
          actualDecision: 'none',
        },
        'Realtime tool approval not answered as expected: "slow" was requested 1 time(s), expected an answer of "approved", got "none"',
      );
      gate.release();
      await turn;
      assertToolApprovalAnswered(watcher, {
        toolName: 'slow',
        decision: 'approved',
      });
      const closed = ctx.expectCall('close');
      finished.release();
      await closed;
    },
    exercise: async () => {
      await session.connect({ apiKey: 'test' });
      ready.release();
      await finished.promise;
      session.close();
    },
  });
  watcher.stop();
});

test('assertToolApprovalAnswered needs a transport that records its calls', () => {
  const on = () => {};
  const watcher = watchSession({ on, off: on, transport: { on } } as Loose);
  throwsSpec(
    () => assertToolApprovalAnswered(watcher),
    {
      operation: 'assertToolApprovalAnswered',
      reason: 'missing',
      path: 'session.transport.calls',
      issue: 'an array of recorded calls',
      received: 'undefined',
    },
    'Invalid realtime spec ("assertToolApprovalAnswered"): expected "session.transport.calls" to be an array of recorded calls, got undefined',
  );
  watcher.stop();
});
