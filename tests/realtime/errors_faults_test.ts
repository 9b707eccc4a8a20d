/**
 * The injected faults a transport's errors report: the transport's ledger
 * attaches them (as `injectedFaults` and at the end of the message) to
 * every mismatch, incomplete and cancellation error it raises, and to
 * nothing else. Faults are noted through the transport's internal hook,
 * as `injectFaults()` notes them.
 */
import assert from 'node:assert/strict';
import test from 'node:test';
import { cancelNow } from './_helpers.ts';
import {
  IncompleteRealtimeScenarioError,
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  type RealtimeFaultRecord,
  ScriptedRealtimeScenarioCancelledError,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';
import { realtimeHooks } from '../../_internal/state.ts';

/** Notes a `drop` fault of `event<i>`; `placed: false` gives no place. */
function noteFault(
  transport: ScriptedRealtimeTransport,
  i: number,
  placed = true,
): RealtimeFaultRecord {
  return realtimeHooks.find(transport)!.noteFault((afterCall) =>
    Object.freeze({
      index: i,
      fault: i,
      kind: 'drop',
      action: 'dropped',
      event: `event${i}`,
      sequence: i,
      time: undefined,
      afterCall: placed ? afterCall : undefined,
    })
  );
}

const oneFault = '1 injected fault: dropped "event0" (faults[0], after 1 call)';

/** A transport with one fault noted after one (consumed) call. */
function faulty(): ScriptedRealtimeTransport {
  const transport = new ScriptedRealtimeTransport();
  transport.interrupt();
  noteFault(transport, 0);
  void transport.expectCall('interrupt');
  return transport;
}

test('A transport without faults raises errors with no injectedFaults and no fault detail', async () => {
  const transport = new ScriptedRealtimeTransport();
  await assert.rejects(
    cancelNow(transport),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.deepEqual(error.injectedFaults, []);
      assert.equal(
        error.message,
        'Realtime scenario cancelled by its signal: 0 pending expectations',
      );
      return true;
    },
  );
});

test('The cancellation error lists five injected faults and counts the rest', async () => {
  const transport = new ScriptedRealtimeTransport();
  const faults = [0, 1, 2, 3, 4, 5, 6].map((i) => {
    if (i > 0) transport.interrupt();
    return noteFault(transport, i, i !== 1);
  });
  for (let i = 0; i < 6; i++) await transport.expectCall('interrupt');
  void transport.expectCall('mute');
  await assert.rejects(
    cancelNow(transport),
    (error) => {
      assert(error instanceof ScriptedRealtimeScenarioCancelledError);
      assert.equal(
        error.message,
        'Realtime scenario cancelled by its signal: 1 pending expectation ' +
          '("mute"), 7 injected faults: ' +
          'dropped "event0" (faults[0], after 0 calls), ' +
          'dropped "event1" (faults[1]), ' +
          'dropped "event2" (faults[2], after 2 calls), ' +
          'dropped "event3" (faults[3], after 3 calls), ' +
          'dropped "event4" (faults[4], after 4 calls) and 2 more',
      );
      assert.deepEqual(error.injectedFaults, faults);
      assert.ok(Object.isFrozen(error.injectedFaults));
      assert.deepEqual(transport.faults, faults);
      return true;
    },
  );
});

// The faults' sentence ends the first line; the timeline follows it
// (tests/realtime/timeline_test.ts).
const firstLine = (error: Error) => error.message.split('\n')[0] ?? '';

test('A mismatch names the faults injected before it; a later fault is not in it', () => {
  const transport = faulty();
  void transport.expectCall('close');
  assert.throws(() => transport.mute(true), (error) => {
    assert(error instanceof UnexpectedRealtimeCallError);
    assert.equal(
      firstLine(error),
      `Unexpected realtime call 1 to "mute": expected "close", 1 expectation left, ${oneFault}`,
    );
    assert.deepEqual(error.injectedFaults, transport.faults);
    return true;
  });
  noteFault(transport, 1);
  const other = faulty();
  void other.expectCall('mute', () => false);
  assert.throws(() => other.mute(true), (error) => {
    assert(error instanceof RealtimeCallMatcherError);
    assert.equal(
      firstLine(error),
      `Realtime call 1 to "mute" rejected: the matcher of its expectation returned false, ${oneFault}`,
    );
    assert.equal(error.injectedFaults.length, 1);
    return true;
  });
});

test('An anyOrder mismatch and the incomplete error name the faults too', async () => {
  const transport = faulty();
  const group = transport.expectAnyOrder({ method: 'mute' });
  assert.throws(() => transport.sendEvent({ type: 'x' } as never), (error) => {
    assert(error instanceof UnexpectedRealtimeCallError);
    assert.ok(
      firstLine(error).endsWith(
        `(in any order), 1 expectation left, ${oneFault}`,
      ),
      firstLine(error),
    );
    return true;
  });
  await assert.rejects(group, UnexpectedRealtimeCallError);
  const other = new ScriptedRealtimeTransport();
  other.interrupt();
  noteFault(other, 0);
  assert.throws(() => other.assertComplete(), (error) => {
    assert(error instanceof IncompleteRealtimeScenarioError);
    assert.equal(
      firstLine(error),
      `Incomplete realtime scenario: 1 unconsumed call left ("interrupt"), ${oneFault}`,
    );
    assert.equal(error.injectedFaults.length, 1);
    return true;
  });
});

test('Errors a matcher throws, and input errors, are passed on without the faults', async () => {
  const transport = faulty();
  const own = new Error('assertion in the matcher');
  void transport.expectCall('mute', () => {
    throw own;
  });
  assert.throws(() => transport.mute(true), (error) => error === own);
  assert.equal(own.message, 'assertion in the matcher');
  assert.equal('injectedFaults' in own, false);
  const other = new ScriptedRealtimeTransport();
  noteFault(other, 0);
  const answered = other.expectCall(
    'mute',
    (() => Promise.resolve(true)) as never,
  );
  assert.throws(() => other.mute(true), (error) => {
    assert(error instanceof InvalidRealtimeScenarioInputError);
    assert.equal(error.message.includes('injected fault'), false);
    assert.equal('injectedFaults' in error, false);
    return true;
  });
  await assert.rejects(answered, InvalidRealtimeScenarioInputError);
});

test('Errors constructed by hand carry no faults', () => {
  const errors = [
    new UnexpectedRealtimeCallError('close', { index: 0, method: 'mute' }),
    new RealtimeCallMatcherError({ index: 0, method: 'mute' }),
    new IncompleteRealtimeScenarioError([], [], []),
    new ScriptedRealtimeScenarioCancelledError([]),
  ];
  for (const error of errors) {
    assert.deepEqual(error.injectedFaults, []);
    assert.ok(Object.isFrozen(error.injectedFaults));
    assert.equal(error.message.includes('injected fault'), false);
  }
});
