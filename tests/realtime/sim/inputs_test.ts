/**
 * The session assertions, the watcher and the fault injector of
 * `@scripted/agents/realtime/sim` reject a wrong argument at the call with
 * an `InvalidRealtimeSpecError` naming the operation and the path, hostile
 * values included; what passes the checks works on a real session.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { RealtimeAgent, RealtimeSession } from '@openai/agents/realtime';
import { ScriptedRealtimeTransport } from '@scripted/agents/realtime';
import {
  assertHandoff,
  assertHistoryMatchesHeard,
  assertNoCallAfterClose,
  assertToolApprovalAnswered,
  injectFaults,
  InvalidRealtimeSpecError,
  RealtimeFaultInjector,
  RealtimeHandoffAssertionError,
  RealtimeSessionWatcher,
  RealtimeToolApprovalAssertionError,
  RealtimeTruncationAssertionError,
  VirtualClock,
  watchSession,
} from '@scripted/agents/realtime/sim';
import { checkSpecError } from './_spec_assert.ts';

function revoked(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

function throwing(key: string, rest: object = {}): object {
  return Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get(): never {
      throw new Error('boom');
    },
  });
}

const fn = () => undefined;
const session = () =>
  new RealtimeSession(new RealtimeAgent({ name: 'A' }), {
    transport: new ScriptedRealtimeTransport(),
  });

const watcherKind = 'a RealtimeSessionWatcher (from watchSession())';
const anyError = /^the error "[^"]+"$/;

type Case = [
  name: string,
  call: () => unknown,
  operation: string,
  reason: string,
  path: string,
  issue: string,
  received: string | RegExp,
  suggestion?: string,
];

/** A watcher made by hand, of what the assertions read. */
const hand = (fields: object) => fields as never;

