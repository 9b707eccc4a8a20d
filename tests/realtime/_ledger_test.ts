import assert from 'node:assert/strict';
import test from 'node:test';
import { CallLedger } from '../../realtime/_ledger.ts';
import type { RecordedRealtimeCall } from '../../realtime/calls.ts';
import {
  IncompleteRealtimeScenarioError,
  UnexpectedRealtimeCallError,
} from '../../realtime/errors.ts';

const mute = (index: number): RecordedRealtimeCall =>
  Object.freeze({ index, method: 'mute', muted: true }) as never;
const close = (index: number): RecordedRealtimeCall =>
  Object.freeze({ index, method: 'close' }) as never;

function incomplete(ledger: CallLedger): IncompleteRealtimeScenarioError {
  try {
    ledger.assertComplete();
  } catch (error) {
    assert(error instanceof IncompleteRealtimeScenarioError);
    return error;
  }
  assert.fail('assertComplete() passed');
}

test('CallLedger counts the expectations left after one was consumed', async () => {
  const ledger = new CallLedger();
  const first = ledger.expect('mute', undefined);
  const second = ledger.expect('mute', undefined);
  void ledger.expect('mute', undefined);
  assert.equal(ledger.enter(mute), undefined);
  assert.equal((await first).index, 0);
  assert.deepEqual(ledger.pendingExpectations(), [
    { order: 2, method: 'mute' },
    { order: 3, method: 'mute' },
  ]);
  const mismatch = ledger.enter(close);
  assert(mismatch instanceof UnexpectedRealtimeCallError);
  assert.equal(mismatch.remainingExpectations, 2);
  await assert.rejects(second, (error) => error === mismatch);
  assert.equal(ledger.count, 2);
});

test('CallLedger reports only the calls no expectation consumed', async () => {
  const ledger = new CallLedger();
  ledger.enter(mute);
  ledger.enter(mute);
  ledger.enter(mute);
  assert.equal((await ledger.expect('mute', undefined)).index, 0);
  const error = incomplete(ledger);
  assert.deepEqual(error.unconsumedCalls.map((call) => call.index), [1, 2]);
  assert.deepEqual(error.pendingExpectations, []);
});

test('CallLedger stops telling a watcher once it unsubscribed, and only that one', () => {
  const ledger = new CallLedger();
  const seen: string[] = [];
  const watcher = (name: string) => ({
    onWait: () => seen.push(`${name} wait`),
    onMismatch: () => seen.push(`${name} mismatch`),
  });
  const offA = ledger.watch(watcher('a'));
  void ledger.expect('mute', undefined);
  offA();
  void ledger.expect('mute', undefined);
  const offB = ledger.watch(watcher('b'));
  offA();
  void ledger.expect('mute', undefined);
  ledger.enter(close);
  offB();
  void ledger.expect('mute', undefined);
  ledger.enter(close);
  assert.deepEqual(seen, ['a wait', 'b wait', 'b mismatch']);
});
