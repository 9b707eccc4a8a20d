import assert from 'node:assert/strict';
import test from 'node:test';
import {
  InvalidRealtimeScenarioInputError,
  RealtimeCallMatcherError,
  type RecordedRealtimeCall,
  ScriptedRealtimeTransport,
  UnexpectedRealtimeCallError,
} from '@scripted/agents/realtime';

test('expectAnyOrder rejects a matcher that answers with a promise when a call meets it', async () => {
  const transport = new ScriptedRealtimeTransport();
  const group = transport.expectAnyOrder(
    { method: 'mute' },
    {
      method: 'interrupt',
      matcher: (() => Promise.resolve(true)) as unknown as () => boolean,
    },
  );
  assert.throws(
    () => transport.interrupt(),
    (error) => {
      assert(error instanceof InvalidRealtimeScenarioInputError);
      assert.equal(error.reason, 'invalid_matcher');
      assert.equal(error.issue, 'async_matcher');
      assert.equal(error.operation, 'expectAnyOrder');
      assert.equal(error.path, 'expectations[1].matcher');
      assert.equal(error.received, 'a promise');
      return true;
    },
  );
  await assert.rejects(group, InvalidRealtimeScenarioInputError);
});

test('expectAnyOrder reports a call every matcher returned false for as false, without a cause', async () => {
  const transport = new ScriptedRealtimeTransport();
  const group = transport.expectAnyOrder(
    { method: 'mute', matcher: () => false },
    { method: 'interrupt' },
  );
  assert.throws(
    () => transport.mute(true),
    (error) => {
      assert(error instanceof RealtimeCallMatcherError);
      assert.equal(error.matcherResult, 'false');
      assert.equal(error.cause, undefined);
      assert.equal('cause' in error, false);
      assert.deepEqual(error.candidates, [
        { position: 0, method: 'mute', rejection: 'false' },
        { position: 1, method: 'interrupt', rejection: 'method' },
      ]);
      return true;
    },
  );
  await assert.rejects(group, RealtimeCallMatcherError);
});

test('expectAnyOrder leaves the queue after a mismatch: the next expectation takes the next call', async () => {
  const transport = new ScriptedRealtimeTransport();
  const group = transport.expectAnyOrder(
    { method: 'mute' },
    { method: 'interrupt' },
  );
  const after = transport.expectCall('requestResponse');
  assert.throws(
    () => transport.sendMessage('Hi', {}),
    UnexpectedRealtimeCallError,
  );
  await assert.rejects(group, UnexpectedRealtimeCallError);
  transport.requestResponse();
  assert.equal((await after).index, 1);
});

test('expectAnyOrder gives a member its own matcher took by a nested call to the next unused member', async () => {
  const transport = new ScriptedRealtimeTransport();
  let nested = false;
  const group = transport.expectAnyOrder(
    {
      method: 'mute',
      matcher: (call) => {
        if (!nested && call.muted === true) {
          nested = true;
          transport.mute(false);
        }
        return true;
      },
    },
    { method: 'mute' },
  );
  transport.mute(true);
  const calls: RecordedRealtimeCall[] = await group;
  assert.deepEqual(
    calls.map((call) => [call.index, call.method === 'mute' && call.muted]),
    [[1, false], [0, true]],
  );
  transport.assertComplete();
});

test('expectAnyOrder settled by a nested call leaves the expectation after it in place', async () => {
  const transport = new ScriptedRealtimeTransport();
  let nested = false;
  const group = transport.expectAnyOrder(
    {
      method: 'mute',
      matcher: () => {
        if (!nested) {
          nested = true;
          transport.mute(false);
        }
        return true;
      },
    },
    { method: 'interrupt' },
  );
  const after = transport.expectCall('requestResponse');
  transport.interrupt();
  let outer: unknown;
  try {
    transport.mute(true);
  } catch (error) {
    outer = error;
  }
  const calls = await group;
  assert.deepEqual(calls.map((call) => call.index), [2, 0]);
  transport.requestResponse();
  assert.equal((await after).index, 3);
  assert(outer instanceof UnexpectedRealtimeCallError, String(outer));
});