const cases: Case[] = [
  // assertHistoryMatchesHeard
  [
    'no watcher',
    () => assertHistoryMatchesHeard(undefined as never),
    'assertHistoryMatchesHeard',
    'missing',
    'watcher',
    watcherKind,
    'undefined',
  ],
  [
    'a number',
    () => assertHistoryMatchesHeard(5 as never),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'watcher',
    watcherKind,
    '5',
  ],
  [
    'an empty object',
    () => assertHistoryMatchesHeard(hand({})),
    'assertHistoryMatchesHeard',
    'missing',
    'watcher.interruptions',
    'an array',
    'undefined',
  ],
  [
    'a revoked proxy',
    () => assertHistoryMatchesHeard(revoked() as never),
    'assertHistoryMatchesHeard',
    'unreadable',
    'watcher',
    'readable',
    anyError,
  ],
  [
    'a throwing getter',
    () => assertHistoryMatchesHeard(throwing('interruptions') as never),
    'assertHistoryMatchesHeard',
    'unreadable',
    'watcher.interruptions',
    'readable',
    'the error "boom"',
  ],
  [
    'a null interruption',
    () =>
      assertHistoryMatchesHeard(hand({ interruptions: [null], session: {} })),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'watcher.interruptions[0]',
    'an object',
    'null',
  ],
  [
    'no session',
    () => assertHistoryMatchesHeard(hand({ interruptions: [] })),
    'assertHistoryMatchesHeard',
    'missing',
    'watcher.session',
    watcherKind,
    'undefined',
  ],
  [
    'a number itemId',
    () =>
      assertHistoryMatchesHeard(
        watchSession(session()),
        { itemId: 1 } as never,
      ),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'options.itemId',
    'a string',
    '1',
  ],
  [
    'a misspelt option',
    () =>
      assertHistoryMatchesHeard(
        watchSession(session()),
        { itemid: 'a' } as never,
      ),
    'assertHistoryMatchesHeard',
    'unknown_key',
    'options.itemid',
    'only "itemId"',
    '"itemid"',
    'itemId',
  ],
  [
    'null options',
    () => assertHistoryMatchesHeard(watchSession(session()), null as never),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'options',
    'an object',
    'null',
  ],
  [
    'a history that is not a list',
    () =>
      assertHistoryMatchesHeard(
        hand({
          interruptions: [{ itemId: 'a', heard: 'x' }],
          session: { history: 5 },
        }),
      ),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'session.history',
    'an array',
    '5',
  ],
  [
    'a message without a content list',
    () =>
      assertHistoryMatchesHeard(
        hand({
          interruptions: [{ itemId: 'a', heard: 'x' }],
          session: { history: [{ itemId: 'a', type: 'message', content: 5 }] },
        }),
      ),
    'assertHistoryMatchesHeard',
    'invalid_type',
    'session.history[0].content',
    'an array',
    '5',
  ],
  [
    'a throwing content part',
    () =>
      assertHistoryMatchesHeard(
        hand({
          interruptions: [{ itemId: 'a', heard: 'x' }],
          session: {
            history: [{
              itemId: 'a',
              type: 'message',
              content: [throwing('text')],
            }],
          },
        }),
      ),
    'assertHistoryMatchesHeard',
    'unreadable',
    'session.history[0].content[0].text',
    'readable',
    'the error "boom"',
  ],
  // assertToolApprovalAnswered
  [
    'no watcher',
    () => assertToolApprovalAnswered(undefined as never),
    'assertToolApprovalAnswered',
    'missing',
    'watcher',
    watcherKind,
    'undefined',
  ],
  [
    'approvals that are not a list',
    () => assertToolApprovalAnswered(hand({ approvals: 5, session: {} })),
    'assertToolApprovalAnswered',
    'invalid_type',
    'watcher.approvals',
    'an array',
    '5',
  ],
  [
    'a session that is not an object',
    () => assertToolApprovalAnswered(hand({ approvals: [], session: 5 })),
    'assertToolApprovalAnswered',
    'invalid_type',
    'watcher.session',
    watcherKind,
    '5',
  ],
  [
    'a misspelt decision',
    () =>
      assertToolApprovalAnswered(
        watchSession(session()),
        { decision: 'aproved' } as never,
      ),
    'assertToolApprovalAnswered',
    'invalid_value',
    'options.decision',
    'one of "approved", "rejected" or "any"',
    '"aproved"',
    'approved',
  ],
  [
    'a number toolName',
    () =>
      assertToolApprovalAnswered(
        watchSession(session()),
        { toolName: 1 } as never,
      ),
    'assertToolApprovalAnswered',
    'invalid_type',
    'options.toolName',
    'a string',
    '1',
  ],
  [
    'a null recorded call',
    () =>
      assertToolApprovalAnswered(
        hand({ approvals: [], session: { transport: { calls: [null] } } }),
      ),
    'assertToolApprovalAnswered',
    'invalid_type',
    'session.transport.calls[0]',
    'an object',
    'null',
  ],
  [
    'a throwing toolCall',
    () =>
      assertToolApprovalAnswered(
        hand({
          approvals: [],
          session: {
            transport: { calls: [{ method: 'x', toolCall: revoked() }] },
          },
        }),
      ),
    'assertToolApprovalAnswered',
    'unreadable',
    'session.transport.calls[0].toolCall',
    'readable',
    anyError,
  ],
  [
    'a session without a run context',
    () =>
      assertToolApprovalAnswered(hand({
        approvals: [{ type: 'function_approval', toolName: 't', callId: 'c' }],
        session: {
          transport: {
            calls: [{
              method: 'sendFunctionCallOutput',
              toolCall: { callId: 'c' },
            }],
          },
        },
      })),
    'assertToolApprovalAnswered',
    'missing',
    'session.context',
    'a run context',
    'undefined',
  ],
  [
    'a context without isToolApproved',
    () =>
      assertToolApprovalAnswered(hand({
        approvals: [{ type: 'function_approval', toolName: 't', callId: 'c' }],
        session: {
          context: {},
          transport: {
            calls: [{
              method: 'sendFunctionCallOutput',
              toolCall: { callId: 'c' },
            }],
          },
        },
      })),
    'assertToolApprovalAnswered',
    'missing',
    'session.context.isToolApproved',
    'a function',
    'undefined',
  ],
  // assertHandoff
  [
    'no watcher',
    () => assertHandoff(undefined as never, { to: 'B' }),
    'assertHandoff',
    'missing',
    'watcher',
    watcherKind,
    'undefined',
  ],
  [
    'no options',
    () => assertHandoff(watchSession(session()), undefined as never),
    'assertHandoff',
    'missing',
    'options',
    'an object',
    'undefined',
  ],
  [
    'no to',
    () => assertHandoff(watchSession(session()), {} as never),
    'assertHandoff',
    'missing',
    'options.to',
    'an agent name or an agent',
    'undefined',
  ],
  [
    'a number to',
    () => assertHandoff(watchSession(session()), { to: 5 } as never),
    'assertHandoff',
    'invalid_type',
    'options.to',
    'an agent name or an agent',
    '5',
  ],
  [
    'a nameless agent',
    () => assertHandoff(watchSession(session()), { to: { name: 5 } } as never),
    'assertHandoff',
    'invalid_type',
    'options.to.name',
    'a string',
    '5',
  ],
  [
    'a number from',
    () => assertHandoff(watchSession(session()), { to: 'B', from: 5 } as never),
    'assertHandoff',
    'invalid_type',
    'options.from',
    'an agent name or an agent',
    '5',
  ],
  [
    'a misspelt from',
    () =>
      assertHandoff(watchSession(session()), { to: 'B', frm: 'A' } as never),
    'assertHandoff',
    'unknown_key',
    'options.frm',
    'only "to" and "from"',
    '"frm"',
    'from',
  ],
  [
    'a throwing to',
    () => assertHandoff(watchSession(session()), throwing('to') as never),
    'assertHandoff',
    'unreadable',
    'options.to',
    'readable',
    'the error "boom"',
  ],
  [
    'no currentAgent',
    () => assertHandoff(hand({ handoffs: [], session: {} }), { to: 'B' }),
    'assertHandoff',
    'missing',
    'session.currentAgent',
    'an agent',
    'undefined',
  ],
  [
    'a handoff to a number',
    () =>
      assertHandoff(
        hand({
          handoffs: [{ from: 'A', to: 1 }],
          session: { currentAgent: { name: 'B' } },
        }),
        { to: 'B' },
      ),
    'assertHandoff',
    'invalid_type',
    'watcher.handoffs[0].to',
    'a string',
    '1',
  ],
  // assertNoCallAfterClose
  [
    'a null call',
    () => assertNoCallAfterClose({ calls: [null] } as never),
    'assertNoCallAfterClose',
    'invalid_type',
    'transport.calls[0]',
    'an object',
    'null',
  ],
  // RealtimeSessionWatcher and watchSession
  [
    'a number',
    () => new RealtimeSessionWatcher(5 as never),
    'RealtimeSessionWatcher',
    'invalid_type',
    'session',
    'a RealtimeSession',
    '5',
  ],
  [
    'no emitter',
    () => new RealtimeSessionWatcher({} as never),
    'RealtimeSessionWatcher',
    'missing',
    'session.on',
    'a RealtimeSession',
    'undefined',
  ],
  [
    'a transport off that is not a function',
    () =>
      new RealtimeSessionWatcher(
        { on: fn, off: fn, transport: { on: fn, off: 1 } } as never,
      ),
    'RealtimeSessionWatcher',
    'invalid_type',
    'session.transport.off',
    'a function',
    '1',
  ],
  [
    'a revoked session',
    () => watchSession(revoked() as never),
    'watchSession',
    'unreadable',
    'session',
    'readable',
    anyError,
  ],
  [
    'a transport off that is not a function',
    () =>
      watchSession({ on: fn, off: fn, transport: { on: fn, off: 1 } } as never),
    'watchSession',
    'invalid_type',
    'session.transport.off',
    'a function',
    '1',
  ],
  // RealtimeFaultInjector and injectFaults
  [
    'a number transport',
    () => new RealtimeFaultInjector(5 as never, []),
    'RealtimeFaultInjector',
    'invalid_type',
    'transport',
    'a transport with emit() and disconnect()',
    '5',
  ],
  [
    'faults that are not a list',
    () =>
      new RealtimeFaultInjector(new ScriptedRealtimeTransport(), 5 as never),
    'RealtimeFaultInjector',
    'invalid_type',
    'faults',
    'an array',
    '5',
  ],
  [
    'a misspelt kind',
    () =>
      new RealtimeFaultInjector(
        new ScriptedRealtimeTransport(),
        [{ kind: 'drp', event: 'x' }] as never,
      ),
    'RealtimeFaultInjector',
    'unknown_kind',
    'faults[0].kind',
    'one of "drop", "duplicate", "delay", "reorder" or "disconnect"',
    '"drp"',
    'drop',
  ],
  [
    'a clock that is not a VirtualClock',
    () =>
      new RealtimeFaultInjector(
        new ScriptedRealtimeTransport(),
        [],
        { clock: 5 } as never,
      ),
    'RealtimeFaultInjector',
    'invalid_type',
    'options.clock',
    'a VirtualClock',
    '5',
  ],
  [
    'a revoked transport',
    () => new RealtimeFaultInjector(revoked() as never, []),
    'RealtimeFaultInjector',
    'unreadable',
    'transport',
    'readable',
    anyError,
  ],
  [
    'a throwing emit',
    () => injectFaults(throwing('emit') as never, []),
    'injectFaults',
    'unreadable',
    'transport.emit',
    'readable',
    'the error "boom"',
  ],
];

for (
  const [name, call, operation, reason, path, issue, received, suggestion]
    of cases
) {
  test(`${operation} rejects ${name} at the call`, () => {
    assert.throws(call, (error) => {
      assert.ok(error instanceof InvalidRealtimeSpecError, String(error));
      if (typeof received !== 'string') assert.match(error.received, received);
      const got = typeof received === 'string' ? received : error.received;
      const hint = suggestion === undefined
        ? ''
        : ` (did you mean "${suggestion}"?)`;
      return checkSpecError(
        error,
        {
          operation,
          reason,
          path,
          issue,
          received: got,
          ...(suggestion === undefined ? {} : { suggestion }),
        },
        `Invalid realtime spec ("${operation}"): expected "${path}" to be ${issue}, got ${got}${hint}`,
      );
    });
  });
}

test('A constructor names itself again after its factory failed or succeeded', () => {
  const names = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      return (error as InvalidRealtimeSpecError).operation;
    }
    return undefined;
  };
  assert.equal(names(() => watchSession(5 as never)), 'watchSession');
  assert.equal(
    names(() => new RealtimeSessionWatcher(5 as never)),
    'RealtimeSessionWatcher',
  );
  watchSession(session()).stop();
  assert.equal(
    names(() => new RealtimeSessionWatcher(5 as never)),
    'RealtimeSessionWatcher',
  );
  assert.equal(names(() => injectFaults(5 as never, [])), 'injectFaults');
  assert.equal(
    names(() => new RealtimeFaultInjector(5 as never, [])),
    'RealtimeFaultInjector',
  );
  injectFaults(new ScriptedRealtimeTransport(), []);
  assert.equal(
    names(() => new RealtimeFaultInjector(5 as never, [])),
    'RealtimeFaultInjector',
  );
});

test('The constructors work as their factories do', async () => {
  const transport = new ScriptedRealtimeTransport();
  const clock = new VirtualClock();
  const faulty = new RealtimeFaultInjector(transport, [
    { kind: 'drop', event: 'audio_done' },
    { kind: 'delay', event: 'audio_done', nth: 2, ms: 10 },
  ], { clock });
  let done = 0;
  transport.on('audio_done', () => done++);
  faulty.emit('audio_done');
  faulty.emit('audio_done');
  assert.equal(done, 0);
  await clock.advance(10);
  assert.equal(done, 1);
  assert.deepEqual(faulty.log.map((r) => r.action), [
    'dropped',
    'delayed',
    'delivered-late',
  ]);
  clock.dispose();
  const real = session();
  const watcher = new RealtimeSessionWatcher(real);
  assert.equal(watcher.session, real);
  assert.throws(
    () => assertHandoff(watcher, { to: 'B' }),
    RealtimeHandoffAssertionError,
  );
  assert.throws(
    () => assertToolApprovalAnswered(watcher),
    RealtimeToolApprovalAssertionError,
  );
  assert.throws(
    () => assertHistoryMatchesHeard(watcher),
    RealtimeTruncationAssertionError,
  );
  watcher.stop();
});

test('The assertions accept a hand-made watcher of the right shape', () => {
  const heard = hand({
    interruptions: [{ itemId: 'a', heard: 'Hi' }],
    session: {
      history: [{ itemId: 'b', type: 'function_call' }, {
        itemId: 'a',
        type: 'message',
        content: [{ transcript: 'H' }, { text: 'i' }, {}],
      }],
    },
  });
  assertHistoryMatchesHeard(heard);
  assertHistoryMatchesHeard(heard, { itemId: 'a' });
  assert.throws(
    () => assertHistoryMatchesHeard(heard, { itemId: 'b' }),
    RealtimeTruncationAssertionError,
  );
  const handoff = hand({
    handoffs: [{ from: 'A', to: 'B' }],
    session: { currentAgent: { name: 'B' } },
  });
  assertHandoff(handoff, { to: { name: 'B' }, from: 'A' });
  assertHandoff(handoff, { to: 'B', from: { name: 'A' } });
  assert.throws(
    () => assertHandoff(handoff, { to: 'B', from: 'C' }),
    RealtimeHandoffAssertionError,
  );
  const asked: unknown[] = [];
  const context = {
    isToolApproved(this: unknown, request: unknown) {
      asked.push(this, request);
      return true;
    },
  };
  const approval = hand({
    approvals: [{ type: 'function_approval', toolName: 't', callId: 'c' }, {
      type: 'mcp_approval_request',
      toolName: 'm',
      itemId: 'i',
    }],
    session: {
      context,
      transport: {
        calls: [
          { method: 'sendFunctionCallOutput', toolCall: { callId: 'c' } },
          {
            method: 'sendMcpResponse',
            approved: false,
            approvalRequest: { itemId: 'i' },
          },
        ],
      },
    },
  });
  assertToolApprovalAnswered(approval, { toolName: 't', decision: 'approved' });
  assert.deepEqual(asked, [context, { toolName: 't', callId: 'c' }]);
  assertToolApprovalAnswered(approval, { toolName: 'm', decision: 'rejected' });
  assert.throws(
    () =>
      assertToolApprovalAnswered(approval, {
        toolName: 'm',
        decision: 'approved',
      }),
    RealtimeToolApprovalAssertionError,
  );
});
